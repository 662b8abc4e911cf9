// Arming the reconcile workflow through run() in process, in virtual time, against the simulator and
// the GitHub fake, whose workflow is read back through GitHub's own route. A /docs run that leaves its
// job enables the workflow once its thread is labelled; a reconcile run leaves it on while a job waits
// and disables it once none does, enabling it again for a thread labelled while it disabled. The
// decisions are tested in arm.test.ts and reconcile-disarm.test.ts.
import { VirtualClock } from '../src/base/clock.js'
import type { FakeGitHub } from '../test/harness/fake-github.js'
import { onThread, signedMarker, TOKEN } from './support/github-fixture.js'
import { type ProcessRun, reconcileInProcess, runInProcess } from './support/in-process.js'
import { DONE_WITH_PULL_REQUEST, progressOf } from './support/progress.js'

const LABEL = 'docs-agent: working'
const WORKFLOW = 'docs-reconcile.yml'
const JOB_MS = 60_000

interface Repository {
  /** The /docs comment of the saved event, with more inputs. */
  trigger: (inputs?: Record<string, string>) => Promise<ProcessRun>
  /** A scheduled run in reconcile mode (run 2002). */
  reconcile: () => Promise<ProcessRun>
  /** Lets the agent's jobs run on for `ms`. */
  later: (ms: number) => Promise<void>
  github: FakeGitHub
}

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
  body: (repo: Repository) => Promise<void>,
  { durationMs = JOB_MS, ...github }: { actionsReadOnly?: string[]; durationMs?: number } = {}
): Promise<void> {
  const clock = new VirtualClock(Date.now())
  let fake: FakeGitHub | undefined
  await onThread(
    {
      event: 'issue_comment.created',
      scenario: { durationMs },
      // The default a runner gives a step that leaves it out.
      inputs: { 'reconcile-workflow': WORKFLOW, 'working-label': LABEL },
      github,
      before: (github) => {
        github.workflows.addWorkflow('acme', 'docs', WORKFLOW, state)
        fake = github
      }
    },
    (step) =>
      body({
        trigger: (more = {}) => runInProcess({ ...step, clock, inputs: { ...step.inputs, ...more } }),
        reconcile: () => reconcileInProcess(step, clock),
        later: (ms) => clock.sleep(ms),
        github: fake!
      }),
    { now: () => clock.now() }
  )
}

const calls = (github: FakeGitHub) => github.requests.map((request) => `${request.method} ${request.path}`)
const ENABLE = `PUT /repos/acme/docs/actions/workflows/${WORKFLOW}/enable`
const DISABLE = `PUT /repos/acme/docs/actions/workflows/${WORKFLOW}/disable`

describe('the reconcile workflow, on only while a job waits', () => {
  it('is enabled by wait: false after the label, kept on while the job runs, and disabled once it is reported', () =>
    inRepository('disabled_manually', async ({ trigger, reconcile, later, github }) => {
      const started = await trigger({ wait: 'false' })
      expect(started.failed).toBe(false)
      expect(github.labels('acme', 'docs', 42)).toEqual([LABEL])
      expect(await workflowState(github)).toBe('active')
      // Once: after the label went on and the comment said it waits.
      const made = calls(github)
      expect(made.filter((call) => call === ENABLE)).toHaveLength(1)
      expect(made.indexOf(ENABLE)).toBeGreaterThan(made.indexOf('POST /repos/acme/docs/issues/42/labels'))
      expect(made.indexOf(ENABLE)).toBeGreaterThan(made.findLastIndex((call) => call.startsWith('PATCH ')))
      expect(started.log).toContain(`Enabled the workflow ${WORKFLOW} (reconcile-workflow).`)

      const running = await reconcile()
      expect(running.failed).toBe(false)
      expect(await workflowState(github)).toBe('active')
      expect(calls(github)).not.toContain(DISABLE)
      expect(running.summary).toContain(`The workflow \`${WORKFLOW}\` stays enabled: a thread still waits`)

      await later(JOB_MS)
      const ended = await reconcile()
      expect(ended.failed).toBe(false)
      expect(progressOf(github.comments('acme', 'docs', 42).at(-1)!, 42)).toMatchObject(DONE_WITH_PULL_REQUEST)
      expect(github.labels('acme', 'docs', 42)).toEqual([])
      expect(await workflowState(github)).toBe('disabled_manually')
      expect(ended.summary).toContain(`the workflow \`${WORKFLOW}\` was disabled`)
    }))

  it('is disabled by a reconcile run with nothing waiting, and left off by a wait that ends with its job', () =>
    inRepository(
      'active',
      async ({ trigger, reconcile, github }) => {
        const idle = await reconcile()
        expect(idle.failed).toBe(false)
        expect(await workflowState(github)).toBe('disabled_manually')
        expect(idle.summary).toContain(`Nothing waits any more: the workflow \`${WORKFLOW}\` was disabled`)

        const waited = await trigger({ 'poll-interval': '1s' })
        expect(waited.failed).toBe(false)
        expect(waited.outputs.status).toBe('completed')
        expect(calls(github)).not.toContain(ENABLE)
        expect(await workflowState(github)).toBe('disabled_manually')
      },
      { durationMs: 1_000 }
    ))

  it('is enabled again when a /docs run labels its thread while a reconcile run disables it', () =>
    inRepository('active', async ({ reconcile, github }) => {
      // The /docs run on #7 put its label on, wrote its waiting comment and enabled the workflow just
      // before the reconcile run's disable landed: the reconcile run read no label when it began.
      github.workflows.onSwitch = (_file, state) => {
        if (state !== 'disabled_manually' || github.labels('acme', 'docs', 7).length > 0) return
        github.addComment('acme', 'docs', 7, `${signedMarker(7, { jobId: 'job-7', state: 'working' })}\n⏳ Working`)
        github.label('acme', 'docs', 7, LABEL)
      }
      const run = await reconcile()
      expect(run.failed).toBe(false)
      expect(calls(github).filter((call) => call === DISABLE || call === ENABLE)).toEqual([DISABLE, ENABLE])
      expect(await workflowState(github)).toBe('active')
      expect(run.summary).toContain('was disabled, then enabled again: a thread was labelled meanwhile')
      expect(github.labels('acme', 'docs', 7)).toEqual([LABEL])
    }))

  it('warns with the fix when the token may not enable it, and the job still starts and waits labelled', () =>
    inRepository(
      'disabled_manually',
      async ({ trigger, github }) => {
        const started = await trigger({ wait: 'false' })
        expect(started.failed).toBe(false)
        expect(started.outputs['job-id']).not.toBe('')
        expect(github.labels('acme', 'docs', 42)).toEqual([LABEL])
        const shown = progressOf(github.comments('acme', 'docs', 42).at(-1)!, 42)
        expect(shown).toMatchObject({ state: 'working', jobId: started.outputs['job-id'] })
        expect(await workflowState(github)).toBe('disabled_manually')
        const warning = `Could not enable the workflow ${WORKFLOW} named by reconcile-workflow: GitHub answered 403`
        expect(started.log).toContain(`warning: ${warning}`)
        expect(started.log).toContain("The workflow's token needs `actions: write`")
        expect(started.summary).toContain(warning)
      },
      { actionsReadOnly: [TOKEN] }
    ))

  it('is enabled by a wait that runs out while the job goes on, which keeps the label', () =>
    inRepository('disabled_manually', async ({ trigger, github }) => {
      const stopped = await trigger({ timeout: '3s', 'poll-interval': '1s', 'fail-on-job-failure': 'false' })
      expect(stopped.failed).toBe(false)
      expect(stopped.outputs.status).toBe('active')
      expect(github.labels('acme', 'docs', 42)).toEqual([LABEL])
      expect(await workflowState(github)).toBe('active')
    }))
})

describe('a wait: false run without reconcile-workflow', () => {
  it('says what will finish its comment and how to arm a reconcile workflow, in the log and the summary', async () => {
    const clock = new VirtualClock(Date.now())
    const { run } = await onThread(
      { event: 'issue_comment.created', scenario: { durationMs: JOB_MS }, inputs: { 'working-label': LABEL } },
      (step) => runInProcess({ ...step, clock, inputs: { ...step.inputs, wait: 'false' } }),
      { now: () => clock.now() }
    )
    expect(run.failed).toBe(false)
    const advice = 'its progress comment shows the end only once a workflow with mode: reconcile runs'
    expect(run.log).toMatch(new RegExp(`notice[^\\n]*: .*${advice}`))
    expect(run.summary).toContain('### ℹ️ What finishes the progress comment')
    expect(run.summary).toContain(advice)
    expect(run.summary).toContain('Set reconcile-workflow to that workflow')
  })
})
