// A reconcile run started by the agent's pull request, in process and in virtual time
// (support/pull-request-run.ts): it finishes the thread whose job opened the pull request in that
// run, waiting for the job when it still reads active, and does the rest as a schedule would. What
// ends the wait (its bound, the timeout) is reconcile-pull-request-bound.test.ts's.
import { LABEL, pullRequest, AWAIT_7, ended, shown, waitingFor } from './support/pull-request-run.js'

describe("a reconcile run started by the agent's pull request", () => {
  it('finishes the thread whose job opened it at once, when the job already reads as ended', async () => {
    const { github, agent, reconcileOn } = await waitingFor({
      'job-pr': { thread: 42, endsAt: 0, end: ended(7) },
      'job-long': { thread: 43, endsAt: 600_000, end: ended(8) }
    })
    const run = await reconcileOn(AWAIT_7)

    expect(shown(github, 42)).toMatchObject({
      state: 'ended',
      jobId: 'job-pr',
      pullRequest: 'https://github.com/acme/docs/pull/7'
    })
    expect(github.labels.get(42)).toEqual([])
    expect(run.reconciled).toEqual([
      { thread: 42, jobId: 'job-pr', status: 'completed', prLink: 'https://github.com/acme/docs/pull/7' }
    ])
    // The other thread is left as a schedule leaves it: its job read once, its comment and label as they were.
    expect(agent.reads.sort()).toEqual(['job-long', 'job-pr'])
    expect(shown(github, 43)).toMatchObject({ state: 'working', jobId: 'job-long' })
    expect(github.labels.get(43)).toEqual([LABEL])
    expect(run.pullRequest).toEqual({ kind: 'found', pullRequest: pullRequest(7), jobId: 'job-pr', waitedMs: 0 })
    expect(run.log).toContain(
      'notice: Agent job job-pr opened pull request #7 (https://github.com/acme/docs/pull/7): this run reports its end on the threads that wait for it.'
    )
    expect(run.summary).toContain(
      'Agent job job-pr opened [pull request #7](https://github.com/acme/docs/pull/7): this run reports its end'
    )
  })

  it('waits for a job still active for a few seconds, on the poll schedule, and reports it in that run', async () => {
    // The agent opened the pull request; its job reads as ended 5 s later.
    const { github, agent, reconcileOn } = await waitingFor({
      'job-pr': { thread: 42, endsAt: 5000, end: ended(7) },
      'job-long': { thread: 43, endsAt: 600_000, end: ended(8) }
    })
    const run = await reconcileOn(AWAIT_7)

    expect(shown(github, 42)).toMatchObject({
      state: 'ended',
      jobId: 'job-pr',
      pullRequest: 'https://github.com/acme/docs/pull/7'
    })
    expect(github.labels.get(42)).toEqual([])
    expect(run.reconciled.map((entry) => entry.jobId)).toEqual(['job-pr'])
    // Polls 2 s apart (poll-interval) while both may be the one: the wait ends at the first read after 5 s.
    expect(run.pullRequest).toEqual({ kind: 'found', pullRequest: pullRequest(7), jobId: 'job-pr', waitedMs: 6000 })
    // Each read once as a schedule reads it, then at 2, 4 and 6 s.
    expect(agent.reads.filter((id) => id === 'job-pr')).toHaveLength(4)
    expect(agent.reads.filter((id) => id === 'job-long')).toHaveLength(4)
    expect(run.log).toContain(
      "info: Pull request #7 was opened by the agent's app: waiting for the job among job-long, job-pr that ends with it, " +
        'until 40 s after this run started, to stay within the first minute GitHub bills.'
    )
    // The job that runs on is not waited for.
    expect(shown(github, 43)).toMatchObject({ state: 'working', jobId: 'job-long' })
    expect(run.summary).toMatch(/\| `job-long` \| `active` \| left alone: still running \|/)
  })

  it('reports in the same run a job seen to end without the pull request while it waits, and waits on', async () => {
    const { github, agent, reconcileOn } = await waitingFor({
      'job-nothing': { thread: 44, endsAt: 3000, end: ended(null) },
      'job-pr': { thread: 42, endsAt: 9000, end: ended(7) }
    })
    const run = await reconcileOn(AWAIT_7)

    expect(shown(github, 44)).toMatchObject({ state: 'ended', jobId: 'job-nothing', pullRequest: undefined })
    expect(shown(github, 42)).toMatchObject({
      state: 'ended',
      jobId: 'job-pr',
      pullRequest: 'https://github.com/acme/docs/pull/7'
    })
    expect(run.reconciled.map((entry) => entry.jobId).sort()).toEqual(['job-nothing', 'job-pr'])
    expect(run.pullRequest).toMatchObject({ kind: 'found', jobId: 'job-pr' })
    // Once job-nothing read as ended it was not read again.
    expect(agent.reads.filter((id) => id === 'job-nothing')).toHaveLength(3)
  })

  it('does what a schedule run does, and says so, when no waiting job can have opened it', async () => {
    const { github, agent, reconcileOn } = await waitingFor({ 'job-other': { thread: 42, endsAt: 0, end: ended(8) } })
    const run = await reconcileOn(AWAIT_7)

    expect(shown(github, 42)).toMatchObject({
      state: 'ended',
      jobId: 'job-other',
      pullRequest: 'https://github.com/acme/docs/pull/8'
    })
    expect(agent.reads).toEqual(['job-other'])
    // No wait for a job: only GitHub's pace between the comment's edit and the label's removal.
    expect(run.tookMs).toBe(750)
    expect(run.pullRequest).toEqual({ kind: 'none', pullRequest: pullRequest(7) })
    expect(run.log).toContain(
      'notice: No agent job a labelled thread waits for opened pull request #7 (https://github.com/acme/docs/pull/7), ' +
        'and none still runs. This run did what a scheduled run does.'
    )
  })

  it('fails the step as any reconcile run does when the agent API refuses the key while it waits', async () => {
    const { github, agent, reconcileOn } = await waitingFor({
      'job-long': { thread: 43, endsAt: 600_000, end: ended(8) }
    })
    agent.refuseKeyAfter = 2
    const run = await reconcileOn(AWAIT_7)
    expect(agent.reads).toHaveLength(3)
    expect(run.keyRefused).toMatch(/401/)
    expect(run.pullRequest).toMatchObject({ kind: 'stopped' })
    expect(github.labels.get(43)).toEqual([LABEL])
  })

  it('stops waiting when the workflow is cancelled, and leaves the job to the schedule', async () => {
    const { github, agent, reconcileOn } = await waitingFor({
      'job-long': { thread: 43, endsAt: 600_000, end: ended(8) }
    })
    const cancelled = new AbortController()
    cancelled.abort()
    const run = await reconcileOn(AWAIT_7, { cancel: cancelled.signal })
    expect(agent.reads).toEqual(['job-long'])
    expect(run.pullRequest).toEqual({
      kind: 'stopped',
      pullRequest: pullRequest(7),
      why: 'the workflow was cancelled.'
    })
    expect(run.tookMs).toBe(0)
    expect(github.labels.get(43)).toEqual([LABEL])
  })

  it('waits for nothing on a decision to run as scheduled, and tells why', async () => {
    const { agent, reconcileOn } = await waitingFor({
      'job-long': { thread: 43, endsAt: 600_000, end: ended(8) }
    })
    const why = 'Pull request #7 was opened by "octocat", a person. This run did what a scheduled run does.'
    const run = await reconcileOn({ kind: 'as-scheduled', why })
    expect(agent.reads).toEqual(['job-long'])
    expect(run.tookMs).toBe(0)
    expect(run.log).toContain(`notice: ${why}`)
  })
})
