import { ACTIONS, type ActionName } from './inputs/catalogue.js'
import { run } from './main.js'

/**
 * The one entry of the build. The root action runs it as it is; each focused action runs its own
 * small entry, `dist/<name>/index.js` (scripts/build.mjs writes them), which names the action in
 * `globalThis.MINTLIFY_DOCS_ACTION` and then loads this one.
 */
const named = (globalThis as { MINTLIFY_DOCS_ACTION?: unknown }).MINTLIFY_DOCS_ACTION
void run({}, (ACTIONS as readonly unknown[]).includes(named) ? (named as ActionName) : undefined)
