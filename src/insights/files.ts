import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { type CsvValue, csvRows } from '../analytics/csv.js'
import type { DeadEndSearch, DownRatedPage, UnansweredQuestion } from '../analytics/insights.js'

/**
 * Insights as files: one JSON with everything fetched and every list in full, and one CSV per list
 * (csv.ts, as the traffic CSV). Reader text is written as it came: the
 * files are data for a later step, and CSV cells cannot start a formula.
 */

export interface InsightsFiles {
  json: string
  searches: string
  questions: string
  pages: string
}

export async function writeInsightsFiles(
  dir: string,
  base: string,
  content: Record<string, unknown>,
  lists: { searches: DeadEndSearch[]; questions: UnansweredQuestion[]; pages: DownRatedPage[] },
): Promise<InsightsFiles> {
  await mkdir(dir, { recursive: true })
  const safe = base.replace(/[^A-Za-z0-9._-]+/g, '_').slice(0, 120)
  const files: InsightsFiles = {
    json: join(dir, `${safe}.json`),
    searches: join(dir, `${safe}-dead-end-searches.csv`),
    questions: join(dir, `${safe}-unanswered-questions.csv`),
    pages: join(dir, `${safe}-down-rated-pages.csv`),
  }
  const csv = (head: string, rows: CsvValue[][]): string => `${head}\r\n${csvRows(rows)}`
  await writeFile(
    files.searches,
    csv(
      'query,searches,last_searched_at',
      lists.searches.map((s) => [s.query, s.hits, s.lastSearchedAt]),
    ),
  )
  await writeFile(
    files.questions,
    csv(
      'question,asked,threads,page,last_asked_at',
      lists.questions.map((q) => [q.question, q.asked, q.threads, q.page, q.lastAskedAt]),
    ),
  )
  await writeFile(
    files.pages,
    csv(
      'path,thumbs_down,thumbs_up,latest_comments',
      lists.pages.map((p) => [p.path, p.thumbsDown, p.thumbsUp, p.comments.map((c) => c.text).join(' | ')]),
    ),
  )
  await writeFile(
    files.json,
    `${JSON.stringify({ ...content, files: { searches: files.searches, questions: files.questions, pages: files.pages } }, null, 2)}\n`,
  )
  return files
}
