// The GitHub calls for labels: the working label (reconcile mode finds threads by it) and the labels
// of the agent's pull request.
import { type CallLimits, httpStatusOf, type RepositoryCalls } from './calls.js'
import { described, isInteger, isString, optional, type Schemas } from './described.js'
import { checkedPathSegment } from '../base/identifier.js'
import type { Call } from './octokit.js'

/** An issue or pull request in a listing of the repository's threads. */
export interface ListedThread {
  number: number
  htmlUrl: string
  /** How many comments it has, as the listing says; undefined when it does not say. */
  comments: number | undefined
  /** When it was opened (clock time): none of its comments is older. */
  createdAt: number | undefined
}

/** A comment in the repository's listing of issue comments, with the issue or pull request it is on. */
export interface RepositoryComment {
  id: number
  body: string
  threadNumber: number
  /** The page of its issue or pull request. */
  threadUrl: string
}

export interface LabelCalls {
  /**
   * One page of the repository's issues and pull requests, open or closed, that carry `label`, the
   * last updated first (GET issues?labels=&state=all&sort=updated&direction=desc&per_page=100): the
   * first page, or the one `next` of an earlier page names. `next` is undefined on the last page.
   */
  listLabelledThreads(
    label: string,
    limits: CallLimits,
    next?: string
  ): Promise<{ threads: ListedThread[]; next: string | undefined }>
  /**
   * One page of the repository's issue and pull request comments updated at `since` (clock time) or
   * later, the last updated first (GET issues/comments?sort=updated&direction=desc&since=&per_page=100):
   * the first page, or the one `next` of an earlier page names.
   */
  listRecentComments(
    since: number,
    limits: CallLimits,
    next?: string
  ): Promise<{ comments: RepositoryComment[]; next: string | undefined }>
  /** Takes a label off an issue or pull request (DELETE issues/{n}/labels/{name}); resolves as well when it was not on (404). */
  removeLabel(issueNumber: number, name: string, limits: CallLimits): Promise<void>
  /**
   * Creates a label of the repository (`POST /labels`): true when made, false when GitHub answered
   * 422, as it does for a label the repository already has.
   */
  createLabel(name: string, description: string, limits: CallLimits): Promise<boolean>
  /** Adds labels to an issue or pull request (`POST /issues/{n}/labels`); GitHub creates a label the repository lacks. */
  addLabels(issueNumber: number, labels: readonly string[], limits: CallLimits): Promise<void>
}

/** GitHub's largest page. */
const MAX_PAGE = 100

export function labelCalls({ octokit, repo, send, page }: RepositoryCalls): LabelCalls {
  const { issues } = octokit.rest
  return {
    async listLabelledThreads(label, limits, next) {
      // The threads updated last first: a run that starts a job there comments and labels, which
      // moves the thread up (reconcile/labelled-threads.ts says how far a run pages).
      const first: Call<unknown> = (request) =>
        issues.listForRepo({
          ...repo,
          labels: label,
          state: 'all',
          sort: 'updated',
          direction: 'desc',
          per_page: MAX_PAGE,
          request
        })
      const { items, next: after } = await page('labelled thread listing', limits, next ?? first, readListedThread)
      return { threads: items, next: after }
    },
    async listRecentComments(since, limits, next) {
      const first: Call<unknown> = (request) =>
        issues.listCommentsForRepo({
          ...repo,
          sort: 'updated',
          direction: 'desc',
          since: new Date(since).toISOString(),
          per_page: MAX_PAGE,
          request
        })
      const { items, next: after } = await page(
        'repository comment listing',
        limits,
        next ?? first,
        readRepositoryComment
      )
      return { comments: items, next: after }
    },
    async removeLabel(issueNumber, name, limits) {
      try {
        await send('label removal', true, limits, (request) =>
          issues.removeLabel({ ...repo, issue_number: issueNumber, name: checkedPathSegment(name), request })
        )
      } catch (error) {
        // Not on the thread (a person took it off, or an earlier try did): off is what was asked.
        if (httpStatusOf(error) !== 404) throw error
      }
    },
    async createLabel(name, description, limits) {
      try {
        // A second try finds the label made by the first: 422, and nothing made twice.
        await send('label creation', true, limits, (request) =>
          issues.createLabel({ ...repo, name, description, request })
        )
        return true
      } catch (error) {
        if (httpStatusOf(error) === 422) return false
        throw error
      }
    },
    async addLabels(issueNumber, labels, limits) {
      // Adding a label the issue already has changes nothing, so a retry is safe.
      await send('label', true, limits, (request) =>
        issues.addLabels({ ...repo, issue_number: issueNumber, labels: [...labels], request })
      )
    }
  }
}

// A listing that left out the comment count says nothing of the thread's comments: it is read then.
const isListedThread = described<Schemas['issue']>()({
  number: isInteger,
  html_url: isString,
  comments: optional(isInteger),
  created_at: optional(isString)
})

function readListedThread(value: unknown): ListedThread | undefined {
  if (!isListedThread(value)) return undefined
  const createdAt = value.created_at === undefined ? Number.NaN : Date.parse(value.created_at)
  return {
    number: value.number,
    htmlUrl: value.html_url,
    comments: value.comments,
    createdAt: Number.isFinite(createdAt) ? createdAt : undefined
  }
}

const isRepositoryComment = described<Schemas['issue-comment']>()({
  id: isInteger,
  body: optional(isString),
  issue_url: isString,
  html_url: isString
})

function readRepositoryComment(value: unknown): RepositoryComment | undefined {
  if (!isRepositoryComment(value)) return undefined
  // The issue's API URL ends with its number: .../repos/{o}/{r}/issues/{n}.
  const threadNumber = Number(/\/issues\/(\d+)$/.exec(value.issue_url)?.[1])
  if (!Number.isSafeInteger(threadNumber)) return undefined
  // The comment's page is its thread's, with the comment's anchor.
  const threadUrl = value.html_url.replace(/#.*$/, '')
  return { id: value.id, body: value.body ?? '', threadNumber, threadUrl }
}
