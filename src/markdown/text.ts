// What a person wrote, as the gate reads it: a command is the trigger phrase at the start of a line
// of prose a reader sees, and the request is the visible text after it.
import { type MarkdownView, READ_LIMIT, readMarkdown, type Span } from './commonmark.js'
import { escapeRegExp } from '../base/regexp.js'
import { code } from './escape.js'

// Controls (but tab and newline), format characters (zero-width, bidi controls, tags, soft hyphen)
// and the other default-ignorable code points (variation selectors, fillers) show nothing on the page:
// they must not hide or split the phrase, nor reach the agent.
export const INVISIBLE_CHAR = String.raw`(?![\t\n])[\p{Cc}\p{Cf}\p{Default_Ignorable_Code_Point}]`
const INVISIBLE = new RegExp(INVISIBLE_CHAR, 'gu')
// The line and paragraph separators break a line for some readers (a model among them) and for no
// page, diff or git: a space, so that no text seems to start a line it does not start.
const LINE_SEPARATORS = /[\u2028\u2029]/g
// The phrase ends where a name would go on: "/docs" is not given by "/docsy", "/docs-preview" or the
// path "/docs/api".
const NAME_CHAR = String.raw`[\p{L}\p{N}\p{M}_/-]`
// "/docs: add x" and "/docs, add x" ask for "add x".
const LEADING_SEPARATOR = /^[ \t]*[:,–—]/u

/**
 * A line that starts with `phrase` (after spaces), case-insensitive, read as a reader would:
 * invisible characters may stand anywhere in it. The first group is what comes before the phrase.
 */
function commandLinePattern(phrase: string): RegExp | undefined {
  const words = phrase
    .trim()
    .split(/\s+/)
    .filter((word) => word !== '')
  if (words.length === 0) return undefined
  const invisible = `${INVISIBLE_CHAR}*`
  const blank = `(?:[ \\t]|${INVISIBLE_CHAR})*`
  const spelled = words.map((word) => [...word].map(escapeRegExp).join(invisible))
  // One space or tab must part the words; the rest is written so that a failing line is not retried
  // many ways.
  const gap = `${invisible}[ \\t]${blank}`
  return new RegExp(`^(${blank})${spelled.join(gap)}(?!${invisible}${NAME_CHAR})`, 'iu')
}

function within(spans: readonly Span[], start: number, end: number): boolean {
  return spans.some((span) => span.start <= start && end <= span.end)
}

/**
 * Where the first command in `text` ends, with the markdown read to find it; undefined when no line
 * of prose starts with the phrase. The markdown is read only once a line could be a command.
 */
function findCommand(text: string, pattern: RegExp): { end: number; view: MarkdownView } | undefined {
  let view: MarkdownView | undefined
  let lineStart = 0
  for (const line of text.split('\n')) {
    const match = pattern.exec(line)
    if (match !== null) {
      view ??= readMarkdown(text)
      const start = lineStart + match[1]!.length
      const end = lineStart + match[0].length
      if (within(view.prose, start, end)) return { end, view }
    }
    lineStart += line.length + 1
  }
  return undefined
}

/**
 * Text from `from` to where the reading ended, as a reader sees it: omitted spans, invisible
 * characters and extra blank lines gone.
 */
function visibleFrom(text: string, view: MarkdownView, from: number): string {
  let visible = ''
  let at = from
  for (const span of view.omitted) {
    if (span.end <= at) continue
    visible += text.slice(at, Math.max(at, Math.min(span.start, view.end)))
    at = span.end
  }
  visible += text.slice(at, Math.max(at, view.end))
  return cleanText(visible)
    .replace(/\n[ \t]*(?:\n[ \t]*)+\n/g, '\n\n')
    .trim()
}

function normaliseLineEndings(text: string): string {
  return text.replace(/\r\n?/g, '\n')
}

/**
 * The one cleaning of text on its way to the prompt, for text that is not markdown (a diff, a path)
 * and, after the markdown is read, for what people wrote: the characters a reader cannot see left
 * out, line and paragraph separators made spaces.
 */
export function cleanText(text: string): string {
  return text.replace(INVISIBLE, '').replace(LINE_SEPARATORS, ' ')
}

/** Text that is told on one line (a title, a note): cleaned, every run of white space one space. */
export function cleanLine(text: string): string {
  return cleanText(text).replace(/\s+/g, ' ').trim()
}

/**
 * A title (of a pull request, an issue, a release) as a reader sees it, on one line: its hidden text
 * (an HTML comment or tag) left out, as a comment's is. A title shows inline markdown only, so it is
 * read after a letter, where no block (a quote, a heading, a fence) can start.
 */
export function visibleLine(title: string): string {
  return cleanLine(readVisible(`x${cleanLine(title)}`).text.slice(1))
}

/** The longest start of `line` (cleaned, see cleanLine) of whole words in `room` characters; '' when no word fits. */
export function wholeWordsWithin(line: string, room: number): string {
  if (line.length <= room) return line
  return room < 1 ? '' : line.slice(0, Math.max(line.lastIndexOf(' ', room), 0)).trimEnd()
}

/** A name people chose (a branch, a tag, a path) as inline code: on one line, cleaned. */
export function codeName(text: string): string {
  return code(cleanLine(text))
}

/** What a reader sees of some markdown (see visibleFrom), and whether only its start was read (READ_LIMIT). */
export interface Visible {
  text: string
  cut: boolean
}

export function readVisible(markdown: string, limit = READ_LIMIT): Visible {
  const text = normaliseLineEndings(markdown)
  const view = readMarkdown(text, limit)
  return { text: visibleFrom(text, view, 0), cut: view.end < text.length }
}

/** Said after a text of which only the start was read. */
export const NOT_ALL_READ = `[The rest of this text, past about its first ${READ_LIMIT} characters, was not read.]`

/** Markdown as a reader sees it, with NOT_ALL_READ after it when only its start was read. */
export function visibleText(markdown: string): string {
  return withCutNotice(readVisible(markdown))
}

/** The text, followed by NOT_ALL_READ when only its start was read. */
function withCutNotice({ text, cut }: Visible): string {
  return cut ? [text, NOT_ALL_READ].filter((piece) => piece !== '').join('\n\n') : text
}

/**
 * Whether a line of `parts` starts with `phrase` at all, markdown unread: without one no part can
 * give the command, and the gate need not read any markdown (nor ask GitHub about anyone).
 */
export function mayGiveCommand(parts: readonly string[], phrase: string): boolean {
  const pattern = commandLinePattern(phrase)
  return (
    pattern !== undefined &&
    parts.some((part) =>
      normaliseLineEndings(part)
        .split('\n')
        .some((line) => pattern.test(line))
    )
  )
}

/**
 * The request given by the first line of prose that starts with `phrase`: the rest of that line and
 * what follows it, as a reader sees it. `parts` are texts read one after the other (an issue's title,
 * then its body); the request goes on into the parts after the one with the command. Undefined when
 * no part gives the command, and always for an empty phrase.
 */
export function findRequest(parts: readonly string[], phrase: string): string | undefined {
  const pattern = commandLinePattern(phrase)
  if (pattern === undefined) return undefined
  for (const [index, part] of parts.entries()) {
    const text = normaliseLineEndings(part)
    const command = findCommand(text, pattern)
    if (command === undefined) continue
    const rest = visibleFrom(text, command.view, command.end).replace(LEADING_SEPARATOR, '').trim()
    const first = withCutNotice({ text: rest, cut: command.view.end < text.length })
    return joinedVisible([first, ...parts.slice(index + 1).map(visibleText)])
  }
  return undefined
}

/** Every part as a reader sees it, one after the other: a request that is the whole text (a labelled issue). */
export function wholeRequest(parts: readonly string[]): string {
  return joinedVisible(parts.map(visibleText))
}

function joinedVisible(pieces: string[]): string {
  return pieces.filter((piece) => piece !== '').join('\n\n')
}
