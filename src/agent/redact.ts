// The service's own words and records reach the progress comment, the job summary and the outputs,
// where the runner's log masking does not: the API key is taken out of them in every form a service
// might echo it in. Text is redacted before anything cuts it short: a cut key matches no longer.
import { decodeNamedCharacterReference } from 'decode-named-character-reference'
import { INVISIBLE_CHAR } from '../markdown/text.js'

const MASK = '***'
/**
 * Shorter pieces of the key (any part of it, a base64 form) could match ordinary text by chance;
 * longer ones give away enough of it to be taken out (a service may cut its own text inside the key).
 */
const MIN_PIECE = 8

/**
 * `text` without `key`: in any letter case, with any of its characters percent-encoded (as in a URL
 * or form body) or written as an HTML character reference (`&#109;`, `&#x6d;`, `&lowbar;`), with whitespace or line breaks (a wrapped message), invisible characters
 * (zero-width, bidi controls, tags...) or punctuation the key does not hold (`m-i-n-t`) between
 * them; forwards or reversed; also any 8 or more consecutive characters of it alone (its beginning, a
 * middle a service cut out, or the end it echoes as "key ending in..."); in hex, or in base64
 * (standard or URL-safe) or base32 (either case) at any offset. A key of fewer than 8 characters is
 * masked only as it is written (see below).
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
  const forms = formsOf(key)
  // No key the vendor issues is this short: it is whatever was typed in the key's place, and read
  // loosely (any case, across spaces and escapes) a few letters are found in ordinary words ("on"
  // in "to not"). Masked as written, as the runner masks it, its own words stay readable.
  if (forms.windows === undefined) return text.split(key).join(MASK)
  let redacted = maskReadableKey(text, forms.windows, forms.readable)
  redacted = maskFolded(redacted, forms.hex)
  for (const piece of forms.base64) redacted = redacted.split(piece).join(MASK)
  for (const piece of forms.base32) redacted = maskFolded(redacted, piece)
  return redacted
}

/** The forms of a key that redact searches for; `windows` is undefined for a key too short to read loosely. */
interface KeyForms {
  readable: (point: number) => number
  windows: KeyWindows | undefined
  hex: string
  base64: string[]
  base32: string[]
}

/** Every MIN_PIECE consecutive characters of the key, forwards and reversed, as read, and their rolling hashes. */
interface KeyWindows {
  texts: Set<string>
  hashes: Set<number>
}

// The action redacts every log line, comment and record with the one key: its forms are worked out
// once, not once per text (which took more time than searching most texts).
let remembered: { key: string; forms: KeyForms } | undefined

function formsOf(key: string): KeyForms {
  if (remembered?.key !== key) remembered = { key, forms: keyForms(key) }
  return remembered.forms
}

function keyForms(key: string): KeyForms {
  const readable = reader(new Set([...key.toLowerCase()].map((char) => char.codePointAt(0)!)))
  const keyCodes = [...key].map((char) => readable(char.codePointAt(0)!)).filter((code) => code !== SKIP)
  return {
    readable,
    windows: keyCodes.length < MIN_PIECE ? undefined : keyWindows(keyCodes),
    hex: Buffer.from(key, 'utf8').toString('hex'),
    base64: base64Pieces(key),
    base32: base32Pieces(key)
  }
}

function keyWindows(keyCodes: number[]): KeyWindows {
  const texts = new Set<string>()
  const hashes = new Set<number>()
  for (const codes of [keyCodes, keyCodes.toReversed()]) {
    for (let at = 0; at + MIN_PIECE <= codes.length; at++) {
      const window = codes.slice(at, at + MIN_PIECE)
      texts.add(String.fromCodePoint(...window))
      hashes.add(window.reduce(rollIn, 0))
    }
  }
  return { texts, hashes }
}

// Characters a reader reads past inside a word: whitespace and line breaks, and the invisible ones.
const SKIPPED = new RegExp(`^(?:\\s|${INVISIBLE_CHAR})$`, 'u')
// Read past too when the key does not hold them: a key spelt out with hyphens or dots between its characters.
const SEPARATOR = /^[\p{P}\p{S}]$/u
const PERCENT_ESCAPE = /^%[0-9a-f]{2}$/i
const PERCENT = 0x25
const AMPERSAND = 0x26
// An HTML character reference: decimal, hex, or named (at most 31 letters and digits, as HTML's longest).
const CHARACTER_REFERENCE = /&(?:#(\d{1,7})|#[xX]([0-9a-fA-F]{1,6})|([A-Za-z][A-Za-z0-9]{1,31});)/y
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
 * consecutive characters of it (its windows, as `readable` reads them). The text is read once as a reader would
 * (escapes decoded, letter case folded, whitespace and invisible characters left out), keeping only
 * the last MIN_PIECE characters read; a rolling hash of them says cheaply when they may be one of the
 * key's windows, and only then are they compared. Each marked run cuts out the text it was read from.
 * Linear in the text and the key, in constant room besides the result: no pattern is built from the
 * key (for a long key, a pasted file say, more than the regular expression compiler can build), and
 * no record is made per character (one per character made 100 MB of them for 1 MiB of text).
 */
function maskReadableKey(text: string, { texts, hashes }: KeyWindows, readable: (point: number) => number): string {
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
    const escaped = escapeAt(text, from)
    const point = escaped ? escaped.point : text.codePointAt(from)!
    end = escaped?.end ?? from + (point > 0xffff ? 2 : 1)
    const code = point === SKIP ? SKIP : readable(point)
    if (code === SKIP) continue
    const slot = read % MIN_PIECE
    if (read >= MIN_PIECE) hash = (hash - Math.imul(codes[slot]!, oldestWeight)) | 0
    hash = rollIn(hash, code)
    codes[slot] = code
    starts[slot] = from
    read++
    if (read < MIN_PIECE || !hashes.has(hash) || !texts.has(ringText(codes, read))) continue
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
 * case-insensitive pattern compares), or SKIP for one read past (`inKey`: the key's characters, in
 * lower case, which are never read past). Plain letters and digits are decided at once; the rest
 * once per character met.
 */
function reader(inKey: ReadonlySet<number>): (point: number) => number {
  const decided = new Map<number, number>()
  return (point) => {
    if (point >= 0x61 && point <= 0x7a) return point
    if (point >= 0x41 && point <= 0x5a) return point + 0x20
    if (point >= 0x30 && point <= 0x39) return point
    let code = decided.get(point)
    if (code === undefined) {
      code = readOne(String.fromCodePoint(point), inKey)
      decided.set(point, code)
    }
    return code
  }
}

function readOne(char: string, inKey: ReadonlySet<number>): number {
  const lower = char.toLowerCase()
  const code = [...lower].length === 1 ? lower.codePointAt(0)! : char.codePointAt(0)!
  if (SKIPPED.test(char) || (SEPARATOR.test(char) && !inKey.has(code))) return SKIP
  return code
}

/** The character an escape at `at` stands for (SKIP for a named HTML reference), and where it ends. */
function escapeAt(text: string, at: number): { point: number; end: number } | undefined {
  const first = text.charCodeAt(at)
  if (first === PERCENT) {
    const escaped = percentEncodedChar(text, at)
    return escaped && { point: escaped.char.codePointAt(0)!, end: escaped.end }
  }
  return first === AMPERSAND ? characterReference(text, at) : undefined
}

/**
 * The character an HTML character reference at `at` stands for, as a page shows it (HTML's names, as
 * the CommonMark parser reads them); a name that stands for two characters is read past.
 */
function characterReference(text: string, at: number): { point: number; end: number } | undefined {
  CHARACTER_REFERENCE.lastIndex = at
  const found = CHARACTER_REFERENCE.exec(text)
  if (!found) return undefined
  const end = at + found[0].length
  if (found[3] !== undefined) {
    const named = decodeNamedCharacterReference(found[3])
    if (named === false) return undefined
    return { point: [...named].length === 1 ? named.codePointAt(0)! : SKIP, end }
  }
  const point = found[1] !== undefined ? Number(found[1]) : parseInt(found[2]!, 16)
  const valid = point > 0 && point <= 0x10ffff && !(point >= 0xd800 && point <= 0xdfff)
  return valid ? { point, end } : undefined
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

const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567'

/**
 * What every base32 encoding (RFC 4648) of a text that contains `key` has in common, in lower case:
 * for each of the five offsets at which the key can start within a 5-byte group, the characters
 * that come from the key's bytes alone.
 */
function base32Pieces(key: string): string[] {
  const bytes = Buffer.from(key, 'utf8')
  const pieces = new Set<string>()
  for (let offset = 0; offset < 5; offset++) {
    let encoded = ''
    let bits = 0
    let value = 0
    for (const byte of [...Buffer.alloc(offset), ...bytes]) {
      value = ((value << 8) | byte) & 0xfff
      bits += 8
      for (; bits >= 5; bits -= 5) encoded += BASE32[(value >> (bits - 5)) & 31]
    }
    const piece = encoded.slice(Math.ceil((offset * 8) / 5), Math.floor(((offset + bytes.length) * 8) / 5))
    if (piece.length >= MIN_PIECE) pieces.add(piece)
  }
  return [...pieces]
}

/**
 * `text` without `piece` (lower-case ASCII) in either letter case. Searched as a string: a pattern
 * built from a pasted file's worth of key is too large for the regex engine.
 */
function maskFolded(text: string, piece: string): string {
  // Folding only ASCII letters keeps every index where it was.
  const folded = text.replace(/[A-Z]/g, (char) => char.toLowerCase())
  let masked = ''
  let from = 0
  for (let at = folded.indexOf(piece); at !== -1; at = folded.indexOf(piece, from)) {
    masked += text.slice(from, at) + MASK
    from = at + piece.length
  }
  return masked + text.slice(from)
}
