// The GitHub REST calls the action makes, as one interface (GitHubApi) over the small client in
// rest.ts (ADR 0003). Each group of calls is written in its own module (thread-calls.ts,
// label-calls.ts, review-calls.ts, change-reads.ts) with the bounded calls of calls.ts: GitHub
// calls surround the job and must never hold the step (ADR 0001).
import type { Clock } from '../clock.js'
import type { Transport } from '../http/transport.js'
import { callLimits, type CallLimits, repositoryCalls } from './calls.js'
import { changeReads } from './change-reads.js'
import { labelCalls, type ListedThread } from './label-calls.js'
import type { LineComment } from './line-comment.js'
import type { ChangedFile, Issue, PullRequest, Release } from './records.js'
import { restClient } from './rest.js'
import { reviewCalls } from './review-calls.js'
import { type CommentPages, type CommentReading, type IssueComment, threadCalls } from './thread-calls.js'
import type { ReactionTarget } from './trigger.js'

export { type CallLimits, callLimits, GitHubCallError, httpStatusOf } from './calls.js'
export { type CommentPages, type CommentReading, commentsRead, type IssueComment } from './thread-calls.js'
export type { ListedThread } from './label-calls.js'

export interface GitHubApi {
  /** The person's role (a level of permission-level.ts, or 'none'); undefined when not a collaborator. */
  permissionOf(login: string, limits: CallLimits): Promise<string | undefined>
  react(target: ReactionTarget, content: 'eyes', limits: CallLimits): Promise<void>
  /** The comments of an issue or pull request, as far as `reading` asks (thread-calls.ts); commentsRead gives them in order. */
  listComments(issueNumber: number, limits: CallLimits, reading?: CommentReading): Promise<CommentPages>
  /** Never sent twice: a failure that GitHub may have acted on is a GitHubCallError with `mayHaveActed`. */
  createComment(issueNumber: number, body: string, limits: CallLimits): Promise<IssueComment>
  updateComment(commentId: number, body: string, limits: CallLimits): Promise<IssueComment>
  /**
   * Limits for one logical call, which may span several of the calls above: `budgetMs` (default
   * CALL_BUDGET_MS), cut short by a cancel.
   */
  limits(budgetMs?: number): CallLimits
  /**
   * Limits for the last comment edit, made after the outputs: once the run was cancelled, a short
   * time of its own (the runner kills the step about 10 s after the signal); otherwise as limits(),
   * but never past `notAfter` (clock time) when given.
   */
  lastEditLimits(notAfter?: number): CallLimits
  /**
   * The repository's issues and pull requests, open or closed, that carry `label`, the last updated
   * first (GET issues?labels=&state=all&sort=updated&direction=desc), page by page until `max` are
   * listed; `more` says that others carry it too.
   */
  listLabelledThreads(
    label: string,
    max: number,
    limits: CallLimits
  ): Promise<{ threads: ListedThread[]; more: boolean }>
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

export const CALL_BUDGET_MS = 10_000
/**
 * All GitHub work after the job's end (the "working" comment still on its way, then the last edit)
 * ends this long after it, so that a failing GitHub adds seconds, never minutes, to the step.
 */
export const AFTER_JOB_BUDGET_MS = 14_000
const LAST_EDIT_AFTER_CANCEL_MS = 4_000

export function connectGitHub(target: GitHubTarget): GitHubApi {
  const rest = restClient({ token: target.token, apiUrl: target.apiUrl, transport: target.transport })
  const calls = repositoryCalls({ ...target, rest })
  const { clock, cancel } = target
  return {
    ...threadCalls(calls),
    ...labelCalls(calls),
    ...reviewCalls(calls),
    ...changeReads(calls),
    limits: (budgetMs = CALL_BUDGET_MS) => callLimits(clock, budgetMs, cancel),
    lastEditLimits: (notAfter) => {
      const budgetMs = cancel.aborted ? LAST_EDIT_AFTER_CANCEL_MS : CALL_BUDGET_MS
      const left = notAfter === undefined ? budgetMs : Math.max(1, Math.min(budgetMs, notAfter - clock.now()))
      return cancel.aborted ? callLimits(clock, left) : callLimits(clock, left, cancel)
    }
  }
}
