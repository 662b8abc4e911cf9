// A day of a repository with the armed recipes, run through the bundle against the simulator and the
// GitHub fake: five /docs comments (examples/pay-for-seconds.yml: wait: false, reconcile-workflow),
// whose 15 minute jobs open a pull request, except one that changes nothing and one that fails; the
// reconcile workflow (examples/reconcile.yml) run on its schedule only while the fake says
// it is enabled, and for each pull request the agent opens while it is. The idle hours between runs
// are skipped, not waited (the clock-ahead preload the digest week uses): each run's own time is
// real, and billed as GitHub bills a job, in whole minutes. tools/armed-day.ts prints it.
import { readFileSync } from 'node:fs'
import { type FakeGitHub, seedEventComment, startFakeGitHub } from '../../test/harness/fake-github.js'
import { type ActionRun, runAction } from '../../test/harness/run-bundle.js'
import { type Simulator, startSimulator } from '../../test/harness/simulator/server.js'
import { markerKey, readMarker } from '../../src/thread/marker.js'
import { ARMED_WORKFLOW } from './armed-real.js'
import { API_KEY, clockAheadEnv, PROJECT } from './processes.js'
import { recipeSchedule } from './schedule.js'

const MINUTE_MS = 60_000
const HOUR_MS = 60 * MINUTE_MS
export const DAY_MS = 24 * HOUR_MS
export const JOB_MS = 15 * MINUTE_MS
const SCHEDULE = recipeSchedule()
/** The agent opens its pull request moments before its job reads as ended. */
const PR_BEFORE_END_MS = 5_000
const AGENTS_APP = { login: 'docs-agent[bot]', id: 41898282, type: 'Bot' }
const LABEL = 'docs-agent: working'
const KEY = markerKey(API_KEY, PROJECT)

export interface DocsRequest {
  /** When the /docs comment comes, from midnight. */
  atMs: number
  thread: number
  /** How the job ends: a pull request (its number), no changes, or failed. */
  end: { pullRequest: number } | 'no changes' | 'failed'
}

export const DAY: DocsRequest[] = [
  { atMs: 9 * HOUR_MS + 10 * MINUTE_MS, thread: 42, end: { pullRequest: 101 } },
  { atMs: 11 * HOUR_MS + 40 * MINUTE_MS, thread: 43, end: 'no changes' },
  { atMs: 14 * HOUR_MS + 20 * MINUTE_MS, thread: 44, end: 'failed' },
  { atMs: 16 * HOUR_MS + 5 * MINUTE_MS, thread: 45, end: { pullRequest: 102 } },
  { atMs: 16 * HOUR_MS + 12 * MINUTE_MS, thread: 46, end: { pullRequest: 103 } }
]

export interface DayRun {
  /** From midnight, when it started. */
  atMs: number
  what: string
  realMs: number
  /** Whole minutes, at least one, as GitHub bills a job. */
  billed: number
  did: string
  /** The workflow's state once it ended. */
  enabled: boolean
}

export interface ThreadEnd {
  thread: number
  end: DocsRequest['end']
  /** The progress comment's first visible line. */
  headline: string
  labelled: boolean
  working: boolean
}

export interface Day {
  runs: DayRun[]
  /** Each change of the workflow's state: from midnight, on or off. */
  switches: { atMs: number; enabled: boolean }[]
  /** Pull request events that came while the workflow was disabled: no run. */
  unstarted: number
  threads: ThreadEnd[]
}

/** Billed minutes of a run that took `ms`. */
export const billedMinutes = (ms: number): number => Math.max(1, Math.ceil(ms / MINUTE_MS))

export async function armedDay(node: string): Promise<Day> {
  // The day starts at the next midnight (UTC); `skipped` is how far the day's clock is ahead of real time.
  let skipped = Math.ceil(Date.now() / DAY_MS) * DAY_MS - Date.now()
  const now = () => Date.now() + skipped
  const midnight = now()
  const github = await startFakeGitHub({ permissions: { 'writer-wendy': 'write' } })
  const simulator = await startSimulator({ scenario: { apiKey: API_KEY, projectId: PROJECT }, now })
  try {
    github.workflows.addWorkflow('acme', 'docs', ARMED_WORKFLOW, 'disabled_manually')
    const enabled = () => github.workflows.workflowState('acme', 'docs', ARMED_WORKFLOW) === 'active'
    const link = (number: number) => `https://${new URL(github.serverUrl).host}/acme/docs/pull/${number}`
    const day: Day = { runs: [], switches: [], unstarted: 0, threads: [] }
    let runId = 5000
    const run = async (what: string, options: Omit<Parameters<typeof runAction>[0], 'node'>) => {
      const atMs = now() - midnight
      const started = Date.now()
      const result = await runAction({
        node,
        ...options,
        env: {
          GITHUB_API_URL: github.url,
          GITHUB_SERVER_URL: github.serverUrl,
          GITHUB_RUN_ID: String(++runId),
          ...clockAheadEnv(skipped),
          ...options.env
        },
        killAfterMs: 5 * MINUTE_MS
      })
      const realMs = Date.now() - started
      if (result.code !== 0) throw new Error(`${what} failed (exit ${result.code}): ${result.stdout}${result.stderr}`)
      const on = enabled()
      if (on !== (day.switches.at(-1)?.enabled ?? false)) day.switches.push({ atMs: now() - midnight, enabled: on })
      day.runs.push({ atMs, what, realMs, billed: billedMinutes(realMs), did: didOf(result, on), enabled: on })
    }
    const reconcile = (what: string, eventName: string, event: object) =>
      run(what, {
        eventName,
        event,
        env: { GITHUB_JOB: 'reconcile' },
        inputs: { ...credentials(simulator), ...RECONCILE_INPUTS }
      })

    const requests = [...DAY]
    /** Pull request events to come: when, and which. */
    const opened: { atMs: number; number: number }[] = []
    const nextTick = () => {
      const since = now() - midnight - SCHEDULE.firstMs
      return SCHEDULE.firstMs + Math.max(0, Math.ceil(since / SCHEDULE.intervalMs)) * SCHEDULE.intervalMs
    }
    for (;;) {
      const tick = enabled() ? nextTick() : Infinity
      const atMs = Math.min(requests[0]?.atMs ?? Infinity, opened[0]?.atMs ?? Infinity, tick)
      if (atMs >= DAY_MS) break
      skipped += Math.max(0, midnight + atMs - now())
      if (requests[0]?.atMs === atMs) {
        const request = requests.shift()!
        await docsComment(request, run, github, simulator, link)
        const created = simulator.requests.findLast((r) => r.method === 'POST')
        if (typeof request.end === 'object' && created)
          opened.push({ atMs: created.at - midnight + JOB_MS - PR_BEFORE_END_MS, number: request.end.pullRequest })
      } else if (opened[0]?.atMs === atMs) {
        const { number } = opened.shift()!
        // A disabled workflow's pull_request event starts no run.
        if (!enabled()) day.unstarted++
        else await reconcile(`pull_request #${number}`, 'pull_request', openedEvent(number, link(number)))
      } else {
        await reconcile('schedule', 'schedule', { schedule: SCHEDULE.cron })
      }
    }
    day.threads = DAY.map((request) => threadEnd(github, request))
    return day
  } finally {
    await Promise.all([github.close(), simulator.close()])
  }
}

const RECONCILE_INPUTS = {
  mode: 'reconcile',
  'trigger-phrase': '',
  'reconcile-workflow': ARMED_WORKFLOW,
  timeout: '3m'
}

function credentials(simulator: Simulator): Record<string, string> {
  return {
    'api-key': API_KEY,
    'project-id': PROJECT,
    'base-url': simulator.url,
    'github-token': 'ghs_fake_token',
    // Where the agent's pull requests are: the fake, for the docs-PR steps after the job's end.
    'docs-token': 'ghs_fake_token'
  }
}

const COMMENT_EVENT = JSON.parse(
  readFileSync(new URL('../../__fixtures__/events/issue_comment.created.json', import.meta.url), 'utf8')
) as Record<string, Record<string, unknown>>
const OPENED_EVENT = JSON.parse(
  readFileSync(new URL('../../__fixtures__/events/pull_request.opened.json', import.meta.url), 'utf8')
) as Record<string, Record<string, unknown>>

/** The /docs comment's run, as examples/pay-for-seconds.yml runs it, its job ending as `request` says. */
async function docsComment(
  request: DocsRequest,
  run: (what: string, options: Omit<Parameters<typeof runAction>[0], 'node'>) => Promise<void>,
  github: FakeGitHub,
  simulator: Simulator,
  link: (number: number) => string
): Promise<void> {
  const { thread, end } = request
  const url = `https://github.com/acme/docs/issues/${thread}`
  const commentId = 3_551_000_000 + thread
  const event = {
    ...COMMENT_EVENT,
    issue: { ...COMMENT_EVENT.issue, number: thread, html_url: url },
    comment: { ...COMMENT_EVENT.comment, id: commentId, html_url: `${url}#issuecomment-${commentId}` }
  }
  seedEventComment(github, event)
  if (typeof end === 'object') github.addPullRequest('acme', 'docs', end.pullRequest, AGENTS_APP.login)
  simulator.setScenario({
    apiKey: API_KEY,
    projectId: PROJECT,
    durationMs: JOB_MS,
    ...(end === 'failed' && { finalStatus: 'failed', prLink: null }),
    ...(end === 'no changes' && { prLink: null }),
    ...(typeof end === 'object' && { prLink: link(end.pullRequest) })
  })
  await run(`/docs on #${thread}`, {
    eventName: 'issue_comment',
    event,
    env: { GITHUB_JOB: 'docs' },
    inputs: {
      ...credentials(simulator),
      'trigger-phrase': '/docs',
      wait: 'false',
      'reconcile-workflow': ARMED_WORKFLOW
    }
  })
}

/** The agent's app opening pull request `number`. */
function openedEvent(number: number, htmlUrl: string): object {
  const pull = OPENED_EVENT.pull_request
  return { ...OPENED_EVENT, number, pull_request: { ...pull, number, html_url: htmlUrl, user: AGENTS_APP } }
}

/** What a run did, from its outputs, and the workflow's state after it. */
function didOf(run: ActionRun, enabled: boolean): string {
  const workflow = enabled ? 'workflow on' : 'workflow off'
  const jobId = run.outputs['job-id']
  if (jobId) return `started job ${jobId.slice(0, 8)} (${run.outputs.status}); ${workflow}`
  const entries = JSON.parse(run.outputs.reconciled || '[]') as {
    thread: number
    status: string
    prLink: string | null
  }[]
  const finished = entries.map((entry) => `#${entry.thread} ${entry.status}${entry.prLink ? ' with its PR' : ''}`)
  return `${finished.length > 0 ? `finished ${finished.join(', ')}` : 'nothing ended'}; ${workflow}`
}

function threadEnd(github: FakeGitHub, request: DocsRequest): ThreadEnd {
  const comment = github.comments('acme', 'docs', request.thread).at(-1)
  const body = comment?.body ?? ''
  const headline = body.split('\n').find((line) => line.trim() !== '' && !line.startsWith('<!--')) ?? ''
  return {
    thread: request.thread,
    end: request.end,
    headline,
    labelled: github.labels('acme', 'docs', request.thread).includes(LABEL),
    working:
      (
        comment &&
        readMarker(body, KEY, { repository: 'acme/docs', threadNumber: request.thread, commentId: comment.id })
      )?.state === 'working'
  }
}
