#!/usr/bin/env node
// `npm run figures`: the source's shape, as a new maintainer meets it: files and lines of src/,
// functions (declarations, methods, arrows and function expressions, each from its first line to
// its last) over 50 and over 100 lines, lines over 120 characters, exported names per file, the
// files over 500 lines (GitHub's endpoint list, github/github-api.ts, aside), each action's entry
// (the mode modules src/jobs.ts runs) and its lines, and comment lines: their share of the source's
// lines and their words a line. Each figure the house holds itself to is printed beside its limit.
// `-- --list N` also lists every function over N lines and the files with the most long lines.
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import ts from 'typescript'

const args = process.argv.slice(2)
const listAt = args.includes('--list') ? Number(args[args.indexOf('--list') + 1]) : undefined
const root = args.find((a, i) => !a.startsWith('--') && args[i - 1] !== '--list') ?? 'src'

const files = []
const walk = (dir) => {
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) walk(path)
    else if (path.endsWith('.ts')) files.push(path)
  }
}
walk(root)

const functions = []
const longLines = new Map()
const sizes = new Map()
let lines = 0
let exported = 0
let commentLines = 0
let commentWords = 0
for (const file of files) {
  const text = readFileSync(file, 'utf8')
  const fileLines = text.split('\n')
  if (fileLines.at(-1) === '') fileLines.pop()
  lines += fileLines.length
  sizes.set(file, fileLines.length)
  // comment lines: lines a comment covers and no code shares (each token's leading comments)
  const code = new Set()
  const commented = new Map()
  const lineAt = (pos) => text.slice(0, pos).split('\n').length
  const tokens = (node) => {
    if (node.kind >= ts.SyntaxKind.FirstJSDocNode && node.kind <= ts.SyntaxKind.LastJSDocNode) return
    const children = node.getChildren(source)
    if (children.length > 0 || node.kind === ts.SyntaxKind.SyntaxList) return children.forEach(tokens)
    for (const range of ts.getLeadingCommentRanges(text, node.getFullStart()) ?? [])
      text
        .slice(range.pos, range.end)
        .split('\n')
        .forEach((l, i) =>
          commented.set(lineAt(range.pos) + i, l.replace(/^\s*(\/\/+|\/\*+|\*\/|\*)/, '').replace(/\*\/\s*$/, '')),
        )
    if (node.kind !== ts.SyntaxKind.EndOfFileToken)
      for (let l = lineAt(node.getStart(source)); l <= lineAt(node.getEnd()); l++) code.add(l)
  }
  const long = fileLines.filter((line) => line.length > 120).length
  if (long > 0) longLines.set(file, long)
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true)
  tokens(source)
  for (const [l, words] of commented)
    if (!code.has(l)) {
      commentLines++
      commentWords += words.split(/\s+/).filter(Boolean).length
    }
  const lineOf = (pos) => source.getLineAndCharacterOfPosition(pos).line
  const visit = (node) => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const parent = node.parent
      const name =
        node.name?.getText(source) ??
        (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent)
          ? parent.name.getText(source)
          : '(anonymous)')
      const first = lineOf(node.getStart(source))
      functions.push({ file, name, line: first + 1, length: lineOf(node.getEnd()) - first + 1 })
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
  for (const statement of source.statements) {
    const modifiers = ts.canHaveModifiers(statement) ? ts.getModifiers(statement) : undefined
    if (modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword))
      exported += ts.isVariableStatement(statement) ? statement.declarationList.declarations.length : 1
    else if (ts.isExportDeclaration(statement))
      exported +=
        statement.exportClause && ts.isNamedExports(statement.exportClause) ? statement.exportClause.elements.length : 1
  }
}

const longTotal = [...longLines.values()].reduce((a, b) => a + b, 0)
const over = (n) => functions.filter((f) => f.length > n)
const longest = [...functions].sort((a, b) => b.length - a.length)
console.log(`${root}: ${lines} lines in ${files.length} files`)
console.log(`functions over 50 / over 100 lines: ${over(50).length} / ${over(100).length} (limit: none over 100)`)
console.log(
  `longest functions: ${longest
    .slice(0, 5)
    .map((f) => f.length)
    .join(', ')}`,
)
console.log(`lines over 120 characters: ${longTotal} (${((100 * longTotal) / lines).toFixed(2)} %; limit 1 %)`)
console.log(`exported names per file: ${(exported / files.length).toFixed(1)}`)
const large = [...sizes].filter(([f, n]) => n > 500 && !f.endsWith(join('github', 'github-api.ts')))
console.log(
  `files over 500 lines: ${large.length} (limit: none, GitHub's endpoint list aside)${large.map(([f, n]) => ` ${f} (${n})`).join(',')}`,
)
// each action's entry: the mode modules the table of jobs imports
const jobs = existsSync(join(root, 'jobs.ts')) ? readFileSync(join(root, 'jobs.ts'), 'utf8') : ''
const entries = [...jobs.matchAll(/^import \* as \w+ from '\.\/(.+)\.js'/gm)].map((m) => join(root, `${m[1]}.ts`))
const entrySizes = entries.map((f) => [f, sizes.get(f) ?? 0]).sort((a, b) => b[1] - a[1])
console.log(
  `action entries (limit 250 lines each): ${entrySizes.map(([f, n]) => `${f.slice(root.length + 1)} ${n}`).join(', ')}`,
)
console.log(
  `comment lines: ${commentLines} (${((100 * commentLines) / lines).toFixed(2)} % of lines; limit 12 %), ` +
    `${(commentWords / Math.max(1, commentLines)).toFixed(1)} words a line`,
)
if (listAt !== undefined) {
  for (const f of longest.filter((f) => f.length > listAt)) console.log(`  ${f.length} ${f.file}:${f.line} ${f.name}`)
  const most = [...longLines].sort((a, b) => b[1] - a[1]).slice(0, 15)
  for (const [file, n] of most) console.log(`  ${n} long lines: ${file}`)
}
