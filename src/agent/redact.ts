// The service's own words and records reach the progress comment, the job summary and the outputs,
// where the runner's log masking does not: the API key is taken out of them in every form a service
// might echo it in.
import { escapeRegExp } from '../base/regexp.js'
import type { ParsedJob } from './job.js'

const MASK = '***'
/** Shorter pieces of a base64 form could match ordinary text by chance. */
const MIN_BASE64_PIECE = 8

/**
 * `text` without `key`: in any letter case, with any of its characters percent-encoded (as in a URL
 * or form body), in hex, or in base64 (standard or URL-safe) at any offset.
 */
export function redactKey(text: string, key: string): string {
  if (key === '') return text
  let redacted = text.replace(new RegExp([...key].map(plainOrPercentEncoded).join(''), 'gi'), MASK)
  redacted = redacted.replace(new RegExp(Buffer.from(key, 'utf8').toString('hex'), 'gi'), MASK)
  for (const piece of base64Pieces(key)) redacted = redacted.split(piece).join(MASK)
  return redacted
}

/**
 * A job record as the rest of the action sees it: the key taken out of every field, and of the words
 * that say why a body is not a record. A record whose id holds the key is refused, not masked: the id
 * goes into request paths, markers and outputs, where a masked id would name no job.
 */
export function redactJob(parsed: ParsedJob, key: string): ParsedJob {
  if ('problem' in parsed) return { problem: redactKey(parsed.problem, key) }
  if (redactKey(parsed.job.id, key) !== parsed.job.id) return { problem: 'its "id" contains the API key' }
  const job: unknown = JSON.parse(JSON.stringify(parsed.job), (_name, value: unknown) =>
    typeof value === 'string' ? redactKey(value, key) : value
  )
  return { job: job as typeof parsed.job }
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
    if (piece.length < MIN_BASE64_PIECE) continue
    pieces.add(piece)
    pieces.add(piece.replace(/\+/g, '-').replace(/\//g, '_'))
  }
  return [...pieces]
}
