// Writes src/check/mint-digests.json: for the Mintlify CLI the check action pins, the digest of its
// install on each platform a runner may be (src/check/cli-digest.ts), which the action checks a CLI
// found in the tool cache or the runner's cache against before it runs it. Each platform's install is
// made here as the action makes it (the shipped lockfile made the platform's, npm ci without optional
// packages or scripts, then asInstalled), with npm told the platform (--os, --cpu, --libc; --force,
// as this machine is not it). Run it when MINT_VERSION or the lockfile changes:
//   npm run digests
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type TreeDigest, treeDigest } from '../src/check/cli-digest.js'
import { MINT_VERSION } from '../src/check/inputs.js'
import { type Platform, asInstalled, lockFor, platformKey } from '../src/check/mint-cli.js'

/** The platforms GitHub's hosted runners are, and the self-hosted ones the CLI's image library has. */
const PLATFORMS: Platform[] = [
  { platform: 'linux', arch: 'x64', libc: 'glibc' },
  { platform: 'linux', arch: 'x64', libc: 'musl' },
  { platform: 'linux', arch: 'arm64', libc: 'glibc' },
  { platform: 'linux', arch: 'arm64', libc: 'musl' },
  { platform: 'darwin', arch: 'x64' },
  { platform: 'darwin', arch: 'arm64' },
  { platform: 'win32', arch: 'x64' },
]

const root = join(import.meta.dirname, '..', '..')
const lock = JSON.parse(readFileSync(join(root, 'src/check/mint-lock.json'), 'utf8')) as Parameters<typeof lockFor>[0]
const digests: Record<string, TreeDigest> = {}
for (const on of PLATFORMS) {
  const made = lockFor(lock, MINT_VERSION, on)
  if (!made) throw new Error(`the lockfile has no image library for ${platformKey(on)}`)
  const dir = mkdtempSync(join(tmpdir(), 'mint-digest-'))
  try {
    writeFileSync(join(dir, 'package.json'), made.packageJson)
    writeFileSync(join(dir, 'package-lock.json'), made.lock)
    const told = [`--os=${on.platform}`, `--cpu=${on.arch}`, ...(on.libc ? [`--libc=${on.libc}`] : [])]
    execFileSync(
      'npm',
      ['ci', '--force', ...told, '--omit=optional', '--ignore-scripts', '--no-audit', '--no-fund', '--loglevel=error'],
      { cwd: dir, stdio: ['ignore', 'ignore', 'inherit'] },
    )
    asInstalled(dir, MINT_VERSION)
    const digest = treeDigest(dir)
    if ('why' in digest) throw new Error(`${platformKey(on)}: ${digest.why}`)
    digests[platformKey(on)] = digest
    console.log(`${platformKey(on)}: ${digest.files} files, ${digest.bytes} bytes, ${digest.sha256}`)
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}
writeFileSync(join(root, 'src/check/mint-digests.json'), `${JSON.stringify({ [MINT_VERSION]: digests }, null, 2)}\n`)
