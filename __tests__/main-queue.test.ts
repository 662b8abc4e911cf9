// A create the hourly limit holds back, through run() in process: the /docs comment's run queues it
// on its thread and ends green; reconcile runs on the same clock create it once its time has come,
// and never twice.
import { CREATE, count } from './support/agent-fixture.js'
import { markerOf, onThread, type ThreadSetup, type ThreadStep } from './support/github-fixture.js'
import { type ProcessRun, reconcileInProcess, runInProcess, SkippingClock } from './support/in-process.js'
import { readQueuedPrompt } from '../src/thread/queued-request.js'
import type { FakeGitHub } from '../test/harness/fake-github.js'
import type { Fault } from '../test/harness/simulator/scenario.js'
import type { Simulator } from '../test/harness/simulator/server.js'
import { progressOf, statusWords } from './support/progress.js'
import { summaryLevel, warningsIn } from './support/summary.js'

const LABEL = 'docs-agent: working'
const HOUR_MS = 3_600_000
const JOB_MS = 60_000

interface Repository {
  trigger: (inputs?: Record<string, string>, env?: Record<string, string>) => Promise<ProcessRun>
  reconcile: () => Promise<ProcessRun>
  later: (ms: number) => Promise<void>
  github: FakeGitHub
  simulator: Simulator
}

async function inRepository(
  faults: Fault[],
  body: (repo: Repository) => Promise<void>,
  setup: Partial<ThreadSetup> = {}
): Promise<void> {
  const clock = new SkippingClock()
  let fakes: { github: FakeGitHub; simulator: Simulator } | undefined
  await onThread(
    {
      event: 'issue_comment.created',
      scenario: { durationMs: JOB_MS, faults },
      ...setup,
      before: (github, simulator) => {
        fakes = { github, simulator }
      }
    },
    (step: ThreadStep) => {
      const inputs = { ...step.inputs, 'working-label': LABEL, ...setup.inputs }
      return body({
        trigger: (more = {}, env = {}) =>
          runInProcess({ ...step, clock, inputs: { ...inputs, ...more }, env: { ...step.env, ...env } }),
        reconcile: () => reconcileInProcess(step, clock, inputs),
        later: (ms) => clock.sleep(ms),
        ...fakes!
      })
    },
    { now: () => clock.now() }
  )
}

const refuse = (status: number, times: number, retryAfter?: string): Fault => ({
  route: 'create',
  times,
  fault: { kind: 'status', status, ...(retryAfter !== undefined && { retryAfter }) }
})
const progressComment = (github: FakeGitHub) => github.comments('acme', 'docs', 42)[1]!
const creates = (simulator: Simulator) => count(simulator, 'POST', CREATE)

describe('a create the hourly limit holds back past the "timeout"', () => {
  it('is queued on its thread, created once by the reconcile run after the hour, and never again', () =>
    inRepository([refuse(429, 1, '3600')], async ({ trigger, reconcile, later, github, simulator }) => {
      const run = await trigger()
      expect(run.failed).toBe(false)
      expect(run.outputs.status).toBe('queued')
      expect(run.outputs['job-id'] ?? '').toBe('')
      expect(run.log).toMatch(
        /notice \(Docs agent\): .*hourly limit.*queued on this thread's progress comment.*from \d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC/
      )
      expect(summaryLevel(run.summary)).toBe('notice')
      // No reconcile-workflow: nothing creates the job until a reconcile run runs, which is worth a
      // warning; the run says so, and how to arm that workflow.
      const nothingCreates =
        'Nothing creates the agent job for this request until a workflow with mode: reconcile runs, on its ' +
        'schedule or by hand'
      expect(run.log).toContain(`warning: ${nothingCreates} (workflow_dispatch)`)
      expect(run.log).not.toMatch(/notice: .*mode: reconcile/)
      expect(warningsIn(run.summary, 'after')).toBe(1)
      expect(run.summary).toContain(nothingCreates)
      expect(run.summary).not.toContain('What finishes the progress comment')
      expect(run.summary).toContain('Set reconcile-workflow to that workflow')
      const queued = progressComment(github)
      const queuedUntil = { kind: 'ended', result: { kind: 'queued', retryAt: markerOf(queued, 42)?.retryAt } } as const
      expect(queued.body).toContain(statusWords(queuedUntil, `${github.serverUrl}/acme/docs/actions/runs/1001`))
      const marker = markerOf(queued, 42)
      expect(marker).toMatchObject({ state: 'queued', commentId: queued.id })
      expect(marker?.retryAt).toBeGreaterThanOrEqual(HOUR_MS)
      // The prompt, as it would have been sent, is kept whole under the signed digest.
      const sent = JSON.parse(simulator.requests.find((r) => CREATE.test(r.path))!.body) as { prompt: string }
      expect(readQueuedPrompt(queued.body, marker?.promptDigest)).toBe(sent.prompt)
      expect(github.labels('acme', 'docs', 42)).toEqual([LABEL])

      const early = await reconcile()
      expect(early.failed).toBe(false)
      expect(creates(simulator)).toBe(1)
      expect(progressComment(github).body).toBe(queued.body)
      expect(github.labels('acme', 'docs', 42)).toEqual([LABEL])
      expect(early.summary).toMatch(/\| waits until \d{4}-.* UTC \| left queued \|/)

      await later(HOUR_MS)
      const due = await reconcile()
      expect(due.failed).toBe(false)
      expect(creates(simulator)).toBe(2)
      const created = simulator.requests.filter((r) => CREATE.test(r.path))[1]!
      expect(JSON.parse(created.body)).toEqual(sent)
      const working = progressComment(github)
      const jobId = markerOf(working, 42)?.jobId ?? ''
      expect(jobId).not.toBe('')
      expect(markerOf(working, 42)).toMatchObject({ state: 'working', commentId: working.id, jobId })
      expect(markerOf(working, 42)).not.toHaveProperty('promptDigest')
      expect(progressOf(working, 42)).toMatchObject({ state: 'working', jobId })
      expect([...simulator.jobs.keys()]).toEqual([jobId])
      expect(github.labels('acme', 'docs', 42)).toEqual([LABEL])
      expect(due.summary).toContain(`created agent job \`${jobId}\``)

      const again = await reconcile()
      expect(again.failed).toBe(false)
      expect(creates(simulator)).toBe(2)

      await later(JOB_MS)
      const ended = await reconcile()
      expect(creates(simulator)).toBe(2)
      expect(progressOf(progressComment(github), 42)).toMatchObject({
        state: 'ended',
        jobId,
        pullRequest: expect.any(String)
      })
      expect(github.labels('acme', 'docs', 42)).toEqual([])
      expect(JSON.parse(ended.outputs.reconciled ?? '')).toEqual([
        expect.objectContaining({ jobId, status: 'completed' })
      ])
    }))

  it('is tried by the next reconcile run when the 429 gave no Retry-After, and queued again with the new time when refused again', () =>
    inRepository(
      // The run's tries within its short "timeout", then the reconcile run's one try, all refused.
      [refuse(429, 99)],
      async ({ trigger, reconcile, github, simulator }) => {
        const run = await trigger({ timeout: '10s' })
        expect(run.failed).toBe(false)
        expect(run.log).toContain('a reconcile run creates its job on its next run')
        expect(markerOf(progressComment(github), 42)).not.toHaveProperty('retryAt')
        const before = creates(simulator)

        const refused = await reconcile()
        expect(refused.failed).toBe(false)
        expect(creates(simulator)).toBeGreaterThan(before)
        const still = progressComment(github)
        expect(markerOf(still, 42)).toMatchObject({ state: 'queued', commentId: still.id })
        const stillQueued = {
          kind: 'ended',
          result: { kind: 'queued', retryAt: markerOf(still, 42)?.retryAt }
        } as const
        expect(still.body).toContain(statusWords(stillQueued, `${github.serverUrl}/acme/docs/actions/runs/1001`))
        expect(github.labels('acme', 'docs', 42)).toEqual([LABEL])
        expect(refused.log).toMatch(/warning: #42: the request queued there was not created .*it stays queued/)
      },
      { inputs: { timeout: '10s' } }
    ))

  it("ends with the error on its comment when the reconcile run's create is refused as invalid", () =>
    inRepository([refuse(429, 1, '60'), refuse(400, 1)], async ({ trigger, reconcile, later, github, simulator }) => {
      expect((await trigger({ timeout: '10s' })).outputs.status).toBe('queued')
      await later(60_000)
      const refused = await reconcile()
      expect(creates(simulator)).toBe(2)
      const ended = progressComment(github)
      expect(ended.body).toContain(
        '❌ **The docs agent could not finish.** Creating the agent job failed: the service answered 400'
      )
      expect(markerOf(ended, 42)).not.toHaveProperty('state')
      expect(github.labels('acme', 'docs', 42)).toEqual([])
      expect(refused.summary).toContain('| not created |')
      expect(await reconcile()).toMatchObject({ failed: false })
      expect(creates(simulator)).toBe(2)
    }))

  it('is not created by a re-run of the run that queued it: the reconcile run does that', () =>
    inRepository([refuse(429, 1, '3600')], async ({ trigger, github, simulator }) => {
      await trigger()
      const queued = progressComment(github).body
      const rerun = await trigger({}, { GITHUB_RUN_ATTEMPT: '2' })
      expect(rerun.failed).toBe(true)
      expect(rerun.log).toMatch(
        /error: This is attempt 2 of the workflow run, and an earlier attempt queued this request/
      )
      expect(creates(simulator)).toBe(1)
      expect(progressComment(github).body).toBe(queued)
      expect(github.labels('acme', 'docs', 42)).toEqual([LABEL])
    }))

  it('fails as before, saying the request was not recorded, when labels are off', () =>
    inRepository(
      [refuse(429, 1, '3600')],
      async ({ trigger, github }) => {
        const run = await trigger({ 'working-label': '' })
        expect(run.failed).toBe(true)
        expect(run.log).toContain(
          'The request was not recorded for a later run: "working-label" is empty, so no reconcile run would find it.'
        )
        expect(progressComment(github).body).toContain('❌ **The docs agent could not finish.**')
      },
      { inputs: { 'working-label': '' } }
    ))
})
