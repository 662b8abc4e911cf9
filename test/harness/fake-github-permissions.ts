// What a workflow's `permissions:` block lets its GITHUB_TOKEN do, as the GitHub fake enforces it:
// each request needs one scope at read (GET) or write (anything else); a thread's requests need
// `issues` on an issue and `pull-requests` on a pull request, as GitHub's "Resource not accessible
// by integration" tells. Metadata (the repository, a collaborator's permission) is always readable.
// Source: GitHub's "Permissions required for GitHub Apps" and "Controlling permissions for
// GITHUB_TOKEN" (a scope a `permissions:` block leaves out is `none`; write includes read).

export type TokenScope = 'actions' | 'contents' | 'issues' | 'pull-requests' | 'statuses'
export type TokenAccess = 'read' | 'write' | 'none'
export type TokenPermissions = Partial<Record<TokenScope, TokenAccess>>

/** What the fake knows of a repository's threads, to tell an issue from a pull request. */
export interface ThreadKinds {
  isPullRequest: (owner: string, repo: string, number: number) => boolean
  /** The issue or pull request a comment is on, when the comment exists. */
  threadOfComment: (owner: string, repo: string, id: number) => number | undefined
}

/** The scope a request below /repos/{owner}/{repo} needs; undefined for metadata. */
export function scopeOf(rest: string, owner: string, repo: string, threads: ThreadKinds): TokenScope | undefined {
  if (rest === '' || rest.startsWith('/collaborators/')) return undefined
  const onThread = (number: number | undefined): TokenScope =>
    number !== undefined && threads.isPullRequest(owner, repo, number) ? 'pull-requests' : 'issues'
  const comment = /^\/issues\/comments\/(\d+)/.exec(rest)
  if (comment) return onThread(threads.threadOfComment(owner, repo, Number(comment[1])))
  const thread = /^\/issues\/(\d+)/.exec(rest)
  if (thread) return onThread(Number(thread[1]))
  if (rest === '/issues' || rest.startsWith('/labels')) return 'issues'
  // GitHub's merge writes the branch: `contents: write`.
  if (/^\/pulls\/\d+\/merge$/.test(rest)) return 'contents'
  if (rest.startsWith('/pulls')) return 'pull-requests'
  if (rest.startsWith('/actions/')) return 'actions'
  if (rest.startsWith('/statuses/') || /^\/commits\/[^/]+\/status/.test(rest)) return 'statuses'
  return 'contents'
}

/** Whether `permissions` lets a `method` request that needs `scope` through. */
export function permits(permissions: TokenPermissions, scope: TokenScope | undefined, method: string): boolean {
  if (scope === undefined) return true
  const granted = permissions[scope] ?? 'none'
  return method === 'GET' ? granted !== 'none' : granted === 'write'
}
