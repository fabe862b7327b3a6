// The hash of everything dist/ is built from: src/, the build script, the lock file and tsconfig.json.
// `npm run build` writes it to dist/source.sha256; `npm test` rebuilds only when it differs, so a
// test never runs an old bundle and an unchanged source is not built again (13 s of npm test).
import { createHash } from 'node:crypto'
import { readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'

const files = (dir) =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(join(dir, e.name)) : [join(dir, e.name)],
  )

export function sourceHash() {
  const hash = createHash('sha256')
  for (const file of [...files('src').sort(), join('scripts', 'build.mjs'), 'package-lock.json', 'tsconfig.json']) {
    hash.update(`${file.split('\\').join('/')}\n`)
    hash.update(readFileSync(file))
  }
  return hash.digest('hex')
}
