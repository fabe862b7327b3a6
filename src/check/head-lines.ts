/**
 * A problem's line on the pull request's head. actions/checkout checks out the merge commit by
 * default, so the CLI reads the base branch's lines too; the check run and the annotations are on
 * the head commit, whose file lacks what the base branch added since the pull request branched. One
 * compare of the head with the merge commit gives each file they differ in as a patch, and a line
 * of the merge commit's file is found in the head's through its hunks. Pure.
 */

/**
 * The head's line for a line of the merge commit's file, through the patch from the head's file to
 * the merge commit's (GitHub's unified diff hunks): a line before, between or after the hunks moves
 * by what they added and removed above it; a context line is where the hunk says; a line the merge
 * commit added is none of the head's (undefined).
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

/**
 * The head's lines a review comment can be made on: each line of the pull request's patch (GitHub's
 * hunks, base to head) that the head has, added or kept as context. GitHub refuses a comment on any
 * other line (422, "must be part of the diff").
 */
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
