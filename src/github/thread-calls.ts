// The GitHub calls around a thread: who may trigger, the eyes reaction, and the comments.
import { parsePermissionLevel } from '../base/permission-level.js'
import { type CallLimits, httpStatusOf, type PagesRead, type RepositoryCalls } from './calls.js'
import type { Call } from './octokit.js'
import { COMMENT_LIMIT, fitMarkdown } from '../markdown/size-limits.js'
import { described, isInteger, isString, nullable, optional, type Schemas } from './described.js'
import { isPerson } from './records.js'

/** Where the eyes reaction goes: the triggering comment, or the issue/PR itself. */
export type ReactionTarget =
  { kind: 'issue_comment' | 'pull_request_review_comment'; id: number } | { kind: 'issue'; issueNumber: number }

export interface IssueComment {
  id: number
  body: string
  htmlUrl: string
  /**
   * Who wrote it, as GitHub names them (undefined for a deleted account, or where not read): only a
   * comment the action's own token wrote is the action's to edit (src/thread/working-comments.ts).
   */
  author?: string
  /** When it was written (ISO 8601), where read. */
  createdAt?: string
}

/**
 * How far a reader of a thread's comments reads. GitHub lists them oldest first, and a flooded
 * thread has more pages than a call's time allows: the first page is read, then pages from the
 * newest back until `enough` says the pages read hold what the reader looks for, at most `maxPages`
 * (and as far as the call's time allows).
 */
export interface CommentReading {
  /** Never met unless given: every page, up to `maxPages`. */
  enough?: (pages: CommentPages) => boolean
  /** Default MAX_COMMENT_PAGES. */
  maxPages?: number
}

export type CommentPages = PagesRead<IssueComment>

/** GitHub's largest page, asked for. */
const PAGE_SIZE = 100
/** The most pages read for the newest job named on a thread: the first 100 comments and the newest 900. */
export const COMMENT_PAGES = 10
/** The most pages read by a reader that needs every comment, or its own: 10,000 comments. */
export const MAX_COMMENT_PAGES = 100

/** Which comments a reading of `maxPages` pages reaches on a longer thread, for messages. */
export function commentReach(maxPages = MAX_COMMENT_PAGES): string {
  return `the first ${PAGE_SIZE} and the newest ${((maxPages - 1) * PAGE_SIZE).toLocaleString('en-US')}`
}

/** The comments read, oldest first, each once (a page boundary moves when a comment comes or goes). */
export function commentsRead({ first, newest }: CommentPages): IssueComment[] {
  const byId = new Map<number, IssueComment>()
  for (const comment of [...first, ...newest]) if (!byId.has(comment.id)) byId.set(comment.id, comment)
  return [...byId.values()]
}

export interface ThreadCalls {
  /** The person's role (a level of permission-level.ts, or 'none'); undefined when not a collaborator. */
  permissionOf(login: string, limits: CallLimits): Promise<string | undefined>
  react(target: ReactionTarget, content: 'eyes', limits: CallLimits): Promise<void>
  /** The comments of an issue or pull request, as far as `reading` asks (thread-calls.ts); commentsRead gives them in order. */
  listComments(issueNumber: number, limits: CallLimits, reading?: CommentReading): Promise<CommentPages>
  /** Never sent twice: a failure that GitHub may have acted on is a GitHubCallError with `mayHaveActed`. */
  createComment(issueNumber: number, body: string, limits: CallLimits): Promise<IssueComment>
  updateComment(commentId: number, body: string, limits: CallLimits): Promise<IssueComment>
}

export function threadCalls({ octokit, repo, send, json, listFromEnd }: RepositoryCalls): ThreadCalls {
  const { reactions, issues } = octokit.rest
  return {
    async permissionOf(login, limits) {
      try {
        const data = await json(
          'permission check',
          true,
          limits,
          (request) => octokit.rest.repos.getCollaboratorPermissionLevel({ ...repo, username: login, request }),
          readPermission
        )
        // role_name tells maintain from write and triage from read; a custom organisation role
        // (e.g. "docs-writer") is none of the levels, and then its base permission is what counts.
        return parsePermissionLevel(data.roleName ?? '') ? data.roleName : data.permission
      } catch (error) {
        if (httpStatusOf(error) === 404) return undefined
        throw error
      }
    },
    async react(target, content, limits) {
      // GitHub answers a repeated reaction with the existing one, so retrying is safe.
      await send('reaction', true, limits, (request) =>
        target.kind === 'issue'
          ? reactions.createForIssue({ ...repo, issue_number: target.issueNumber, content, request })
          : target.kind === 'issue_comment'
            ? reactions.createForIssueComment({ ...repo, comment_id: target.id, content, request })
            : reactions.createForPullRequestReviewComment({ ...repo, comment_id: target.id, content, request })
      )
    },
    listComments(issueNumber, limits, { enough = () => false, maxPages = MAX_COMMENT_PAGES } = {}) {
      const first: Call<unknown> = (request) =>
        issues.listComments({ ...repo, issue_number: issueNumber, per_page: PAGE_SIZE, request })
      return listFromEnd('comment listing', limits, first, readComment, { maxPages, enough })
    },
    // Every comment the action writes goes through these two: the one place it is cut to GitHub's size.
    createComment: (issueNumber, body, limits) =>
      json(
        'comment create',
        false,
        limits,
        (request) =>
          issues.createComment({ ...repo, issue_number: issueNumber, body: fitMarkdown(body, COMMENT_LIMIT), request }),
        readComment
      ),
    updateComment: (commentId, body, limits) =>
      json(
        'comment edit',
        true,
        limits,
        (request) =>
          issues.updateComment({ ...repo, comment_id: commentId, body: fitMarkdown(body, COMMENT_LIMIT), request }),
        readComment
      )
  }
}

const isComment = described<Schemas['issue-comment']>()({
  id: isInteger,
  html_url: isString,
  body: optional(isString),
  user: nullable(isPerson),
  created_at: optional(isString)
})

function readComment(value: unknown): IssueComment | undefined {
  if (!isComment(value)) return undefined
  const comment = {
    id: value.id,
    body: value.body ?? '',
    htmlUrl: value.html_url,
    ...(value.created_at !== undefined && { createdAt: value.created_at })
  }
  return value.user === null ? comment : { ...comment, author: value.user.login }
}

// role_name is described as always there; an answer without it still has the base permission.
const isPermission = described<Schemas['repository-collaborator-permission']>()({
  permission: isString,
  role_name: optional(isString)
})

function readPermission(value: unknown): { permission: string; roleName?: string } | undefined {
  if (!isPermission(value)) return undefined
  return value.role_name === undefined
    ? { permission: value.permission }
    : { permission: value.permission, roleName: value.role_name }
}
