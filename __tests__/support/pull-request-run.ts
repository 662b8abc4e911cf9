// A reconcile run started by the agent's pull request, in process and in virtual time: the threads in
// memory (MemoryGitHub) with the working comments run mode's own Thread leaves there, an agent whose
// jobs run until a clock time (each read taking `readMs`), and the run over them.
import { AgentApiError, describeFailure } from '../../src/agent/errors.js'
import type { AgentJob } from '../../src/agent/job.js'
import { VirtualClock } from '../../src/base/clock.js'
import { markerKey } from '../../src/thread/marker.js'
import { Thread, type ThreadWriter } from '../../src/thread/thread.js'
import { WorkingLabel } from '../../src/thread/working-label.js'
import { reconciledEntries } from '../../src/reconcile/decide.js'
import { reconcileThreads } from '../../src/reconcile/run.js'
import { type AwaitedPullRequest, type SignalDecision } from '../../src/reconcile/pull-request-signal.js'
import { renderReconcileSummary } from '../../src/reconcile/summary.js'
import { renderProgressComment } from '../../src/report/render.js'
import { MemoryGitHub } from './memory-github.js'
import { linesLog } from './reconcile-log.js'
import { progressOf } from './progress.js'

export const KEY = markerKey('mint_test_key', 'proj')
export const LABEL = 'docs-agent: working'
export const SERVER = 'https://github.com'
export const STARTER: ThreadWriter = {
  repository: 'acme/docs',
  runId: '1001',
  workflowJob: 'docs',
  step: '__run',
  key: KEY
}
export const TIMEOUT_MS = 180_000
export const FIRST_GAP_MS = 2000
export const pullRequest = (number: number): AwaitedPullRequest => ({
  number,
  url: `https://github.com/acme/docs/pull/${number}`,
  ref: { repository: 'acme/docs', number }
})
export const AWAIT_7: SignalDecision = { kind: 'await', pullRequest: pullRequest(7) }
/** GitHub bills each run as whole minutes: a run that ends before this bills one. */
export const MINUTE_MS = 60_000

/** What a run with wait: false leaves on thread `issue`: the working comment of `jobId`, the label. */
export async function startWithoutWaiting(github: MemoryGitHub, issue: number, jobId: string): Promise<void> {
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
export class Agent {
  readonly reads: string[] = []
  constructor(
    private readonly clock: VirtualClock,
    private readonly jobs: Record<string, { endsAt: number; end: Omit<AgentJob, 'id'> }>
  ) {}
  /** The clock time of each read. */
  readonly readAt: number[] = []
  /** How long each read takes (the agent API's latency). */
  readMs = 0
  getJob = async (id: string): Promise<AgentJob> => {
    this.reads.push(id)
    this.readAt.push(this.clock.now())
    this.clock.advance(this.readMs)
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

export function refusedKey(jobId: string): AgentApiError {
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

export const ended = (pr: number | null): Omit<AgentJob, 'id'> => ({
  status: 'completed',
  prLink: pr === null ? null : `https://github.com/acme/docs/pull/${pr}`
})

/** The run's cancellation, and its "timeout" (the recipe's 3 minutes unless given). */
export interface RunOptions {
  cancel?: AbortSignal
  timeoutMs?: number
}

export async function reconcile(
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
    ...(decision && {
      pullRequest: { decision, firstGapMs: FIRST_GAP_MS, runStarted: started, ...(cancel && { cancel }) }
    })
  })
  const summary = renderReconcileSummary({ label: LABEL, ...report, level: 'success' })
  return { ...report, log, summary, tookMs: clock.now() - started, reconciled: reconciledEntries(report.threads) }
}

/** What the progress comment of thread `issue` shows (its first comment, written by the starting run). */
export const shown = (github: MemoryGitHub, issue: number) =>
  progressOf(github.comments(issue)[0]!, issue, { key: KEY })

export type Jobs = Record<string, { thread: number; endsAt: number; end: Omit<AgentJob, 'id'> }>

/** Each job waited for on its own thread, started without waiting; and a reconcile run over them. */
export async function waitingFor(jobs: Jobs) {
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
