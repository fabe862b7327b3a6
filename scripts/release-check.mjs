// `node scripts/release-check.mjs X.Y.Z [--no-build] [--notes]`: what must hold before a release
// vX.Y.Z exists, checked in the work tree it runs in (the release workflow runs it before it tags or
// publishes anything: with GitHub's immutable releases a published release can never be fixed).
//
// - the version is X.Y.Z, and no tag vX.Y.Z exists yet;
// - package.json and package-lock.json say X.Y.Z;
// - CHANGELOG.md's first release section is `## X.Y.Z (YYYY-MM-DD)`, with nothing unreleased above
//   it and each `###` heading (Added, Changed, Fixed, …) once;
// - dist/ is exactly what the source builds (RELEASE_BUILD, default `npm run build`, then no change
//   under dist/), unless --no-build.
//
// Each problem is one `::error::` line; the exit code is 1 when there is any. With --notes, the
// section's text is printed (the release's notes) when everything holds.
import { execSync } from 'node:child_process'
import { readFileSync } from 'node:fs'

const args = process.argv.slice(2)
const version = args.find((a) => !a.startsWith('--')) ?? ''
const build = !args.includes('--no-build')
const notes = args.includes('--notes')
const problems = []
const say = (message) => problems.push(message)

if (!/^\d+\.\d+\.\d+$/.test(version)) say(`The version "${version}" is not of the form X.Y.Z (for example 1.1.0).`)

const git = (command) => execSync(`git ${command}`, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim()
if (version) {
  let tagged = false
  try {
    git(`rev-parse -q --verify refs/tags/v${version}`)
    tagged = true
  } catch {
    // no such tag: as it must be
  }
  if (tagged)
    say(
      `The tag v${version} exists already: a release is never made twice (GitHub's releases are immutable). Release the next version instead.`,
    )
}

const pkg = JSON.parse(readFileSync('package.json', 'utf8'))
if (pkg.version !== version)
  say(
    `package.json says version ${pkg.version}, the release is ${version}: run npm version ${version} --no-git-tag-version and commit.`,
  )
const lock = JSON.parse(readFileSync('package-lock.json', 'utf8'))
if (lock.version !== version || lock.packages?.['']?.version !== version)
  say(`package-lock.json says version ${lock.version}, the release is ${version}: run npm install and commit.`)

const changelog = readFileSync('CHANGELOG.md', 'utf8')
const headings = [...changelog.matchAll(/^## (.*)$/gm)]
const first = headings[0]
let section = ''
if (!first) say('CHANGELOG.md has no release section (## X.Y.Z (YYYY-MM-DD)).')
else if (!new RegExp(`^${version.replaceAll('.', '\\.')} \\(\\d{4}-\\d{2}-\\d{2}\\)$`).test(first[1])) {
  say(
    `CHANGELOG.md's first section is "## ${first[1]}": it must be "## ${version} (YYYY-MM-DD)", with nothing unreleased above it.`,
  )
} else {
  const end = headings[1]?.index ?? changelog.length
  section = changelog.slice((first.index ?? 0) + first[0].length, end).trim()
  const kinds = [...section.matchAll(/^### (.*)$/gm)].map((m) => m[1])
  const twice = [...new Set(kinds.filter((k, i) => kinds.indexOf(k) !== i))]
  if (kinds.length === 0) say(`CHANGELOG.md's ${version} section has no ### heading (Added, Changed, Fixed, …).`)
  for (const kind of twice)
    say(`CHANGELOG.md's ${version} section has "### ${kind}" more than once: one heading per kind.`)
}

if (build && problems.length === 0) {
  execSync(process.env.RELEASE_BUILD ?? 'npm run build', { stdio: ['ignore', 'ignore', 'inherit'] })
  const changed = git('status --porcelain -- dist/')
  if (changed)
    say(
      `dist/ is not what this source builds (${changed.split('\n').length} files differ): run npm run build and commit dist/.`,
    )
}

for (const problem of problems) console.log(`::error::${problem}`)
if (problems.length > 0) process.exit(1)
if (notes) console.log(section)
else console.log(`v${version} can be released: the version, the changelog${build ? ' and dist/' : ''} hold.`)
