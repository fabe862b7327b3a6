import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { csvCell } from './export-files.js'
import type { DeadEndSearch, DownRatedPage, UnansweredQuestion } from './insights.js'

/**
 * Insights as files: one JSON with everything fetched and every list in full, and one CSV per list
 * (RFC 4180, CRLF, formula-safe cells, as the traffic CSV). Reader text is written as it came: the
 * files are data for a later step, and CSV cells cannot start a formula.
 */

export interface InsightsFiles {
  json: string
  searches: string
  questions: string
  pages: string
}

const row = (cells: Array<string | number | undefined>): string => `${cells.map((c) => csvCell(c === undefined ? '' : String(c))).join(',')}\r\n`

export async function writeInsightsFiles(dir: string, base: string, content: Record<string, unknown>, lists: { searches: DeadEndSearch[]; questions: UnansweredQuestion[]; pages: DownRatedPage[] }): Promise<InsightsFiles> {
  await mkdir(dir, { recursive: true })
  const safe = base.replace(/[^A-Za-z0-9._-]+/g, '_').slice(0, 120)
  const files: InsightsFiles = {
    json: join(dir, `${safe}.json`),
    searches: join(dir, `${safe}-dead-end-searches.csv`),
    questions: join(dir, `${safe}-unanswered-questions.csv`),
    pages: join(dir, `${safe}-down-rated-pages.csv`),
  }
  await writeFile(files.searches, `query,searches,last_searched_at\r\n${lists.searches.map((s) => row([s.query, s.hits, s.lastSearchedAt])).join('')}`)
  await writeFile(files.questions, `question,asked,page,last_asked_at\r\n${lists.questions.map((q) => row([q.question, q.asked, q.page, q.lastAskedAt])).join('')}`)
  await writeFile(files.pages, `path,thumbs_down,thumbs_up,latest_comments\r\n${lists.pages.map((p) => row([p.path, p.thumbsDown, p.thumbsUp, p.comments.map((c) => c.text).join(' | ')])).join('')}`)
  await writeFile(files.json, `${JSON.stringify({ ...content, files: { searches: files.searches, questions: files.questions, pages: files.pages } }, null, 2)}\n`)
  return files
}
