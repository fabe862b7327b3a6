#!/usr/bin/env node
// `npm run figures`: the source's shape, as a new maintainer meets it: files and lines of src/,
// functions (declarations, methods, arrows and function expressions, each from its first line to
// its last) over 50 and over 100 lines, lines over 120 characters, and exported names per file.
// `-- --list N` also lists every function over N lines and the files with the most long lines.
import { readFileSync, readdirSync, statSync } from 'node:fs'
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
let lines = 0
let exported = 0
for (const file of files) {
  const text = readFileSync(file, 'utf8')
  const fileLines = text.split('\n')
  if (fileLines.at(-1) === '') fileLines.pop()
  lines += fileLines.length
  const long = fileLines.filter((line) => line.length > 120).length
  if (long > 0) longLines.set(file, long)
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true)
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
console.log(`functions over 50 / over 100 lines: ${over(50).length} / ${over(100).length}`)
console.log(
  `longest functions: ${longest
    .slice(0, 5)
    .map((f) => f.length)
    .join(', ')}`,
)
console.log(`lines over 120 characters: ${longTotal} (${((100 * longTotal) / lines).toFixed(2)} %)`)
console.log(`exported names per file: ${(exported / files.length).toFixed(1)}`)
if (listAt !== undefined) {
  for (const f of longest.filter((f) => f.length > listAt)) console.log(`  ${f.length} ${f.file}:${f.line} ${f.name}`)
  const most = [...longLines].sort((a, b) => b[1] - a[1]).slice(0, 15)
  for (const [file, n] of most) console.log(`  ${n} long lines: ${file}`)
}
