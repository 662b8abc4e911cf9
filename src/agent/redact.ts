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
 * A key of fewer than 8 characters is masked only as it is written (see below).
 */
export function redactKey(text: string, key: string): string {
  try {
    return redact(text, key)
  } catch {
    // Fail closed: a text that could not be searched for the key is not shown at all.
    return MASK
  }
}

function redact(text: string, key: string): string {
  if (key === '') return text
  const readable = reader()
  const keyCodes = [...key].map((char) => readable(char.codePointAt(0)!)).filter((code) => code !== SKIP)
  // No key the vendor issues is this short: it is whatever was typed in the key's place, and read
  // loosely (any case, across spaces and escapes) a few letters are found in ordinary words ("on"
  // in "to not"). Masked as written, as the runner masks it, its own words stay readable.
  if (keyCodes.length < MIN_PIECE) return text.split(key).join(MASK)
  let redacted = maskReadableKey(text, keyCodes, readable)
  redacted = maskHex(redacted, Buffer.from(key, 'utf8').toString('hex'))
  for (const piece of base64Pieces(key)) redacted = redacted.split(piece).join(MASK)
  return redacted
}

// Characters a reader reads past inside a word: whitespace and line breaks, and the invisible ones.
const SKIPPED = new RegExp(`^(?:\\s|${INVISIBLE_CHAR})$`, 'u')
const PERCENT_ESCAPE = /^%[0-9a-f]{2}$/i
const PERCENT = 0x25
/** What a skipped character reads as: nothing. */
const SKIP = -1
const HASH_BASE = 31

/** Where a run of the key was read from in the text. */
interface Span {
  start: number
  end: number
}

/**
 * `text` with the key masked as a reader could still read it: every run of MIN_PIECE or more
 * consecutive characters of it (`keyCodes`, as `readable` reads them). The text is read once as a reader would
 * (escapes decoded, letter case folded, whitespace and invisible characters left out), keeping only
 * the last MIN_PIECE characters read; a rolling hash of them says cheaply when they may be one of the
 * key's windows, and only then are they compared. Each marked run cuts out the text it was read from.
 * Linear in the text and the key, in constant room besides the result: no pattern is built from the
 * key (for a long key, a pasted file say, more than the regular expression compiler can build), and
 * no record is made per character (one per character made 100 MB of them for 1 MiB of text).
 */
function maskReadableKey(text: string, keyCodes: number[], readable: (point: number) => number): string {
  const windows = new Set<string>()
  const hashes = new Set<number>()
  for (let at = 0; at + MIN_PIECE <= keyCodes.length; at++) {
    const window = keyCodes.slice(at, at + MIN_PIECE)
    windows.add(String.fromCodePoint(...window))
    hashes.add(window.reduce(rollIn, 0))
  }
  // What the oldest character weighs in the hash; exact (31^7 < 2^53) before Math.imul takes 32 bits.
  const oldestWeight = HASH_BASE ** (MIN_PIECE - 1)
  // The last MIN_PIECE characters read, in a ring: each one's folded code and where it starts in `text`.
  const codes = new Int32Array(MIN_PIECE)
  const starts = new Int32Array(MIN_PIECE)
  const spans: Span[] = []
  let read = 0
  let hash = 0
  for (let end = 0; end < text.length;) {
    const from = end
    const escaped = text.charCodeAt(from) === PERCENT ? percentEncodedChar(text, from) : undefined
    const point = escaped?.char.codePointAt(0) ?? text.codePointAt(from)!
    end = escaped?.end ?? from + (point > 0xffff ? 2 : 1)
    const code = readable(point)
    if (code === SKIP) continue
    const slot = read % MIN_PIECE
    if (read >= MIN_PIECE) hash = (hash - Math.imul(codes[slot]!, oldestWeight)) | 0
    hash = rollIn(hash, code)
    codes[slot] = code
    starts[slot] = from
    read++
    if (read < MIN_PIECE || !hashes.has(hash) || !windows.has(ringText(codes, read))) continue
    const start = starts[read % MIN_PIECE]!
    const last = spans.at(-1)
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

function rollIn(hash: number, code: number): number {
  return (Math.imul(hash, HASH_BASE) + code) | 0
}

/** The characters in the ring, oldest first, `read` being how many were read in all. */
function ringText(codes: Int32Array, read: number): string {
  const size = codes.length
  let text = ''
  for (let at = read; at < read + size; at++) text += String.fromCodePoint(codes[at % size]!)
  return text
}

/**
 * A character as a reader compares it: its code in lower case, when that is one character too (as a
 * case-insensitive pattern compares), or SKIP. Plain ASCII is decided at once; the rest, rare in
 * most text, once per character met.
 */
function reader(): (point: number) => number {
  const decided = new Map<number, number>()
  return (point) => {
    if (point < 0x80) {
      if (point <= 0x20 || point === 0x7f) return SKIP
      return point >= 0x41 && point <= 0x5a ? point + 0x20 : point
    }
    let code = decided.get(point)
    if (code === undefined) {
      code = readOne(String.fromCodePoint(point))
      decided.set(point, code)
    }
    return code
  }
}

function readOne(char: string): number {
  if (SKIPPED.test(char)) return SKIP
  const lower = char.toLowerCase()
  return [...lower].length === 1 ? lower.codePointAt(0)! : char.codePointAt(0)!
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

/**
 * `text` without `hex` (lower-case hex digits) in either letter case. Searched as a string: a
 * pattern built from a pasted file's worth of key is too large for the regex engine.
 */
function maskHex(text: string, hex: string): string {
  // Folding only A-F keeps every index where it was.
  const folded = text.replace(/[A-F]/g, (char) => char.toLowerCase())
  let masked = ''
  let from = 0
  for (let at = folded.indexOf(hex); at !== -1; at = folded.indexOf(hex, from)) {
    masked += text.slice(from, at) + MASK
    from = at + hex.length
  }
  return masked + text.slice(from)
}
