// The GitHub calls around a thread: who may trigger, the eyes reaction, and the comments.
import { parsePermissionLevel } from '../permission-level.js'
import type { GitHubApi } from './api.js'
import { httpStatusOf, type RepositoryCalls } from './calls.js'
import { COMMENT_LIMIT, fitMarkdown } from '../size-limits.js'
import { described, isInteger, isString, optional, type Schemas } from './described.js'

export interface IssueComment {
  id: number
  body: string
  htmlUrl: string
}

export type ThreadCalls = Pick<GitHubApi, 'permissionOf' | 'react' | 'listComments' | 'createComment' | 'updateComment'>

export function threadCalls({ repo, send, json, list }: RepositoryCalls): ThreadCalls {
  return {
    async permissionOf(login, limits) {
      try {
        const data = await json(
          'permission check',
          true,
          limits,
          { method: 'GET', path: `${repo}/collaborators/${encodeURIComponent(login)}/permission` },
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
      const path =
        target.kind === 'issue'
          ? `${repo}/issues/${target.issueNumber}/reactions`
          : target.kind === 'issue_comment'
            ? `${repo}/issues/comments/${target.id}/reactions`
            : `${repo}/pulls/comments/${target.id}/reactions`
      // GitHub answers a repeated reaction with the existing one, so retrying is safe.
      await send('reaction', true, limits, { method: 'POST', path, body: { content } })
    },
    async listComments(issueNumber, limits) {
      const path = `${repo}/issues/${issueNumber}/comments?per_page=100`
      return (await list('comment listing', limits, path, readComment)).items
    },
    // Every comment the action writes goes through these two: the one place it is cut to GitHub's size.
    createComment: (issueNumber, body, limits) =>
      json(
        'comment create',
        false,
        limits,
        {
          method: 'POST',
          path: `${repo}/issues/${issueNumber}/comments`,
          body: { body: fitMarkdown(body, COMMENT_LIMIT) }
        },
        readComment
      ),
    updateComment: (commentId, body, limits) =>
      json(
        'comment edit',
        true,
        limits,
        {
          method: 'PATCH',
          path: `${repo}/issues/comments/${commentId}`,
          body: { body: fitMarkdown(body, COMMENT_LIMIT) }
        },
        readComment
      )
  }
}

const isComment = described<Schemas['issue-comment']>()({ id: isInteger, html_url: isString, body: optional(isString) })

function readComment(value: unknown): IssueComment | undefined {
  if (!isComment(value)) return undefined
  return { id: value.id, body: value.body ?? '', htmlUrl: value.html_url }
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
