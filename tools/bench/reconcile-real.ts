// One point of the pay-for-seconds model checked by real runs of the bundle, scaled down 60 times: a
// 2 minute job as 2 s and a 5 minute schedule as 5 s. A /docs comment starts the job with
// wait: false, then reconcile runs come on the scaled schedule until the comment shows the job's
// end; beside it, the same comment with a run that waits. The processes' own time is what the
// runner would be busy for (less its overhead per run, which the model adds).
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { type FakeGitHub, seedEventComment, startFakeGitHub } from '../../test/harness/fake-github.js'
import { type ActionRun, runAction } from '../../test/harness/run-bundle.js'
import { type Simulator, startSimulator } from '../../test/harness/simulator/server.js'
import { API_KEY, preciseNow, PROJECT, stampArrivals } from './processes.js'

export const SCALE = 60
export const REAL_JOB_MS = 120_000 / SCALE
export const REAL_INTERVAL_MS = 300_000 / SCALE
/** When the /docs comment comes, after the schedule's last run. */
export const REAL_START_MS = 1_000

export interface RealPoint {
  /** Process time of the run that waits. */
  waitedMs: number
  waitedReads: number
  /** Process time of the trigger run with wait: false, and of each reconcile run until the end was shown. */
  triggerMs: number
  reconcileMs: number[]
  reads: number
  /** Job end (the simulator's create time + the job length) -> the edit reaching the GitHub fake. */
  lagMs: number
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..')
const EVENT = JSON.parse(
  readFileSync(path.join(root, '__fixtures__/events/issue_comment.created.json'), 'utf8')
) as Record<string, unknown>

export interface Repository {
  simulator: Simulator
  github: FakeGitHub
  arrivals: Map<FakeGitHub['requests'][number], number>
  /** Runs one step of the bundle on the repository; its process time with it. */
  step(inputs: Record<string, string>, env?: Record<string, string>): Promise<{ run: ActionRun; ms: number }>
  close(): Promise<void>
}

/** A repository with the saved /docs comment on #42, whose agent jobs take `jobMs`. */
export async function repository(node: string, jobMs = REAL_JOB_MS): Promise<Repository> {
  const simulator = await startSimulator({
    scenario: { apiKey: API_KEY, projectId: PROJECT, durationMs: jobMs },
    now: preciseNow
  })
  const github = await startFakeGitHub({ permissions: { 'writer-wendy': 'write' } })
  const arrivals = stampArrivals(github.requests)
  seedEventComment(github, EVENT)
  const base = {
    'api-key': API_KEY,
    'project-id': PROJECT,
    'base-url': simulator.url,
    'github-token': 'ghs_fake_token',
    'trigger-phrase': '/docs'
  }
  return {
    simulator,
    github,
    arrivals,
    async step(inputs, env = {}) {
      let started = 0
      let exited = 0
      const reconcile = inputs.mode === 'reconcile'
      const run = await runAction({
        node,
        eventName: reconcile ? 'schedule' : 'issue_comment',
        event: reconcile ? { schedule: '*/5 * * * *' } : EVENT,
        env: { GITHUB_API_URL: github.url, GITHUB_SERVER_URL: github.serverUrl, ...env },
        inputs: { ...base, ...inputs },
        onStart: (child) => {
          started = preciseNow()
          child.once('exit', () => (exited = preciseNow()))
        },
        killAfterMs: 60_000
      })
      if (run.code !== 0) throw new Error(`A bench run failed (exit ${run.code}): ${run.stdout}${run.stderr}`)
      return { run, ms: exited - started }
    },
    close: async () => {
      await github.close()
      await simulator.close()
    }
  }
}

export const sleepUntil = (at: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, at - preciseNow())))
const gets = (simulator: Simulator) => simulator.requests.filter((request) => request.method === 'GET').length

export async function realPoint(node: string): Promise<RealPoint> {
  const waiting = await repository(node)
  let waited: { ms: number; reads: number }
  try {
    waited = { ...(await waiting.step({})), reads: 0 }
    waited.reads = gets(waiting.simulator)
  } finally {
    await waiting.close()
  }
  const repo = await repository(node)
  try {
    const scheduleAt = preciseNow()
    await sleepUntil(scheduleAt + REAL_START_MS)
    const trigger = await repo.step({ wait: 'false' })
    const reconcileMs: number[] = []
    const done = () => repo.github.labels('acme', 'docs', 42).length === 0
    for (let tick = 1; !done(); tick++) {
      if (tick > 10) throw new Error('Ten reconcile runs did not finish the comment.')
      await sleepUntil(scheduleAt + tick * REAL_INTERVAL_MS)
      const run = await repo.step({ mode: 'reconcile', 'trigger-phrase': '' }, { GITHUB_RUN_ID: String(2000 + tick) })
      reconcileMs.push(run.ms)
    }
    const created = repo.simulator.requests.find((request) => request.method === 'POST')
    // The last edit: the /docs run's own first edit only names the comment in its marker.
    const edit = repo.github.requests.findLast((request) => request.method === 'PATCH')
    return {
      waitedMs: waited.ms,
      waitedReads: waited.reads,
      triggerMs: trigger.ms,
      reconcileMs,
      reads: gets(repo.simulator),
      lagMs: (edit ? (repo.arrivals.get(edit) ?? Number.NaN) : Number.NaN) - ((created?.at ?? Number.NaN) + REAL_JOB_MS)
    }
  } finally {
    await repo.close()
  }
}
