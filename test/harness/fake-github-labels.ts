// The GitHub fake's issues and labels: a repository's labels (create), the labels on an issue or pull
// request (add, remove), and the repository's issue listing filtered by label, as api.github.com
// answers them. An issue exists as soon as anything names it (like the fake's comments, any number
// does); a test seeds one to make it a pull request, closed, or older than its number says.
import {
  DOCUMENTATION_URL,
  error,
  paginate,
  type Payload,
  type Reply,
  repoKey,
  type Route,
  threadKey,
  timestamp,
  validationFailed
} from './fake-github-reply.js'
import { issueLinks, type Site } from './fake-github-records.js'

export interface FakeLabel {
  name: string
  color: string
  description: string | null
}

export interface FakeIssueSeed {
  pullRequest?: boolean
  state?: 'open' | 'closed'
  /** ISO time; by default a time that grows with the number, so that lower numbers are older. */
  createdAt?: string
  /** ISO time of the last update (a comment, a label on or off); by default when it was last seeded or changed. */
  updatedAt?: string
  title?: string
  /** The issue's text; none by default. */
  body?: string
}

interface StoredIssue {
  owner: string
  repo: string
  number: number
  title: string
  state: 'open' | 'closed'
  pullRequest: boolean
  createdAt: string
  updatedAt: string
  /** Orders updates within one second, the precision of GitHub's times. */
  updateCount: number
  /** Label names as the repository spells them, in the order they were added. */
  labels: string[]
  body?: string
}

export interface IssueTracker {
  routes: Route[]
  /** Seeds an issue or pull request, or changes a seeded one. */
  addIssue: (owner: string, repo: string, number: number, seed?: FakeIssueSeed) => void
  /** The label names on an issue or pull request, in the order they were added. */
  labels: (owner: string, repo: string, number: number) => string[]
  /** Puts a label on, creating it in the repository when missing, as a person labelling in the UI. */
  label: (owner: string, repo: string, number: number, name: string) => void
  /** The repository's labels. */
  repositoryLabels: (owner: string, repo: string) => FakeLabel[]
  /** The labels on an issue or pull request as GitHub writes them in its records. */
  labelsJson: (owner: string, repo: string, number: number) => Record<string, unknown>[]
  /** Marks an issue or pull request updated now, as GitHub does for a new comment. */
  touch: (owner: string, repo: string, number: number) => void
  /** An issue or pull request as GitHub's `issue` record. */
  issueJson: (owner: string, repo: string, number: number) => Record<string, unknown>
  /** Whether a seeded thread is a pull request. */
  isPullRequest: (owner: string, repo: string, number: number) => boolean
}

/** Where the fake's own URLs point and how it writes a user, from the fake that holds the tracker. */
export interface TrackerContext {
  site: () => Site
  user: () => unknown
  /** Largest page served (the fake's perPage option). */
  pageCap: number
  /** How many comments an issue or pull request has. */
  commentCount: (owner: string, repo: string, number: number) => number
}

const DEFAULT_COLOR = 'ededed'
const BASE_TIME = Date.parse('2024-01-01T00:00:00Z')

export function issueTracker(context: TrackerContext): IssueTracker {
  const issues = new Map<string, StoredIssue>()
  const labels = new Map<string, FakeLabel[]>()
  const labelIds = new Map<string, number>()
  let updates = 0

  const apiBase = (owner: string, repo: string) => `${context.site().api}/repos/${owner}/${repo}`
  const repoLabels = (owner: string, repo: string): FakeLabel[] => {
    const key = repoKey(owner, repo)
    if (!labels.has(key)) labels.set(key, [])
    return labels.get(key) as FakeLabel[]
  }
  // Label names are unique without regard to case, and found that way.
  const findLabel = (owner: string, repo: string, name: string) =>
    repoLabels(owner, repo).find((label) => label.name.toLowerCase() === name.toLowerCase())

  const issue = (owner: string, repo: string, number: number): StoredIssue => {
    const key = threadKey(owner, repo, number)
    let stored = issues.get(key)
    if (!stored) {
      const createdAt = new Date(BASE_TIME + number * 60_000).toISOString().replace(/\.\d{3}Z$/, 'Z')
      stored = {
        owner,
        repo,
        number,
        title: `Thread ${number}`,
        state: 'open',
        pullRequest: false,
        createdAt,
        updatedAt: createdAt,
        updateCount: updates++,
        labels: []
      }
      issues.set(key, stored)
    }
    return stored
  }

  const labelJson = (owner: string, repo: string, label: FakeLabel) => {
    const key = `${repoKey(owner, repo)}:${label.name.toLowerCase()}`
    if (!labelIds.has(key)) labelIds.set(key, 7_000_000 + labelIds.size)
    const id = labelIds.get(key)
    return {
      id,
      node_id: `LA_fake${id}`,
      url: `${apiBase(owner, repo)}/labels/${encodeURIComponent(label.name)}`,
      name: label.name,
      color: label.color,
      default: false,
      description: label.description
    }
  }

  const touch = (stored: StoredIssue, at = timestamp()): void => {
    stored.updatedAt = at
    stored.updateCount = updates++
  }

  const issueLabelsJson = (stored: StoredIssue) =>
    stored.labels.map((name) => labelJson(stored.owner, stored.repo, findLabel(stored.owner, stored.repo, name)!))

  const issueJson = (stored: StoredIssue) => {
    const { owner, repo, number } = stored
    return {
      ...issueLinks(context.site(), `${owner}/${repo}`, number, stored.pullRequest ? { mergedAt: null } : undefined),
      id: 5_000_000 + number,
      title: stored.title,
      user: context.user(),
      labels: issueLabelsJson(stored),
      state: stored.state,
      created_at: stored.createdAt,
      updated_at: stored.updatedAt,
      closed_at: stored.state === 'closed' ? stored.createdAt : null,
      author_association: 'NONE',
      comments: context.commentCount(owner, repo, number),
      body: stored.body ?? null
    }
  }

  const createLabel = (
    owner: string,
    repo: string,
    name: string,
    color = DEFAULT_COLOR,
    description: string | null = null
  ) => {
    const label = { name, color, description }
    repoLabels(owner, repo).push(label)
    return label
  }

  const addToIssue = (owner: string, repo: string, number: number, name: string): void => {
    const label = findLabel(owner, repo, name) ?? createLabel(owner, repo, name)
    const stored = issue(owner, repo, number)
    if (!stored.labels.some((on) => on.toLowerCase() === name.toLowerCase())) {
      stored.labels.push(label.name)
      touch(stored)
    }
  }

  const postLabel = (owner: string, repo: string, _param: string, _url: URL, payload: Payload): Reply => {
    const { name, color, description } = payload
    if (typeof name !== 'string' || name.trim() === '') return validationFailed('name', 'missing_field', 'Label')
    if (color !== undefined && (typeof color !== 'string' || !/^[0-9a-fA-F]{6}$/.test(color))) {
      return validationFailed('color', 'invalid', 'Label')
    }
    if (findLabel(owner, repo, name)) {
      return {
        status: 422,
        body: {
          message: 'Validation Failed',
          errors: [{ resource: 'Label', code: 'already_exists', field: 'name' }],
          documentation_url: `${DOCUMENTATION_URL}/issues/labels#create-a-label`
        }
      }
    }
    const label = createLabel(
      owner,
      repo,
      name,
      color ?? DEFAULT_COLOR,
      typeof description === 'string' ? description : null
    )
    return {
      status: 201,
      body: labelJson(owner, repo, label),
      headers: { location: labelJson(owner, repo, label).url }
    }
  }

  // {"labels": [...]}, the form GitHub documents; a name the repository lacks is created with the
  // default colour rather than refused.
  const postIssueLabels = (owner: string, repo: string, param: string, _url: URL, payload: Payload): Reply => {
    const names = payload.labels
    if (!Array.isArray(names) || names.some((name) => typeof name !== 'string' || name === '')) {
      return validationFailed('labels')
    }
    const number = Number(param)
    for (const name of names as string[]) addToIssue(owner, repo, number, name)
    return { status: 200, body: issueLabelsJson(issue(owner, repo, number)) }
  }

  const deleteIssueLabel = (owner: string, repo: string, param: string): Reply => {
    // The fake routes on the decoded path, so the name is already decoded (and may hold a `/`).
    const [number = '', name = ''] = param.split(/\/labels\/(.*)/s)
    const stored = issue(owner, repo, Number(number))
    const at = stored.labels.findIndex((on) => on.toLowerCase() === name.toLowerCase())
    if (at < 0) return error(404, 'Label does not exist')
    stored.labels.splice(at, 1)
    touch(stored)
    return { status: 200, body: issueLabelsJson(stored) }
  }

  // PATCH /repos/{owner}/{repo}/issues/{n}: a new title or body (the fields the action sends).
  const editIssue = (owner: string, repo: string, number: string, _url: URL, payload: Payload): Reply => {
    const stored = issue(owner, repo, Number(number))
    if (payload.body !== undefined && typeof payload.body !== 'string') return validationFailed('body')
    if (payload.title !== undefined && typeof payload.title !== 'string') return validationFailed('title')
    if (typeof payload.body === 'string') stored.body = payload.body
    if (typeof payload.title === 'string') stored.title = payload.title
    touch(stored)
    return { status: 200, body: issueJson(stored) }
  }

  // GET /repos/{owner}/{repo}/issues: open issues and pull requests by default, newest first.
  const listIssues = (owner: string, repo: string, _param: string, url: URL): Reply => {
    const query = url.searchParams
    const state = query.get('state') ?? 'open'
    if (!['open', 'closed', 'all'].includes(state)) return validationFailed('state')
    const sort = query.get('sort') ?? 'created'
    if (!['created', 'updated', 'comments'].includes(sort)) return validationFailed('sort')
    const direction = query.get('direction') ?? 'desc'
    if (!['asc', 'desc'].includes(direction)) return validationFailed('direction')
    const wanted = (query.get('labels') ?? '')
      .split(',')
      .map((name) => name.trim().toLowerCase())
      .filter((name) => name !== '')
    const listed = [...issues.values()]
      .filter((stored) => repoKey(stored.owner, stored.repo) === repoKey(owner, repo))
      .filter((stored) => state === 'all' || stored.state === state)
      .filter((stored) => wanted.every((name) => stored.labels.some((on) => on.toLowerCase() === name)))
      .sort(ordered(sort, (stored) => context.commentCount(stored.owner, stored.repo, stored.number)))
    if (direction === 'desc') listed.reverse()
    return paginate(listed, url, context.pageCap, issueJson)
  }

  return {
    routes: [
      ['GET', /^\/issues$/, listIssues],
      ['POST', /^\/labels$/, postLabel],
      ['POST', /^\/issues\/(\d+)\/labels$/, postIssueLabels],
      ['DELETE', /^\/issues\/(\d+\/labels\/.+)$/, deleteIssueLabel],
      ['PATCH', /^\/issues\/(\d+)$/, editIssue]
    ],
    addIssue: (owner, repo, number, seed = {}) => {
      const stored = issue(owner, repo, number)
      if (seed.pullRequest !== undefined) stored.pullRequest = seed.pullRequest
      if (seed.state) stored.state = seed.state
      if (seed.createdAt) stored.createdAt = seed.createdAt
      if (seed.title) stored.title = seed.title
      if (seed.body !== undefined) stored.body = seed.body
      if (seed.updatedAt) touch(stored, seed.updatedAt)
    },
    labels: (owner, repo, number) => [...(issues.get(threadKey(owner, repo, number))?.labels ?? [])],
    isPullRequest: (owner, repo, number) => issues.get(threadKey(owner, repo, number))?.pullRequest ?? false,
    label: addToIssue,
    repositoryLabels: (owner, repo) => repoLabels(owner, repo).map((label) => ({ ...label })),
    labelsJson: (owner, repo, number) => issueLabelsJson(issue(owner, repo, number)),
    touch: (owner, repo, number) => touch(issue(owner, repo, number)),
    issueJson: (owner, repo, number) => issueJson(issue(owner, repo, number))
  }
}

/** Oldest (or fewest comments) first, by GitHub's `sort` of an issue listing. */
function ordered(sort: string, comments: (stored: StoredIssue) => number) {
  const key = (stored: StoredIssue): [string | number, number] => {
    if (sort === 'updated') return [stored.updatedAt, stored.updateCount]
    if (sort === 'comments') return [comments(stored), stored.number]
    return [stored.createdAt, stored.number]
  }
  return (a: StoredIssue, b: StoredIssue): number => {
    const [first, then] = [key(a), key(b)]
    return first[0] < then[0] ? -1 : first[0] > then[0] ? 1 : first[1] - then[1]
  }
}
