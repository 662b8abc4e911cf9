// The hidden first line of a progress comment. It ties the comment to the workflow run that wrote it
// (a re-run edits its own comment; two runs never edit each other's) and names the job, so a later
// trigger on the thread can send a follow-up. GitHub does not render HTML comments.
import { IDENTIFIER_CHARS, isPlainIdentifier } from '../identifier.js'

export interface ProgressMarker {
  runId: string
  jobId?: string
  triggerCommentId?: number
}

// Values are written into markdown and later read back from a comment anyone could have edited or
// imitated, so only plain identifiers go in and come out.
const PREFIX = '<!-- docs-agent-action'

// Anchored at the very start of the body, fields in a fixed order: a marker quoted inside an ordinary
// comment, or one with an extra field or a stray character, is not ours.
const MARKER = new RegExp(
  `^${PREFIX} run=(${IDENTIFIER_CHARS})(?: job=(${IDENTIFIER_CHARS}))?(?: trigger=([1-9][0-9]*))? -->`
)

function isCommentId(value: number): boolean {
  return Number.isSafeInteger(value) && value > 0
}

function requireIdentifier(name: string, value: string): void {
  if (!isPlainIdentifier(value)) {
    throw new Error(
      `Cannot write the progress comment marker: the ${name} ${JSON.stringify(value)} is not a plain ` +
        'identifier (letters, digits, "-", "_", "."). Check where this value came from.'
    )
  }
}

export function formatMarker(marker: ProgressMarker): string {
  requireIdentifier('run id', marker.runId)
  let text = `${PREFIX} run=${marker.runId}`
  if (marker.jobId !== undefined) {
    requireIdentifier('job id', marker.jobId)
    text += ` job=${marker.jobId}`
  }
  if (marker.triggerCommentId !== undefined) {
    if (!isCommentId(marker.triggerCommentId)) {
      throw new Error(
        `Cannot write the progress comment marker: the trigger comment id ${marker.triggerCommentId} ` +
          'is not a positive integer.'
      )
    }
    text += ` trigger=${marker.triggerCommentId}`
  }
  return `${text} -->`
}

/** The marker at the start of a comment body, or undefined when the body does not start with one. */
export function parseMarker(body: string): ProgressMarker | undefined {
  const match = MARKER.exec(body)
  if (!match) return undefined
  const [, runId, jobId, trigger] = match
  if (runId === undefined || !isPlainIdentifier(runId)) return undefined
  if (jobId !== undefined && !isPlainIdentifier(jobId)) return undefined
  const marker: ProgressMarker = { runId }
  if (jobId !== undefined) marker.jobId = jobId
  if (trigger !== undefined) {
    const triggerCommentId = Number(trigger)
    if (!isCommentId(triggerCommentId)) return undefined
    marker.triggerCommentId = triggerCommentId
  }
  return marker
}

export function isProgressComment(body: string): boolean {
  return parseMarker(body) !== undefined
}
