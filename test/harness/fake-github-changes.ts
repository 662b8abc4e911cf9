// The GitHub fake's changes: pull requests with their files and diffs, comparisons of two commits,
// issues and releases, seeded by tests and served as api.github.com serves them: pages with Link
// headers, the diff media type (application/vnd.github.diff), and GitHub's limits on both.
import { changedFileJson, fakeSha, type FileChange, unifiedDiff } from './changes.js'
import {
  comparisonJson,
  issueLinks,
  pullRequestLinks,
  releaseJson,
  repositoryJson,
  type Site,
  userJson
} from './fake-github-records.js'
import type { FakeHistory } from './fake-github-history.js'
import {
  GITHUB_MAX_PAGE,
  notFound,
  paginate,
  type Reply,
  repoKey,
  type Route,
  timestamp,
  validationFailed
} from './fake-github-reply.js'

export interface FakePullSpec {
  number: number
  title: string
  body?: string | null
  /** null: a deleted account, which GitHub's issue answer names as `user: null` and its pull request answer as "ghost". */
  author?: string | null
  /** GitHub may leave `body` out of the issue answer. */
  withoutBody?: boolean
  base?: string
  head?: string
  /** The head commit (default: one named after the head branch). */
  headSha?: string
  /** Default true: the pull requests the action reads are mostly merged ones. */
  merged?: boolean
  state?: 'open' | 'closed'
  /** ISO time of the merge (and last update); default now. */
  mergedAt?: string
  changes: FileChange[]
}

export interface FakeIssueSpec {
  number: number
  title: string
  body?: string | null
  /** null: a deleted account (`user: null`). */
  author?: string | null
  /** GitHub may leave `body` out. */
  withoutBody?: boolean
}

export interface FakeCommitSpec {
  message: string
  author?: string
}

export interface FakeReleaseSpec {
  tag: string
  name?: string
  body?: string
  draft?: boolean
  prerelease?: boolean
  /** ISO time; default now, unless a draft. */
  publishedAt?: string
}

export interface FakeChanges {
  /** Seeds a pull request (and its issue); its JSON, as the REST API and a webhook payload give it. */
  addPullRequest(owner: string, repo: string, spec: FakePullSpec): Record<string, unknown>
  addIssue(owner: string, repo: string, spec: FakeIssueSpec): Record<string, unknown>
  /** Seeds what compare/{base}...{head} answers; the commits' JSON, as a push payload lists them. */
  addComparison(
    owner: string,
    repo: string,
    range: { base: string; head: string },
    changes: FileChange[],
    commits?: FakeCommitSpec[]
  ): Record<string, unknown>[]
  /**
   * The state of a seeded pull request (open or closed), as the action left it.
   */
  pullRequestState(owner: string, repo: string, number: number): string | undefined
  /** A seeded pull request's record as the fake serves it, and its issue's, to change in place (fake-github-merges.ts). */
  pullRecord(
    owner: string,
    repo: string,
    number: number
  ): { pull: Record<string, unknown>; issue: Record<string, unknown> } | undefined
  /**
   * Marks a seeded pull request updated at `updatedAt` (ISO), as a label, a comment or a bot touching
   * it does: it moves up the listing sorted by update.
   */
  touchPullRequest(owner: string, repo: string, number: number, updatedAt: string): void
  /** Seeds a release, newer than those seeded before; its JSON, as the REST API and a webhook payload give it. */
  addRelease(owner: string, repo: string, spec: FakeReleaseSpec): Record<string, unknown>
}

interface StoredChanges {
  changes: FileChange[]
  commits?: Record<string, unknown>[]
}

// GitHub's limits: https://docs.github.com/rest/pulls/pulls and the repository limits page.
const PULL_FILES_MAX = 3000
const COMPARE_FILES_MAX = 300
const DIFF_FILES_MAX = 300
const DIFF_LINES_MAX = 20_000
const DIFF_MEDIA_TYPES = ['application/vnd.github.diff', 'application/vnd.github.v3.diff']

/** GraphQL's id of a pull request: opaque, and unique across repositories. */
export function pullRequestNodeId(owner: string, repo: string, number: number): string {
  return `PR_${Buffer.from(`${owner}/${repo}#${number}`.toLowerCase()).toString('base64url')}`
}

/** The seeds and the routes of the fake's changes; the site is known once the server listens. */
export function fakeChanges(
  site: () => Site,
  /** The labels on a pull request, as the fake's issue tracker writes them. */
  labelsJson: (owner: string, repo: string, number: number) => Record<string, unknown>[] = () => [],
  /** Largest page of the pull request listing (the fake's perPage option). */
  pageCap = GITHUB_MAX_PAGE,
  /** The branches a merged pull request is merged into, commit by commit. */
  history?: FakeHistory
): { changes: FakeChanges; routes: Route[] } {
  const issues = new Map<string, Record<string, unknown>>()
  const pulls = new Map<string, { json: Record<string, unknown>; changes: FileChange[] }>()
  const comparisons = new Map<string, StoredChanges>()
  const releases = new Map<string, Record<string, unknown>[]>()
  const key = (owner: string, repo: string, id: string | number) => `${repoKey(owner, repo)}#${id}`
  const user = (login: string) => userJson(site(), login)

  const issueJson = (owner: string, repo: string, spec: FakeIssueSpec, pull?: Record<string, unknown>) => ({
    ...issueLinks(site(), `${owner}/${repo}`, spec.number, pull && { mergedAt: pull.merged_at }),
    id: 3_000_000 + spec.number,
    title: spec.title,
    ...(spec.withoutBody ? {} : { body: spec.body ?? null }),
    user: spec.author === null ? null : user(spec.author ?? 'writer-wendy'),
    labels: [],
    state: pull?.state ?? 'open',
    author_association: 'MEMBER',
    created_at: timestamp(),
    updated_at: timestamp(),
    closed_at: pull?.closed_at ?? null
  })

  const branch = (owner: string, repo: string, ref: string, sha = fakeSha(`${owner}/${repo}@${ref}`)) => ({
    label: `${owner}:${ref}`,
    ref,
    sha,
    user: user(owner),
    repo: repositoryJson(site(), owner, repo)
  })

  const changes: FakeChanges = {
    addPullRequest(owner, repo, spec) {
      const merged = spec.merged ?? true
      const additions = spec.changes.reduce((sum, change) => sum + (change.added?.length ?? 0), 0)
      const deletions = spec.changes.reduce((sum, change) => sum + (change.removed?.length ?? 0), 0)
      const state = spec.state ?? (merged ? 'closed' : 'open')
      const now = spec.mergedAt ?? timestamp()
      const json: Record<string, unknown> = {
        ...pullRequestLinks(site(), owner, repo, spec.number),
        id: 2_000_000 + spec.number,
        node_id: pullRequestNodeId(owner, repo, spec.number),
        number: spec.number,
        state,
        locked: false,
        title: spec.title,
        body: spec.body ?? null,
        user: user(spec.author === null ? 'ghost' : (spec.author ?? 'writer-wendy')),
        labels: [],
        milestone: null,
        assignee: null,
        created_at: now,
        updated_at: now,
        closed_at: state === 'closed' ? now : null,
        merged_at: merged ? now : null,
        merge_commit_sha: fakeSha(`merge of #${spec.number}`),
        draft: false,
        head: branch(owner, repo, spec.head ?? 'feature', spec.headSha),
        base: branch(owner, repo, spec.base ?? 'main'),
        author_association: 'MEMBER',
        auto_merge: null,
        merged,
        mergeable: merged ? null : true,
        mergeable_state: merged ? 'unknown' : 'clean',
        merged_by: merged ? user('maintainer-max') : null,
        maintainer_can_modify: false,
        comments: 0,
        review_comments: 0,
        commits: 1,
        additions,
        deletions,
        changed_files: spec.changes.length
      }
      pulls.set(key(owner, repo, spec.number), { json, changes: spec.changes })
      if (merged) {
        const mergeSha = String(json.merge_commit_sha)
        history?.merge(owner, repo, { number: spec.number, base: spec.base ?? 'main', mergedAt: now, mergeSha })
      }
      issues.set(key(owner, repo, spec.number), issueJson(owner, repo, spec, json))
      return structuredClone(json)
    },
    addIssue(owner, repo, spec) {
      const json = issueJson(owner, repo, spec)
      issues.set(key(owner, repo, spec.number), json)
      return structuredClone(json)
    },
    addComparison(owner, repo, { base, head }, fileChanges, commits = []) {
      const commitsJson = commits.map((commit, index) => {
        const sha = index === commits.length - 1 ? head : fakeSha(`${base}...${head}#${index}`)
        const author = commit.author ?? 'writer-wendy'
        return {
          id: sha,
          message: commit.message,
          author: { name: author, email: `${author}@example.com`, username: author },
          url: `${site().web}/${owner}/${repo}/commit/${sha}`
        }
      })
      comparisons.set(key(owner, repo, `${base}...${head}`), { changes: fileChanges, commits: commitsJson })
      return structuredClone(commitsJson)
    },
    pullRequestState(owner, repo, number) {
      const state = pulls.get(key(owner, repo, number))?.json.state
      return typeof state === 'string' ? state : undefined
    },
    pullRecord(owner, repo, number) {
      const pull = pulls.get(key(owner, repo, number))?.json
      const issue = issues.get(key(owner, repo, number))
      return pull && issue ? { pull, issue } : undefined
    },
    touchPullRequest(owner, repo, number, updatedAt) {
      const pull = pulls.get(key(owner, repo, number))
      const issue = issues.get(key(owner, repo, number))
      if (!pull || !issue) throw new Error(`No pull request #${number} was seeded in ${owner}/${repo}`)
      pull.json.updated_at = updatedAt
      issue.updated_at = updatedAt
    },
    addRelease(owner, repo, spec) {
      const list = releases.get(repoKey(owner, repo)) ?? []
      const id = 5_000_000 + list.length
      const json = {
        ...releaseJson(site(), `${owner}/${repo}`, id, spec.tag),
        name: spec.name ?? spec.tag,
        body: spec.body ?? '',
        draft: spec.draft ?? false,
        prerelease: spec.prerelease ?? false,
        created_at: timestamp(),
        published_at: spec.draft ? null : (spec.publishedAt ?? timestamp()),
        author: user('maintainer-max')
      }
      // Newest first, as GitHub lists them.
      releases.set(repoKey(owner, repo), [json, ...list])
      return structuredClone(json)
    }
  }

  const routes: Route[] = [
    ['GET', /^\/issues\/(\d+)$/, (owner, repo, number) => found(issues.get(key(owner, repo, number)))],
    [
      'GET',
      /^\/pulls\/(\d+)$/,
      (owner, repo, number, _url, _payload, headers) => {
        const pull = pulls.get(key(owner, repo, number))
        if (!pull) return notFound()
        return wantsDiff(headers) ? diffReply(pull.changes, headers, 'PullRequest') : found(pull.json)
      }
    ],
    ['GET', /^\/pulls$/, (owner, repo, _param, url) => listPulls(owner, repo, url)],
    [
      'PATCH',
      /^\/pulls\/(\d+)$/,
      (owner, repo, number, _url, payload) => {
        const pull = pulls.get(key(owner, repo, number))
        const issue = issues.get(key(owner, repo, number))
        if (!pull || !issue) return notFound()
        const { state } = payload as { state?: unknown }
        if (state !== undefined && state !== 'open' && state !== 'closed') return validationFailed('state')
        // GitHub reopens only an unmerged pull request; a merged one stays closed.
        if (state !== undefined && !pull.json.merged) {
          const closedAt = state === 'closed' ? timestamp() : null
          Object.assign(pull.json, { state, closed_at: closedAt, updated_at: timestamp() })
          Object.assign(issue, { state, closed_at: closedAt, updated_at: timestamp() })
        }
        return found(pull.json)
      }
    ],
    [
      'GET',
      /^\/commits\/([^/]+)\/pulls$/,
      (owner, repo, sha, url) => {
        const commit = decodeURIComponent(sha)
        // A commit belongs to the pull requests whose history holds it, its head's among them.
        const heads = [...pulls.entries()].flatMap(([at, pull]) =>
          at.startsWith(key(owner, repo, '')) && (pull.json.head as { sha?: unknown }).sha === commit
            ? [pull.json.number as number]
            : []
        )
        const numbers = [...new Set([...(history?.pullsOf(owner, repo, commit) ?? []), ...heads])]
        const listed = numbers.flatMap((number) => {
          const pull = pulls.get(key(owner, repo, number))
          return pull ? [{ ...pull.json, labels: listedLabels(owner, repo, number) }] : []
        })
        return paginate(listed, url, pageCap)
      }
    ],
    [
      'GET',
      /^\/pulls\/(\d+)\/files$/,
      (owner, repo, number, url) => {
        const pull = pulls.get(key(owner, repo, number))
        if (!pull) return notFound()
        const files = pull.changes.slice(0, PULL_FILES_MAX).map((change) => fileJson(change, owner, repo))
        return paginate(files, url, GITHUB_MAX_PAGE)
      }
    ],
    [
      'GET',
      /^\/compare\/(.+)$/,
      (owner, repo, range, _url, _payload, headers) => {
        const comparison = comparisons.get(key(owner, repo, range))
        if (!comparison) return history?.compare(owner, repo, range, _url) ?? notFound()
        if (wantsDiff(headers)) return diffReply(comparison.changes, headers)
        const commits = (comparison.commits ?? []).map((commit) => ({
          sha: String(commit.id),
          message: String(commit.message),
          author: authorOf(commit)
        }))
        return found({
          ...comparisonJson(site(), `${owner}/${repo}`, range, commits),
          files: comparison.changes.slice(0, COMPARE_FILES_MAX).map((change) => fileJson(change, owner, repo))
        })
      }
    ],
    [
      'GET',
      /^\/releases$/,
      (owner, repo, _param, url) => paginate(releases.get(repoKey(owner, repo)) ?? [], url, GITHUB_MAX_PAGE)
    ]
  ]

  // GET /pulls: by state and base branch; the action asks for the last updated first.
  const listPulls = (owner: string, repo: string, url: URL): Reply => {
    const query = url.searchParams
    const state = query.get('state') ?? 'open'
    const base = query.get('base')
    const listed = [...pulls.entries()]
      .filter(([stored]) => stored.startsWith(`${repoKey(owner, repo)}#`))
      .map(([, pull]): Record<string, unknown> => ({
        ...pull.json,
        labels: listedLabels(owner, repo, Number(pull.json.number))
      }))
      .filter((json) => state === 'all' || json.state === state)
      .filter((json) => base === null || (json.base as { ref: string }).ref === base)
      .sort((a, b) => String(a.updated_at).localeCompare(String(b.updated_at)) || Number(a.number) - Number(b.number))
    if (query.get('direction') !== 'asc') listed.reverse()
    return paginate(listed, url, pageCap)
  }
  // The listing describes a label's description as a string, never null.
  const listedLabels = (owner: string, repo: string, number: number) =>
    labelsJson(owner, repo, number).map((label) => ({ ...label, description: label.description ?? '' }))

  const fileJson = (change: FileChange, owner: string, repo: string) =>
    changedFileJson(change, site().web, `${owner}/${repo}`)
  return { changes, routes }
}

/** The login a push payload's commit names as its author. */
function authorOf(commit: Record<string, unknown>): string {
  return (commit.author as { username: string }).username
}

function found(json: unknown): Reply {
  return json === undefined ? notFound() : { status: 200, body: structuredClone(json) }
}

function accepted(headers: Record<string, string | string[] | undefined>): string {
  const accept = headers.accept
  return (Array.isArray(accept) ? accept.join(',') : (accept ?? '')).toLowerCase()
}

function wantsDiff(headers: Record<string, string | string[] | undefined>): boolean {
  return DIFF_MEDIA_TYPES.some((type) => accepted(headers).includes(type))
}

/** The diff as GitHub serves it: the media type asked for, or 406 past GitHub's limits (for pull requests). */
function diffReply(
  changes: readonly FileChange[],
  headers: Record<string, string | string[] | undefined>,
  limitedResource?: string
): Reply {
  const diff = unifiedDiff(changes)
  if (limitedResource !== undefined) {
    const tooLarge = (message: string): Reply => ({
      status: 406,
      body: {
        message,
        errors: [{ resource: limitedResource, field: 'diff', code: 'too_large' }],
        documentation_url: 'https://docs.github.com/rest/pulls/pulls#list-pull-requests-files',
        status: '406'
      }
    })
    if (changes.length > DIFF_FILES_MAX) {
      return tooLarge(
        `Sorry, the diff exceeded the maximum number of files (${DIFF_FILES_MAX}). Consider using 'List pull requests files' API or locally cloning the repository instead.`
      )
    }
    if (diff.split('\n').length > DIFF_LINES_MAX) {
      return tooLarge(`Sorry, the diff exceeded the maximum number of lines (${DIFF_LINES_MAX})`)
    }
  }
  const type = DIFF_MEDIA_TYPES.find((candidate) => accepted(headers).includes(candidate)) ?? DIFF_MEDIA_TYPES[0]
  return {
    status: 200,
    body: null,
    text: diff,
    contentType: `${type}; charset=utf-8`,
    headers: { 'x-github-media-type': 'github.v3; param=diff' }
  }
}
