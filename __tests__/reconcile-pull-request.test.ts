// A reconcile run started by the agent's pull request, in process and in virtual time: the threads in
// memory (MemoryGitHub) with the working comments run mode's own Thread leaves there, and an agent
// whose jobs run until a clock time. The run finishes the thread whose job opened the pull request
// in that run, waiting for the job when it still reads active (at most 40 s, or the timeout if
// sooner), and does the rest as a schedule would.
import { AgentApiError, describeFailure } from '../src/agent/errors.js'
import type { AgentJob } from '../src/agent/job.js'
import { VirtualClock } from '../src/base/clock.js'
import { markerKey } from '../src/thread/marker.js'
import { Thread, type ThreadWriter } from '../src/thread/thread.js'
import { WorkingLabel } from '../src/thread/working-label.js'
import { reconciledEntries } from '../src/reconcile/decide.js'
import { reconcileThreads } from '../src/reconcile/run.js'
import { type AwaitedPullRequest, type SignalDecision } from '../src/reconcile/pull-request-signal.js'
import { renderReconcileSummary } from '../src/reconcile/summary.js'
import { renderProgressComment } from '../src/report/render.js'
import { MemoryGitHub } from './support/memory-github.js'
import { linesLog } from './support/reconcile-log.js'

const KEY = markerKey('mint_test_key', 'proj')
const LABEL = 'docs-agent: working'
const SERVER = 'https://github.com'
const STARTER: ThreadWriter = { repository: 'acme/docs', runId: '1001', workflowJob: 'docs', step: '__run', key: KEY }
const TIMEOUT_MS = 180_000
const FIRST_GAP_MS = 2000
const pullRequest = (number: number): AwaitedPullRequest => ({
  number,
  url: `https://github.com/acme/docs/pull/${number}`,
  ref: { repository: 'acme/docs', number }
})
const AWAIT_7: SignalDecision = { kind: 'await', pullRequest: pullRequest(7) }
/** GitHub bills each run as whole minutes: a run that ends before this bills one. */
const MINUTE_MS = 60_000

/** What a run with wait: false leaves on thread `issue`: the working comment of `jobId`, the label. */
async function startWithoutWaiting(github: MemoryGitHub, issue: number, jobId: string): Promise<void> {
  const fail = (message: string) => {
    throw new Error(message)
  }
  const thread = new Thread(github.api(), issue, STARTER, 500 + issue, fail, {
    workingLabel: new WorkingLabel(github.api(), LABEL, fail)
  })
  const working = { kind: 'working', jobId, followUp: false } as const
  await thread.write(
    jobId,
    (marker) => renderProgressComment(marker, working, `${SERVER}/acme/docs/runs/1`),
    undefined,
    'working'
  )
}

/** The agent: each job reads `active` until its clock time, then its end; every read is counted. */
class Agent {
  readonly reads: string[] = []
  constructor(
    private readonly clock: VirtualClock,
    private readonly jobs: Record<string, { endsAt: number; end: Omit<AgentJob, 'id'> }>
  ) {}
  /** The clock time of each read. */
  readonly readAt: number[] = []
  getJob = async (id: string): Promise<AgentJob> => {
    this.reads.push(id)
    this.readAt.push(this.clock.now())
    const job = this.jobs[id]!
    if (this.reads.length > this.refuseKeyAfter) throw refusedKey(id)
    return this.clock.now() >= job.endsAt ? { id, ...job.end } : { id, status: 'active', prLink: null }
  }
  /** How many reads the key is taken for; then the agent API refuses it (401), as for a revoked key. */
  refuseKeyAfter = Infinity
  /** No thread here keeps a queued request: a reconcile run creates nothing. */
  createJob = async (prompt: string): Promise<AgentJob> => {
    throw new Error(`a create that no queued request asked for: ${prompt}`)
  }
}

function refusedKey(jobId: string): AgentApiError {
  const context = {
    operation: 'get' as const,
    reason: 'rejected' as const,
    url: 'https://api.mintlify.com/v2/agent/proj/job/' + jobId,
    tries: 1,
    jobId,
    status: 401,
    waitedMs: 0,
    timeoutMs: 60_000
  }
  return new AgentApiError(describeFailure(context), context)
}

const ended = (pr: number | null): Omit<AgentJob, 'id'> => ({
  status: 'completed',
  prLink: pr === null ? null : `https://github.com/acme/docs/pull/${pr}`
})

/** The run's cancellation, and its "timeout" (the recipe's 3 minutes unless given). */
interface RunOptions {
  cancel?: AbortSignal
  timeoutMs?: number
}

async function reconcile(
  github: MemoryGitHub,
  agent: Agent,
  clock: VirtualClock,
  decision?: SignalDecision,
  { cancel, timeoutMs = TIMEOUT_MS }: RunOptions = {}
) {
  const log: string[] = []
  const started = clock.now()
  const report = await reconcileThreads({
    github: github.api(),
    jobs: agent,
    clock,
    deadline: started + timeoutMs,
    key: KEY,
    repository: 'acme/docs',
    serverUrl: SERVER,
    label: LABEL,
    docsPullRequest: { followThrough: async () => {} },
    log: linesLog(log),
    ...(decision && { pullRequest: { decision, firstGapMs: FIRST_GAP_MS, ...(cancel && { cancel }) } })
  })
  const summary = renderReconcileSummary({ label: LABEL, ...report, level: 'success' })
  return { ...report, log, summary, tookMs: clock.now() - started, reconciled: reconciledEntries(report.threads) }
}

const shows = (github: MemoryGitHub, issue: number) => github.comments(issue)[0]!.body

type Jobs = Record<string, { thread: number; endsAt: number; end: Omit<AgentJob, 'id'> }>

/** Each job waited for on its own thread, started without waiting; and a reconcile run over them. */
async function waitingFor(jobs: Jobs) {
  const clock = new VirtualClock(0)
  const github = new MemoryGitHub()
  for (const [jobId, { thread }] of Object.entries(jobs)) await startWithoutWaiting(github, thread, jobId)
  const agent = new Agent(clock, jobs)
  return {
    github,
    agent,
    reconcileOn: (decision?: SignalDecision, options?: RunOptions) => reconcile(github, agent, clock, decision, options)
  }
}

describe("a reconcile run started by the agent's pull request", () => {
  it('finishes the thread whose job opened it at once, when the job already reads as ended', async () => {
    const { github, agent, reconcileOn } = await waitingFor({
      'job-pr': { thread: 42, endsAt: 0, end: ended(7) },
      'job-long': { thread: 43, endsAt: 600_000, end: ended(8) }
    })
    const run = await reconcileOn(AWAIT_7)

    expect(shows(github, 42)).toContain(
      '✅ **Done.** The agent opened a pull request: [https://github.com/acme/docs/pull/7]'
    )
    expect(github.labels.get(42)).toEqual([])
    expect(run.reconciled).toEqual([
      { thread: 42, jobId: 'job-pr', status: 'completed', prLink: 'https://github.com/acme/docs/pull/7' }
    ])
    // The other thread is left as a schedule leaves it: its job read once, its comment and label as they were.
    expect(agent.reads.sort()).toEqual(['job-long', 'job-pr'])
    expect(shows(github, 43)).toContain('⏳ **Working on it.**')
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

    expect(shows(github, 42)).toContain('✅ **Done.**')
    expect(github.labels.get(42)).toEqual([])
    expect(run.reconciled.map((entry) => entry.jobId)).toEqual(['job-pr'])
    // Polls 2 s apart (poll-interval) while both may be the one: the wait ends at the first read after 5 s.
    expect(run.pullRequest).toEqual({ kind: 'found', pullRequest: pullRequest(7), jobId: 'job-pr', waitedMs: 6000 })
    // Each read once as a schedule reads it, then at 2, 4 and 6 s.
    expect(agent.reads.filter((id) => id === 'job-pr')).toHaveLength(4)
    expect(agent.reads.filter((id) => id === 'job-long')).toHaveLength(4)
    expect(run.log).toContain(
      "info: Pull request #7 was opened by the agent's app: waiting for the job among job-long, job-pr that ends with it, " +
        'for at most 40 s, within the one minute the run bills.'
    )
    // The job that runs on is not waited for.
    expect(shows(github, 43)).toContain('⏳ **Working on it.**')
    expect(run.summary).toMatch(/\| `job-long` \| `active` \| left alone: still running \|/)
  })

  it('reports in the same run a job seen to end without the pull request while it waits, and waits on', async () => {
    const { github, agent, reconcileOn } = await waitingFor({
      'job-nothing': { thread: 44, endsAt: 3000, end: ended(null) },
      'job-pr': { thread: 42, endsAt: 9000, end: ended(7) }
    })
    const run = await reconcileOn(AWAIT_7)

    expect(shows(github, 44)).toContain('ℹ️')
    expect(shows(github, 42)).toContain('✅ **Done.**')
    expect(run.reconciled.map((entry) => entry.jobId).sort()).toEqual(['job-nothing', 'job-pr'])
    expect(run.pullRequest).toMatchObject({ kind: 'found', jobId: 'job-pr' })
    // Once job-nothing read as ended it was not read again.
    expect(agent.reads.filter((id) => id === 'job-nothing')).toHaveLength(3)
  })

  it('does what a schedule run does, and says so, when no waiting job can have opened it', async () => {
    const { github, agent, reconcileOn } = await waitingFor({ 'job-other': { thread: 42, endsAt: 0, end: ended(8) } })
    const run = await reconcileOn(AWAIT_7)

    expect(shows(github, 42)).toContain('✅ **Done.**')
    expect(agent.reads).toEqual(['job-other'])
    // No wait for a job: only GitHub's pace between the comment's edit and the label's removal.
    expect(run.tookMs).toBe(750)
    expect(run.pullRequest).toEqual({ kind: 'none', pullRequest: pullRequest(7) })
    expect(run.log).toContain(
      'notice: No agent job a labelled thread waits for opened pull request #7 (https://github.com/acme/docs/pull/7), ' +
        'and none still runs. This run did what a scheduled run does.'
    )
  })

  it('finds a job that reads as ended well into the wait, before its bound', async () => {
    const { github, reconcileOn } = await waitingFor({
      'job-pr': { thread: 42, endsAt: 30_000, end: ended(7) },
      'job-long': { thread: 43, endsAt: 600_000, end: ended(8) }
    })
    const run = await reconcileOn(AWAIT_7)

    expect(run.pullRequest).toMatchObject({ kind: 'found', jobId: 'job-pr' })
    expect(shows(github, 42)).toContain('✅ **Done.**')
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
    expect(shows(github, 43)).toContain('⏳ **Working on it.**')
    expect(github.labels.get(43)).toEqual([LABEL])
    expect(run.log).toContainEqual(
      expect.stringMatching(
        /^notice: Stopped waiting after \d+ s for the agent job that opened pull request #9 .*: job-long still reads as running\. A run on a pull request waits at most 40 s, within the one minute GitHub bills it\. The first scheduled run after they end reports them\./
      )
    )
    expect(run.summary).toContain('A run on a pull request waits at most 40 s')
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
    expect(shows(github, 43)).toContain('⏳ **Working on it.**')
    expect(github.labels.get(43)).toEqual([LABEL])
    expect(run.log).toContain(
      'info: Pull request #7 was opened by the agent\'s app: waiting for the job among job-long that ends with it, at most until the "timeout", in 25 s.'
    )
    expect(run.log.at(-1)).toMatch(
      /^notice: The "timeout" ran out after \d+ s of waiting for the agent job that opened pull request #7 .*: job-long still reads as running\. The first scheduled run after they end reports them\. This run did what a scheduled run does\.$/
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
