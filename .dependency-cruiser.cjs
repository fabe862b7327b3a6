/**
 * The layers of src/, top to bottom. A file may import from its own layer and from any layer below,
 * never from one above, and nothing may import in a circle (checked in npm test, test/house/layers.test.ts):
 *
 *   index.ts → main.ts              the entry, and the input path (reads inputs, then loads run.ts)
 *   run.ts, jobs.ts                 builds the context, runs the mode from the table of jobs, ends the step
 *   interface/                      the catalogue and the settings, put together from every feature's inputs
 *   agent/ comment/ check/          the features, a folder each, named for its action (live/: deploy,
 *   health/ insights/ live/         preview, automation; traffic/: visitors, views): its inputs.ts, its
 *   traffic/ modes/                 mode (mode.ts, or <actions>-mode.ts), its own domain and renderers;
 *                                   modes/context.ts is what every mode is given and returns
 *   tracking/                       a thread's tracking (ThreadTracking): its comment, state, links, text
 *   summary/                        the shared renderers: escaping, the run's header and usage, links
 *   agent-jobs/ analytics/ github/  the shared domain: agent jobs, exports, the GitHub side, the site
 *   site/                           as readers reach it (its addresses, redirects, pages and titles)
 *   service/                        the service's API client
 *   inputs/                         the inputs' machinery and the inputs several features share
 *   util/                           the ground floor (with the one package's missing types)
 *
 * A feature folder imports no other feature: what two features share lives in a layer below. A
 * feature's own inputs (its inputs.ts: their entries, fields, words and its mode's rules) import
 * only the inputs' machinery, so reading the inputs loads no feature's code.
 * Packages: only the ones package.json declares, and only through their public entry points.
 */
/** The features, each a folder of its own. */
const FEATURES = ['agent', 'check', 'comment', 'health', 'insights', 'live', 'traffic']

const LAYERS = [
  ['entry', '^src/(index|main)\\.ts$'],
  ['run', '^src/(run|jobs)\\.ts$'],
  ['interface', '^src/interface/'],
  ['features', `^src/(modes|${FEATURES.join('|')})/`],
  ['tracking', '^src/tracking/'],
  ['summary', '^src/summary/'],
  ['domain', '^src/(agent-jobs|analytics|github|site)/'],
  ['service', '^src/service/'],
  ['inputs', '^src/inputs/'],
  ['util', '^src/util/'],
]

const above = (i) => LAYERS.slice(0, i).map(([, path]) => path)

module.exports = {
  forbidden: [
    ...LAYERS.slice(1).map(([name, path], i) => ({
      name: `no-upward-from-${name}`,
      comment: `${name} is below ${LAYERS.slice(0, i + 1)
        .map(([n]) => n)
        .join(', ')}: it may not import from them`,
      severity: 'error',
      from: { path },
      to: { path: above(i + 1), dependencyTypesNot: ['type-only'] },
    })),
    ...LAYERS.slice(1).map(([name, path], i) => ({
      name: `no-upward-type-from-${name}`,
      comment: `not even a type: ${name} may not know the layers above it`,
      severity: 'error',
      from: { path },
      to: { path: above(i + 1), dependencyTypes: ['type-only'] },
    })),
    ...FEATURES.map((feature) => ({
      name: `no-feature-to-feature-from-${feature}`,
      comment: `${feature}/ is a feature: it imports no other feature (modes/context.ts is every mode's)`,
      severity: 'error',
      from: { path: `^src/${feature}/` },
      to: {
        path: `^src/(modes|${FEATURES.filter((f) => f !== feature).join('|') || '$^'})/`,
        pathNot: ['^src/modes/context\\.ts$'],
      },
    })),
    {
      name: 'feature-inputs-only-inputs',
      comment: "a feature's inputs.ts is read before any mode runs (main.ts): it imports only the inputs' machinery",
      severity: 'error',
      from: { path: `^src/(${FEATURES.join('|')})/inputs\\.ts$` },
      to: { path: '^src/', pathNot: ['^src/(inputs|util)/'] },
    },
    {
      name: 'no-context-to-feature',
      comment: 'modes/context.ts, what every mode is given, knows no feature',
      severity: 'error',
      from: { path: '^src/modes/' },
      to: { path: `^src/(${FEATURES.join('|')})/` },
    },
    {
      name: 'no-service-to-inputs',
      comment:
        'the API client speaks in endpoints, statuses and retries; it knows no input (the modes word its errors for users)',
      severity: 'error',
      from: { path: '^src/service/' },
      to: { path: '^src/inputs/' },
    },
    { name: 'no-circular', severity: 'error', from: { path: '^src/' }, to: { circular: true } },
    {
      name: 'no-undeclared-package',
      comment: 'every package src/ imports is declared in package.json',
      severity: 'error',
      from: { path: '^src/' },
      to: { dependencyTypes: ['npm-no-pkg', 'npm-unknown'] },
    },
    {
      name: 'no-private-package-files',
      comment: 'a package is used through its public entry points, never its files (node_modules/…/lib/…)',
      severity: 'error',
      from: { path: '^src/' },
      to: { path: 'node_modules/', dependencyTypes: ['local'] },
    },
    { name: 'no-unresolvable', severity: 'error', from: { path: '^src/' }, to: { couldNotResolve: true } },
    {
      name: 'no-dev-dependency-in-src',
      severity: 'error',
      from: { path: '^src/' },
      to: { dependencyTypes: ['npm-dev'], dependencyTypesNot: ['type-only'] },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.js', '.d.ts'],
    },
  },
}
