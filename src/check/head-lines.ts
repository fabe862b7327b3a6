/**
 * A problem's line on the pull request's head: the CLI reads the merge commit (checkout's default),
 * the annotations are on the head, so a line is carried through the hunks of one compare. Pure.
 */

/**
 * The head's line for a line of the merge commit's file, through the patch between them: moved by
 * what the hunks above it added and removed; undefined for a line the merge commit added.
 */
export function headLine(patch: string, mergeLine: number): number | undefined {
  let shift = 0
  for (const hunk of patch.split(/^(?=@@ )/m)) {
    const header = /^@@ -(\d+)(?:,\d+)? \+(\d+)(?:,\d+)? @@/.exec(hunk)
    if (!header) continue
    let head = Number(header[1])
    let merge = Number(header[2])
    // a hunk that adds lines only at the top says -0,0: its first head line is the next one
    if (hunk.startsWith('@@ -0,0')) head = 1
    if (mergeLine < merge) return mergeLine + shift
    for (const line of hunk.split('\n').slice(1)) {
      const mark = line[0]
      if (mark === ' ') {
        if (merge === mergeLine) return head
        head++
        merge++
      } else if (mark === '+') {
        if (merge === mergeLine) return undefined
        merge++
      } else if (mark === '-') head++
    }
    shift = head - merge
  }
  return mergeLine + shift
}

/** The head's lines a review comment can be on: the patch's added and context lines (else GitHub's 422). */
export function diffLines(patch: string): Set<number> {
  const lines = new Set<number>()
  for (const hunk of patch.split(/^(?=@@ )/m)) {
    const header = /^@@ -\d+(?:,\d+)? \+(\d+)(?:,\d+)? @@/.exec(hunk)
    if (!header) continue
    let head = Number(header[1])
    for (const line of hunk.split('\n').slice(1)) {
      const mark = line[0]
      if (mark === ' ' || mark === '+') lines.add(head++)
    }
  }
  return lines
}
