// A local stand-in for the slice of the GitHub REST API the action uses (comments, reactions, the
// collaborator-permission check), for the end-to-end tests and the demo. It answers as
// api.github.com does, down to the Link header, the rate-limit headers the client's retry decision
// reads, and the GitHub Enterprise Server `/api/v3` layout.
import { createServer, STATUS_CODES, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { type FakeChanges, fakeChanges } from './fake-github-changes.js'
import { type FakeTags, fakeTags } from './fake-github-tags.js'
import { conformance } from './fake-github-conformance.js'
import { type Site, userJson as githubUserJson } from './fake-github-records.js'
import { type FakeIssueSeed, type FakeLabel, issueTracker } from './fake-github-labels.js'
import {
  bodyTooLong,
  error,
  isTooLong,
  GITHUB_MAX_PAGE,
  type Handler,
  notFound,
  paginate,
  type Payload,
  type Reply,
  repoKey,
  type Route,
  threadKey,
  timestamp,
  validationFailed
} from './fake-github-reply.js'
import { fakePulls, type FakeReviewInput } from './fake-pulls.js'
import { fakeRepository } from './fake-github-repository.js'

export type FakeRole = 'admin' | 'maintain' | 'write' | 'triage' | 'read' | 'none'
export type FakeUserType = 'User' | 'Bot'

export interface FakeComment {
  id: number
  body: string
  user: { login: string; type: FakeUserType }
  html_url: string
  created_at: string
  updated_at: string
}

export interface FakeFailure {
  method?: string
  /** Matched against the request path as received (prefix and query string included). */
  pathIncludes: string
  status: number
  /** Never answer (until close): a GitHub that hangs. `status` is then unused. */
  hang?: boolean
  /**
   * Carry the request out, then answer with the failure anyway: GitHub failing after it acted,
   * e.g. a create that made the comment and still answered 502.
   */
  afterEffect?: boolean
  /** How many matching requests fail (default 1). */
  times?: number
  message?: string
}

export interface FakeGitHubOptions {
  /** '' (default, like api.github.com) or '/api/v3' (GitHub Enterprise Server). */
  prefix?: string
  /** The one accepted token (default 'ghs_fake_token'); any other answers 401. */
  token?: string
  /**
   * More tokens, each with the repositories (owner/name) it reaches, as a fine-grained or GitHub App
   * token does; a request to another repository answers 404, as GitHub does for a private one.
   */
  tokens?: Record<string, string[]>
  /** login -> role for one repository (owner/name), instead of `permissions` there. */
  repositoryPermissions?: Record<string, Record<string, FakeRole>>
  /**
   * login -> role. Listed logins answer 200 with their role; any other login answers 404. A custom
   * organisation role is `{ role: 'docs-writer', base: 'write' }`: role_name is the custom name.
   */
  permissions?: Record<string, FakeRole | { role: string; base: FakeRole }>
  /** Author of what the token creates (default 'github-actions[bot]', a Bot). */
  actorLogin?: string
  /** Injected failures: a request takes the first one that matches and has uses left. */
  failures?: FakeFailure[]
  /** Largest page served. Like GitHub, a list gives 30 items unless `per_page` (up to 100) asks otherwise. */
  perPage?: number
  /** Told of every request as it arrives, before it is answered: a test can act at that moment. */
  onRequest?: (request: FakeRequest) => void
  /** How long the answer to a request takes, in milliseconds (default: none). GitHub takes a few hundred for a page of 100 comments. */
  latencyMs?: (request: FakeRequest) => number
}

export interface FakeRequest {
  method: string
  /** As received: prefix and query string included. */
  path: string
  body: string
  headers: Record<string, string | string[] | undefined>
}

export interface FakeReaction {
  subject: 'issue' | 'issue_comment' | 'pull_request_review_comment'
  /** The comment id, or the issue number for subject 'issue'. */
  id: number
  content: string
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
  /**
   * Seeds a thread; the user defaults to the actor, its type to Bot for `…[bot]` logins. `id` lets a
   * test seed the comment a saved webhook payload names.
   */
  addComment(
    owner: string,
    repo: string,
    issue: number,
    body: string,
    user?: { login: string; type?: FakeUserType },
    id?: number
  ): FakeComment
  /** Deletes a comment as its author would: the comments after it move up a place in the listing. */
  deleteComment(id: number): void
  /** The numbers of the issues opened through the API, in order. */
  openedIssues(): number[]
  /** Seeds pull requests, comparisons, issues and releases. */
  changes: FakeChanges
  /** Seeds tags and the commits each has. */
  tags: FakeTags
  /** Stops serving, then checks every exchange against GitHub's OpenAPI description: rejects listing what does not conform. */
  close(): Promise<void>
}

interface StoredComment {
  comment: FakeComment
  owner: string
  repo: string
  issue: number
}

const RATE_LIMIT = 5000
const REACTION_CONTENTS = new Set(['+1', '-1', 'laugh', 'confused', 'heart', 'hooray', 'rocket', 'eyes'])
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

function parseObject(text: string): Payload | undefined {
  try {
    const parsed: unknown = text ? JSON.parse(text) : {}
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as Payload) : undefined
  } catch {
    return undefined
  }
}

export async function startFakeGitHub(options: FakeGitHubOptions = {}): Promise<FakeGitHub> {
  const prefix = options.prefix ?? ''
  const token = options.token ?? 'ghs_fake_token'
  const actor = { login: options.actorLogin ?? 'github-actions[bot]', type: 'Bot' as const }
  const failures = (options.failures ?? []).map((failure) => ({ ...failure, left: failure.times ?? 1 }))
  const rateLimitReset = String(Math.floor(Date.now() / 1000) + 3600)
  const requests: FakeRequest[] = []
  const checked = conformance()
  const reactions: FakeReaction[] = []
  const stored = new Map<number, StoredComment>()
  let nextCommentId = 1_000_001
  let serverUrl = ''

  const site = (): Site => ({ web: serverUrl, api: `${serverUrl}${prefix}` })
  const userJson = ({ login, type }: { login: string; type: FakeUserType }) => githubUserJson(site(), login, type)

  const commentJson = ({ comment, owner, repo, issue }: StoredComment) => ({
    ...comment,
    node_id: `IC_fake${comment.id}`,
    url: `${serverUrl}${prefix}/repos/${owner}/${repo}/issues/comments/${comment.id}`,
    issue_url: `${serverUrl}${prefix}/repos/${owner}/${repo}/issues/${issue}`,
    user: userJson(comment.user),
    // The least-privileged answer, so an action that trusted author_association would be caught out.
    author_association: 'NONE'
  })

  const threadComments = (owner: string, repo: string, issue: number): StoredComment[] =>
    [...stored.values()].filter((s) => threadKey(s.owner, s.repo, s.issue) === threadKey(owner, repo, issue))

  const commentIn = (owner: string, repo: string, id: string): StoredComment | undefined => {
    const found = stored.get(Number(id))
    return found && repoKey(found.owner, found.repo) === repoKey(owner, repo) ? found : undefined
  }

  const addComment: FakeGitHub['addComment'] = (owner, repo, issue, body, user = actor, id = nextCommentId++) => {
    const now = timestamp()
    const type = user.type ?? (user.login.endsWith('[bot]') ? 'Bot' : 'User')
    const html_url = `${serverUrl}/${owner}/${repo}/issues/${issue}#issuecomment-${id}`
    const comment: FakeComment = {
      id,
      body,
      user: { login: user.login, type },
      html_url,
      created_at: now,
      updated_at: now
    }
    stored.set(id, { comment, owner, repo, issue })
    tracker.touch(owner, repo, issue)
    return structuredClone(comment)
  }

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

  const listComments: Handler = (owner, repo, issue, url) =>
    paginate(threadComments(owner, repo, Number(issue)), url, options.perPage ?? GITHUB_MAX_PAGE, commentJson)

  const getComment: Handler = (owner, repo, id) => {
    const found = commentIn(owner, repo, id)
    return found ? { status: 200, body: commentJson(found) } : notFound()
  }

  const createComment: Handler = (owner, repo, issue, _url, { body }) => {
    if (typeof body !== 'string') return validationFailed('body')
    if (isTooLong(body)) return bodyTooLong()
    const created = commentJson(stored.get(addComment(owner, repo, Number(issue), body).id) as StoredComment)
    return { status: 201, body: created, headers: { location: created.url } }
  }

  const updateComment: Handler = (owner, repo, id, _url, { body }) => {
    const found = commentIn(owner, repo, id)
    if (!found) return notFound()
    if (typeof body !== 'string') return validationFailed('body')
    if (isTooLong(body)) return bodyTooLong()
    found.comment.body = body
    found.comment.updated_at = timestamp()
    return { status: 200, body: commentJson(found) }
  }

  const react =
    (subject: FakeReaction['subject'], exists: (owner: string, repo: string, id: string) => boolean): Handler =>
    (owner, repo, param, _url, { content }) => {
      if (!exists(owner, repo, param)) return notFound()
      if (typeof content !== 'string' || !REACTION_CONTENTS.has(content)) return validationFailed('content')
      const id = Number(param)
      // Reacting the same way twice is not an error: GitHub answers 200 with the existing reaction.
      const existing = reactions.findIndex((r) => r.subject === subject && r.id === id && r.content === content)
      if (existing < 0) reactions.push({ subject, id, content })
      const reactionId = 9_000_000 + (existing < 0 ? reactions.length - 1 : existing)
      const reaction = { id: reactionId, node_id: `REA_fake${reactionId}`, user: userJson(actor), content }
      return { status: existing < 0 ? 201 : 200, body: { ...reaction, created_at: timestamp() } }
    }
  const anyId = () => true

  const tracker = issueTracker({
    site,
    user: () => userJson(actor),
    pageCap: options.perPage ?? GITHUB_MAX_PAGE,
    commentCount: (owner, repo, number) => threadComments(owner, repo, number).length
  })
  const changes = fakeChanges(site, tracker.labelsJson, options.perPage ?? GITHUB_MAX_PAGE)
  const tags = fakeTags(site)
  const repository = fakeRepository(site, tracker)
  const pulls = fakePulls({
    site,
    userJson,
    labelsJson: tracker.labelsJson,
    canRead: (owner, repo, login) => {
      const granted = roleOf(owner, repo, login)?.[1]
      const base = typeof granted === 'string' ? granted : granted?.base
      return base !== undefined && base !== 'none'
    },
    page: (items, url) => paginate(items, url, options.perPage ?? GITHUB_MAX_PAGE)
  })
  // Paths below /repos/{owner}/{repo}. Reactions take any issue or review comment number.
  const routes: Route[] = [
    ...tracker.routes,
    ...changes.routes,
    ...tags.routes,
    ...pulls.routes,
    ...repository.routes,
    ['GET', /^\/collaborators\/([^/]+)\/permission$/, permission],
    ['GET', /^\/issues\/(\d+)\/comments$/, listComments],
    ['POST', /^\/issues\/(\d+)\/comments$/, createComment],
    ['GET', /^\/issues\/comments\/(\d+)$/, getComment],
    ['PATCH', /^\/issues\/comments\/(\d+)$/, updateComment],
    ['POST', /^\/issues\/comments\/(\d+)\/reactions$/, react('issue_comment', (o, r, id) => !!commentIn(o, r, id))],
    ['POST', /^\/issues\/(\d+)\/reactions$/, react('issue', anyId)],
    ['POST', /^\/pulls\/comments\/(\d+)\/reactions$/, react('pull_request_review_comment', anyId)]
  ]

  const injectedFailure = (method: string, path: string): FakeFailure | undefined => {
    const failure = failures.find(
      (f) => f.left > 0 && path.includes(f.pathIncludes) && (!f.method || f.method.toUpperCase() === method)
    )
    if (failure) failure.left -= 1
    return failure
  }

  const failureReply = (failure: FakeFailure): Reply => {
    if (failure.hang) return { status: 0, body: null, hang: true }
    const reply = error(failure.status, failure.message ?? STATUS_CODES[failure.status] ?? 'Error')
    // Without retry-after, a secondary rate limit asks for a 60 s wait, longer than any test wants.
    const limited = failure.status === 429 || /secondary rate/i.test(failure.message ?? '')
    return limited ? { ...reply, headers: { 'retry-after': '1' } } : reply
  }

  const answer = (request: FakeRequest): Reply => {
    const { method, path, body: rawBody, headers } = request
    const authorization = typeof headers.authorization === 'string' ? headers.authorization : ''
    const presented = /^(?:token|bearer)\s+(\S+)$/i.exec(authorization)?.[1]
    if (presented === undefined) return error(401, 'Requires authentication')
    const reach = presented === token ? '*' : options.tokens?.[presented]
    if (reach === undefined) return error(401, 'Bad credentials')
    const repository = /^\/repos\/([^/]+\/[^/?]+)/.exec(new URL(path, serverUrl).pathname.slice(prefix.length))?.[1]
    const reachable = reach === '*' || reach.some((name) => name.toLowerCase() === repository?.toLowerCase())
    if (repository !== undefined && !reachable) return notFound()
    const failure = injectedFailure(method, path)
    if (failure?.afterEffect) serve(method, path, rawBody, headers)
    return failure ? failureReply(failure) : serve(method, path, rawBody, headers)
  }

  const serve = (method: string, path: string, rawBody: string, headers: FakeRequest['headers']): Reply => {
    const url = new URL(path, serverUrl)
    const repoPath = /^\/repos\/([^/]+)\/([^/]+)(\/.*)?$/.exec(url.pathname.slice(prefix.length))
    if (!url.pathname.startsWith(`${prefix}/`) || !repoPath) return notFound()
    const [, owner = '', repo = '', rest = ''] = repoPath.map((segment = '') => decodeURIComponent(segment))
    for (const [routeMethod, pattern, handle] of routes) {
      const match = routeMethod === method ? pattern.exec(rest) : null
      if (!match) continue
      const payload = parseObject(rawBody)
      return payload
        ? handle(owner, repo, match[1] ?? '', url, payload, headers, match.slice(1))
        : error(400, 'Problems parsing JSON')
    }
    return notFound()
  }

  const send = (res: ServerResponse, reply: Reply, request: FakeRequest): void => {
    const below = request.path.startsWith(`${prefix}/`) ? request.path.slice(prefix.length) : request.path
    const exchange = { method: request.method, path: below, headers: request.headers, body: request.body }
    if (reply.hang) return checked.record(exchange)
    const text = reply.text ?? JSON.stringify(reply.body)
    const contentType = reply.contentType ?? 'application/json; charset=utf-8'
    const json = reply.text === undefined ? text : undefined
    checked.record({ ...exchange, answer: { status: reply.status, contentType, json } })
    const used = Math.min(requests.length, RATE_LIMIT - 1)
    res.writeHead(reply.status, {
      'content-type': contentType,
      'content-length': String(Buffer.byteLength(text)),
      'x-github-media-type': 'github.v3; format=json',
      'x-ratelimit-limit': String(RATE_LIMIT),
      'x-ratelimit-remaining': String(RATE_LIMIT - used),
      'x-ratelimit-reset': rateLimitReset,
      'x-ratelimit-used': String(used),
      'x-ratelimit-resource': 'core',
      ...reply.headers
    })
    res.end(text)
  }

  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      const method = (req.method ?? 'GET').toUpperCase()
      const path = req.url ?? '/'
      const body = Buffer.concat(chunks).toString('utf8')
      const request = { method, path, body, headers: { ...req.headers } }
      requests.push(request)
      options.onRequest?.(request)
      let reply: Reply
      try {
        reply = answer(request)
      } catch (cause) {
        // e.g. a malformed %-escape in the path: answer rather than crash the test process.
        reply = error(400, `fake GitHub could not handle ${method} ${path}: ${String(cause)}`)
      }
      const latency = options.latencyMs?.(request) ?? 0
      if (latency > 0) setTimeout(() => send(res, reply, request), latency)
      else send(res, reply, request)
    })
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', resolve)
  })
  serverUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`

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
    requests,
    reactions,
    comments: (owner, repo, issue) => threadComments(owner, repo, issue).map((s) => structuredClone(s.comment)),
    addComment,
    deleteComment: (id) => {
      stored.delete(id)
    },
    openedIssues: repository.opened,
    changes: changes.changes,
    tags: tags.tags,
    close: async () => {
      await new Promise<void>((resolve, reject) => {
        server.close((err) => (err ? reject(err) : resolve()))
        // Clients keep connections alive; without this, close waits for them to time out.
        server.closeAllConnections()
      })
      checked.verify()
    }
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
