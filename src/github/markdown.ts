// How a reader of a GitHub comment sees its markdown, told by a CommonMark parser (micromark, with
// GitHub's tables) rather than by patterns: which characters are the writer's own prose, where a
// command can be given, and which never reach a request.
import { parse, postprocess, preprocess } from 'micromark'
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
}

// Emphasis and strong text are still prose; any other token between the text and its paragraph
// (a link label, a URL, a title) is not.
const PROSE_BLOCKS: ReadonlySet<string> = new Set(['paragraph', 'setextHeadingText', 'atxHeadingText'])
const STYLED: ReadonlySet<string> = new Set(['emphasis', 'emphasisText', 'strong', 'strongText'])
const NEVER_PROSE_INSIDE: ReadonlySet<string> = new Set(['blockQuote', 'table'])
const OMITTED: ReadonlySet<string> = new Set(['blockQuote', 'htmlFlow', 'htmlText', 'definition', 'resourceTitle'])
// Raw HTML tags whose text GitHub shows as code.
const CODE_TAGS: ReadonlySet<string> = new Set(['code', 'kbd', 'pre', 'samp', 'tt'])

export function readMarkdown(text: string): MarkdownView {
  const events = postprocess(
    parse({ extensions: [gfmTable()] })
      .document()
      .write(preprocess()(text, undefined, true))
  )
  const prose: Span[] = []
  const omitted: Span[] = []
  const open: string[] = []
  // Tags are not nested in the token tree: their text lies between an opening and a closing htmlText.
  // A tag left open ends with its paragraph, as the browser ends it with the <p>.
  let codeTagDepth = 0
  for (const [kind, token] of events) {
    const span = { start: token.start.offset, end: token.end.offset }
    if (kind === 'exit') {
      open.pop()
      continue
    }
    if (PROSE_BLOCKS.has(token.type)) codeTagDepth = 0
    if (OMITTED.has(token.type) || (token.type === 'labelText' && open.at(-2) === 'image')) add(omitted, span)
    if (token.type === 'htmlText')
      codeTagDepth = Math.max(0, codeTagDepth + codeTagStep(text.slice(span.start, span.end)))
    if (token.type === 'data' && codeTagDepth === 0 && isProse(open)) add(prose, span)
    open.push(token.type)
  }
  return { prose, omitted }
}

function isProse(open: readonly string[]): boolean {
  const block = open.findLast((type) => !STYLED.has(type))
  return block !== undefined && PROSE_BLOCKS.has(block) && !open.some((type) => NEVER_PROSE_INSIDE.has(type))
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
