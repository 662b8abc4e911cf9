// A local stand-in for the slice of the GitHub REST API the action uses (comments, reactions, the
// collaborator-permission check, and the stores of the fake-github-*.ts beside it, workflows among them), for the
// end-to-end tests and the demo. It answers as api.github.com does, down to the Link header, the
// rate-limit headers the client's retry decision reads, and the GitHub Enterprise Server `/api/v3`
// layout. This file puts the stores together and answers who may do what; fake-github-server.ts
// serves them.
import { type FakeChanges, fakeChanges } from './fake-github-changes.js'
import { type FakeHistory, fakeHistory } from './fake-github-history.js'
import {
  type AddComment,
  type FakeComment,
  fakeComments,
  type FakeReaction,
  type FakeUserType
} from './fake-github-comments.js'
import { type FakeTags, fakeTags } from './fake-github-tags.js'
import { type Site, userJson as githubUserJson } from './fake-github-records.js'
import { type FakeIssueSeed, type FakeLabel, issueTracker } from './fake-github-labels.js'
import { GITHUB_MAX_PAGE, type Handler, notFound, paginate, repoKey } from './fake-github-reply.js'
import { type FakeRequest, type FakeServerOptions, startFakeServer } from './fake-github-server.js'
import { fakePulls, type FakeReviewInput } from './fake-pulls.js'
import { fakeRepository } from './fake-github-repository.js'
import { type FakeMerges, fakeMerges } from './fake-github-merges.js'
import { type FakeWorkflows, fakeWorkflows } from './fake-github-workflows.js'
import { type FakeStatuses, fakeStatuses } from './fake-github-statuses.js'

export type { FakeFailure, FakeRequest } from './fake-github-server.js'

export type FakeRole = 'admin' | 'maintain' | 'write' | 'triage' | 'read' | 'none'

export interface FakeGitHubOptions extends FakeServerOptions {
  /** login -> role for one repository (owner/name), instead of `permissions` there. */
  repositoryPermissions?: Record<string, Record<string, FakeRole>>
  /**
   * login -> role. Listed logins answer 200 with their role; any other login answers 404. A custom
   * organisation role is `{ role: 'docs-writer', base: 'write' }`: role_name is the custom name.
   */
  permissions?: Record<string, FakeRole | { role: string; base: FakeRole }>
  /** Author of what the token creates (default 'github-actions[bot]', a Bot). */
  actorLogin?: string
  /** Largest page served. Like GitHub, a list gives 30 items unless `per_page` (up to 100) asks otherwise. */
  perPage?: number
  /** Tokens given `actions: read` only (the default token has `actions: write`): GitHub refuses their workflow switches (403). */
  actionsReadOnly?: string[]
}

export interface FakeGitHub {
  /** Base URL for GITHUB_API_URL, prefix included, e.g. http://127.0.0.1:PORT/api/v3 */
  url: string
  /** Seeds a pull request and who opened it; requested reviewers are refused for the author. */
  addPullRequest(owner: string, repo: string, number: number, author: string): void
  /** Seeds a submitted review with its comments on lines; the ids of the review and its comments. */
  addReview(owner: string, repo: string, pull: number, review: FakeReviewInput): { id: number; commentIds: number[] }
  requestedReviewers(owner: string, repo: string, pull: number): string[]
  /** The labels on an issue or pull request, in the order they were added. */
  labels(owner: string, repo: string, issue: number): string[]
  /** Seeds an issue or pull request for the label listing (any number exists; this makes one a pull request, closed, or older). */
  addIssue(owner: string, repo: string, issue: number, seed?: FakeIssueSeed): void
  /** Labels a thread as a person would, creating the label in the repository when missing. */
  label(owner: string, repo: string, issue: number, name: string): void
  /** The repository's labels. */
  repositoryLabels(owner: string, repo: string): FakeLabel[]
  /** http://127.0.0.1:PORT, for GITHUB_SERVER_URL */
  serverUrl: string
  requests: FakeRequest[]
  reactions: FakeReaction[]
  comments(owner: string, repo: string, issue: number): FakeComment[]
  /** Seeds a thread, as the actor or another user, with a given id if need be. */
  addComment: AddComment
  /** Deletes a comment as its author would: the comments after it move up a place in the listing. */
  deleteComment(id: number): void
  /** The numbers of the issues opened through the API, in order. */
  openedIssues(): number[]
  /** Seeds pull requests, comparisons, issues and releases. */
  changes: FakeChanges
  /** The branches' commits; merged pull requests add theirs. */
  history: FakeHistory
  /** Seeds tags and the commits each has. */
  tags: FakeTags
  /** Seeds workflow files, reads their state, and is told of each switch. */
  workflows: FakeWorkflows
  /** Auto-merge and merges: what a repository allows, what GitHub says of a pull request's merge. */
  merges: FakeMerges
  /** The commit statuses set, per commit. */
  statuses: FakeStatuses
  /** Stops serving, then checks every exchange against GitHub's OpenAPI description: rejects listing what does not conform. */
  close(): Promise<void>
}

const ROLE_ORDER: FakeRole[] = ['none', 'read', 'triage', 'write', 'maintain', 'admin']
// GitHub's `permission` field only knows the legacy base roles; the actual role is in `role_name`.
const LEGACY_PERMISSION: Record<FakeRole, string> = {
  admin: 'admin',
  maintain: 'write',
  write: 'write',
  triage: 'read',
  read: 'read',
  none: 'none'
}

export async function startFakeGitHub(options: FakeGitHubOptions = {}): Promise<FakeGitHub> {
  const prefix = options.prefix ?? ''
  const actor = { login: options.actorLogin ?? 'github-actions[bot]', type: 'Bot' as const }
  const pageCap = options.perPage ?? GITHUB_MAX_PAGE
  let serverUrl = ''

  const site = (): Site => ({ web: serverUrl, api: `${serverUrl}${prefix}` })
  const userJson = ({ login, type }: { login: string; type: FakeUserType }) => githubUserJson(site(), login, type)

  const permissionsIn = (owner: string, repo: string) =>
    Object.entries(options.repositoryPermissions ?? {}).find(
      ([name]) => name.toLowerCase() === repoKey(owner, repo)
    )?.[1] ??
    options.permissions ??
    {}
  const roleOf = (owner: string, repo: string, login: string) =>
    Object.entries(permissionsIn(owner, repo)).find(([name]) => name.toLowerCase() === login.toLowerCase())

  const permission: Handler = (owner, repo, login) => {
    const entry = roleOf(owner, repo, login)
    if (!entry) return notFound()
    const [name, granted] = entry
    const { role, base } = typeof granted === 'string' ? { role: granted, base: granted } : granted
    const rank = ROLE_ORDER.indexOf(base)
    const permissions = { admin: rank >= 5, maintain: rank >= 4, push: rank >= 3, triage: rank >= 2, pull: rank >= 1 }
    const user = { ...userJson({ login: name, type: 'User' }), permissions, role_name: role }
    return { status: 200, body: { permission: LEGACY_PERMISSION[base], role_name: role, user } }
  }

  const comments = fakeComments({
    site,
    userJson,
    actor,
    pageCap,
    touch: (owner, repo, issue) => tracker.touch(owner, repo, issue)
  })
  const tracker = issueTracker({ site, user: () => userJson(actor), pageCap, commentCount: comments.count })
  const history = fakeHistory(site, pageCap)
  const changes = fakeChanges(site, tracker.labelsJson, pageCap, history)
  const tags = fakeTags(site, (owner, repo, url) => history.listCommits(owner, repo, url))
  const repository = fakeRepository(site, tracker)
  const workflows = fakeWorkflows(site, (headers) => {
    const authorization = typeof headers.authorization === 'string' ? headers.authorization : ''
    return (options.actionsReadOnly ?? []).some((token) => authorization.endsWith(` ${token}`))
  })
  const statuses = fakeStatuses(site, () => userJson(actor))
  const pulls = fakePulls({
    site,
    userJson,
    labelsJson: tracker.labelsJson,
    canRead: (owner, repo, login) => {
      const granted = roleOf(owner, repo, login)?.[1]
      const base = typeof granted === 'string' ? granted : granted?.base
      return base !== undefined && base !== 'none'
    },
    page: (items, url) => paginate(items, url, pageCap)
  })
  const merges = fakeMerges(site, changes.changes, actor.login)
  const server = await startFakeServer(
    options,
    [
      ...tracker.routes,
      ...changes.routes,
      ...history.routes,
      ...tags.routes,
      ...pulls.routes,
      ...repository.routes,
      ...workflows.routes,
      ...merges.routes,
      ...statuses.routes,
      ['GET', /^\/collaborators\/([^/]+)\/permission$/, permission],
      ...comments.routes
    ],
    { isPullRequest: tracker.isPullRequest, threadOfComment: comments.threadOf },
    merges.graphql
  )
  serverUrl = server.serverUrl

  return {
    url: `${serverUrl}${prefix}`,
    addPullRequest: (owner, repo, number, author) => {
      changes.changes.addPullRequest(owner, repo, {
        number,
        title: 'Docs from the agent',
        author,
        changes: [],
        merged: false
      })
      pulls.addPullRequest(owner, repo, number, author)
      tracker.addIssue(owner, repo, number, { pullRequest: true })
    },
    addReview: pulls.addReview,
    requestedReviewers: pulls.requestedReviewers,
    labels: tracker.labels,
    addIssue: tracker.addIssue,
    label: tracker.label,
    repositoryLabels: tracker.repositoryLabels,
    serverUrl,
    requests: server.requests,
    reactions: comments.reactions,
    comments: comments.comments,
    addComment: comments.addComment,
    deleteComment: comments.deleteComment,
    openedIssues: repository.opened,
    changes: changes.changes,
    history,
    tags: tags.tags,
    workflows: workflows.workflows,
    merges: merges.merges,
    statuses: statuses.statuses,
    close: server.close
  }
}

/**
 * Seeds the issue comment a saved issue_comment payload names, with its id, so that reactions to
 * the trigger land as they would on GitHub. Other payloads name no stored comment: nothing to do.
 */
export function seedEventComment(fake: FakeGitHub, event: Record<string, unknown>): void {
  const comment = event.comment as { id: number; body: string; user: { login: string; type: FakeUserType } } | undefined
  const issue = event.issue as { number: number } | undefined
  const repository = event.repository as { name: string; owner: { login: string } } | undefined
  if (!comment || !issue || !repository) return
  fake.addComment(repository.owner.login, repository.name, issue.number, comment.body, comment.user, comment.id)
}
