// ESLint 9 flat config: typescript-eslint's type-checked recommended rules over every TypeScript
// file, and no template string that can print `undefined` or `[object Object]` (numbers allowed).
// `npm run lint` runs it with --max-warnings=0.
import js from '@eslint/js'
import globals from 'globals'
import tseslint from 'typescript-eslint'

export default tseslint.config(
  { ignores: ['dist/', 'build/', 'coverage/', 'node_modules/', 'test/contract/vendor/', '.stryker-tmp/', 'reports/'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
    },
  },
  {
    // what users and maintainers read: no template string prints undefined, null or [object Object]
    // (numbers allowed); a test's own failure messages keep the recommended options
    files: ['src/**', 'scripts/**', 'bench/**'],
    rules: {
      '@typescript-eslint/restrict-template-expressions': [
        'error',
        {
          allowNumber: true,
          allowAny: false,
          allowBoolean: false,
          allowNullish: false,
          allowRegExp: false,
          allowNever: false,
        },
      ],
    },
  },
  {
    // the fakes and benchmarks stand in for async APIs: an async function without await keeps a
    // fake's throw a rejected promise, as the real client's would be
    files: ['test/**', 'bench/**'],
    rules: { '@typescript-eslint/require-await': 'off' },
  },
  // the scripts and configs in plain JavaScript: Node's globals, no type information
  {
    files: ['**/*.js', '**/*.mjs', '**/*.cjs'],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: { ...tseslint.configs.disableTypeChecked.languageOptions, globals: globals.node },
  },
)
