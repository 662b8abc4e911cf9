// The GitHub fake's commit statuses, as api.github.com keeps them (POST /statuses/{sha}, 201): every
// status set on a commit, in order, the newest of a context being the one a pull request shows and a
// required check reads. GitHub refuses an unknown state, a description over 140 characters and a
// context over 255 with 422; a token without `statuses: write` never reaches here (403, the server).
import { numberOf, type Site } from './fake-github-records.js'
import { error, GITHUB_MAX_PAGE, type Handler, paginate, repoKey, type Route } from './fake-github-reply.js'

export interface FakeStatus {
  state: string
  context: string
  description: string | null
  targetUrl: string | null
}

export interface FakeStatuses {
  /** Every status set on the commit `sha`, oldest first. */
  statuses(owner: string, repo: string, sha: string): FakeStatus[]
  /** The status of `context` a pull request whose head is `sha` shows (the newest), if any. */
  latest(owner: string, repo: string, sha: string, context: string): FakeStatus | undefined
}

const STATES = new Set(['error', 'failure', 'pending', 'success'])

export function fakeStatuses(
  site: () => Site,
  actor: () => Record<string, unknown>
): { routes: Route[]; statuses: FakeStatuses } {
  const kept = new Map<string, FakeStatus[]>()
  const key = (owner: string, repo: string, sha: string) => `${repoKey(owner, repo)}@${sha.toLowerCase()}`
  const statuses: FakeStatuses = {
    statuses: (owner, repo, sha) => [...(kept.get(key(owner, repo, sha)) ?? [])],
    latest: (owner, repo, sha, context) =>
      statuses
        .statuses(owner, repo, sha)
        .filter((status) => status.context.toLowerCase() === context.toLowerCase())
        .at(-1)
  }
  const create: Handler = (owner, repo, sha, _url, payload) => {
    const { state, description = null, target_url: targetUrl = null, context = 'default' } = payload
    if (typeof state !== 'string' || !STATES.has(state)) return error(422, 'Validation Failed: state is invalid')
    if (typeof description === 'string' && [...description].length > 140)
      return error(422, 'Validation Failed: description is too long (maximum is 140 characters)')
    if (typeof context !== 'string' || context.length > 255) return error(422, 'Validation Failed: context')
    if (!/^[0-9a-f]{40}$/i.test(sha)) return error(422, `No commit found for SHA: ${sha}`)
    const status: FakeStatus = {
      state,
      context,
      description: typeof description === 'string' ? description : null,
      targetUrl: typeof targetUrl === 'string' ? targetUrl : null
    }
    const list = kept.get(key(owner, repo, sha)) ?? []
    list.push(status)
    kept.set(key(owner, repo, sha), list)
    return { status: 201, body: statusJson(owner, repo, sha, list.length) }
  }
  /** The `number`th status set on the commit, as GitHub answers it. */
  const statusJson = (owner: string, repo: string, sha: string, number: number) => {
    const status = statuses.statuses(owner, repo, sha)[number - 1] as FakeStatus
    const id = numberOf(`status:${key(owner, repo, sha)}:${number}`)
    const { api, web } = site()
    return {
      url: `${api}/repos/${owner}/${repo}/statuses/${sha}`,
      avatar_url: `${web}/avatars/u/${id}`,
      id,
      node_id: `SC_fake${id}`,
      state: status.state,
      description: status.description,
      target_url: status.targetUrl,
      context: status.context,
      created_at: '2024-01-01T00:00:00Z',
      updated_at: '2024-01-01T00:00:00Z',
      creator: actor()
    }
  }
  // GET /commits/{ref}/statuses: newest first; a commit with none is an empty list.
  const list: Handler = (owner, repo, ref, url) => {
    const all = statuses.statuses(owner, repo, decodeURIComponent(ref)).map((_, at) => at + 1)
    return paginate(all.reverse(), url, GITHUB_MAX_PAGE, (number: number) =>
      statusJson(owner, repo, decodeURIComponent(ref), number)
    )
  }
  return {
    routes: [
      ['POST', /^\/statuses\/([^/]+)$/, create],
      ['GET', /^\/commits\/([^/]+)\/statuses$/, list]
    ],
    statuses
  }
}
