import { execFileSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { expect } from 'vitest'
import type { ActionRun } from '../e2e/harness.js'
import { type Files, type Scenario, docsJson, page, problemsOf } from './scenarios.js'

/**
 * The check's cases where the pull request's author is hostile (docs/security.md): what its files,
 * names and links are made to do. Run as every case is, in npm test against the recorded CLI
 * (test/in-process/check.test.ts) and on the real CLI (the real-CLI suite); every run is held to
 * leave every byte of the workspace, and of the folders its links lead to outside it, as it was.
 */

/** A page's new name whose folders' names, joined, read as a diff --git section that creates a workflow. */
const SMUGGLED =
  'guides/x\ndiff --git a/.github/workflows/pwn.yml b/.github/workflows/pwn.yml\nnew file mode 100644\n' +
  '--- /dev/null\n+++ b/.github/workflows/pwn.yml\n@@ -0,0 +1 @@\n+on: push.mdx'

const SITE: Files = {
  'docs.json': docsJson({}, ['index', 'one']),
  'index.mdx': page('Home', '# Home\n\nRead [one](/one).'),
  'one.mdx': page('One', '# One\n\nSee [the guide](/guides/a) first.'),
  'guides/a.mdx': page('A guide', '# A guide\n\nSteps.'),
}

/** The files `git apply` of the run's patch would add to a repository of `files` (none where there is no patch). */
function createdByPatch(run: ActionRun, files: Files): string[] {
  const path = run.outputs['fixes-patch'] ?? ''
  if (path === '') return []
  const dir = mkdtempSync(join(tmpdir(), 'apply-hostile-'))
  execFileSync('git', ['init', '-q', dir])
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, file)), { recursive: true })
    writeFileSync(join(dir, file), text)
  }
  const said = execFileSync('git', ['apply', '--summary', path], { cwd: dir }).toString()
  return said
    .split('\n')
    .filter((l) => / create mode /.test(l))
    .concat(readFileSync(path, 'utf8').includes('pwn.yml') ? ['pwn.yml'] : [])
}

export const HOSTILE_SCENARIOS: Scenario[] = [
  {
    name: "a renamed page whose new name holds a diff --git section (line breaks in its folders' names): its fixes are not offered, said; no patch creates a file",
    base: SITE,
    head: {
      ...Object.fromEntries(Object.entries(SITE).filter(([path]) => path !== 'guides/a.mdx')),
      [SMUGGLED]: SITE['guides/a.mdx'] ?? '',
    },
    renamed: { [SMUGGLED]: 'guides/a.mdx' },
    checkout: 'head',
    inputs: { checks: 'links' },
    check: (run) => {
      expect(run.code).toBe(1)
      expect(
        problemsOf(run)
          .problems.filter((p) => p.status === 'new')
          .map((p) => [p.rule, p.file]),
      ).toEqual([
        ['broken-link', 'one.mdx'],
        ['lost-address', 'docs.json'],
      ])
      expect(createdByPatch(run, SITE)).toEqual([])
      expect(run.summary).toContain('was not offered: its new address')
    },
  },
  {
    name: "a page linked to a workspace file (excluded, so stubbed) and a folder linked outside the repository (where the base had pages): both left out of the copy, named; no byte outside the check's folder written",
    base: {
      ...SITE,
      '.github/workflows/ci.yml': 'on: push\n',
      'out/page.mdx': page('Out', '# Out\n\nA page of the base.'),
    },
    head: { ...SITE, '.github/workflows/ci.yml': 'on: push\n' },
    links: { 'guides/ci.mdx': '{{workspace}}/.github/workflows/ci.yml', out: '{{outside}}/notes' },
    checkout: 'head',
    inputs: { checks: 'links', exclude: 'guides/ci.mdx' },
    check: (run) => {
      // (as the summary escapes it)
      const left = run.summary.slice(run.summary.indexOf('left out of the check&#39;s copy'))
      expect(left).toContain('guides/ci.mdx \\(a link into .github/\\)')
      expect(left).toContain('out \\(a link out of the repository\\)')
      // the base served /out/page; the head's folder is a link to a runner's files, which no deploy serves
      expect(
        problemsOf(run)
          .problems.filter((p) => p.status === 'new')
          .map((p) => [p.rule, p.target]),
      ).toEqual([['lost-address', '/out/page']])
    },
  },
  {
    name: 'an image whose name is not UTF-8, on the base and the head: left out by name, said, and the verdict given',
    base: { ...SITE, 'index.mdx': page('Home', '# Home\n\nRead [one](/one).\n\n![A logo](/images/logo.png)') },
    head: { ...SITE, 'index.mdx': page('Home', '# Home\n\nRead [one](/one) now.\n\n![A logo](/images/logo.png)') },
    oddNames: { 'images/caf\\xe9.png': 'png', 'images/logo.png': 'png' },
    checkout: 'head',
    inputs: { checks: 'links, alt-text' },
    check: (run) => {
      expect(run.code).toBe(0)
      expect(run.summary).toContain('images/caf\\\\xe9.png \\(its name is not UTF-8\\)')
      expect(run.notices.filter((n) => n.includes('left out of the check'))).toHaveLength(1)
    },
  },
  {
    name: "a pull request that deletes a page and adds a .mintignore naming it and itself: the head's ignore file hides nothing, the broken link fails",
    base: SITE,
    head: {
      ...Object.fromEntries(Object.entries(SITE).filter(([path]) => path !== 'guides/a.mdx')),
      '.mintignore': 'guides/a.mdx\n.mintignore\n',
    },
    checkout: 'merge',
    inputs: { checks: 'links' },
    check: (run) => {
      expect(run.code).toBe(1)
      expect(run.summary).not.toContain('changes no file the site reads')
      expect(
        problemsOf(run)
          .problems.filter((p) => p.status === 'new')
          .map((p) => [p.rule, p.file, p.target]),
      ).toEqual([
        ['broken-link', 'one.mdx', '/guides/a'],
        ['lost-address', 'docs.json', '/guides/a'],
      ])
    },
  },
  {
    name: 'a pull request that drops every redirect and adds a .mintignore naming docs.json and itself: the configuration is read whatever it says, the lost addresses fail',
    base: {
      ...SITE,
      'docs.json': docsJson({ redirects: [{ source: '/start', destination: '/one' }] }, ['index', 'one']),
    },
    head: { ...SITE, '.mintignore': 'docs.json\n.mintignore\n' },
    checkout: 'merge',
    inputs: { checks: 'links, redirects' },
    check: (run) => {
      expect(run.code).toBe(1)
      expect(run.summary).not.toContain('changes no file the site reads')
      expect(
        problemsOf(run)
          .problems.filter((p) => p.status === 'new')
          .map((p) => [p.rule, p.target]),
      ).toEqual([['lost-address', '/start']])
    },
  },
]
