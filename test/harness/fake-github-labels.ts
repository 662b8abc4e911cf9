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
  title?: string
}

interface StoredIssue {
  owner: string
  repo: string
  number: number
  title: string
  state: 'open' | 'closed'
  pullRequest: boolean
  createdAt: string
  /** Label names as the repository spells them, in the order they were added. */
  labels: string[]
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
  labelsJson: (owner: string, repo: string, number: number) => unknown[]
}

/** Where the fake's own URLs point and how it writes a user, from the fake that holds the tracker. */
export interface TrackerContext {
  site: () => Site
  user: () => unknown
  /** Largest page served (the fake's perPage option). */
  pageCap: number
}

const DEFAULT_COLOR = 'ededed'
const BASE_TIME = Date.parse('2024-01-01T00:00:00Z')

export function issueTracker(context: TrackerContext): IssueTracker {
  const issues = new Map<string, StoredIssue>()
  const labels = new Map<string, FakeLabel[]>()
  const labelIds = new Map<string, number>()

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
      updated_at: stored.createdAt,
      closed_at: stored.state === 'closed' ? stored.createdAt : null,
      author_association: 'NONE',
      body: null
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
    if (!stored.labels.some((on) => on.toLowerCase() === name.toLowerCase())) stored.labels.push(label.name)
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
    return { status: 200, body: issueLabelsJson(stored) }
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
      // Seeded issues have no updates or comments of their own: creation orders every sort.
      .sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.number - b.number)
    if (direction === 'desc') listed.reverse()
    return paginate(listed.map(issueJson), url, context.pageCap)
  }

  return {
    routes: [
      ['GET', /^\/issues$/, listIssues],
      ['POST', /^\/labels$/, postLabel],
      ['POST', /^\/issues\/(\d+)\/labels$/, postIssueLabels],
      ['DELETE', /^\/issues\/(\d+\/labels\/.+)$/, deleteIssueLabel]
    ],
    addIssue: (owner, repo, number, seed = {}) => {
      const stored = issue(owner, repo, number)
      if (seed.pullRequest !== undefined) stored.pullRequest = seed.pullRequest
      if (seed.state) stored.state = seed.state
      if (seed.createdAt) stored.createdAt = seed.createdAt
      if (seed.title) stored.title = seed.title
    },
    labels: (owner, repo, number) => [...(issues.get(threadKey(owner, repo, number))?.labels ?? [])],
    label: addToIssue,
    repositoryLabels: (owner, repo) => repoLabels(owner, repo).map((label) => ({ ...label })),
    labelsJson: (owner, repo, number) => issueLabelsJson(issue(owner, repo, number))
  }
}
