// How a reader of a GitHub comment sees its markdown, told by a CommonMark parser (micromark, with
// GitHub's tables) rather than by patterns: which characters are the writer's own prose, where a
// command can be given, and which never reach a request.
import { markdownEvents } from './parser.js'
import { gfmTable } from 'micromark-extension-gfm-table'

/** Characters `start` (inclusive) to `end` (exclusive) of the text. */
export interface Span {
  start: number
  end: number
}

export interface MarkdownView {
  /**
   * The text of paragraphs and headings, in order, that is plain prose: not code (fenced, indented,
   * inline or inside `<code>`-like tags), not in a block quote, a table, a link's text or URL, or an
   * image's alt text. Adjacent pieces are joined.
   */
  prose: Span[]
  /**
   * What never goes into a request, in order: what the page does not show (raw HTML, HTML comments,
   * link reference definitions, image alt text, link and image titles) and block quotes, which are
   * someone else's words, lazy continuation lines included.
   */
  omitted: Span[]
  /** Where the reading ended: the text's length, or less for a text longer than the limit read. */
  end: number
}

/**
 * The most characters of one text the parser reads. micromark's work grows with the square of how
 * deeply quotes and lists nest (a comment of 64 KiB of ">" took half a minute); this many take a
 * fraction of a second at worst, and a request or a description is rarely longer.
 */
export const READ_LIMIT = 16_384

const PROSE_BLOCKS: ReadonlySet<string> = new Set(['paragraph', 'setextHeadingText', 'atxHeadingText'])
const NEVER_PROSE_INSIDE: ReadonlySet<string> = new Set(['blockQuote', 'table'])
const OMITTED: ReadonlySet<string> = new Set(['blockQuote', 'htmlFlow', 'htmlText', 'definition', 'resourceTitle'])
// Raw HTML tags whose text GitHub shows as code.
const CODE_TAGS: ReadonlySet<string> = new Set(['code', 'kbd', 'pre', 'samp', 'tt'])
// Emphasis is prose like the text around it, so nothing here needs it told apart; and micromark's
// matching of `*` and `_` takes time that grows with the square of their number.
const WITHOUT_EMPHASIS = { disable: { null: ['attention'] } }
const readComment = markdownEvents([gfmTable(), WITHOUT_EMPHASIS])
const readPlain = markdownEvents()

/** `limit`: the most characters read, READ_LIMIT or fewer where less is ever shown. */
export function readMarkdown(text: string, limit = READ_LIMIT): MarkdownView {
  const read = text.length > limit ? text.slice(0, lastLineEnd(text, limit)) : text
  const events = readComment(read)
  const prose: Span[] = []
  const omitted: Span[] = []
  const open: string[] = []
  // How many of the open tokens are never prose inside, so that nesting costs no search.
  let neverProse = 0
  // Tags are not nested in the token tree: their text lies between an opening and a closing htmlText.
  // A tag left open ends with its paragraph, as the browser ends it with the <p>.
  let codeTagDepth = 0
  let lastParagraph: Span | undefined
  for (const [kind, token] of events) {
    const span = { start: token.start.offset, end: token.end.offset }
    if (kind === 'exit') {
      if (NEVER_PROSE_INSIDE.has(open.pop()!)) neverProse--
      continue
    }
    if (PROSE_BLOCKS.has(token.type)) codeTagDepth = 0
    if (token.type === 'paragraph') lastParagraph = span
    if (OMITTED.has(token.type) || (token.type === 'labelText' && open.at(-2) === 'image')) add(omitted, span)
    if (token.type === 'htmlText')
      codeTagDepth = Math.max(0, codeTagDepth + codeTagStep(text.slice(span.start, span.end)))
    if (token.type === 'data' && codeTagDepth === 0 && neverProse === 0 && PROSE_BLOCKS.has(open.at(-1) ?? '')) {
      add(prose, span)
    }
    if (NEVER_PROSE_INSIDE.has(token.type)) neverProse++
    open.push(token.type)
  }
  const end = read.length < text.length ? readEnd(read, lastParagraph) : text.length
  return { prose: prose.filter((span) => span.end <= end), omitted, end }
}

/**
 * Whether `text` leaves a block open that what follows it falls into: a heading written after it and
 * a blank line would not be a heading of its own (a fenced code block or raw HTML left unclosed runs
 * to the end of the document). A text longer than READ_LIMIT is not read, and is taken to leave one.
 */
export function leavesBlockOpen(text: string): boolean {
  if (text.length > READ_LIMIT) return true
  const probe = `${text}\n\n# end`
  const headingAt = probe.length - '# end'.length
  let depth = 0
  for (const [kind, token] of readPlain(probe)) {
    if (kind === 'exit') {
      depth--
      continue
    }
    if (depth === 0 && token.type === 'atxHeading' && token.start.offset === headingAt) return false
    depth++
  }
  return true
}

/** Just after the last line break before `limit`; `limit` itself when the text has none before it. */
function lastLineEnd(text: string, limit: number): number {
  return text.lastIndexOf('\n', limit - 1) + 1 || limit
}

/**
 * Where a text cut at the end of `read` can be trusted to end. A paragraph that may go on past the
 * cut (no blank line after it) is left out whole: an HTML comment, a link or an image in it could
 * end past the cut, and what they hide would show in the part read.
 */
function readEnd(read: string, lastParagraph: Span | undefined): number {
  if (lastParagraph === undefined) return read.length
  const after = read.slice(lastParagraph.end)
  const ended = after.trim() !== '' || after.split('\n').length > 2
  return ended ? read.length : lastParagraph.start
}

/** +1 for an opening code-like tag, -1 for a closing one, 0 for any other raw HTML. */
function codeTagStep(html: string): number {
  const tag = /^<(\/?)([A-Za-z][A-Za-z0-9-]*)/.exec(html)
  if (tag === null || !CODE_TAGS.has(tag[2]!.toLowerCase())) return 0
  return tag[1] === '/' ? -1 : 1
}

/** Appends `span`, joining it to the last span when they touch or overlap (a span inside a span adds nothing). */
function add(spans: Span[], span: Span): void {
  const last = spans.at(-1)
  if (last !== undefined && span.start <= last.end) last.end = Math.max(last.end, span.end)
  else spans.push(span)
}
