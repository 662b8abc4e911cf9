// The sizes GitHub takes of what the action writes, in one place, and the one way markdown is cut to
// fit them: visibly, and only where the text before the cut still reads as it did.
//
// - A comment (issue or pull request, created or edited): 65,536 characters. GitHub refuses a longer
//   body with 422 "Body is too long (maximum is 65536 characters)". It counts characters; a
//   JavaScript string's length (UTF-16 units) is never below that count, so it is what is measured.
// - A step's job summary: 1 MiB. GitHub's docs ("Adding a job summary") give the limit, and the runner
//   drops a larger summary whole ("$GITHUB_STEP_SUMMARY upload aborted, supports content up to a
//   size of 1024k"). The file's bytes are what count.
import { markdownEvents } from './parser.js'
import { gfmTable } from 'micromark-extension-gfm-table'

export interface SizeLimit {
  max: number
  /** The size as GitHub counts it. */
  measure(text: string): number
  /** The limit and what it is for, as the note at a cut says it. */
  stated: string
}

export const COMMENT_LIMIT: SizeLimit = {
  max: 65_536,
  measure: (text) => text.length,
  stated: '65536 characters for a comment'
}

export const SUMMARY_LIMIT: SizeLimit = {
  max: 1024 * 1024,
  measure: (text) => Buffer.byteLength(text, 'utf8'),
  stated: '1 MiB for a job summary'
}

const BLOCK_BREAK = '\n\n'

/** What stands where the text was cut. */
function cutNote(removed: number, limit: SizeLimit): string {
  return `… (cut: ${removed} more characters would pass GitHub's limit of ${limit.stated})\n`
}

/**
 * `markdown` as it is when it fits `limit`; otherwise cut at the last place that fits where no
 * markup is open (never inside a link, code, an escape, an entity or raw HTML, so never through a
 * marker either), with a note that says how much was cut and why.
 */
export function fitMarkdown(markdown: string, limit: SizeLimit): string {
  if (limit.measure(markdown) <= limit.max) return markdown
  const room = limit.max - limit.measure(BLOCK_BREAK + cutNote(markdown.length, limit))
  const read = Math.min(longestPrefixWithin(markdown, room, limit), MOST_READ)
  const { at, separator } = lastSafeCut(markdown.slice(0, read))
  return markdown.slice(0, at) + separator + cutNote(markdown.length - at, limit)
}

/**
 * Finding the place to cut takes a parse of all that comes before it, which for text dense with
 * escapes costs about 600 MB a MiB: a cut comes within this many characters, more than a reader of a
 * comment or a summary needs, and more than a comment can hold.
 */
const MOST_READ = 200_000

/** The length of the longest start of `text` whose size is at most `room`. */
function longestPrefixWithin(text: string, room: number, limit: SizeLimit): number {
  let fits = 0
  let over = text.length + 1
  while (over - fits > 1) {
    const middle = Math.floor((fits + over) / 2)
    if (limit.measure(text.slice(0, middle)) <= room) fits = middle
    else over = middle
  }
  return fits
}

// Blocks whose text can be cut inside, with the note following in the same block. Anything else
// around the text (a link, emphasis, a table cell) would be left open by a cut.
const CUTTABLE_INSIDE: ReadonlySet<string> = new Set([
  'content',
  'paragraph',
  'listOrdered',
  'listUnordered',
  'blockQuote',
  'atxHeading',
  'atxHeadingText',
  'setextHeading',
  'setextHeadingText'
])
const readWithTables = markdownEvents([gfmTable()])

// In text that the parser left as plain data, one of these is markup that did not close before the
// end of what was read (or a stray character, left alone to be safe): a cut after it could land
// inside what it opens.
const OPENERS: ReadonlySet<string> = new Set(['\\', '`', '*', '_', '[', '<', '&', '~'])

/**
 * The last place in `prefix` to cut: in plain text, after markup that closed (an escape, an entity,
 * a link, code), or at the end of a whole block (a line break follows it); the separator puts the
 * note after it. Raw HTML other than a comment ends the search: it may open an element that would
 * hold the note out of sight.
 */
function lastSafeCut(prefix: string): { at: number; separator: string } {
  const events = readWithTables(prefix)
  let best = { at: 0, separator: BLOCK_BREAK }
  const inText = (end: number) => {
    const at = withoutHalfCharacter(prefix, end)
    return { at, separator: /\s/.test(prefix.charAt(at - 1)) ? '' : ' ' }
  }
  const open: string[] = []
  for (const [kind, token] of events) {
    const start = token.start.offset
    const end = token.end.offset
    if (kind === 'enter') {
      const html = token.type === 'htmlFlow' || token.type === 'htmlText'
      if (html && !prefix.startsWith('<!--', start)) break
      if (token.type === 'data' && open.every((type) => CUTTABLE_INSIDE.has(type))) {
        const opener = firstOpener(prefix, start, end)
        best = inText(opener ?? end)
        if (opener !== undefined) break
      }
      open.push(token.type)
      continue
    }
    open.pop()
    if (open.length > 0 && open.every((type) => CUTTABLE_INSIDE.has(type))) best = inText(end)
    const wholeBlock = open.length === 0 || (token.type === 'tableRow' && open.at(-1) === 'tableBody')
    const lineBreakFollows = prefix[end] === '\n' || prefix[end] === '\r'
    if (wholeBlock && lineBreakFollows && !token.type.startsWith('lineEnding'))
      best = { at: end, separator: BLOCK_BREAK }
  }
  return best
}

/** Where in `text` from `start` to `end` the first character of OPENERS is, if any. */
function firstOpener(text: string, start: number, end: number): number | undefined {
  for (let at = start; at < end; at++) if (OPENERS.has(text.charAt(at))) return at
  return undefined
}

/** `at`, or one less where `at` would split a character in two UTF-16 units. */
function withoutHalfCharacter(text: string, at: number): number {
  const before = text.charCodeAt(at - 1)
  return at > 0 && before >= 0xd800 && before <= 0xdbff ? at - 1 : at
}
