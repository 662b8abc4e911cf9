// A create the agent API held back (429), kept on the thread's progress comment until a reconcile run
// sends it: the prompt itself, as it would have been sent, in a hidden block right after the marker,
// and its SHA-256 signed in the marker (state `queued`). The block is Base64 inside an HTML comment:
// its letters can neither end the comment nor be read as markdown, so no text around it, and no
// prompt, changes what is read back; the signed digest makes any edit of it show.
import { createHash } from 'node:crypto'
import type { ProgressMarker } from './marker-fields.js'

/** A request waiting on its comment: the prompt, and when the service said it may be tried (epoch ms). */
export interface QueuedRequest {
  prompt: string
  /** Undefined when the 429 said no Retry-After: the next reconcile run tries it. */
  retryAt: number | undefined
}

const BLOCK_START = '<!-- docs-agent-action prompt '
const BLOCK_END = ' -->'

/** The SHA-256 of the prompt's UTF-8 bytes, as the marker signs it. */
export function promptDigest(prompt: string): string {
  return createHash('sha256').update(prompt, 'utf8').digest('hex')
}

/** The hidden block holding the prompt, the line after the marker. */
export function promptBlock(prompt: string): string {
  return `${BLOCK_START}${Buffer.from(prompt, 'utf8').toString('base64')}${BLOCK_END}`
}

/** How many characters the block takes for this prompt: what a comment must have room for. */
export function promptBlockLength(prompt: string): number {
  return BLOCK_START.length + 4 * Math.ceil(Buffer.byteLength(prompt, 'utf8') / 3) + BLOCK_END.length
}

/** The marker's fields for a request that waits (`queued`) or whose create a reconcile run began (`creating`). */
export function queuedFields(
  request: QueuedRequest,
  state: 'queued' | 'creating'
): Pick<ProgressMarker, 'state' | 'retryAt' | 'promptDigest'> {
  return {
    state,
    ...(request.retryAt !== undefined && { retryAt: request.retryAt }),
    promptDigest: promptDigest(request.prompt)
  }
}

/**
 * The prompt a comment holds, when its block is the second line of `body` (the first is the marker)
 * and its digest is the one the verified marker signs; undefined when it is missing or was changed.
 */
export function readQueuedPrompt(body: string, signedDigest: string | undefined): string | undefined {
  if (signedDigest === undefined) return undefined
  const firstBreak = body.indexOf('\n')
  const secondBreak = body.indexOf('\n', firstBreak + 1)
  const line = firstBreak < 0 ? '' : body.slice(firstBreak + 1, secondBreak < 0 ? undefined : secondBreak)
  if (!line.startsWith(BLOCK_START) || !line.endsWith(BLOCK_END)) return undefined
  const encoded = line.slice(BLOCK_START.length, line.length - BLOCK_END.length)
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(encoded)) return undefined
  const prompt = Buffer.from(encoded, 'base64').toString('utf8')
  return promptDigest(prompt) === signedDigest ? prompt : undefined
}
