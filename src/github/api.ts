// The GitHub REST calls the action makes, over @actions/github's octokit. Loaded on first use (a
// dynamic import the bundler splits out), so runs that never comment or check a permission do not
// pay for it.
//
// GitHub calls surround the job and must never hold the step: every call runs under CallLimits, one
// deadline for all its tries, waits and pages, and a signal that also carries the run's
// cancellation. Octokit's retry and throttling plugins are not used, because their waits cannot be
// cut short and keep the process alive after a call gave up; retry.ts decides instead.
import type { Clock } from '../clock.js'
import { formatDuration } from '../duration.js'
import { messageOf } from '../error-message.js'
import { parsePermissionLevel } from '../permission-level.js'
import type { ChangedFile, Issue, PullRequest, Release } from './records.js'
import { decideGitHubRetry, type GitHubAttempt } from './retry.js'
import type { ReactionTarget } from './trigger.js'

export interface IssueComment {
  id: number
  body: string
  htmlUrl: string
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

export async function connectGitHub(target: GitHubTarget): Promise<GitHubApi> {
  const { getOctokit } = await import('@actions/github')
  const octokit = getOctokit(target.token, { baseUrl: target.apiUrl, userAgent: 'docs-agent-action' })
  const repo = { owner: target.owner, repo: target.repo }
  const { clock, cancel } = target

  /** One request, tried again as retry.ts decides, all within `limits`. */
  async function bounded<T>(
    what: string,
    idempotent: boolean,
    limits: CallLimits,
    send: (request: { signal: AbortSignal }) => Promise<T>
  ): Promise<T> {
    let attempt: GitHubAttempt | undefined
    for (let tries = 1; ; tries++) {
      try {
        return await send({ signal: limits.signal })
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

  const toComment = (data: CommentData): IssueComment => ({
    id: data.id,
    body: data.body ?? '',
    htmlUrl: data.html_url
  })

  return {
    async permissionOf(login, limits) {
      try {
        const { data } = await bounded('permission check', true, limits, (request) =>
          octokit.rest.repos.getCollaboratorPermissionLevel({ ...repo, username: login, request })
        )
        // role_name tells maintain from write and triage from read; a custom organisation role
        // (e.g. "docs-writer") is none of the levels, and then its base permission is what counts.
        return parsePermissionLevel(data.role_name ?? '') ? data.role_name : data.permission
      } catch (error) {
        if (httpStatusOf(error) === 404) return undefined
        throw error
      }
    },
    async react(target, content, limits) {
      // GitHub answers a repeated reaction with the existing one, so retrying is safe.
      await bounded('reaction', true, limits, (request) => {
        if (target.kind === 'issue') {
          return octokit.rest.reactions.createForIssue({ ...repo, issue_number: target.issueNumber, content, request })
        }
        if (target.kind === 'issue_comment') {
          return octokit.rest.reactions.createForIssueComment({ ...repo, comment_id: target.id, content, request })
        }
        return octokit.rest.reactions.createForPullRequestReviewComment({
          ...repo,
          comment_id: target.id,
          content,
          request
        })
      })
    },
    async listComments(issueNumber, limits) {
      // Page by page here: octokit.paginate drops the request's signal, so a page that never came
      // would hold the step.
      const comments: IssueComment[] = []
      let page: { data: CommentData[]; headers: { link?: string } } = await bounded(
        'comment listing',
        true,
        limits,
        (request) => octokit.rest.issues.listComments({ ...repo, issue_number: issueNumber, per_page: 100, request })
      )
      for (;;) {
        comments.push(...page.data.map(toComment))
        const next = nextPageUrl(page.headers.link)
        if (!next) return comments
        page = await bounded('comment listing', true, limits, (request) =>
          octokit.request({ method: 'GET', url: next, request })
        )
      }
    },
    async createComment(issueNumber, body, limits) {
      const { data } = await bounded('comment create', false, limits, (request) =>
        octokit.rest.issues.createComment({ ...repo, issue_number: issueNumber, body, request })
      )
      return toComment(data)
    },
    async updateComment(commentId, body, limits) {
      const { data } = await bounded('comment edit', true, limits, (request) =>
        octokit.rest.issues.updateComment({ ...repo, comment_id: commentId, body, request })
      )
      return toComment(data)
    },
    limits: () => callLimits(clock, CALL_BUDGET_MS, cancel),
    lastEditLimits: (notAfter) => {
      const budgetMs = cancel.aborted ? LAST_EDIT_AFTER_CANCEL_MS : CALL_BUDGET_MS
      const left = notAfter === undefined ? budgetMs : Math.max(1, Math.min(budgetMs, notAfter - clock.now()))
      return cancel.aborted ? callLimits(clock, left) : callLimits(clock, left, cancel)
    }
  }
}

/** An octokit failure as retry.ts sees it; anything else is a bug and is thrown on. */
function attemptOf(error: unknown): GitHubAttempt {
  const status = httpStatusOf(error)
  if (status === undefined) throw error
  const response = (error as { response?: { status: number; headers: Record<string, string | number | undefined> } })
    .response
  const message = messageOf(error)
  return response
    ? { kind: 'answer', status: response.status, message, headers: response.headers }
    : { kind: 'no-answer', message }
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

/** The HTTP status of an octokit RequestError (or a GitHubCallError), if it is one. */
export function httpStatusOf(error: unknown): number | undefined {
  const status = (error as { status?: unknown } | null)?.status
  return typeof status === 'number' ? status : undefined
}
