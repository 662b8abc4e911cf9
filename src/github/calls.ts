// One logical GitHub call: a REST request tried again as retry.ts decides, its waits and pages all
// under CallLimits (one deadline, and a signal that also carries the run's cancellation), failing
// as a GitHubCallError. The GitHub calls of api.ts, thread-calls.ts, label-calls.ts, review-calls.ts
// and change-reads.ts are made of these (ADR 0001, ADR 0003).
import type { Clock } from '../base/clock.js'
import { formatDuration } from '../base/duration.js'
import { messageOf } from '../base/error-message.js'
import { isArray } from './described.js'
import { readList } from './records.js'
import { decideGitHubRetry, type GitHubAttempt } from './retry.js'
import { deadlineSignal } from '../http/deadline-signal.js'
import { type BodyReader, TOO_LARGE } from '../http/transport.js'
import { GitHubHttpError, isNoAnswer, jsonOf, type Rest, type RestAnswer, type RestRequest } from './rest.js'

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

export type Request = Omit<RestRequest, 'signal'>

/** The calls a group of GitHubApi methods is written with, for one repository. */
export interface RepositoryCalls {
  /** `/repos/{owner}/{repo}`, encoded. */
  repo: string
  /** One request; the answer as it came. */
  send: (what: string, idempotent: boolean, limits: CallLimits, request: Request) => Promise<RestAnswer>
  /** A JSON request: the answer's body, as `read` makes it (an answer it cannot read fails the call). */
  json: <T>(
    what: string,
    idempotent: boolean,
    limits: CallLimits,
    request: Request,
    read: (value: unknown) => T | undefined
  ) => Promise<T>
  /**
   * Every page of a list from `path`, up to `max` items when given, each item read by `read`; each
   * page's body made by `bodyReader` when given, as it arrives.
   */
  list: <T>(
    what: string,
    limits: CallLimits,
    path: string,
    read: (item: unknown) => T | undefined,
    options?: { max?: number; bodyReader?: () => BodyReader }
  ) => Promise<{ items: T[]; more: boolean }>
  /** One page of a list from `path` (a first path, or a `next` this gave), and the next page's URL from the Link header. */
  page: <T>(
    what: string,
    limits: CallLimits,
    path: string,
    read: (item: unknown) => T | undefined
  ) => Promise<{ items: T[]; next: string | undefined }>
  /**
   * A list read from both ends, for one whose newest items come last: its first page, then the
   * pages from the last back (the Link header's `last`, then each page's `prev`), until `enough`
   * says the pages read hold what the reader needs, or `maxPages` pages were read.
   */
  listFromEnd: <T>(
    what: string,
    limits: CallLimits,
    path: string,
    read: (item: unknown) => T | undefined,
    options: { maxPages: number; enough: (pages: PagesRead<T>) => boolean }
  ) => Promise<PagesRead<T>>
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
  rest: Rest
  owner: string
  repo: string
  clock: Clock
  /** Told when a call is tried again, and why. */
  onRetry: (message: string) => void
}

export function repositoryCalls(target: CallTarget): RepositoryCalls {
  const { rest, clock } = target
  const send: RepositoryCalls['send'] = async (what, idempotent, limits, request) => {
    let attempt: GitHubAttempt | undefined
    for (let tries = 1; ; tries++) {
      try {
        return await rest({ ...request, signal: limits.signal })
      } catch (error) {
        if (limits.signal.aborted) throw stopped(what, limits, idempotent, attempt)
        // The same answer would come again, as large: say so at once rather than fetch it four times.
        if (isNoAnswer(error) && error.code === TOO_LARGE) {
          throw new GitHubCallError(`GitHub's answer to the ${what} is too large (${error.message})`, undefined, false)
        }
        attempt = attemptOf(error)
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
  const page = async <T>(what: string, limits: CallLimits, path: string, read: (item: unknown) => T | undefined) => {
    const answer = await send(what, true, limits, { method: 'GET', path })
    return {
      items: readAnswer(what, (value) => readList(value, read), jsonOf(answer)),
      link: answer.headers.link
    }
  }
  // Only URLs GitHub gave are followed, as for `list` (rest.ts keeps them on the API's host).
  async function listFromEnd<T>(
    what: string,
    limits: CallLimits,
    path: string,
    read: (item: unknown) => T | undefined,
    { maxPages, enough }: { maxPages: number; enough: (pages: PagesRead<T>) => boolean }
  ): Promise<PagesRead<T>> {
    const first = await page(what, limits, path, read)
    const fromEnd: T[][] = []
    const pages = (complete: boolean): PagesRead<T> => ({
      first: first.items,
      newest: fromEnd.flat(),
      complete,
      pageCount: 1 + fromEnd.length
    })
    const next = linkUrl(first.link, 'next')
    let complete = next === undefined
    let before = complete ? undefined : linkUrl(first.link, 'last')
    while (before !== undefined && fromEnd.length + 1 < maxPages && !enough(pages(false))) {
      const { items, link } = await page(what, limits, before, read)
      fromEnd.unshift(items)
      const previous = linkUrl(link, 'prev')
      // Page 1 is both `prev` and `first` of page 2, and was read first.
      complete = previous === undefined || previous === linkUrl(link, 'first')
      before = complete ? undefined : previous
    }
    return pages(complete)
  }
  return {
    repo: `/repos/${encodeURIComponent(target.owner)}/${encodeURIComponent(target.repo)}`,
    send,
    json: async (what, idempotent, limits, request, read) =>
      readAnswer(what, read, jsonOf(await send(what, idempotent, limits, request))),
    // Page by page under the same limits, following GitHub's Link header: a page that never comes is
    // cut off by the limits' signal like any call.
    list: async (what, limits, path, read, { max = Infinity, bodyReader } = {}) => {
      const items: unknown[] = []
      let next: string | undefined = path
      while (next !== undefined && items.length < max) {
        const answer = await send(what, true, limits, { method: 'GET', path: next, ...(bodyReader && { bodyReader }) })
        items.push(...readAnswer(what, (page) => (isArray(page) ? page : undefined), jsonOf(answer)))
        next = linkUrl(answer.headers.link, 'next')
      }
      const listed = readAnswer(what, (value) => readList(value, read), items)
      return { items: listed.slice(0, max), more: listed.length > max || next !== undefined }
    },
    page: async (what, limits, path, read) => {
      const { items, link } = await page(what, limits, path, read)
      return { items, next: linkUrl(link, 'next') }
    },
    listFromEnd
  }
}

/** The HTTP status of a GitHubHttpError or a GitHubCallError, if it is one. */
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

/** A failed request as retry.ts sees it; anything else is a bug and is thrown on. */
function attemptOf(error: unknown): GitHubAttempt {
  if (error instanceof GitHubHttpError) {
    return { kind: 'answer', status: error.status, message: error.message, headers: error.headers }
  }
  if (isNoAnswer(error)) return { kind: 'no-answer', message: messageOf(error) }
  throw error
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
