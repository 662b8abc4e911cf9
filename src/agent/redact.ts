// The service's own words and records reach the progress comment, the job summary and the outputs,
// where the runner's log masking does not: the API key is taken out of them in every form a service
// might echo it in. Text is redacted before anything cuts it short: a cut key matches no longer.
import { INVISIBLE_CHAR } from '../markdown/text.js'

const MASK = '***'
/**
 * Shorter pieces of the key (any part of it, a base64 form) could match ordinary text by chance;
 * longer ones give away enough of it to be taken out (a service may cut its own text inside the key).
 */
const MIN_PIECE = 8

/**
 * `text` without `key`: in any letter case, with any of its characters percent-encoded (as in a URL
 * or form body), with whitespace or line breaks (a wrapped message) or invisible characters
 * (zero-width, bidi controls, tags...) between them, which a reader of the comment would not see;
 * also any 8 or more consecutive characters of it alone (its beginning, a middle a service cut out,
 * or the end it echoes as "key ending in..."); in hex, or in base64 (standard or URL-safe) at any offset.
 */
export function redactKey(text: string, key: string): string {
  if (key === '') return text
  let redacted = maskReadableKey(text, key)
  redacted = redacted.replace(new RegExp(Buffer.from(key, 'utf8').toString('hex'), 'gi'), MASK)
  for (const piece of base64Pieces(key)) redacted = redacted.split(piece).join(MASK)
  return redacted
}

// Characters a reader reads past inside a word: whitespace and line breaks, and the invisible ones.
const SKIPPED = new RegExp(`^(?:\\s|${INVISIBLE_CHAR})$`, 'u')
const PERCENT_ESCAPE = /^%[0-9a-f]{2}$/i

/** One character as the reader reads it, and where it stands in the text (its escape, if encoded). */
interface ReadChar {
  char: string
  start: number
  end: number
}

/**
 * `text` with the key masked as a reader could still read it: every run of MIN_PIECE or more
 * consecutive characters of it (all of a shorter key). The text is first read as a reader would
 * (escapes decoded, letter case folded, whitespace and invisible characters left out); each window
 * of MIN_PIECE characters that is one of the key's is marked, and the text each marked run was read
 * from is cut out. Linear in the text and the key: no pattern is built from the key, which for a long
 * key (a pasted file, say) would be more than the regular expression compiler can build.
 */
function maskReadableKey(text: string, key: string): string {
  const keyChars = [...key].map(fold).filter((char) => !SKIPPED.test(char))
  const size = Math.min(MIN_PIECE, keyChars.length)
  if (size === 0) return text
  const pieces = new Set<string>()
  for (let at = 0; at + size <= keyChars.length; at++) pieces.add(keyChars.slice(at, at + size).join(''))
  const read = readChars(text)
  const spans: { start: number; end: number }[] = []
  for (let at = 0; at + size <= read.length; at++) {
    const window = read.slice(at, at + size)
    if (!pieces.has(window.map(({ char }) => char).join(''))) continue
    const last = spans.at(-1)
    const start = window[0]!.start
    const end = window[size - 1]!.end
    if (last !== undefined && start <= last.end) last.end = end
    else spans.push({ start, end })
  }
  let masked = ''
  let copied = 0
  for (const { start, end } of spans) {
    masked += text.slice(copied, start) + MASK
    copied = end
  }
  return masked + text.slice(copied)
}

/** The characters of `text` a reader reads, in order, with percent escapes decoded and the case folded. */
function readChars(text: string): ReadChar[] {
  const read: ReadChar[] = []
  let at = 0
  while (at < text.length) {
    const escaped = percentEncodedChar(text, at)
    const char = escaped?.char ?? String.fromCodePoint(text.codePointAt(at)!)
    const end = escaped?.end ?? at + char.length
    if (!SKIPPED.test(char)) read.push({ char: fold(char), start: at, end })
    at = end
  }
  return read
}

/** The one character whose UTF-8 bytes are the %XX escapes at `at`, and where they end; undefined for anything else. */
function percentEncodedChar(text: string, at: number): { char: string; end: number } | undefined {
  if (!PERCENT_ESCAPE.test(text.slice(at, at + 3))) return undefined
  const lead = parseInt(text.slice(at + 1, at + 3), 16)
  const bytes = lead < 0x80 ? 1 : lead >= 0xf0 ? 4 : lead >= 0xe0 ? 3 : 2
  const escapes = text.slice(at, at + 3 * bytes)
  try {
    return { char: decodeURIComponent(escapes), end: at + escapes.length }
  } catch {
    // Not UTF-8 (a lone continuation byte, a character cut short): the "%" is read as it is.
    return undefined
  }
}

/** The character in lower case, when that is one character too (as a case-insensitive pattern compares). */
function fold(char: string): string {
  const lower = char.toLowerCase()
  return [...lower].length === 1 ? lower : char
}

/**
 * What every base64 encoding of a text that contains `key` has in common: for each of the three
 * offsets at which the key can start within a 3-byte group, the characters that come from the key's
 * bytes alone (e.g. the key inside an encoded "Authorization: Bearer <key>").
 */
function base64Pieces(key: string): string[] {
  const bytes = Buffer.from(key, 'utf8')
  const pieces = new Set<string>()
  for (const offset of [0, 1, 2]) {
    const encoded = Buffer.concat([Buffer.alloc(offset), bytes]).toString('base64')
    const first = Math.ceil((offset * 4) / 3)
    const end = Math.floor(((offset + bytes.length) * 4) / 3)
    const piece = encoded.slice(first, end)
    if (piece.length < MIN_PIECE) continue
    pieces.add(piece)
    pieces.add(piece.replace(/\+/g, '-').replace(/\//g, '_'))
  }
  return [...pieces]
}
