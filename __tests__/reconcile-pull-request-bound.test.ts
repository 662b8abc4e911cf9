// What ends the wait of a reconcile run started by a pull request when no job ends with it: the
// bound, counted from the run's start so that the run stays within the first minute GitHub bills,
// or the "timeout" when it comes sooner. In process and in virtual time (support/pull-request-run.ts).
import { LABEL, pullRequest, AWAIT_7, MINUTE_MS, ended, shown, waitingFor } from './support/pull-request-run.js'

describe('what ends the wait of a reconcile run on a pull request', () => {
  it('finds a job that reads as ended well into the wait, before its bound', async () => {
    const { github, reconcileOn } = await waitingFor({
      'job-pr': { thread: 42, endsAt: 30_000, end: ended(7) },
      'job-long': { thread: 43, endsAt: 600_000, end: ended(8) }
    })
    const run = await reconcileOn(AWAIT_7)

    expect(run.pullRequest).toMatchObject({ kind: 'found', jobId: 'job-pr' })
    expect(shown(github, 42)).toMatchObject({
      state: 'ended',
      jobId: 'job-pr',
      pullRequest: 'https://github.com/acme/docs/pull/7'
    })
    expect(run.tookMs).toBeLessThan(MINUTE_MS)
  })

  it("stops waiting at its bound for another app's pull request while a job runs long, and does a scheduled run's work", async () => {
    // Renovate opened #9 while job-long runs on; job-done has ended, and job-soon ends during the wait.
    const { github, agent, reconcileOn } = await waitingFor({
      'job-long': { thread: 43, endsAt: 600_000, end: ended(8) },
      'job-done': { thread: 44, endsAt: 0, end: ended(null) },
      'job-soon': { thread: 45, endsAt: 15_000, end: ended(null) }
    })
    const run = await reconcileOn({ kind: 'await', pullRequest: pullRequest(9) })

    expect(run.pullRequest).toMatchObject({ kind: 'timed-out', jobIds: ['job-long'], by: 'bound' })
    // The last read came before the bound and the next one would not have; the run, writes and all,
    // ends within the one minute it bills, not at the 3 minute "timeout".
    expect(Math.max(...agent.readAt)).toBeLessThan(40_000)
    expect(Math.max(...agent.readAt)).toBeGreaterThan(30_000)
    expect(run.tookMs).toBeLessThan(MINUTE_MS)
    // A scheduled run's work: the jobs that ended are reported, the running one is left as it was.
    expect(run.reconciled.map((entry) => entry.jobId).sort()).toEqual(['job-done', 'job-soon'])
    expect(github.labels.get(44)).toEqual([])
    expect(github.labels.get(45)).toEqual([])
    expect(shown(github, 43)).toMatchObject({ state: 'working', jobId: 'job-long' })
    expect(github.labels.get(43)).toEqual([LABEL])
    expect(run.log).toContainEqual(
      expect.stringMatching(
        /^notice: Stopped waiting after \d+ s for the agent job that opened pull request #9 .*: job-long still reads as running\. A run on a pull request waits until 40 s after its start, to stay within the first minute GitHub bills\. The first scheduled run after they end reports them\./
      )
    )
    expect(run.summary).toContain('A run on a pull request waits until 40 s after its start')
  })

  it('stops waiting at a timeout shorter than the bound, reads none after it, and leaves the jobs to the schedule', async () => {
    const { github, agent, reconcileOn } = await waitingFor({
      'job-long': { thread: 43, endsAt: 600_000, end: ended(8) }
    })
    const timeoutMs = 25_000
    const run = await reconcileOn(AWAIT_7, { timeoutMs })

    expect(run.pullRequest).toMatchObject({ kind: 'timed-out', jobIds: ['job-long'], by: 'timeout' })
    // The last read came before the deadline and the next one would not have: the wait used the time it had.
    expect(Math.max(...agent.readAt)).toBeLessThan(timeoutMs)
    expect(Math.max(...agent.readAt)).toBeGreaterThan(timeoutMs - 10_000)
    expect(run.tookMs).toBeLessThan(timeoutMs)
    expect(shown(github, 43)).toMatchObject({ state: 'working', jobId: 'job-long' })
    expect(github.labels.get(43)).toEqual([LABEL])
    expect(run.log).toContain(
      'info: Pull request #7 was opened by the agent\'s app: waiting for the job among job-long that ends with it, at most until the "timeout", in 25 s.'
    )
    expect(run.log.at(-1)).toMatch(
      /^notice: The "timeout" ran out after \d+ s of waiting for the agent job that opened pull request #7 .*: job-long still reads as running\. The first scheduled run after they end reports them\. This run did what a scheduled run does\.$/
    )
  })

  // Three jobs read one after another: at 8 s a read the first round takes 24 s of the 40, so a bound
  // counted from the wait's start would read on to 64 s; at 10 s, a round begun at 32 s would read
  // its last job at 52 s. Either way the run would bill a second minute.
  it.each([8000, 10_000])(
    "counts its bound from the run's start and starts no read after it, at %i ms a read",
    async (readMs) => {
      const { agent, reconcileOn } = await waitingFor({
        'job-a': { thread: 43, endsAt: 600_000, end: ended(8) },
        'job-b': { thread: 44, endsAt: 600_000, end: ended(null) },
        'job-c': { thread: 45, endsAt: 600_000, end: ended(null) }
      })
      agent.readMs = readMs
      const run = await reconcileOn({ kind: 'await', pullRequest: pullRequest(9) })

      expect(run.pullRequest).toMatchObject({ kind: 'timed-out', by: 'bound' })
      // The wait read again after the first round, and started no read after the bound.
      expect(Math.max(...agent.readAt)).toBeGreaterThan(30_000)
      expect(Math.max(...agent.readAt)).toBeLessThan(40_000)
      expect(run.tookMs).toBeLessThan(MINUTE_MS)
    }
  )
})
