// The GitHub fake's workflows: a repository's workflow files, each active or disabled, read and
// switched as api.github.com does (GET /actions/workflows/{file}, PUT .../enable and .../disable,
// 204). A token without `actions: write` is refused with 403, a file the repository lacks with 404.
import { numberOf, type Site } from './fake-github-records.js'
import { error, type Handler, notFound, type Reply, repoKey, type Route } from './fake-github-reply.js'

export type FakeWorkflowState = 'active' | 'disabled_manually'

export interface FakeWorkflows {
  /** Seeds a workflow file of the repository, active unless told. */
  addWorkflow(owner: string, repo: string, file: string, state?: FakeWorkflowState): void
  /** A workflow's state; undefined for a file the repository lacks. */
  workflowState(owner: string, repo: string, file: string): FakeWorkflowState | undefined
  /** Called once a switch was carried out, before it is answered: a test can act at that moment. */
  onSwitch: ((file: string, state: FakeWorkflowState) => void) | undefined
}

/** `readOnly`: whether the request's token may read but not write the Actions of the repository. */
export function fakeWorkflows(
  site: () => Site,
  readOnly: (headers: Record<string, string | string[] | undefined>) => boolean
): { routes: Route[]; workflows: FakeWorkflows } {
  const states = new Map<string, FakeWorkflowState>()
  const key = (owner: string, repo: string, file: string) => `${repoKey(owner, repo)}/${file}`
  const workflowJson = (owner: string, repo: string, file: string, state: FakeWorkflowState) => {
    const id = numberOf(`workflow:${key(owner, repo, file)}`)
    const { api, web } = site()
    return {
      id,
      node_id: `W_fake${id}`,
      name: file.replace(/\.ya?ml$/, ''),
      path: `.github/workflows/${file}`,
      state,
      created_at: '2024-01-01T00:00:00Z',
      updated_at: '2024-01-01T00:00:00Z',
      url: `${api}/repos/${owner}/${repo}/actions/workflows/${id}`,
      html_url: `${web}/${owner}/${repo}/blob/main/.github/workflows/${file}`,
      badge_url: `${web}/${owner}/${repo}/workflows/${encodeURIComponent(file)}/badge.svg`
    }
  }
  const workflows: FakeWorkflows = {
    addWorkflow: (owner, repo, file, state = 'active') => states.set(key(owner, repo, file), state),
    workflowState: (owner, repo, file) => states.get(key(owner, repo, file)),
    onSwitch: undefined
  }
  const get = (owner: string, repo: string, file: string): Reply => {
    const state = states.get(key(owner, repo, file))
    return state ? { status: 200, body: workflowJson(owner, repo, file, state) } : notFound()
  }
  const switchTo =
    (state: FakeWorkflowState): Handler =>
    (owner, repo, file, _url, _payload, headers) => {
      if (readOnly(headers)) return error(403, 'Resource not accessible by integration')
      if (!states.has(key(owner, repo, file))) return notFound()
      states.set(key(owner, repo, file), state)
      workflows.onSwitch?.(file, state)
      return { status: 204, body: null, text: '' }
    }
  return {
    routes: [
      ['GET', /^\/actions\/workflows\/([^/]+)$/, get],
      ['PUT', /^\/actions\/workflows\/([^/]+)\/enable$/, switchTo('active')],
      ['PUT', /^\/actions\/workflows\/([^/]+)\/disable$/, switchTo('disabled_manually')]
    ],
    workflows
  }
}
