// Agent API failures as one error class, and the words a user reads for each: what happened,
// what it means, what to do next.
import { formatDuration, timeoutSpent } from '../base/duration.js'
import type { FailReason, Operation } from './retry.js'

export type FailureReason =
  | FailReason
  | 'cancelled'
  | 'cancelled-after-sending'
  | 'untrusted-certificate'
  /** The deadline had passed before the first try: nothing was sent. */
  | 'out-of-time'

export interface FailureContext {
  operation: Operation
  reason: FailureReason
  /** URL without query; never holds the key. */
  url: string
  tries: number
  jobId?: string | undefined
  status?: number | undefined
  apiMessage?: string | undefined
  code?: string | undefined
  /** Why a 2xx answer's body is not the job record that was asked for. */
  problem?: string | undefined
  /** The wait a 429 or 503 asked for (its Retry-After), when it said one. */
  retryAfterMs?: number | undefined
  /** How much of the "timeout" had passed when the request gave up, and the whole of it. */
  waitedMs: number
  timeoutMs: number
}

export class AgentApiError extends Error {
  readonly operation: Operation
  readonly reason: FailureReason
  readonly status: number | undefined
  readonly apiMessage: string | undefined
  /** A create or message whose request may have taken effect although no job came back. */
  readonly jobMayExist: boolean
  /**
   * What the last try got when the service answered, but not with the job's record (a 404, or a body
   * that is not the record): a wait that runs out on it says this rather than "still running".
   */
  readonly notTheJob: string | undefined
  /** The wait the last answer's Retry-After asked for (a 429 or 503), when it gave one. */
  readonly retryAfterMs: number | undefined

  constructor(message: string, context: FailureContext) {
    super(message)
    this.name = 'AgentApiError'
    this.operation = context.operation
    this.reason = context.reason
    this.status = context.status
    this.apiMessage = context.apiMessage
    this.retryAfterMs = context.retryAfterMs
    this.jobMayExist = context.reason === 'maybe-processed' || context.reason === 'cancelled-after-sending'
    this.notTheJob = context.status === 404 || context.problem !== undefined ? answerText(context) : undefined
  }
}

const NETWORK_HINT = 'Check "base-url" and the runner\'s network: HTTPS_PROXY/NO_PROXY if it needs a proxy.'

const ACTION: Record<Operation, string> = {
  create: 'Creating the agent job',
  get: 'Reading the agent job',
  message: 'Sending the follow-up message'
}

export function describeFailure(context: FailureContext): string {
  const what = `${ACTION[context.operation]}${context.jobId ? ` ${context.jobId}` : ''}`
  const answer = answerText(context)
  switch (context.reason) {
    case 'rejected':
      return `${what} failed: ${answer}. ${rejectionHint(context.status)}`
    case 'not-found':
      return context.operation === 'create'
        ? `${what} failed: ${answer}. The project was not found: check "project-id" against the dashboard's API keys page.`
        : `${what} failed: ${answer}${context.tries > 1 ? ` after ${context.tries} tries` : ''}. ` +
            'Job not found: check "job-id", and that it belongs to the project in "project-id".'
    case 'rate-limited-past-deadline':
      return `${what} failed: ${answer}. ${rateLimitText(context)} Re-run later, or space out the runs that use this project.`
    case 'maybe-processed':
      return (
        `${what} failed after the request was sent: ${answer}. The service may have acted on it, so it was not retried ` +
        'to avoid a duplicate job. Check the agent jobs on the dashboard before re-running; to follow a job that exists, ' +
        'run the action with its "job-id".'
      )
    case 'unreachable':
      return (
        `${what} failed: ${context.url} could not be reached (${context.code ?? 'no connection'}) after ${context.tries} tries. ` +
        NETWORK_HINT
      )
    case 'untrusted-certificate':
      return (
        `${what} failed: the TLS certificate of ${new URL(context.url).host} is not trusted (${context.code}). ` +
        "Behind a TLS-inspecting proxy, point NODE_EXTRA_CA_CERTS at a file with your organisation's CA certificates."
      )
    case 'deadline':
      return (
        `${what} failed: ${answer}; stopped ${timeoutSpent(context.waitedMs, context.timeoutMs)}. Re-run, or raise "timeout".` +
        (context.status === undefined ? ` ${NETWORK_HINT}` : '')
      )
    case 'out-of-time':
      return (
        `${what} was not sent: the ${formatDuration(context.timeoutMs)} "timeout" had run out before it could go, ` +
        'so nothing was created or sent. Re-run, or raise "timeout".'
      )
    case 'cancelled':
      return `${what} was stopped: the workflow was cancelled.`
    case 'cancelled-after-sending':
      return (
        `${what} was stopped by the cancelled workflow after the request was sent, so the service may have acted on it. ` +
        'Check the agent jobs on the dashboard before re-running, to avoid a duplicate job.'
      )
  }
}

/** A 429 that held a create or message back: what the service said of the wait, and only that. */
function rateLimitText({ retryAfterMs, tries, waitedMs, timeoutMs }: FailureContext): string {
  const limit = "The project's limit of 100 jobs and messages per hour"
  if (retryAfterMs !== undefined && retryAfterMs > timeoutMs - waitedMs) {
    return `${limit} is used up, and the service asked to wait ${formatDuration(retryAfterMs)}, past the "timeout".`
  }
  const unsaid = retryAfterMs === undefined ? ' without saying for how long (no Retry-After)' : ''
  const what = tries === 1 ? 'the request' : `all ${tries} tries`
  return `The service rate-limited ${what}${unsaid}, and the next try would have passed the "timeout". ${limit} may be used up.`
}

function answerText({ status, apiMessage, code, problem }: FailureContext): string {
  if (status === undefined) return code ? `no answer (${code})` : 'no answer'
  if (problem) return `the service answered ${status} with a body that is not the agent job's record (${problem})`
  const body = apiMessage ? ` ${JSON.stringify(apiMessage)}` : ''
  return `the service answered ${status}${body}`
}

function rejectionHint(status: number | undefined): string {
  switch (status) {
    case 401:
      return "The API key was refused: it is wrong, revoked or expired. Create a new admin key on the dashboard's API keys page and update the secret."
    case 403:
      return (
        "The API key may not do this: it lacks the needed scope, or the key's IP allow-list excludes this runner " +
        "(GitHub-hosted runners have no fixed address). Check the key's scope and allow-list on the dashboard."
      )
    case 400:
      return 'The service refused the request as invalid; the message above says why.'
    default:
      return 'This is not an answer that a retry would change.'
  }
}
