// What the runner tells about this run (GITHUB_* variables and the event file), read once. Read
// from the environment directly, so that nothing GitHub-specific is loaded before it is needed.
import { readFileSync } from 'node:fs'
import { isPositiveInteger } from '../base/identifier.js'

export interface RunContext {
  eventName: string
  /** The webhook payload; {} when the runner gave none. */
  payload: unknown
  owner: string
  repo: string
  runId: string
  runAttempt: number
  /** The workflow job's id (GITHUB_JOB), e.g. `docs`. */
  workflowJob: string
  /** The step's id, or a name the runner makes up for a step without one (GITHUB_ACTION). */
  step: string
  /** e.g. https://github.com, or https://ghe.example for GitHub Enterprise Server. */
  serverUrl: string
  /** e.g. https://api.github.com, or https://ghe.example/api/v3. */
  apiUrl: string
  /** GITHUB_GRAPHQL_URL, set on every runner; undefined when unset (then derived from apiUrl). */
  graphqlUrl?: string
  /** The workflow run's page, for links in comments. */
  runUrl: string
}

export function readRunContext(env: NodeJS.ProcessEnv): RunContext {
  const [owner = '', repo = ''] = (env.GITHUB_REPOSITORY ?? '').split('/')
  const serverUrl = (env.GITHUB_SERVER_URL || 'https://github.com').replace(/\/+$/, '')
  const runId = env.GITHUB_RUN_ID ?? ''
  const runAttempt = Number(env.GITHUB_RUN_ATTEMPT ?? '1')
  return {
    eventName: env.GITHUB_EVENT_NAME ?? '',
    payload: readPayload(env.GITHUB_EVENT_PATH),
    owner,
    repo,
    runId,
    runAttempt: isPositiveInteger(runAttempt) ? runAttempt : 1,
    workflowJob: env.GITHUB_JOB ?? '',
    step: env.GITHUB_ACTION ?? '',
    serverUrl,
    apiUrl: (env.GITHUB_API_URL || 'https://api.github.com').replace(/\/+$/, ''),
    ...(env.GITHUB_GRAPHQL_URL && { graphqlUrl: env.GITHUB_GRAPHQL_URL }),
    runUrl: workflowRunUrl(serverUrl, `${owner}/${repo}`, runId)
  }
}

/** The page of a workflow run of the repository (owner/name), e.g. for the run a marker names. */
export function workflowRunUrl(serverUrl: string, repository: string, runId: string): string {
  return `${serverUrl}/${repository}/actions/runs/${encodeURIComponent(runId)}`
}

function readPayload(path: string | undefined): unknown {
  if (!path) return {}
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as unknown
  } catch {
    // A missing or unreadable event file means no event text: the gate then has nothing to match.
    return {}
  }
}
