// Reconcile mode on the agent's pull request through run() in process, in virtual time: the /docs
// comment starts a job with wait: false, the agent opens its pull request while the job still reads
// active for seconds, and the run the pull request's event starts waits for it and reports its end.
// The decisions are tested in reconcile-pull-request*.test.ts.
import { loadEvent, onThread } from './support/github-fixture.js'
import { runInProcess } from './support/in-process.js'
import { VirtualClock } from '../src/base/clock.js'
import type { FakeGitHub } from '../test/harness/fake-github.js'
import type { Simulator } from '../test/harness/simulator/server.js'
import { API_KEY, PROJECT } from './support/agent-fixture.js'
import { progressOf } from './support/progress.js'

const LABEL = 'docs-agent: working'
/** The job reads active this long after the start: the agent opens its pull request just before. */
const JOB_MS = 60_000

const AGENTS_APP = { login: 'docs-agent[bot]', type: 'Bot' }

/**
 * A /docs comment on #42 starts a job with wait: false; the agent opens acme/docs#7 5 s before its
 * job reads as ended, and the reconcile run that pull request's `action` event by `user` starts.
 */
function reconcileOnPullRequest(action: string, user: object, jobMs = JOB_MS) {
  // Virtual time: how long the run takes to list and read on a busy machine never counts.
  const clock = new VirtualClock(Date.now())
  let fakes: { github: FakeGitHub; simulator: Simulator } | undefined
  return onThread(
    {
      event: 'issue_comment.created',
      inputs: { 'working-label': LABEL },
      before: (github, simulator) => {
        fakes = { github, simulator }
      }
    },
    async (step) => {
      const { github, simulator } = fakes!
      const prLink = `https://${new URL(github.serverUrl).host}/acme/docs/pull/7`
      simulator.setScenario({ apiKey: API_KEY, projectId: PROJECT, durationMs: jobMs, prLink })
      github.addPullRequest('acme', 'docs', 7, AGENTS_APP.login)
      const started = await runInProcess({ ...step, clock, inputs: { ...step.inputs, wait: 'false' } })

      await clock.sleep(JOB_MS - 5000)
      const event = loadEvent('pull_request.opened')
      const pull = { ...(event.pull_request as object), number: 7, html_url: prLink, user }
      const began = clock.now()
      const run = await runInProcess({
        eventName: 'pull_request',
        event: { ...event, action, number: 7, pull_request: pull },
        env: { ...step.env, GITHUB_RUN_ID: '2003', GITHUB_JOB: 'reconcile' },
        clock,
        inputs: { ...step.inputs, mode: 'reconcile', 'trigger-phrase': '', timeout: '3m' }
      })
      const notices = run.log.split('\n').filter((line) => line.startsWith('notice'))
      return {
        run,
        notices,
        tookMs: clock.now() - began,
        jobId: started.outputs['job-id'],
        prLink,
        progress: progressOf(github.comments('acme', 'docs', 42)[1]!, 42),
        docsComments: github.comments('acme', 'docs', 7).map((comment) => comment.body),
        labels: github.labels('acme', 'docs', 42)
      }
    },
    { now: () => clock.now() }
  ).then(({ run }) => run)
}

describe("reconcile mode on the agent's pull request, in process", () => {
  it('waits for the job still active and reports its end in that run', async () => {
    const { run, notices, jobId, prLink, progress, labels, docsComments } = await reconcileOnPullRequest(
      'opened',
      AGENTS_APP
    )
    expect(run.failed).toBe(false)
    expect(JSON.parse(run.outputs.reconciled ?? '')).toEqual([{ thread: 42, jobId, status: 'completed', prLink }])
    expect(progress).toMatchObject({ state: 'ended', jobId, pullRequest: prLink })
    expect(labels).toEqual([])
    // The job ends 5 s after the pull request's event, in the run's virtual time: the wait's polls
    // see it then, however long the run's listing and reads took on the machine.
    expect(notices).toEqual([
      expect.stringMatching(new RegExp(`Agent job ${jobId} opened pull request #7 .*, and read as ended after 5 s:`))
    ])
    expect(run.summary).toContain(`Agent job ${jobId} opened [pull request #7](${prLink})`)
    // The docs-PR steps came in the same run: the comment on the agent's pull request.
    expect(docsComments).toEqual([expect.stringContaining(`agent job \`${jobId}\``)])
  })

  it("stops waiting 40 s after the run's start for another app's pull request, not at the 3 minute timeout", async () => {
    // The job runs 10 minutes; Renovate opens #7 at 55 s.
    const renovate = { login: 'renovate[bot]', type: 'Bot' }
    const { run, notices, tookMs, progress } = await reconcileOnPullRequest('opened', renovate, 600_000)
    expect(run.failed).toBe(false)
    expect(progress).toMatchObject({ state: 'working' })
    expect(notices).toEqual([expect.stringContaining('A run on a pull request waits until 40 s after its start')])
    expect(tookMs).toBeLessThan(40_000)
  })

  it.each([
    ['synchronize', AGENTS_APP],
    ['opened', { login: 'writer-wendy', type: 'User' }]
  ])("waits for nothing on %s by %j, and does a scheduled run's work", async (action, user) => {
    const { run, notices, tookMs, progress, labels } = await reconcileOnPullRequest(action, user)
    expect(run.failed).toBe(false)
    // The job still runs, so its thread waits for the schedule.
    expect(run.outputs.reconciled).toBe('[]')
    expect(progress).toMatchObject({ state: 'working' })
    expect(labels).toEqual([LABEL])
    expect(notices).toEqual([expect.stringContaining('This run did what a scheduled run does.')])
    expect(tookMs).toBeLessThan(5000)
  })
})
