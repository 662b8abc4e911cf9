// A comment on lines of a pull request's diff, as a review's comments (REST) and a line comment
// event give it (the same fields in both), read into what the action tells the agent of it. Pure.
import { isPositiveInteger } from '../base/identifier.js'
import { described, isInteger, isString, nullable, optional, type Schemas } from './described.js'

export interface LineComment {
  path: string
  /** The commented line, or the last of a range; undefined for a comment on the whole file. */
  line?: number
  /** The first line of a range. */
  startLine?: number
  /** RIGHT: the pull request's version of the file; LEFT: the version before it (removed lines). */
  side: 'LEFT' | 'RIGHT'
  /** The lines are those of an earlier version of the pull request: the comment is outdated. */
  outdated: boolean
  /** The diff from its hunk header down to the commented line, as GitHub gives it. */
  diffHunk: string
  /** The comment as written (markdown), read only when it is told to the agent. */
  body: string
}

// A comment on lines, as a review's comments (REST) and a line comment event give it. GitHub sends
// `side` and `subject_type` as null on older comments, beyond its description, and `line` as null
// on an outdated one.
const isLineComment = described<
  Schemas['review-comment'] | Schemas['webhook-pull-request-review-comment-created']['comment']
>()({
  path: isString,
  diff_hunk: isString,
  body: isString,
  side: optional(nullable(isString)),
  subject_type: optional(nullable(isString)),
  line: optional(nullable(isInteger)),
  start_line: optional(nullable(isInteger)),
  original_line: optional(nullable(isInteger)),
  original_start_line: optional(nullable(isInteger)),
  position: optional(nullable(isInteger))
})

/** A review comment as GitHub sends it; undefined when it lacks the file, the diff or the text. */
export function readLineComment(value: unknown): LineComment | undefined {
  if (!isLineComment(value) || value.path === '') return undefined
  const { path, diff_hunk: diffHunk, body } = value
  const hunkEnd = lastLineOf(diffHunk)
  const comment: LineComment = {
    path,
    side: value.side === 'LEFT' || value.side === 'RIGHT' ? value.side : (hunkEnd?.side ?? 'RIGHT'),
    outdated: false,
    diffHunk,
    body
  }
  if (value.subject_type === 'file') return comment
  // An outdated comment has no line and no position on the pull request's current diff (null), only
  // the line it was made on (original_line). A comment in GitHub's older form has neither line field,
  // only its position in the diff: its line is the last of its hunk. An answer without any of these
  // fields says nothing of being outdated.
  const [line, start] = isPositiveInteger(value.line)
    ? [value.line, value.start_line]
    : isPositiveInteger(value.original_line)
      ? [value.original_line, value.original_start_line]
      : [hunkEnd?.line, undefined]
  if (!isPositiveInteger(line)) return comment
  comment.line = line
  comment.outdated =
    !isPositiveInteger(value.line) &&
    !isPositiveInteger(value.position) &&
    (value.line === null || value.position === null)
  if (isPositiveInteger(start) && start < line) comment.startLine = start
  return comment
}

/**
 * The line a diff hunk ends on, numbered in the version it belongs to: a removed line in the version
 * before the change (LEFT), any other in the version after it (RIGHT). GitHub gives a comment's hunk
 * down to the commented line. Undefined without a hunk header.
 */
function lastLineOf(hunk: string): { line: number; side: LineComment['side'] } | undefined {
  const lines = hunk.replace(/\r\n?/g, '\n').replace(/\n+$/, '').split('\n')
  const header = /^@@ -(\d+)(?:,\d+)? \+(\d+)(?:,\d+)? @@/.exec(lines[0] ?? '')
  if (header === null) return undefined
  let before = Number(header[1]) - 1
  let after = Number(header[2]) - 1
  let end: { line: number; side: LineComment['side'] } | undefined
  for (const line of lines.slice(1)) {
    // "\ No newline at end of file" is about the line before it.
    if (line.startsWith('\\')) continue
    if (!line.startsWith('+')) before++
    if (!line.startsWith('-')) after++
    end = line.startsWith('-') ? { line: before, side: 'LEFT' } : { line: after, side: 'RIGHT' }
  }
  return end
}
