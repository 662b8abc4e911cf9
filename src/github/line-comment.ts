// A comment on lines of a pull request's diff, told to the agent: "make this shorter" means nothing
// without the file, the lines and the diff they sit in. Pure: the comments come from the event or
// from the REST API (the same fields in both).
import { isPositiveInteger } from '../identifier.js'
import { described, isInteger, isString, nullable, optional, type Schemas } from './described.js'
import { cleanText, codeName, visibleText } from './text.js'
import { fenceFor } from '../backticks.js'

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

/** The most lines of a hunk quoted: the ones just above the commented line, which GitHub puts last. */
const HUNK_LINES = 20
/** The most comments of one review told to the agent, so that a huge review cannot swamp the request. */
const REVIEW_COMMENTS = 30

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

/** The request, then which lines of which file it is a comment on and the diff around them. */
export function withLineComment(request: string, comment: LineComment): string {
  const diff = quoteDiff(comment)
  const place = `This request is a comment on ${where(comment)}.`
  return paragraphs([request, diff ? `${place} ${diff.intro}` : place, diff?.quote])
}

/** The review's request, then each of its comments on lines (up to a limit), each with its place and diff. */
export function withReviewComments(request: string, comments: readonly LineComment[]): string {
  if (comments.length === 0) return request
  const told = comments.slice(0, REVIEW_COMMENTS)
  const parts: (string | undefined)[] = [
    request,
    `The review has ${count(comments.length, 'comment')} on the pull request's files:`
  ]
  for (const comment of told) {
    const diff = quoteDiff(comment)
    parts.push(`A comment on ${where(comment)}:`, visibleText(comment.body) || '(no text)', diff?.intro, diff?.quote)
  }
  const left = comments.length - told.length
  if (left > 0) parts.push(`(${count(left, 'more comment')} of the review left out.)`)
  return paragraphs(parts)
}

function paragraphs(parts: (string | undefined)[]): string {
  return parts.filter((part) => part !== undefined && part !== '').join('\n\n')
}

function where(comment: LineComment): string {
  const file = codeName(comment.path)
  if (comment.line === undefined) return `the file ${file} as a whole`
  const lines =
    comment.startLine === undefined ? `line ${comment.line}` : `lines ${comment.startLine} to ${comment.line}`
  const version =
    comment.side === 'LEFT' ? 'the version before the pull request, lines it removes' : "the pull request's version"
  const outdated = comment.outdated ? ', as they were in an earlier commit of the pull request' : ''
  return `${lines} of ${file} (${version}${outdated})`
}

/**
 * The end of the diff hunk the comment was written on, in a fence no line of it can close; GitHub
 * gives the hunk down to the commented line, so that line comes last.
 */
function quoteDiff(comment: LineComment): { intro: string; quote: string } | undefined {
  const hunk = cleanText(comment.diffHunk.replace(/\r\n?/g, '\n'))
  if (comment.line === undefined || hunk.trim() === '') return undefined
  const lines = hunk.replace(/\n+$/, '').split('\n')
  const shown = lines.slice(-HUNK_LINES)
  const fence = fenceFor(hunk)
  const end = comment.startLine === undefined ? 'that line' : 'the last of those lines'
  const cut = lines.length > shown.length ? ` (its last ${shown.length} lines)` : ''
  return {
    intro: `The diff it was written on${cut}, ending at ${end}:`,
    quote: `${fence}diff\n${shown.join('\n')}\n${fence}`
  }
}

function count(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`
}
