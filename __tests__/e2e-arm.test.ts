// Arming the reconcile workflow end to end: dist/index.js as a runner runs it, against the simulator
// and the GitHub fake, whose workflow is read back through GitHub's own route. A /docs run that leaves
// its job enables the workflow once its thread is labelled; a reconcile run leaves it on while a job
// waits and disables it once none does, enabling it again for a thread labelled while it disabled.
import { runAction, runtimes, visibleLog } from '../test/harness/run-bundle.js'
import type { FakeGitHub } from '../test/harness/fake-github.js'
import type { Simulator } from '../test/harness/simulator/server.js'
import { onThread, reconcileRun, signedMarker, TOKEN, type ThreadStep } from './support/github-fixture.js'
import { DONE_WITH_PULL_REQUEST, progressOf } from './support/progress.js'

const LABEL = 'docs-agent: working'
const WORKFLOW = 'docs-reconcile.yml'
/** Longer than any run of the bundle takes: the job ends only when a test moves the simulator's clock past it. */
const JOB_MS = 60_000
const [, node] = runtimes().at(-1)!

/** The workflow's state as GitHub tells it (GET /repos/{o}/{r}/actions/workflows/{file}). */
async function workflowState(github: FakeGitHub): Promise<string> {
  const answer = await fetch(`${github.url}/repos/acme/docs/actions/workflows/${WORKFLOW}`, {
    headers: { authorization: `token ${TOKEN}`, accept: 'application/vnd.github+json' }
  })
  return ((await answer.json()) as { state: string }).state
}

/** The /docs comment on #42 with `reconcile-workflow` set; the workflow starts as `state` says. */
async function inRepository(
  state: 'active' | 'disabled_manually',
  body: (step: ThreadStep, github: FakeGitHub, simulator: Simulator, skip: (ms: number) => void) => Promise<void>,
  { durationMs = JOB_MS, ...github }: { actionsReadOnly?: string[]; durationMs?: number } = {}
) {
  let fakes: [FakeGitHub, Simulator] | undefined
  let skipped = 0
  await onThread(
    {
      event: 'issue_comment.created',
      scenario: { durationMs },
      inputs: { 'reconcile-workflow': WORKFLOW },
      github,
      before: (fake, simulator) => {
        fake.workflows.addWorkflow('acme', 'docs', WORKFLOW, state)
        fakes = [fake, simulator]
      }
    },
    (step) => body(step, ...fakes!, (ms) => (skipped += ms)),
    { now: () => Date.now() + skipped }
  )
}

const calls = (github: FakeGitHub) => github.requests.map((request) => `${request.method} ${request.path}`)
const ENABLE = `PUT /repos/acme/docs/actions/workflows/${WORKFLOW}/enable`
const DISABLE = `PUT /repos/acme/docs/actions/workflows/${WORKFLOW}/disable`

describe('the reconcile workflow, on only while a job waits', () => {
  it('is enabled by wait: false after the label, kept on while the job runs, and disabled once it is reported', () =>
    inRepository('disabled_manually', async (step, github, _simulator, skip) => {
      const started = await runAction({ ...step, node, inputs: { ...step.inputs, wait: 'false' } })
      expect(started.code).toBe(0)
      expect(github.labels('acme', 'docs', 42)).toEqual([LABEL])
      expect(await workflowState(github)).toBe('active')
      // Once: after the label went on and the comment said it waits.
      const made = calls(github)
      expect(made.filter((call) => call === ENABLE)).toHaveLength(1)
      expect(made.indexOf(ENABLE)).toBeGreaterThan(made.indexOf('POST /repos/acme/docs/issues/42/labels'))
      expect(made.indexOf(ENABLE)).toBeGreaterThan(made.findLastIndex((call) => call.startsWith('PATCH ')))
      expect(visibleLog(started)).toContain(`Enabled the workflow ${WORKFLOW} (reconcile-workflow).`)

      const running = await reconcileRun(step, node)
      expect(running.code).toBe(0)
      expect(await workflowState(github)).toBe('active')
      expect(calls(github)).not.toContain(DISABLE)
      expect(running.summary).toContain(`The workflow \`${WORKFLOW}\` stays enabled: a thread still waits`)

      skip(JOB_MS)
      const ended = await reconcileRun(step, node)
      expect(ended.code).toBe(0)
      expect(progressOf(github.comments('acme', 'docs', 42).at(-1)!, 42)).toMatchObject(DONE_WITH_PULL_REQUEST)
      expect(github.labels('acme', 'docs', 42)).toEqual([])
      expect(await workflowState(github)).toBe('disabled_manually')
      expect(ended.summary).toContain(`the workflow \`${WORKFLOW}\` was disabled`)
    }))

  it('is disabled by a reconcile run with nothing waiting, and left off by a wait that ends with its job', () =>
    inRepository(
      'active',
      async (step, github) => {
        const idle = await reconcileRun(step, node)
        expect(idle.code).toBe(0)
        expect(await workflowState(github)).toBe('disabled_manually')
        expect(idle.summary).toContain(`Nothing waits any more: the workflow \`${WORKFLOW}\` was disabled`)

        const waited = await runAction({ ...step, node, inputs: { ...step.inputs, 'poll-interval': '1s' } })
        expect(waited.code).toBe(0)
        expect(waited.outputs.status).toBe('completed')
        expect(calls(github)).not.toContain(ENABLE)
        expect(await workflowState(github)).toBe('disabled_manually')
      },
      { durationMs: 1_000 }
    ))

  it('is enabled again when a /docs run labels its thread while a reconcile run disables it', () =>
    inRepository('active', async (step, github) => {
      // The /docs run on #7 put its label on, wrote its waiting comment and enabled the workflow just
      // before the reconcile run's disable landed: the reconcile run read no label when it began.
      github.workflows.onSwitch = (_file, state) => {
        if (state !== 'disabled_manually' || github.labels('acme', 'docs', 7).length > 0) return
        github.addComment('acme', 'docs', 7, `${signedMarker(7, { jobId: 'job-7', state: 'working' })}\n⏳ Working`)
        github.label('acme', 'docs', 7, LABEL)
      }
      const run = await reconcileRun(step, node)
      expect(run.code).toBe(0)
      expect(calls(github).filter((call) => call === DISABLE || call === ENABLE)).toEqual([DISABLE, ENABLE])
      expect(await workflowState(github)).toBe('active')
      expect(run.summary).toContain('was disabled, then enabled again: a thread was labelled meanwhile')
      expect(github.labels('acme', 'docs', 7)).toEqual([LABEL])
    }))

  it('warns with the fix when the token may not enable it, and the job still starts and waits labelled', () =>
    inRepository(
      'disabled_manually',
      async (step, github) => {
        const started = await runAction({ ...step, node, inputs: { ...step.inputs, wait: 'false' } })
        expect(started.code).toBe(0)
        expect(started.outputs['job-id']).not.toBe('')
        expect(github.labels('acme', 'docs', 42)).toEqual([LABEL])
        const shown = progressOf(github.comments('acme', 'docs', 42).at(-1)!, 42)
        expect(shown).toMatchObject({ state: 'working', jobId: started.outputs['job-id'] })
        expect(await workflowState(github)).toBe('disabled_manually')
        const warning = `Could not enable the workflow ${WORKFLOW} named by reconcile-workflow: GitHub answered 403`
        expect(visibleLog(started)).toContain(`::warning::${warning}`)
        expect(visibleLog(started)).toContain("The workflow's token needs `actions: write`")
        expect(started.summary).toContain(warning)
      },
      { actionsReadOnly: [TOKEN] }
    ))

  it('is enabled by a wait that runs out while the job goes on, which keeps the label', () =>
    inRepository('disabled_manually', async (step, github) => {
      const inputs = { ...step.inputs, timeout: '3s', 'poll-interval': '1s', 'fail-on-job-failure': 'false' }
      const stopped = await runAction({ ...step, node, inputs })
      expect(stopped.code).toBe(0)
      expect(stopped.outputs.status).toBe('active')
      expect(github.labels('acme', 'docs', 42)).toEqual([LABEL])
      expect(await workflowState(github)).toBe('active')
    }))
})

describe('a wait: false run without reconcile-workflow', () => {
  it('says what will finish its comment and how to arm a reconcile workflow, in the log and the summary', async () => {
    const { run } = await onThread({ event: 'issue_comment.created', scenario: { durationMs: JOB_MS } }, (step) =>
      runAction({ ...step, node, inputs: { ...step.inputs, wait: 'false' } })
    )
    expect(run.code).toBe(0)
    const advice = 'its progress comment shows the end only once a workflow with mode: reconcile runs'
    expect(visibleLog(run)).toMatch(new RegExp(`::notice::.*${advice}`))
    expect(run.summary).toContain('### ℹ️ What finishes the progress comment')
    expect(run.summary).toContain(advice)
    expect(run.summary).toContain('Set reconcile-workflow to that workflow')
  })
})
