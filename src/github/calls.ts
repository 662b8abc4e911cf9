// One logical GitHub call: an octokit request tried again as retry.ts decides, its waits and pages
// all under CallLimits (one deadline, and a signal that also carries the run's cancellation),
// failing as a GitHubCallError. octokit's paginate is not used: it drops the signal after the first
// page and follows a Link to another host with the token (ADR 0008). The GitHub calls of
// thread-calls.ts, label-calls.ts, review-calls.ts, change-reads.ts, digest-reads.ts and
// workflow-calls.ts are made of these (ADR 0001).
import type { Clock } from '../base/clock.js'
import { formatDuration } from '../base/duration.js'
import { messageOf } from '../base/error-message.js'
import { isArray } from './described.js'
import { readList } from './records.js'
import { decideGitHubRetry, type GitHubAttempt } from './retry.js'
import { deadlineSignal } from '../http/deadline-signal.js'
import { type BodyReader, TOO_LARGE } from '../http/transport.js'
import {
  type Answer,
  answerFailure,
  type Call,
  type Failure,
  failureOf,
  type GitHubClient,
  type Octokit
} from './octokit.js'

/** What bounds one logical call: every try, every wait between tries and every page of it. */
export interface CallLimits {
  /** Clock time by which the call is over. */
  deadline: number
  /** Aborts a request in flight: the time is up, or the run was cancelled. */
  signal: AbortSignal
  budgetMs: number
}

/** A GitHub call that failed for good, after the tries its limits allowed. */
export class GitHubCallError extends Error {
  constructor(
    message: string,
    /** GitHub's last answer, when it answered. */
    readonly status: number | undefined,
    /** GitHub may have carried the request out though it did not say so (a 5xx, or no answer). */
    readonly mayHaveActed: boolean,
    /** A rate limit refused it, and asked for a wait longer than the call had: how long. */
    readonly rateLimitWaitMs?: number
  ) {
    super(message)
    this.name = 'GitHubCallError'
  }
}

/** Limits that end `budgetMs` from now, or when `cancel` aborts. */
export function callLimits(clock: Clock, budgetMs: number, cancel?: AbortSignal): CallLimits {
  return { deadline: clock.now() + budgetMs, signal: deadlineSignal(clock, budgetMs, cancel), budgetMs }
}

export interface SendOptions {
  /** Reads a success's body as it arrives (a file listing without its patches). */
  bodyReader?: () => BodyReader
  /** The answer is text (a diff), not JSON. */
  text?: boolean
}

/**
 * The calls a group of GitHubApi methods is written with, for one repository. A call is octokit's
 * endpoint method given the `request` option each try makes (its signal):
 * `(request) => octokit.rest.issues.get({ ...repo, issue_number, request })`.
 */
export interface RepositoryCalls {
  octokit: Octokit
  /** The repository, as octokit's endpoint methods take it. */
  repo: { owner: string; repo: string }
  /** One call, tried again as retry.ts decides; its answer as octokit gives it, a JSON body parsed. */
  send: <T>(
    what: string,
    idempotent: boolean,
    limits: CallLimits,
    call: Call<T>,
    options?: SendOptions
  ) => Promise<Answer<T>>
  /** A JSON call: the answer's body, as `read` makes it (an answer it cannot read fails the call). */
  json: <R>(
    what: string,
    idempotent: boolean,
    limits: CallLimits,
    call: Call<unknown>,
    read: (value: unknown) => R | undefined,
    options?: SendOptions
  ) => Promise<R>
  /**
   * Every page of a list, from `first` on by the Link header, up to `max` items when given, each
   * item read by `read`; each page's body made by `bodyReader` when given, as it arrives.
   */
  list: <R>(
    what: string,
    limits: CallLimits,
    first: Call<unknown>,
    read: (item: unknown) => R | undefined,
    options?: { max?: number; bodyReader?: () => BodyReader }
  ) => Promise<{ items: R[]; more: boolean }>
  /** One page of a list (`first`, or a `next` this gave), and the next page's URL from the Link header. */
  page: <R>(
    what: string,
    limits: CallLimits,
    from: Call<unknown> | string,
    read: (item: unknown) => R | undefined
  ) => Promise<{ items: R[]; next: string | undefined }>
  /**
   * A list read from both ends, for one whose newest items come last: its first page, then the
   * pages from the last back (the Link header's `last`, then each page's `prev`), until `enough`
   * says the pages read hold what the reader needs, or `maxPages` pages were read.
   */
  listFromEnd: <R>(
    what: string,
    limits: CallLimits,
    first: Call<unknown>,
    read: (item: unknown) => R | undefined,
    options: { maxPages: number; enough: (pages: PagesRead<R>) => boolean }
  ) => Promise<PagesRead<R>>
}

/** What listFromEnd read: the first page, and the pages read back from the last one. */
export interface PagesRead<T> {
  first: T[]
  /** The items of the pages read from the last one back, oldest first. */
  newest: T[]
  /** Every page was read. */
  complete: boolean
  /** How many pages were read. */
  pageCount: number
}

export interface CallTarget {
  client: GitHubClient
  owner: string
  repo: string
  clock: Clock
  /** Told when a call is tried again, and why. */
  onRetry: (message: string) => void
}

export function repositoryCalls(target: CallTarget): RepositoryCalls {
  const { client, clock } = target
  const send: RepositoryCalls['send'] = async (what, idempotent, limits, call, { bodyReader, text = false } = {}) => {
    let attempt: GitHubAttempt | undefined
    for (let tries = 1; ; tries++) {
      try {
        const answer = await call(client.requestOptions(limits.signal, bodyReader))
        const failure = answer.status >= 300 ? answerFailure(answer) : readBody(answer, text)
        if (!failure) return answer
        attempt = attemptOf(failure)
      } catch (error) {
        if (limits.signal.aborted) throw stopped(what, limits, idempotent, attempt)
        const failure = failureOf(error)
        // The same answer would come again, as large: say so at once rather than fetch it four times.
        if (failure.kind === 'no-answer' && failure.error.code === TOO_LARGE) {
          throw new GitHubCallError(
            `GitHub's answer to the ${what} is too large (${failure.error.message})`,
            undefined,
            false
          )
        }
        attempt = attemptOf(failure)
      }
      const decision = decideGitHubRetry({ attempt, idempotent, tries, now: clock.now(), deadline: limits.deadline })
      if (decision.kind === 'fail') {
        const status = attempt.kind === 'answer' ? attempt.status : undefined
        const tried = tries > 1 ? ` (${tries} tries)` : ''
        const wait = decision.rateLimitWaitMs
        const rateLimit =
          wait === undefined
            ? ''
            : `; a rate limit, and its ${formatDuration(wait)} wait is longer than the call may take`
        throw new GitHubCallError(
          `${describeAttempt(attempt)}${tried}${rateLimit}`,
          status,
          decision.mayHaveActed,
          decision.rateLimitWaitMs
        )
      }
      target.onRetry(
        `GitHub ${what}: ${describeAttempt(attempt)}; trying again in ${formatDuration(decision.delayMs)}.`
      )
      await clock.sleep(decision.delayMs, limits.signal)
    }
  }
  // A Link to another host is refused: the token goes to the API's origin alone. A proxy in front of
  // GitHub Enterprise Server that rewrites hosts but not Link headers is the likely cause.
  const follow = (what: string, url: string): Call<unknown> => {
    const call = client.follow(url)
    if (call !== undefined) return call
    throw new GitHubCallError(
      `The ${what} stopped: GitHub named another host (${new URL(url).origin}) for its next page, and the token ` +
        `is sent only to ${client.origin}. If a proxy in front of GitHub rewrites hosts, have it rewrite Link headers too.`,
      undefined,
      false
    )
  }
  const pageAt = async <R>(
    what: string,
    limits: CallLimits,
    from: Call<unknown> | string,
    read: (item: unknown) => R | undefined
  ) => {
    const answer = await send(what, true, limits, typeof from === 'string' ? follow(what, from) : from)
    return { items: readAnswer(what, (value) => readList(value, read), answer.data), link: linkOf(answer) }
  }
  // Only URLs GitHub gave are followed, as for `list` (client.follow keeps them on the API's origin).
  async function listFromEnd<R>(
    what: string,
    limits: CallLimits,
    first: Call<unknown>,
    read: (item: unknown) => R | undefined,
    { maxPages, enough }: { maxPages: number; enough: (pages: PagesRead<R>) => boolean }
  ): Promise<PagesRead<R>> {
    const firstPage = await pageAt(what, limits, first, read)
    const fromEnd: R[][] = []
    const pages = (complete: boolean): PagesRead<R> => ({
      first: firstPage.items,
      newest: fromEnd.flat(),
      complete,
      pageCount: 1 + fromEnd.length
    })
    const next = linkUrl(firstPage.link, 'next')
    let complete = next === undefined
    let before = complete ? undefined : linkUrl(firstPage.link, 'last')
    while (before !== undefined && fromEnd.length + 1 < maxPages && !enough(pages(false))) {
      const { items, link } = await pageAt(what, limits, before, read)
      fromEnd.unshift(items)
      const previous = linkUrl(link, 'prev')
      // Page 1 is both `prev` and `first` of page 2, and was read first.
      complete = previous === undefined || previous === linkUrl(link, 'first')
      before = complete ? undefined : previous
    }
    return pages(complete)
  }
  return {
    octokit: client.octokit,
    repo: { owner: target.owner, repo: target.repo },
    send,
    json: async (what, idempotent, limits, call, read, options) =>
      readAnswer(what, read, (await send(what, idempotent, limits, call, options)).data),
    // Page by page under the same limits, following GitHub's Link header: a page that never comes is
    // cut off by the limits' signal like any call.
    list: async (what, limits, first, read, { max = Infinity, bodyReader } = {}) => {
      const items: unknown[] = []
      let next: Call<unknown> | undefined = first
      while (next !== undefined && items.length < max) {
        const answer: Answer<unknown> = await send(what, true, limits, next, { ...(bodyReader && { bodyReader }) })
        items.push(...readAnswer(what, (page) => (isArray(page) ? page : undefined), answer.data))
        const url = linkUrl(linkOf(answer), 'next')
        next = url === undefined ? undefined : follow(what, url)
      }
      const listed = readAnswer(what, (value) => readList(value, read), items)
      return { items: listed.slice(0, max), more: listed.length > max || next !== undefined }
    },
    page: async (what, limits, from, read) => {
      const { items, link } = await pageAt(what, limits, from, read)
      return { items, next: linkUrl(link, 'next') }
    },
    listFromEnd
  }
}

/**
 * The body octokit left unread, read in place. octokit parses only what is labelled JSON and gives
 * bytes for a media type without a charset: a JSON body is parsed here ('' is `{}`, a 204) or is
 * GitHub answering badly (502, tried again like any 5xx); a text body (a diff) is made a string.
 */
function readBody(answer: Answer<unknown>, text: boolean): Failure | undefined {
  const { data } = answer
  if (text || typeof data !== 'string') {
    if (data instanceof ArrayBuffer) answer.data = new TextDecoder().decode(data)
    return undefined
  }
  try {
    answer.data = data === '' ? {} : (JSON.parse(data) as unknown)
    return undefined
  } catch {
    const message = `GitHub answered ${answer.status} with a body that is not JSON`
    return { kind: 'answer', status: 502, message, headers: answer.headers }
  }
}

function linkOf(answer: Answer<unknown>): string | undefined {
  const link = answer.headers.link
  return link === undefined ? undefined : String(link)
}

/** The HTTP status of a GitHubCallError, if it is one. */
export function httpStatusOf(error: unknown): number | undefined {
  const status = (error as { status?: unknown } | null)?.status
  return typeof status === 'number' ? status : undefined
}

/** What GitHub answered to the `what` call; an answer of another shape fails the call. */
function readAnswer<T>(what: string, read: (value: unknown) => T | undefined, value: unknown): T {
  const parsed = read(value)
  if (parsed === undefined) {
    throw new GitHubCallError(`GitHub's answer to the ${what} is not of the shape the action reads`, undefined, false)
  }
  return parsed
}

/** A failed try as retry.ts sees it. */
function attemptOf(failure: Failure): GitHubAttempt {
  return failure.kind === 'answer' ? failure : { kind: 'no-answer', message: messageOf(failure.error) }
}

function describeAttempt(attempt: GitHubAttempt): string {
  return attempt.kind === 'answer'
    ? `GitHub answered ${attempt.status} (${attempt.message})`
    : `no answer from GitHub (${attempt.message})`
}

/** The call's signal aborted: its time ran out or the run was cancelled, maybe after failed tries. */
function stopped(
  what: string,
  limits: CallLimits,
  idempotent: boolean,
  last: GitHubAttempt | undefined
): GitHubCallError {
  const timedOut = (limits.signal.reason as Error | undefined)?.name === 'TimeoutError'
  const why = timedOut
    ? `the ${what} did not finish within its time limit of ${formatDuration(limits.budgetMs)}`
    : `the ${what} was stopped: the workflow was cancelled`
  const before = last ? `; before that, ${describeAttempt(last)}` : ''
  return new GitHubCallError(`${why}${before}`, undefined, !idempotent)
}

/** The URL of a GitHub Link header for `rel` (next, prev, first, last). */
function linkUrl(link: string | undefined, rel: string): string | undefined {
  return new RegExp(`<([^<>]+)>;\\s*rel="${rel}"`).exec(link ?? '')?.[1]
}

/** What to do when GitHub refuses the workflow's token on its own repository. */
const PERMISSIONS_HINT = "add `issues: write` and `pull-requests: write` to the workflow's `permissions:` block."

/**
 * What went wrong with a GitHub call, with what to do when the token was refused: `accessHint`, by
 * default the workflow permissions to add.
 */
export function describeGitHubError(error: unknown, accessHint = PERMISSIONS_HINT): string {
  if (!(error instanceof GitHubCallError)) return messageOf(error)
  const status = httpStatusOf(error)
  if (status === 403 || status === 401 || status === 404) {
    return `${error.message}. The token may lack a permission: ${accessHint}`
  }
  return `${error.message}.`
}
