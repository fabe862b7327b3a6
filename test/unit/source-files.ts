import { readFileSync, readdirSync } from 'node:fs'
import { join, relative } from 'node:path'

const SRC = join(import.meta.dirname, '../../src')

/** Every TypeScript file under src/, as [path relative to src/, text]. */
export function sourceFiles(): Array<[string, string]> {
  const files: Array<[string, string]> = []
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name)
      if (entry.isDirectory()) walk(path)
      else if (path.endsWith('.ts')) files.push([relative(SRC, path), readFileSync(path, 'utf8')])
    }
  }
  walk(SRC)
  return files
}
