// `npm run build`: bundles src/ into dist/ with ncc, drops the dead code from the entry chunk with
// terser (about 10 % of start-up, docs/benchmarks.md), then writes dist/licenses.txt from ncc's webpack stats: the licence of every package
// bundled into dist/, across all chunks. (ncc's own --license option keeps only the last chunk's
// packages once the bundle is split.)
// Plain JavaScript, so the build needs no compile step of its own.
import { execFileSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { minify } from 'terser'
import { sourceHash } from './source-hash.mjs'

const statsPath = join('build', 'ncc-stats.json')
const outPath = join('dist', 'licenses.txt')
const entryPath = join('dist', 'index.js')
mkdirSync('build', { recursive: true })
rmSync('dist', { recursive: true, force: true })
// --transpile-only: the types are checked once, by `npm run typecheck` (tsc), not again inside
// ncc's ts-loader (10 of its 16 s); tsconfig's "moduleResolution": "Bundler" (what ncc is) lets each
// file compile alone exactly as in the whole program, so the bundle is byte for byte the same
execFileSync(
  process.execPath,
  [
    join('node_modules', '@vercel', 'ncc', 'dist', 'ncc', 'cli.js'),
    'build',
    'src/index.ts',
    '-o',
    'dist',
    '--stats-out',
    statsPath,
    '--quiet',
    '--transpile-only',
  ],
  {
    stdio: 'inherit',
  },
)

// The entry chunk runs on every start, and a run stopped by a bad input runs nothing else. It holds
// zod, of which the action uses a small part: webpack marks the unused exports but, without a
// minifier, keeps their code, and V8 compiles all of it. zod marks its definitions /*@__PURE__*/,
// so terser's dead-code options drop what nothing uses: 310 KiB → 88 KiB (docs/benchmarks.md).
// Only removal: no mangling, no rewriting of the code that stays, names kept, formatted for
// reading. ncc's --minify does not do this: it runs terser with compress: false, and its compact
// output is slower to start than no minification at all.
const entry = readFileSync(entryPath, 'utf8')
const shaken = await minify(entry, {
  module: true,
  compress: {
    defaults: false,
    dead_code: true,
    unused: true,
    side_effects: true,
    toplevel: true,
    reduce_vars: true,
    evaluate: true,
    passes: 3,
    keep_fnames: true,
    keep_classnames: true,
  },
  mangle: false,
  format: { beautify: true, comments: 'some', wrap_func_args: false, wrap_iife: false },
})
if (typeof shaken.code !== 'string' || shaken.code.length === 0)
  throw new Error('terser produced no code for dist/index.js')
writeFileSync(entryPath, `${shaken.code}\n`)

// One small entry per focused action (`<name>/action.yml` runs `../dist/<name>/index.js`): it names
// the action and loads the one bundle, so ten actions share one build, one set of chunks and one tag
for (const name of readdirSync('.').sort()) {
  const yml = join(name, 'action.yml')
  if (!existsSync(yml)) continue
  const main = /^\s+main:\s*(\S+)\s*$/m.exec(readFileSync(yml, 'utf8'))?.[1]
  if (main !== `../dist/${name}/index.js`)
    throw new Error(`${yml}: runs.main is ${main}, expected ../dist/${name}/index.js`)
  mkdirSync(join('dist', name), { recursive: true })
  writeFileSync(
    join('dist', name, 'index.js'),
    `// The ${name} action's entry (${name}/action.yml runs it): the one bundle, as the ${name} action.\nglobalThis.MINTLIFY_DOCS_ACTION = ${JSON.stringify(name)}\nawait import('../index.js')\n`,
  )
}

const stats = JSON.parse(readFileSync(statsPath, 'utf8'))

/** Package folders (relative paths ending in node_modules/<name>) of every bundled module. */
const folders = new Set()
const visit = (modules) => {
  for (const m of modules ?? []) {
    const id = `${m.identifier ?? ''} ${m.name ?? ''}`
    for (const match of id.matchAll(/(?:^|[\s!])(\S*node_modules\/(?:@[^/]+\/)?[^/]+)\//g)) {
      const path = match[1].replace(/^.*?(\.\/)?node_modules\//, 'node_modules/')
      const nested = match[1].includes('/node_modules/') ? match[1].slice(match[1].indexOf('node_modules/')) : path
      folders.add(nested.replace(/^\.\//, ''))
    }
    visit(m.modules)
  }
}
visit(stats.modules)

const entries = []
for (const folder of [...folders].sort()) {
  const dir = resolve(folder)
  if (!existsSync(join(dir, 'package.json'))) continue
  const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'))
  const file = readdirSync(dir).find((f) => /^(licen[cs]e|copying)(\.|$)/i.test(f))
  const text = file
    ? readFileSync(join(dir, file), 'utf8').trim()
    : `(no licence file; package.json says ${pkg.license ?? 'nothing'})`
  entries.push(`${pkg.name}@${pkg.version}\n${pkg.license ?? ''}\n${text}`)
}
const unique = [...new Set(entries)]
writeFileSync(outPath, `${unique.join('\n\n')}\n`)
console.log(`${outPath}: ${unique.length} bundled packages`)

// what this dist/ was built from: npm test rebuilds only when the source differs (scripts/pretest.mjs)
writeFileSync(join('dist', 'source.sha256'), `${sourceHash()}\n`)
