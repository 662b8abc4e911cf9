// The hidden first line of a progress comment, written and read back: its fields (marker-fields.ts
// says what each means) in one fixed spelling, and their signature. GitHub does not render HTML
// comments.
//
// Anyone can post a comment that looks like a marker, under any account, so a marker is trusted for
// its signature alone: an HMAC over its fields with a key derived from the API key. Only a run that
// holds the key can write a marker that verifies, and one copied to another thread or edited to name
// another job, run or step does not.
import { createHmac, timingSafeEqual } from 'node:crypto'
import { isPositiveInteger } from '../base/identifier.js'
import type { CompanionMark, DigestMark, MarkerPlace, ProgressMarker, WorkflowStep } from './marker-fields.js'

export type {
  CompanionMark,
  DigestMark,
  MarkerPlace,
  ProgressMarker,
  RunDecisions,
  WorkflowStep
} from './marker-fields.js'
export { isWrittenBy } from './marker-fields.js'

/** Signs markers; the key it holds is derived from the API key and project id, and never leaves it. */
export interface MarkerKey {
  signature(fields: string): Buffer
}

// The label separates this use of the API key from any other, so the marker key is not the API key
// and tells nothing about it. 128 bits of signature are far beyond guessing and keep the marker short.
const KEY_LABEL = 'docs-agent-action marker v1'
const SIGNATURE_BYTES = 16

/**
 * The key of one docs project: derived from the API key and the project id, so that a marker of
 * another project (another key, or the same key with a wrong `project-id`) does not verify, and a
 * reconcile run never reports that project's jobs lost.
 */
export function markerKey(apiKey: string, projectId: string): MarkerKey {
  // The label has no NUL, so the project id that follows it cannot be read as part of it.
  const key = createHmac('sha256', apiKey).update(`${KEY_LABEL}\0${projectId}`).digest()
  return {
    signature: (fields) => createHmac('sha256', key).update(fields).digest().subarray(0, SIGNATURE_BYTES)
  }
}

/** Who writes a marker: the workflow step it names, and the key that signs it. */
export interface MarkerSigner extends WorkflowStep {
  key: MarkerKey
}

/** The signer of every marker a run writes: its step, and the key of the docs project its settings name. */
export function markerSigner(
  { runId, workflowJob, step }: WorkflowStep,
  { apiKey, projectId }: { apiKey: string; projectId: string }
): MarkerSigner {
  return { runId, workflowJob, step, key: markerKey(apiKey, projectId) }
}

const PREFIX = '<!-- docs-agent-action'

// Text fields are percent-encoded down to letters, digits and "._~-", so no value (a job id may be
// almost any text) can end the HTML comment, add a field or pass for another. Numbers are plain
// digits. Anchored at the very start of the body, fields in a fixed order.
const CHAR = '(?:[A-Za-z0-9._~-]|%[0-9A-F]{2})'
const ENCODED = `${CHAR}+`
const text = (name: string) => `(?<${name}>${ENCODED})`
const number = (name: string) => `(?<${name}>[1-9][0-9]{0,15})`
// A list: its items encoded as text (so a comma in one is %2C), joined by commas; it may be empty.
const list = (name: string) => `(?<${name}>(?:${ENCODED}(?:,${ENCODED})*)?)`
const MARKER = new RegExp(
  `^${PREFIX} (?<fields>repo=${text('repository')} thread=${number('thread')} run=${text('runId')} ` +
    `workflow-job=${text('workflowJob')} step=${text('step')}(?: job=${text('jobId')})?(?: trigger=${number('trigger')})?(?: comment=${number('comment')})?` +
    `(?: state=(?<state>working|queued|creating))?(?: retry-at=${number('retryAt')})?(?: prompt=(?<promptDigest>[0-9a-f]{64}))?` +
    `(?: unsure-create=${number('unsureCreate')})?(?: earlier-pr=${text('earlierPrLink')})?` +
    `(?: occasion=(?<startedBy>merged-pr))?(?: note=(?<note>new-job|companion))?` +
    `(?: kind=(?<kind>docs-pr|refused|digest-thread))?(?: from=${text('origin')})?(?: request=${text('request')})?(?: by=${text('requester')})?` +
    `(?: phrase=(?<phrase>${CHAR}*))?(?: reviewers=${list('reviewers')})?(?: labels=${list('labels')})?` +
    `(?: digest-from=(?<digestFrom>0|[1-9][0-9]{0,15}) digest-to=${number('digestTo')} digest-prs=(?<digestPulls>(?:[1-9][0-9]{0,15}(?:,[1-9][0-9]{0,15})*)?) digest-branch=${text('digestBranch')}(?: digest-head=(?<digestHead>[0-9a-f]{40}))?(?: digest-done=(?<digestDone>1))?)?` +
    `(?: companion-head=(?<companionHead>[0-9a-f]{7,64})(?: companion-pr=${text('companionPr')})?(?: companion-closed=(?<companionClosed>1))?(?: companion-merge=(?<companionMerge>auto))?)?` +
    `(?: check-head=(?<checkHead>[0-9a-f]{7,64}))?)` +
    ` sig=(?<signature>[0-9a-f]{${SIGNATURE_BYTES * 2}}) -->`
)

export function formatMarker(marker: ProgressMarker, key: MarkerKey): string {
  const fields = formatFields(marker)
  return `${PREFIX} ${fields} sig=${key.signature(fields).toString('hex')} -->`
}

/**
 * The marker at the start of a comment body when it is signed with this key and sits at this place
 * (and, once it names its comment, in that comment); undefined for anything else, including a marker
 * copied from another thread or comment, or altered in any way.
 */
export function readMarker(
  body: string,
  key: MarkerKey,
  place: MarkerPlace & { commentId?: number }
): ProgressMarker | undefined {
  const matched = MARKER.exec(body)?.groups
  if (!matched) return undefined
  const fields = matched.fields ?? ''
  const signature = Buffer.from(matched.signature ?? '', 'hex')
  if (!timingSafeEqual(key.signature(fields), signature)) return undefined
  const marker = decodeFields(fields, matched)
  if (!marker || marker.repository !== place.repository || marker.threadNumber !== place.threadNumber) return undefined
  if (marker.commentId !== undefined && marker.commentId !== place.commentId) return undefined
  return marker
}

/**
 * Whether the body starts like a progress comment, signed or not: such a comment never triggers a
 * run, even when its signature does not verify.
 */
export function isProgressComment(body: string): boolean {
  return body.startsWith(PREFIX)
}

function formatFields(marker: ProgressMarker): string {
  const fields = [
    `repo=${encodeText('repository', marker.repository)}`,
    `thread=${encodeNumber('thread number', marker.threadNumber)}`,
    `run=${encodeText('run id', marker.runId)}`,
    `workflow-job=${encodeText('workflow job', marker.workflowJob)}`,
    `step=${encodeText('step', marker.step)}`
  ]
  if (marker.jobId !== undefined) fields.push(`job=${encodeText('job id', marker.jobId)}`)
  if (marker.triggerCommentId !== undefined) {
    fields.push(`trigger=${encodeNumber('trigger comment id', marker.triggerCommentId)}`)
  }
  if (marker.commentId !== undefined) fields.push(`comment=${encodeNumber('comment id', marker.commentId)}`)
  if (marker.state !== undefined) fields.push(`state=${marker.state}`)
  if (marker.retryAt !== undefined) fields.push(`retry-at=${encodeNumber('retry instant', marker.retryAt)}`)
  if (marker.promptDigest !== undefined) fields.push(`prompt=${encodeDigest(marker.promptDigest)}`)
  if (marker.unsureCreate !== undefined) {
    fields.push(`unsure-create=${encodeNumber('unsure create attempt', marker.unsureCreate)}`)
  }
  if (marker.earlierPrLink !== undefined) {
    fields.push(`earlier-pr=${encodeText('earlier pull request', marker.earlierPrLink)}`)
  }
  if (marker.startedBy !== undefined) fields.push(`occasion=${marker.startedBy}`)
  if (marker.note !== undefined) fields.push(`note=${marker.note}`)
  if (marker.kind !== undefined) fields.push(`kind=${marker.kind}`)
  if (marker.origin !== undefined) fields.push(`from=${encodeText('origin', marker.origin)}`)
  if (marker.request !== undefined) fields.push(`request=${encodeText('request', marker.request)}`)
  if (marker.requester !== undefined) fields.push(`by=${encodeText('requester', marker.requester)}`)
  if (marker.phrase !== undefined)
    fields.push(`phrase=${marker.phrase === '' ? '' : encodeText('phrase', marker.phrase)}`)
  if (marker.reviewers !== undefined) fields.push(`reviewers=${encodeList('reviewer', marker.reviewers)}`)
  if (marker.labels !== undefined) fields.push(`labels=${encodeList('label', marker.labels)}`)
  if (marker.digest !== undefined) fields.push(...digestFields(marker.digest))
  if (marker.companion !== undefined) fields.push(...companionFields(marker.companion))
  if (marker.checkHead !== undefined) fields.push(`check-head=${encodeHead('check head', marker.checkHead)}`)
  return fields.join(' ')
}

function digestFields({ from, to, pulls, branch, head, done }: DigestMark): string[] {
  const start = from === 0 ? '0' : encodeNumber('digest start', from)
  const numbers = pulls.map((pull) => encodeNumber('digest pull request', pull)).join(',')
  return [
    `digest-from=${start}`,
    `digest-to=${encodeNumber('digest end', to)}`,
    `digest-prs=${numbers}`,
    `digest-branch=${encodeText('digest branch', branch)}`,
    ...(head === undefined ? [] : [`digest-head=${encodeSha(head)}`]),
    ...(done ? ['digest-done=1'] : [])
  ]
}

function companionFields({ head, pullRequest, closed, landing }: CompanionMark): string[] {
  return [
    `companion-head=${encodeHead('companion head', head)}`,
    ...(pullRequest ? [`companion-pr=${encodeText('companion pull request', pullRequest)}`] : []),
    ...(closed ? ['companion-closed=1'] : []),
    ...(landing ? [`companion-merge=${landing}`] : [])
  ]
}

function encodeHead(name: string, head: string): string {
  if (!/^[0-9a-f]{7,64}$/.test(head)) throw markerError(`the ${name} ${JSON.stringify(head)} is not a commit SHA`)
  return head
}

function encodeText(name: string, value: string): string {
  if (value === '') throw markerError(`the ${name} is empty`)
  let encoded: string
  try {
    encoded = encodeURIComponent(value)
  } catch {
    throw markerError(`the ${name} ${JSON.stringify(value)} is not well-formed Unicode`)
  }
  return encoded.replace(/[!'()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`)
}

function encodeDigest(value: string): string {
  if (!/^[0-9a-f]{64}$/.test(value)) throw markerError(`the prompt digest ${JSON.stringify(value)} is not SHA-256 hex`)
  return value
}

function encodeList(name: string, values: readonly string[]): string {
  return values.map((value) => encodeText(name, value)).join(',')
}

function encodeSha(sha: string): string {
  if (!/^[0-9a-f]{40}$/.test(sha)) throw markerError(`the digest head ${JSON.stringify(sha)} is not a commit SHA`)
  return sha
}

function encodeNumber(name: string, value: number): string {
  if (!isPositiveInteger(value)) throw markerError(`the ${name} ${String(value)} is not a positive integer`)
  return String(value)
}

function markerError(problem: string): Error {
  return new Error(`Cannot write the progress comment marker: ${problem}. Check where this value came from.`)
}

function decodeList(encoded: string): string[] {
  return encoded === '' ? [] : encoded.split(',').map((item) => decodeURIComponent(item))
}

/** The fields the marker's pattern matched, when `fields` is exactly what formatFields writes for them. */
function decodeFields(fields: string, matched: Record<string, string | undefined>): ProgressMarker | undefined {
  const {
    repository = '',
    thread,
    runId = '',
    workflowJob = '',
    step = '',
    jobId,
    trigger,
    comment,
    state,
    retryAt,
    promptDigest,
    unsureCreate,
    earlierPrLink,
    startedBy,
    note,
    kind,
    origin,
    request,
    requester,
    phrase,
    reviewers,
    labels,
    digestFrom,
    digestTo,
    digestPulls,
    digestBranch,
    digestHead,
    digestDone,
    companionHead,
    companionPr,
    companionClosed,
    companionMerge,
    checkHead
  } = matched
  try {
    const marker: ProgressMarker = {
      repository: decodeURIComponent(repository),
      threadNumber: Number(thread),
      runId: decodeURIComponent(runId),
      workflowJob: decodeURIComponent(workflowJob),
      step: decodeURIComponent(step)
    }
    if (jobId !== undefined) marker.jobId = decodeURIComponent(jobId)
    if (trigger !== undefined) marker.triggerCommentId = Number(trigger)
    if (comment !== undefined) marker.commentId = Number(comment)
    if (state === 'working' || state === 'queued' || state === 'creating') marker.state = state
    if (retryAt !== undefined) marker.retryAt = Number(retryAt)
    if (promptDigest !== undefined) marker.promptDigest = promptDigest
    if (unsureCreate !== undefined) marker.unsureCreate = Number(unsureCreate)
    if (earlierPrLink !== undefined) marker.earlierPrLink = decodeURIComponent(earlierPrLink)
    if (startedBy === 'merged-pr') marker.startedBy = startedBy
    if (note === 'new-job' || note === 'companion') marker.note = note
    if (kind === 'docs-pr' || kind === 'refused' || kind === 'digest-thread') marker.kind = kind
    if (origin !== undefined) marker.origin = decodeURIComponent(origin)
    if (request !== undefined) marker.request = decodeURIComponent(request)
    if (requester !== undefined) marker.requester = decodeURIComponent(requester)
    if (phrase !== undefined) marker.phrase = decodeURIComponent(phrase)
    if (reviewers !== undefined) marker.reviewers = decodeList(reviewers)
    if (labels !== undefined) marker.labels = decodeList(labels)
    if (digestFrom !== undefined && digestTo !== undefined && digestPulls !== undefined && digestBranch !== undefined) {
      const pulls = digestPulls === '' ? [] : digestPulls.split(',').map(Number)
      marker.digest = {
        from: Number(digestFrom),
        to: Number(digestTo),
        pulls,
        branch: decodeURIComponent(digestBranch)
      }
      if (digestHead !== undefined) marker.digest.head = digestHead
      if (digestDone === '1') marker.digest.done = true
    }
    if (companionHead !== undefined) {
      marker.companion = { head: companionHead }
      if (companionPr !== undefined) marker.companion.pullRequest = decodeURIComponent(companionPr)
      if (companionClosed === '1') marker.companion.closed = true
      if (companionMerge === 'auto') marker.companion.landing = 'auto'
    }
    if (checkHead !== undefined) marker.checkHead = checkHead
    // Only the one spelling formatFields writes: another encoding of the same values is not a marker.
    return formatFields(marker) === fields ? marker : undefined
  } catch {
    // Escapes that are not UTF-8, or a number past the safe range: nothing formatMarker writes.
    return undefined
  }
}
