// The GitHub REST calls the action makes, as one interface (GitHubApi) over @actions/github's
// octokit (octokit.ts, ADR 0008). Each group of calls is written in its own module (thread-calls.ts,
// label-calls.ts, review-calls.ts, change-reads.ts, digest-reads.ts, workflow-calls.ts, merge-calls.ts, status-calls.ts) with the bounded calls of calls.ts: GitHub
// calls surround the job and must never hold the step (ADR 0001).
import type { Clock } from '../base/clock.js'
import type { Transport } from '../http/transport.js'
import { callLimits, type CallLimits, repositoryCalls } from './calls.js'
import { type ChangeReads, changeReads } from './change-reads.js'
import { type DigestReads, digestReads } from './digest-reads.js'
import { type LabelCalls, labelCalls } from './label-calls.js'
import { type MergeCalls, mergeCalls } from './merge-calls.js'
import { connectOctokit } from './octokit.js'
import { type ReviewCalls, reviewCalls } from './review-calls.js'
import { type StatusCalls, statusCalls } from './status-calls.js'
import { type ThreadCalls, threadCalls } from './thread-calls.js'
import { type WorkflowCalls, workflowCalls } from './workflow-calls.js'

export { type CallLimits, callLimits, describeGitHubError, GitHubCallError, httpStatusOf } from './calls.js'
export { type CommentPages, type CommentReading, commentsRead, type IssueComment } from './thread-calls.js'
export type { ListedThread, RepositoryComment } from './label-calls.js'
export type { ListedPull } from './digest-reads.js'
export type { GraphQLAnswer, MergeMethod, MergeMethods, MergeState } from './merge-calls.js'
export type { CommitStatus } from './status-calls.js'

/** Every GitHub call the action makes, for one repository, and the limits they are made under. */
export interface GitHubApi
  extends ThreadCalls, LabelCalls, ReviewCalls, ChangeReads, DigestReads, WorkflowCalls, MergeCalls, StatusCalls {
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
}

export interface GitHubTarget {
  token: string
  apiUrl: string
  /** GITHUB_GRAPHQL_URL; derived from apiUrl when unset or on another origin (graphqlEndpoint). */
  graphqlUrl?: string
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

/** GitHub's GraphQL endpoint beside its REST API: api.github.com/graphql, or GHES's /api/graphql beside /api/v3. */
export function graphqlUrlOf(apiUrl: string): string {
  const base = apiUrl.replace(/\/+$/, '')
  return /\/api\/v3$/.test(base) ? base.replace(/\/v3$/, '/graphql') : `${base}/graphql`
}

/**
 * Where the GraphQL calls go: GITHUB_GRAPHQL_URL when it is on the REST API's origin, the one place a
 * token goes (ADR 0008); any other is ignored for the endpoint beside the API, and `ignored` says so.
 */
export function graphqlEndpoint(apiUrl: string, given: string | undefined): { url: string; ignored?: string } {
  const url = graphqlUrlOf(apiUrl)
  if (!given) return { url }
  const origin = originOf(given)
  if (origin !== undefined && origin === originOf(apiUrl)) return { url: given }
  return {
    url,
    ignored:
      `GITHUB_GRAPHQL_URL (${JSON.stringify(given)}) is not on the origin of GITHUB_API_URL (${originOf(apiUrl)}), ` +
      `so no token is sent there: the GraphQL calls go to ${url}. Unset it, or set it beside GITHUB_API_URL.`
  }
}

function originOf(url: string): string | undefined {
  try {
    return new URL(url).origin
  } catch {
    return undefined
  }
}

export function connectGitHub(target: GitHubTarget): GitHubApi {
  const client = connectOctokit({ token: target.token, apiUrl: target.apiUrl, transport: target.transport })
  const calls = repositoryCalls({ ...target, client })
  const { clock, cancel } = target
  return {
    ...threadCalls(calls),
    ...labelCalls(calls),
    ...reviewCalls(calls),
    ...changeReads(calls),
    ...digestReads(calls),
    ...workflowCalls(calls),
    ...mergeCalls(calls, graphqlEndpoint(target.apiUrl, target.graphqlUrl).url),
    ...statusCalls(calls),
    limits: (budgetMs = CALL_BUDGET_MS) => callLimits(clock, budgetMs, cancel),
    lastEditLimits: (notAfter) => {
      const budgetMs = cancel.aborted ? LAST_EDIT_AFTER_CANCEL_MS : CALL_BUDGET_MS
      const left = notAfter === undefined ? budgetMs : Math.max(1, Math.min(budgetMs, notAfter - clock.now()))
      return cancel.aborted ? callLimits(clock, left) : callLimits(clock, left, cancel)
    }
  }
}
