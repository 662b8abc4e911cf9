// The service's own words and records reach the progress comment, the job summary and the outputs,
// where the runner's log masking does not: the API key is taken out of them in every form a service
// might echo it in. Text is redacted before anything cuts it short: a cut key matches no longer.
import { escapeRegExp } from '../base/regexp.js'
import { INVISIBLE_CHAR } from '../markdown/text.js'

const MASK = '***'
/**
 * Shorter pieces of the key (its beginning, a base64 form) could match ordinary text by chance;
 * longer ones give away enough of it to be taken out (a service may cut its own text inside the key).
 */
const MIN_PIECE = 8

/**
 * `text` without `key`: in any letter case, with any of its characters percent-encoded (as in a URL
 * or form body) or invisible characters (zero-width, bidi controls, tags...) between them, which a
 * reader of the comment would not see; also its first 8 or more characters alone; in hex, or in
 * base64 (standard or URL-safe) at any offset.
 */
export function redactKey(text: string, key: string): string {
  if (key === '') return text
  let redacted = maskReadableKey(text, key)
  redacted = redacted.replace(new RegExp(Buffer.from(key, 'utf8').toString('hex'), 'gi'), MASK)
  for (const piece of base64Pieces(key)) redacted = redacted.split(piece).join(MASK)
  return redacted
}

/**
 * `text` with the key masked as a reader could still read it: its first MIN_PIECE characters (all
 * of a shorter key) and as many of the next ones as follow, each as it is or percent-encoded, any
 * invisible characters between them. The rest of the key is followed one character at a time, not
 * by one pattern that nests a group per character: such a pattern for a long key (a pasted file,
 * say) is more than the regular expression compiler can build, and the run would die on it.
 */
function maskReadableKey(text: string, key: string): string {
  const chars = [...key].map(plainOrPercentEncoded)
  const required = Math.min(MIN_PIECE, chars.length)
  const between = `${INVISIBLE_CHAR}*`
  const start = new RegExp(chars.slice(0, required).join(between), 'giu')
  const next = chars.slice(required).map((char) => new RegExp(`${between}${char}`, 'iuy'))
  let masked = ''
  let copied = 0
  for (let found = start.exec(text); found !== null; found = start.exec(text)) {
    let end = found.index + found[0].length
    for (const char of next) {
      char.lastIndex = end
      const more = char.exec(text)
      if (more === null) break
      end += more[0].length
    }
    masked += text.slice(copied, found.index) + MASK
    copied = end
    start.lastIndex = end
  }
  return masked + text.slice(copied)
}

/** A pattern for one character of the key, as it is or as the %XX escapes of its UTF-8 bytes. */
function plainOrPercentEncoded(char: string): string {
  const escaped = [...Buffer.from(char, 'utf8')].map((byte) => `%${byte.toString(16).padStart(2, '0')}`).join('')
  return `(?:${escapeRegExp(char)}|${escaped})`
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
