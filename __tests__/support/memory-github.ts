// The comments of a repository's threads in memory, behind the GitHubApi the action talks to, for
// in-process tests of what the action reads and writes on a thread.
import type { GitHubApi, IssueComment } from '../../src/github/api.js'

export type Author = IssueComment['author']

export const ACTIONS_BOT: Author = { login: 'github-actions[bot]', isBot: true }

export class MemoryGitHub {
  private readonly threads = new Map<number, IssueComment[]>()
  private nextId = 1

  /** Comments on a thread, oldest first. */
  comments(issueNumber: number): IssueComment[] {
    return (this.threads.get(issueNumber) ?? []).map((comment) => ({ ...comment }))
  }

  post(issueNumber: number, body: string, author: Author): IssueComment {
    const id = this.nextId++
    const comment = { id, body, htmlUrl: `https://github.com/acme/docs/issues/${issueNumber}#issuecomment-${id}`, author }
    this.threads.set(issueNumber, [...(this.threads.get(issueNumber) ?? []), comment])
    return { ...comment }
  }

  /** The API as seen with a token whose comments are posted by `author`. */
  api(author: Author = ACTIONS_BOT): GitHubApi {
    return {
      permissionOf: () => Promise.reject(new Error('not part of the thread')),
      react: () => Promise.resolve(),
      listComments: (issueNumber) => Promise.resolve(this.comments(issueNumber)),
      createComment: (issueNumber, body) => Promise.resolve(this.post(issueNumber, body, author)),
      updateComment: (commentId, body) => Promise.resolve(this.update(commentId, body))
    }
  }

  private update(commentId: number, body: string): IssueComment {
    for (const comments of this.threads.values()) {
      const comment = comments.find((candidate) => candidate.id === commentId)
      if (comment) {
        comment.body = body
        return { ...comment }
      }
    }
    throw Object.assign(new Error('Not Found'), { status: 404 })
  }
}
