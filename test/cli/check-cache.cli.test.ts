import { RUNTIMES } from '../e2e/harness.js'
import { cacheCases } from './cache-cases.js'

// the cases of the runner's cache that issue 56 names, through the bundle on Node 24 and the real
// CLI: an entry that would write beside its own, a forged one, and a site's link down today that
// was up when its base was kept
cacheCases(RUNTIMES[0], 'record', (name) => /beside its own|forged|down today/.test(name))
