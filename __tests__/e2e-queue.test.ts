// A create the hourly limit holds back, end to end: dist/index.js as a runner runs it, against the
// simulator and the GitHub fake. The /docs comment's run is refused with 429 for an hour: it queues
// the request on its thread and ends green; a scheduled reconcile run an hour later (its clock put
// ahead, test/harness/clock-ahead.cjs) creates the job once, and the next creates nothing more. The
// rest is driven in process (main-queue.test.ts, reconcile-queued.test.ts).
import { fileURLToPath } from 'node:url'
import { type ActionRun, runAction, runtimes } from '../test/harness/run-bundle.js'
import type { FakeGitHub } from '../test/harness/fake-github.js'
import type { Simulator } from '../test/harness/simulator/server.js'
import { CREATE, count } from './support/agent-fixture.js'
import { markerOf, onThread, type ThreadStep } from './support/github-fixture.js'
import { statusWords } from './support/progress.js'

const LABEL = 'docs-agent: working'
const HOUR_MS = 3_600_000
const CLOCK_AHEAD = fileURLToPath(new URL('../test/harness/clock-ahead.cjs', import.meta.url))

/** A scheduled run of the bundle in reconcile mode, its clock `aheadMs` ahead of this one's. */
function reconcileRun(step: ThreadStep, node: string, runId: string, aheadMs: number): Promise<ActionRun> {
  return runAction({
    node,
    eventName: 'schedule',
    event: { schedule: '*/5 * * * *' },
    env: {
      ...step.env,
      GITHUB_RUN_ID: runId,
      GITHUB_JOB: 'reconcile',
      NODE_OPTIONS: `--require ${CLOCK_AHEAD}`,
      DOCS_AGENT_CLOCK_AHEAD_MS: String(aheadMs)
    },
    inputs: { ...step.inputs, mode: 'reconcile', 'trigger-phrase': '', timeout: '1m' }
  })
}

describe.each(runtimes())('a create held back by the hourly limit under %s', (_label, node) => {
  it('is queued on its thread, and created once by a reconcile run after the hour', async () => {
    let fakes: [FakeGitHub, Simulator] | undefined
    await onThread(
      {
        event: 'issue_comment.created',
        scenario: { faults: [{ route: 'create', fault: { kind: 'status', status: 429, retryAfter: '3600' } }] },
        inputs: { 'working-label': LABEL, timeout: '1m' },
        before: (github, simulator) => {
          fakes = [github, simulator]
        }
      },
      async (step) => {
        const [github, simulator] = fakes!
        const queued = await runAction({ ...step, node })
        expect(queued.code).toBe(0)
        expect(queued.outputs.status).toBe('queued')
        expect(queued.stdout).toMatch(/::notice title=Docs agent::.*reconcile run creates its job from \d{4}-.* UTC/)
        const comment = github.comments('acme', 'docs', 42)[1]!
        // It says from when a reconcile run creates the job: the instant its marker signs.
        const queuedUntil = {
          kind: 'ended',
          result: { kind: 'queued', retryAt: markerOf(comment, 42)?.retryAt }
        } as const
        expect(markerOf(comment, 42)?.retryAt).toBeGreaterThan(0)
        expect(comment.body).toContain(statusWords(queuedUntil, `${github.serverUrl}/acme/docs/actions/runs/1001`))
        expect(markerOf(comment, 42)).toMatchObject({ state: 'queued', commentId: comment.id })
        expect(github.labels('acme', 'docs', 42)).toEqual([LABEL])
        expect(count(simulator, 'POST', CREATE)).toBe(1)

        const due = await reconcileRun(step, node, '2002', HOUR_MS + 60_000)
        expect(due.code).toBe(0)
        expect(count(simulator, 'POST', CREATE)).toBe(2)
        const [refused, created] = simulator.requests.filter((request) => CREATE.test(request.path))
        expect(created!.body).toBe(refused!.body)
        const working = github.comments('acme', 'docs', 42)[1]!
        const jobId = markerOf(working, 42)?.jobId ?? ''
        expect(markerOf(working, 42)).toMatchObject({ state: 'working', commentId: working.id })
        expect([...simulator.jobs.keys()]).toEqual([jobId])
        expect(github.labels('acme', 'docs', 42)).toEqual([LABEL])

        const next = await reconcileRun(step, node, '2003', HOUR_MS + 120_000)
        expect(next.code).toBe(0)
        expect(count(simulator, 'POST', CREATE)).toBe(2)
      }
    )
  })
})
