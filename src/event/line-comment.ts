// A comment on lines of a pull request's diff, sent to the agent: "make this shorter" means nothing
// without the file, the lines and the diff they sit in. Pure: the comments come from the event or
// from the REST API (the same fields in both).
import { cleanText, codeName, visibleText } from '../markdown/text.js'
import { fenceFor } from '../markdown/backticks.js'
import type { LineComment } from '../github/review-comments.js'

/** The most lines of a hunk quoted: the ones just above the commented line, which GitHub puts last. */
const HUNK_LINES = 20
/** The most comments of one review sent to the agent, so that a huge review cannot swamp the request. */
const REVIEW_COMMENTS = 30

/** The request, then which lines of which file it is a comment on and the diff around them. */
export function withLineComment(request: string, comment: LineComment): string {
  const diff = quoteDiff(comment)
  const place = `This request is a comment on ${where(comment)}.`
  return paragraphs([request, diff ? `${place} ${diff.intro}` : place, diff?.quote])
}

/** The review's request, then each of its comments on lines (up to a limit), each with its place and diff. */
export function withReviewComments(request: string, comments: readonly LineComment[]): string {
  if (comments.length === 0) return request
  const sent = comments.slice(0, REVIEW_COMMENTS)
  const parts: (string | undefined)[] = [
    request,
    `The review has ${count(comments.length, 'comment')} on the pull request's files:`
  ]
  for (const comment of sent) {
    const diff = quoteDiff(comment)
    parts.push(`A comment on ${where(comment)}:`, visibleText(comment.body) || '(no text)', diff?.intro, diff?.quote)
  }
  const left = comments.length - sent.length
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
