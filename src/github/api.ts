// The GitHub REST calls the action makes, over the small client in rest.ts (ADR 0003).
//
// GitHub calls surround the job and must never hold the step: every call runs under CallLimits, one
// deadline for all its tries, waits and pages, and a signal that also carries the run's
// cancellation; retry.ts decides what is tried again (ADR 0001).
import type { Clock } from '../clock.js'
import { formatDuration } from '../duration.js'
import { messageOf } from '../error-message.js'
import { parsePermissionLevel } from '../permission-level.js'
import type { Transport } from '../http/transport.js'
import { type LineComment, readLineComment } from './line-comment.js'
import { changeReads } from './change-reads.js'
import { type ChangedFile, type Issue, type PullRequest, readList, type Release } from './records.js'
import { decideGitHubRetry, type GitHubAttempt } from './retry.js'
import { GitHubHttpError, isNoAnswer, jsonOf, type RestAnswer, type RestRequest, restClient } from './rest.js'
import type { ReactionTarget } from './trigger.js'

export interface IssueComment {
  id: number
  body: string
  htmlUrl: string
}

/** An issue or pull request in a listing of the repository's threads. */
export interface ListedThread {
  number: number
  htmlUrl: string
}

/** A repository label to create: GitHub's colours are six hex digits without `#`. */
export interface LabelSpec {
  name: string
  color: string
  description: string
}

/** What bounds one logical call: every try, every wait between tries and every page of it. */
export interface CallLimits {
  /** Clock time by which the call is over. */
  deadline: number
  /** Aborts a request in flight: the time is up, or the run was cancelled. */
  signal: AbortSignal
  budgetMs: number
}

export interface GitHubApi {
  /** The person's role (a level of permission-level.ts, or 'none'); undefined when not a collaborator. */
  permissionOf(login: string, limits: CallLimits): Promise<string | undefined>
  react(target: ReactionTarget, content: 'eyes', limits: CallLimits): Promise<void>
  listComments(issueNumber: number, limits: CallLimits): Promise<IssueComment[]>
  /** Never sent twice: a failure that GitHub may have acted on is a GitHubCallError with `mayHaveActed`. */
  createComment(issueNumber: number, body: string, limits: CallLimits): Promise<IssueComment>
  updateComment(commentId: number, body: string, limits: CallLimits): Promise<IssueComment>
  /** Limits for one logical call, which may span several of the calls above: cut short by a cancel. */
  limits(): CallLimits
  /**
   * Limits for the last comment edit, made after the outputs: once the run was cancelled, a short
   * time of its own (the runner kills the step about 10 s after the signal); otherwise as limits(),
   * but never past `notAfter` (clock time) when given.
   */
  lastEditLimits(notAfter?: number): CallLimits
  /**
   * The repository's issues and pull requests, open or closed, that carry `label`, oldest first
   * (GET issues?labels=&state=all&sort=created&direction=asc), page by page until `max` are
   * listed; `more` says that others carry it too.
   */
  listLabelledThreads(
    label: string,
    max: number,
    limits: CallLimits
  ): Promise<{ threads: ListedThread[]; more: boolean }>
  /** Creates the label in the repository (POST labels); resolves as well when it exists already (422 already_exists). */
  createLabel(label: LabelSpec, limits: CallLimits): Promise<void>
  /** Takes a label off an issue or pull request (DELETE issues/{n}/labels/{name}); resolves as well when it was not on (404). */
  removeLabel(issueNumber: number, name: string, limits: CallLimits): Promise<void>
  /**
   * Asks these people to review the pull request (`POST /pulls/{n}/requested_reviewers`). GitHub
   * refuses the whole request (422) when any of them cannot review there.
   */
  requestReviewers(pullNumber: number, logins: readonly string[], limits: CallLimits): Promise<void>
  /** Adds labels to an issue or pull request (`POST /issues/{n}/labels`); GitHub creates a label the repository lacks. */
  addLabels(issueNumber: number, labels: readonly string[], limits: CallLimits): Promise<void>
  /**
   * The comments on lines that a submitted review holds (`GET /pulls/{n}/reviews/{id}/comments`,
   * every page); one without its file, diff or text is left out.
   */
  listReviewComments(pullNumber: number, reviewId: number, limits: CallLimits): Promise<LineComment[]>
  /** GET /issues/{n}: an issue, or a pull request seen as an issue (then `isPullRequest`). */
  getIssue(issueNumber: number, limits: CallLimits): Promise<Issue>
  /** GET /pulls/{n}. */
  getPullRequest(pullNumber: number, limits: CallLimits): Promise<PullRequest>
  /** GET /pulls/{n}/files, every page: at most 3000 files, GitHub's limit. */
  listPullRequestFiles(pullNumber: number, limits: CallLimits): Promise<ChangedFile[]>
  /** GET /pulls/{n} as application/vnd.github.diff: GitHub answers 406 past 300 files or 20,000 lines. */
  getPullRequestDiff(pullNumber: number, limits: CallLimits): Promise<string>
  /** GET /compare/{base}...{head}: the files changed, at most 300 (GitHub's limit, on its first page). */
  listComparedFiles(base: string, head: string, limits: CallLimits): Promise<ChangedFile[]>
  /** GET /compare/{base}...{head} as application/vnd.github.diff. */
  getComparisonDiff(base: string, head: string, limits: CallLimits): Promise<string>
  /** GET /releases, the first page of 100: the newest releases, drafts included for those who may see them. */
  listReleases(limits: CallLimits): Promise<Release[]>
}

export interface GitHubTarget {
  token: string
  apiUrl: string
  owner: string
  repo: string
  clock: Clock
  /** The run's cancellation: stops every call in flight at once. */
  cancel: AbortSignal
  /** Told when a call is tried again, and why. */
  onRetry: (message: string) => void
  /** Shared with other connections of the run; its owner closes it. */
  transport: Transport
}

/** A GitHub call that failed for good, after the tries its limits allowed. */
export class GitHubCallError extends Error {
  constructor(
    message: string,
    /** GitHub's last answer, when it answered. */
    readonly status: number | undefined,
    /** GitHub may have carried the request out though it did not say so (a 5xx, or no answer). */
    readonly mayHaveActed: boolean
  ) {
    super(message)
    this.name = 'GitHubCallError'
  }
}

export const CALL_BUDGET_MS = 10_000
/** GitHub's largest page. */
const MAX_PAGE = 100
/**
 * All GitHub work after the job's end (the "working" comment still on its way, then the last edit)
 * ends this long after it, so that a failing GitHub adds seconds, never minutes, to the step.
 */
export const AFTER_JOB_BUDGET_MS = 14_000
const LAST_EDIT_AFTER_CANCEL_MS = 4_000

/** Limits that end `budgetMs` from now, or when `cancel` aborts. */
export function callLimits(clock: Clock, budgetMs: number, cancel?: AbortSignal): CallLimits {
  // AbortSignal.timeout takes whole milliseconds; an injected clock may keep fractions.
  const timeout = AbortSignal.timeout(Math.max(1, Math.ceil(budgetMs)))
  return { deadline: clock.now() + budgetMs, signal: cancel ? AbortSignal.any([cancel, timeout]) : timeout, budgetMs }
}

type CommentData = { id: number; body?: string | null; html_url: string }

export function connectGitHub(target: GitHubTarget): GitHubApi {
  const rest = restClient({ token: target.token, apiUrl: target.apiUrl, transport: target.transport })
  const repo = `/repos/${encodeURIComponent(target.owner)}/${encodeURIComponent(target.repo)}`
  const { clock, cancel } = target

  /** One request, tried again as retry.ts decides, all within `limits`. */
  async function bounded(
    what: string,
    idempotent: boolean,
    limits: CallLimits,
    request: Omit<RestRequest, 'signal'>
  ): Promise<RestAnswer> {
    let attempt: GitHubAttempt | undefined
    for (let tries = 1; ; tries++) {
      try {
        return await rest({ ...request, signal: limits.signal })
      } catch (error) {
        if (limits.signal.aborted) throw stopped(what, limits, idempotent, attempt)
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
        throw new GitHubCallError(`${describeAttempt(attempt)}${tried}${rateLimit}`, status, decision.mayHaveActed)
      }
      target.onRetry(
        `GitHub ${what}: ${describeAttempt(attempt)}; trying again in ${formatDuration(decision.delayMs)}.`
      )
      await clock.sleep(decision.delayMs, limits.signal)
    }
  }

  /** A JSON call: the answer's body. */
  async function call<T>(
    what: string,
    idempotent: boolean,
    limits: CallLimits,
    request: Omit<RestRequest, 'signal'>
  ): Promise<T> {
    return jsonOf<T>(await bounded(what, idempotent, limits, request))
  }

  /**
   * Every page of a list, page by page under the same limits, following GitHub's Link header. A page
   * that never comes is cut off by the limits' signal like any call.
   */
  async function paginate<T>(what: string, limits: CallLimits, path: string): Promise<T[]> {
    const items: T[] = []
    let next: string | undefined = path
    while (next !== undefined) {
      const answer = await bounded(what, true, limits, { method: 'GET', path: next })
      items.push(...jsonOf<T[]>(answer))
      next = nextPageUrl(answer.headers.link)
    }
    return items
  }

  const toComment = (data: CommentData): IssueComment => ({
    id: data.id,
    body: data.body ?? '',
    htmlUrl: data.html_url
  })

  return {
    async permissionOf(login, limits) {
      try {
        const data = await call<{ permission: string; role_name?: string }>('permission check', true, limits, {
          method: 'GET',
          path: `${repo}/collaborators/${encodeURIComponent(login)}/permission`
        })
        // role_name tells maintain from write and triage from read; a custom organisation role
        // (e.g. "docs-writer") is none of the levels, and then its base permission is what counts.
        return parsePermissionLevel(data.role_name ?? '') ? data.role_name : data.permission
      } catch (error) {
        if (httpStatusOf(error) === 404) return undefined
        throw error
      }
    },
    async react(reactionTarget, content, limits) {
      // GitHub answers a repeated reaction with the existing one, so retrying is safe.
      const path =
        reactionTarget.kind === 'issue'
          ? `${repo}/issues/${reactionTarget.issueNumber}/reactions`
          : reactionTarget.kind === 'issue_comment'
            ? `${repo}/issues/comments/${reactionTarget.id}/reactions`
            : `${repo}/pulls/comments/${reactionTarget.id}/reactions`
      await bounded('reaction', true, limits, { method: 'POST', path, body: { content } })
    },
    async listComments(issueNumber, limits) {
      const comments = await paginate<CommentData>(
        'comment listing',
        limits,
        `${repo}/issues/${issueNumber}/comments?per_page=100`
      )
      return comments.map(toComment)
    },
    async createComment(issueNumber, body, limits) {
      return toComment(
        await call<CommentData>('comment create', false, limits, {
          method: 'POST',
          path: `${repo}/issues/${issueNumber}/comments`,
          body: { body }
        })
      )
    },
    async updateComment(commentId, body, limits) {
      return toComment(
        await call<CommentData>('comment edit', true, limits, {
          method: 'PATCH',
          path: `${repo}/issues/comments/${commentId}`,
          body: { body }
        })
      )
    },
    async listLabelledThreads(label, max, limits) {
      // Page by page only until `max`: the newer threads wait for the next run.
      const threads: ListedThread[] = []
      const query = `labels=${encodeURIComponent(label)}&state=all&sort=created&direction=asc`
      let next: string | undefined = `${repo}/issues?${query}&per_page=${Math.min(MAX_PAGE, max)}`
      while (next !== undefined && threads.length < max) {
        const answer = await bounded('labelled thread listing', true, limits, { method: 'GET', path: next })
        const page = jsonOf<{ number: number; html_url: string }[]>(answer)
        threads.push(...page.map((thread) => ({ number: thread.number, htmlUrl: thread.html_url })))
        next = nextPageUrl(answer.headers.link)
      }
      return { threads: threads.slice(0, max), more: threads.length > max || next !== undefined }
    },
    async createLabel(label, limits) {
      try {
        // Safe to send again: a label that the first try made answers 422 already_exists.
        await bounded('label create', true, limits, { method: 'POST', path: `${repo}/labels`, body: label })
      } catch (error) {
        // Made before, by an earlier run or a person: the label is there, which is all that is asked.
        if (httpStatusOf(error) === 422 && /\balready_exists\b/.test(messageOf(error))) return
        throw error
      }
    },
    async removeLabel(issueNumber, name, limits) {
      try {
        await bounded('label removal', true, limits, {
          method: 'DELETE',
          path: `${repo}/issues/${issueNumber}/labels/${encodeURIComponent(name)}`
        })
      } catch (error) {
        // Not on the thread (a person took it off, or an earlier try did): off is what was asked.
        if (httpStatusOf(error) !== 404) throw error
      }
    },
    async requestReviewers(pullNumber, logins, limits) {
      // Asking again for someone already asked changes nothing, so a retry is safe.
      await bounded('review request', true, limits, {
        method: 'POST',
        path: `${repo}/pulls/${pullNumber}/requested_reviewers`,
        body: { reviewers: logins }
      })
    },
    async addLabels(issueNumber, labels, limits) {
      // Adding a label the issue already has changes nothing, so a retry is safe.
      await bounded('label', true, limits, {
        method: 'POST',
        path: `${repo}/issues/${issueNumber}/labels`,
        body: { labels }
      })
    },
    async listReviewComments(pullNumber, reviewId, limits) {
      const comments = await paginate<unknown>(
        'review comment listing',
        limits,
        `${repo}/pulls/${pullNumber}/reviews/${reviewId}/comments?per_page=100`
      )
      return comments.flatMap((comment) => readLineComment(comment) ?? [])
    },
    limits: () => callLimits(clock, CALL_BUDGET_MS, cancel),
    lastEditLimits: (notAfter) => {
      const budgetMs = cancel.aborted ? LAST_EDIT_AFTER_CANCEL_MS : CALL_BUDGET_MS
      const left = notAfter === undefined ? budgetMs : Math.max(1, Math.min(budgetMs, notAfter - clock.now()))
      return cancel.aborted ? callLimits(clock, left) : callLimits(clock, left, cancel)
    },
    ...changeReads({
      repo,
      json: async (what, limits, path, read) =>
        readAnswer(what, read, await call<unknown>(what, true, limits, { method: 'GET', path })),
      list: async (what, limits, path, read) =>
        readAnswer(what, (items) => readList(items, read), await paginate<unknown>(what, limits, path)),
      text: async (what, limits, path, accept) =>
        (await bounded(what, true, limits, { method: 'GET', path, accept })).text
    })
  }
}

/** What GitHub answered to the `what` read; an answer of another shape fails the call. */
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

/** The `rel="next"` URL of a GitHub Link header. */
function nextPageUrl(link: string | undefined): string | undefined {
  return /<([^<>]+)>;\s*rel="next"/.exec(link ?? '')?.[1]
}

/** The HTTP status of a GitHubHttpError or a GitHubCallError, if it is one. */
export function httpStatusOf(error: unknown): number | undefined {
  const status = (error as { status?: unknown } | null)?.status
  return typeof status === 'number' ? status : undefined
}
