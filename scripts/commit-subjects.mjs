#!/usr/bin/env node
// Fails when a commit's subject is longer than 72 characters (CONTRIBUTING.md: the subject says
// what changed in a line any log shows whole; the body says why). Holds every commit after the
// last one written before the rule (882ccbe, or the commit given as its argument); older subjects
// stay as history has them. In a clone without that commit (a shallow checkout), says so and checks
// nothing.
import { execFileSync } from 'node:child_process'

const SINCE = process.argv[2] ?? '882ccbe'
const MAX = 72

const git = (...args) => execFileSync('git', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] })

let log
try {
  git('cat-file', '-e', `${SINCE}^{commit}`)
  log = git('log', '--format=%h%x09%s', `${SINCE}..HEAD`)
} catch {
  console.log(`Commit ${SINCE} is not in this clone (a shallow one?): commit subjects not checked.`)
  process.exit(0)
}
const long = log
  .split('\n')
  .filter(Boolean)
  .map((line) => line.split('\t'))
  .filter(([, subject]) => [...subject].length > MAX)
for (const [sha, subject] of long)
  console.log(`::error::Commit ${sha}'s subject is ${[...subject].length} characters, more than ${MAX}: ${subject}`)
if (long.length > 0) process.exit(1)
console.log(`Every commit subject since ${SINCE} is at most ${MAX} characters.`)
