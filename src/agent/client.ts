// The agent API client: create a job, read it, send it a message. Every request follows the retry
// decision of retry.ts and stops at the deadline; every failure is one AgentApiError.
import type { Clock } from '../base/clock.js'
import { type AgentJob, parseErrorText, parseJob } from './job.js'
import { retryAfterMs } from '../http/retry-after.js'
import { type Attempt, decideRetry, type Operation } from './retry.js'
import { deadlineSignal } from '../http/deadline-signal.js'
import { ExchangeError, isCertificateError, Transport } from '../http/transport.js'
import { AgentApiError, describeFailure, type FailureContext } from './errors.js'
import { redactKey } from './redact.js'

export interface AgentClientOptions {
  baseUrl: URL
  apiKey: string
  projectId: string
  clock: Clock
  /** Epoch ms after which nothing is retried and in-flight requests are aborted. */
  deadline: number
  /** The whole "timeout" that ends at `deadline`, to say how much of it a failure used. */
  timeoutMs: number
  /** Aborts everything (a cancelled workflow). */
  signal?: AbortSignal
  requestTimeoutMs?: number
  random?: () => number
  userAgent?: string
  /** Told about every retry, for the debug log. */
  onRetry?: (message: string) => void
}

const DEFAULT_REQUEST_TIMEOUT_MS = 30_000

export class AgentClient {
  private readonly transport = new Transport()

  constructor(private readonly options: AgentClientOptions) {}

  createJob(prompt: string): Promise<AgentJob> {
    return this.request('create', 'POST', [], { prompt })
  }

  getJob(jobId: string): Promise<AgentJob> {
    return this.request('get', 'GET', [jobId])
  }

  sendMessage(jobId: string, prompt: string): Promise<AgentJob> {
    return this.request('message', 'POST', [jobId, 'message'], { prompt })
  }

  close(): void {
    this.transport.close()
  }

  private async request(
    operation: Operation,
    method: 'GET' | 'POST',
    segments: string[],
    payload?: { prompt: string }
  ): Promise<AgentJob> {
    const { clock, deadline, timeoutMs } = this.options
    const url = this.url(segments)
    const jobId = operation === 'create' ? undefined : segments[0]
    let notFoundCount = 0
    for (let tries = 1; ; tries++) {
      // A request sent with no time left would be cut off at once: a create might still land, unseen.
      if (tries === 1 && clock.now() >= deadline) {
        const context = { operation, jobId, tries: 0, url: this.redacted(url), waitedMs: timeoutMs, timeoutMs }
        throw this.error({ ...context, reason: 'out-of-time' })
      }
      const outcome = await this.exchangeOnce(method, url, jobId, payload)
      if ('job' in outcome) return outcome.job
      const { attempt, ...answer } = outcome
      if (attempt.kind === 'answer' && attempt.status === 404) notFoundCount++
      const waitedMs = timeoutMs - (deadline - clock.now())
      const asked = attempt.kind === 'answer' ? retryAfterMs(attempt.retryAfter, clock.now(), attempt.date) : undefined
      const context = {
        operation,
        jobId,
        ...answer,
        tries,
        url: this.redacted(url),
        waitedMs,
        timeoutMs,
        retryAfterMs: asked
      }
      if (this.options.signal?.aborted) {
        // A create or message cut off after sending may still have taken effect.
        const inFlight = operation !== 'get' && attempt.kind === 'lost'
        throw this.error({ ...context, reason: inFlight ? 'cancelled-after-sending' : 'cancelled' })
      }
      if (isCertificateError(answer.code)) throw this.error({ ...context, reason: 'untrusted-certificate' })
      const decision = decideRetry({
        operation,
        attempt,
        tries,
        notFoundCount,
        now: clock.now(),
        deadline,
        random: (this.options.random ?? Math.random)()
      })
      if (decision.kind === 'fail') throw this.error({ ...context, reason: decision.reason })
      this.options.onRetry?.(
        `${operation} ${this.redacted(url)}: ${answer.status ?? answer.code ?? 'no answer'}; try ${tries + 1} in ${decision.delayMs} ms`
      )
      await clock.sleep(decision.delayMs, this.options.signal)
    }
  }

  /** One request; `jobId` is the job the answer must be the record of (none for a create). */
  private async exchangeOnce(
    method: 'GET' | 'POST',
    url: URL,
    jobId: string | undefined,
    payload: { prompt: string } | undefined
  ): Promise<
    { job: AgentJob } | { attempt: Attempt; status?: number; apiMessage?: string; code?: string; problem?: string }
  > {
    const { clock, deadline, signal } = this.options
    const remaining = Math.max(0, deadline - clock.now())
    const timeout = Math.min(this.options.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS, remaining)
    try {
      const answer = await this.transport.send({
        method,
        url,
        signal: deadlineSignal(clock, timeout, signal),
        headers: this.headers(payload !== undefined),
        body: payload && JSON.stringify(payload)
      })
      const body = parseJson(answer.body)
      if (answer.status >= 200 && answer.status < 300) {
        // The one place a record enters: whatever reads it later gets it without the key.
        const parsed = parseJob(body, this.options.apiKey, jobId)
        if ('job' in parsed) return parsed
        return { attempt: { kind: 'not-a-job', status: answer.status }, status: answer.status, problem: parsed.problem }
      }
      const { 'retry-after': retryAfter, date } = answer.headers
      const apiMessage = parseErrorText(body)
      return {
        attempt: { kind: 'answer', status: answer.status, retryAfter, date },
        status: answer.status,
        ...(apiMessage !== undefined && { apiMessage: redactKey(apiMessage, this.options.apiKey) })
      }
    } catch (error) {
      if (!(error instanceof ExchangeError)) throw error
      return { attempt: { kind: error.sent ? 'lost' : 'not-sent' }, code: error.code }
    }
  }

  private url(segments: string[]): URL {
    const base = this.options.baseUrl.href.replace(/\/+$/, '')
    const path = ['v2', 'agent', this.options.projectId, 'job', ...segments].map(encodeURIComponent)
    return new URL(`${base}/${path.join('/')}`)
  }

  private headers(withBody: boolean): Record<string, string> {
    return {
      authorization: `Bearer ${this.options.apiKey}`,
      accept: 'application/json',
      'user-agent': this.options.userAgent ?? 'docs-agent-action',
      ...(withBody && { 'content-type': 'application/json' })
    }
  }

  private error(context: FailureContext): AgentApiError {
    return new AgentApiError(describeFailure(context), context)
  }

  private redacted(url: URL): string {
    return `${url.origin}${url.pathname}`
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}
