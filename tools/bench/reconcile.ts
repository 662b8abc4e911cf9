// Pay for seconds, in virtual time: runner-seconds per agent job when a run waits for it, against
// wait: false plus a reconcile run on a schedule. The runs are the action's own pieces (Thread and
// its working-label, executePlan and its wait loop, reconcileThreads) against the in-memory GitHub
// of the tests and a scripted agent, on one VirtualClock; every call to GitHub or the agent API
// moves the clock by an assumed latency, and every workflow run costs an assumed runner overhead.
import type { AgentJob } from '../../src/agent/job.js'
import { VirtualClock } from '../../src/base/clock.js'
import { executePlan, type ExecutionLog } from '../../src/job/execute.js'
import type { GitHubApi } from '../../src/github/api.js'
import { markerKey } from '../../src/thread/marker.js'
import { Thread } from '../../src/thread/thread.js'
import { WorkingLabel } from '../../src/thread/working-label.js'
import { leavesWorkForReconcile, jobIdOf } from '../../src/job/result.js'
import { armAfterRun } from '../../src/arm/arm.js'
import { disarmIfIdle } from '../../src/reconcile/disarm.js'
import { type ReconcileDeps, type ReconcileReport, reconcileThreads } from '../../src/reconcile/run.js'
import { progressAtEnd, type ProgressState, renderProgressComment } from '../../src/report/render.js'
import { MemoryGitHub } from '../../__tests__/support/memory-github.js'
import { DEFAULT_POLL_INTERVAL_MS } from './lag.js'
import { recipeSchedule } from './schedule.js'

export interface CostModel {
  /** The schedule of the reconcile workflow. */
  intervalMs: number
  /** Where in the interval the schedule ticks (its first minute in the hour), for a day at fixed times; 0 if unset. */
  firstTickMs?: number
  /** Every GitHub REST call. */
  githubCallMs: number
  /** Every agent API call. */
  agentCallMs: number
  /** What the runner adds to each workflow run: setting up the job, fetching the action, cleaning up. */
  runOverheadMs: number
}

const RECIPE_SCHEDULE = recipeSchedule()

/** The assumptions the bench prints with its figures; the schedule is the reconcile recipe's. */
export const HOSTED_RUNNER: CostModel = {
  intervalMs: RECIPE_SCHEDULE.intervalMs,
  firstTickMs: RECIPE_SCHEDULE.firstMs,
  githubCallMs: 300,
  agentCallMs: 300,
  runOverheadMs: 5_000
}

const LABEL = 'docs-agent: working'
const KEY = markerKey('mint_bench_key', 'proj_bench')
const WRITER = { repository: 'acme/docs', workflowJob: 'docs', step: 'docs', key: KEY }
const SILENT: ExecutionLog = {
  group: (_title, body) => body(),
  info: () => {},
  wait: { statusChanged() {}, heartbeat() {}, unknownStatus() {}, polled() {} }
}
const ignore = (): void => {}

/** The agent API in virtual time: jobs of a fixed length, each call taking `agentCallMs`. */
class ScriptedAgent {
  private readonly startedAt = new Map<string, number>()
  /** GET job calls per job. */
  readonly reads = new Map<string, number>()

  constructor(
    private readonly clock: VirtualClock,
    private readonly model: CostModel,
    private readonly jobMs: number
  ) {}

  endOf(jobId: string): number {
    return (this.startedAt.get(jobId) ?? Number.NaN) + this.jobMs
  }

  createJob = (): Promise<AgentJob> => {
    this.clock.advance(this.model.agentCallMs)
    const id = `job-${this.startedAt.size + 1}`
    this.startedAt.set(id, this.clock.now())
    return Promise.resolve({ id, status: 'active', prLink: null })
  }

  getJob = (jobId: string): Promise<AgentJob> => {
    this.clock.advance(this.model.agentCallMs)
    this.reads.set(jobId, (this.reads.get(jobId) ?? 0) + 1)
    const done = this.clock.now() >= this.endOf(jobId)
    return Promise.resolve({
      id: jobId,
      status: done ? 'completed' : 'active',
      prLink: done ? `https://github.com/acme/docs/pull/${jobId}` : null
    })
  }

  sendMessage = (): Promise<AgentJob> => Promise.reject(new Error('the bench sends no follow-ups'))
}

/** GitHub in memory, each call taking `githubCallMs`; edits are noted with their time. */
function slowGitHub(
  memory: MemoryGitHub,
  clock: VirtualClock,
  model: CostModel,
  edits: Map<number, number>
): GitHubApi {
  const api = memory.api()
  return new Proxy(api, {
    get(target, name: keyof GitHubApi): unknown {
      const value: unknown = Reflect.get(target, name)
      if (name === 'limits' || name === 'lastEditLimits' || typeof value !== 'function') return value
      return (...args: unknown[]): unknown => {
        clock.advance(model.githubCallMs)
        if (name === 'updateComment') edits.set(args[0] as number, clock.now())
        return Reflect.apply(value, target, args)
      }
    }
  })
}

/**
 * One run of the trigger workflow on thread `issue`, as main.ts runs it: the gate's check, the eyes,
 * the thread, the job, and with `workflow` (reconcile-workflow) the arming after the last edit.
 */
export async function triggerRun(
  world: World,
  issue: number,
  wait: boolean,
  runId: string,
  workflow = ''
): Promise<number> {
  const { clock, github, agent, model } = world
  const began = clock.now()
  clock.advance(model.githubCallMs) // the gate's permission check
  const thread = new Thread(github, issue, { ...WRITER, runId }, undefined, ignore, {
    workingLabel: new WorkingLabel(github, LABEL, ignore)
  })
  await thread.acknowledge({ kind: 'issue', issueNumber: issue })
  await thread.readEarlier()
  const body = (state: ProgressState) => (marker: string) =>
    renderProgressComment(marker, state, `https://github.com/acme/docs/actions/runs/${runId}`)
  let working: Promise<boolean> | undefined
  const signal = new AbortController().signal
  const result = await executePlan(
    { kind: 'create', prompt: 'Document the webhooks' },
    { wait, firstGapMs: DEFAULT_POLL_INTERVAL_MS, deadline: began + 6 * 3_600_000, timeoutMs: 6 * 3_600_000, signal },
    {
      client: agent,
      clock,
      log: SILENT,
      onWaiting: (jobId) => {
        working = thread.write(jobId, body({ kind: 'working', jobId, followUp: false }), undefined, 'working')
      },
      onEarlierPullRequest: (prLink) => thread.recordEarlierPullRequest(prLink)
    }
  )
  await working
  const leftForReconcile = leavesWorkForReconcile(result)
  const labelled = leftForReconcile && (await thread.putLabel())
  await thread.finish(
    jobIdOf(result),
    body(progressAtEnd(result, labelled)),
    undefined,
    leftForReconcile ? 'working' : undefined
  )
  const log = { info: ignore, notice: ignore, warning: ignore }
  await armAfterRun(result, labelled, { github, workflow, limits: github.limits(), log, note: () => Promise.resolve() })
  return clock.now() - began
}

export interface World {
  clock: VirtualClock
  memory: MemoryGitHub
  github: GitHubApi
  agent: ScriptedAgent
  model: CostModel
  /** Comment id -> clock time of its last edit. */
  edits: Map<number, number>
}

export function world(model: CostModel, jobMs: number): World {
  const clock = new VirtualClock(0)
  const memory = new MemoryGitHub()
  const edits = new Map<number, number>()
  return {
    clock,
    memory,
    github: slowGitHub(memory, clock, model, edits),
    agent: new ScriptedAgent(clock, model, jobMs),
    model,
    edits
  }
}

/** A job whose run waits for it: runner time and reads. */
export interface WaitedJob {
  runnerMs: number
  reads: number
}

export async function waitedJob(model: CostModel, jobMs: number): Promise<WaitedJob> {
  const w = world(model, jobMs)
  const stepMs = await triggerRun(w, 1, true, '1')
  return { runnerMs: model.runOverheadMs + stepMs, reads: w.agent.reads.get('job-1') ?? 0 }
}

/** Jobs started with wait: false and finished by reconcile runs, as they went. */
export interface ReconciledJobs {
  /** Runner time per job: its trigger run, and its share of each reconcile run it was in flight for. */
  runnerMs: number[]
  /** Job end -> the edit that shows it. */
  lagMs: number[]
  /** GET job calls per job. */
  reads: number[]
  /** Reconcile runs until every comment showed its job's end. */
  runs: number
  /** The longest a reconcile run took (its step, no overhead). */
  longestRunMs: number
}

/**
 * Jobs of `jobMs`, one started every `everyMs` from `firstAtMs` (before the schedule's first run), the
 * reconcile runs every interval from `intervalMs` until every comment shows its job's end. A run's
 * cost is shared by the jobs whose comments it found waiting.
 */
export async function reconciledJobs(
  model: CostModel,
  jobMs: number,
  count: number,
  everyMs: number,
  firstAtMs: number
): Promise<ReconciledJobs> {
  const w = world(model, jobMs)
  const runnerMs: number[] = []
  const inFlight = new Set<number>()
  let longestRunMs = 0
  let runs = 0
  let nextJob = 0
  let tick = model.intervalMs
  const at = (time: number) => w.clock.advance(Math.max(0, time - w.clock.now()))
  while (nextJob < count || inFlight.size > 0) {
    const triggerAt = nextJob < count ? firstAtMs + nextJob * everyMs : Number.POSITIVE_INFINITY
    if (triggerAt < tick) {
      at(triggerAt)
      const issue = ++nextJob
      runnerMs[issue - 1] = model.runOverheadMs + (await triggerRun(w, issue, false, String(issue)))
      inFlight.add(issue)
      continue
    }
    at(tick)
    tick += model.intervalMs
    const began = w.clock.now()
    const waiting = [...inFlight]
    const report = await reconcileRun(w)
    const stepMs = w.clock.now() - began
    runs++
    longestRunMs = Math.max(longestRunMs, stepMs)
    for (const issue of waiting)
      runnerMs[issue - 1] = (runnerMs[issue - 1] ?? 0) + (model.runOverheadMs + stepMs) / waiting.length
    for (const thread of report.threads) if (thread.jobs.every((job) => job.reported)) inFlight.delete(thread.number)
  }
  const jobIds = Array.from({ length: count }, (_, i) => `job-${i + 1}`)
  // Thread i has the one comment, the i-th made: comment ids are handed out in creation order.
  const commentOf = (issue: number) => w.memory.comments(issue)[0]?.id ?? Number.NaN
  return {
    runnerMs,
    lagMs: jobIds.map((jobId, i) => (w.edits.get(commentOf(i + 1)) ?? Number.NaN) - w.agent.endOf(jobId)),
    reads: jobIds.map((jobId) => w.agent.reads.get(jobId) ?? 0),
    runs,
    longestRunMs
  }
}

/** A reconcile run with nothing labelled: what a schedule costs when no job is in flight. */
export async function idleRun(model: CostModel): Promise<number> {
  const w = world(model, 0)
  await reconcileRun(w)
  return model.runOverheadMs + w.clock.now()
}

/**
 * One run of the reconcile workflow, as src/reconcile/step.ts runs it (with a minute of "timeout"),
 * with `workflow` (reconcile-workflow) disabling it when it leaves nothing waiting.
 */
export async function reconcileRun(w: World, workflow = ''): Promise<ReconcileReport> {
  const deps: ReconcileDeps = {
    github: w.github,
    jobs: w.agent,
    clock: w.clock,
    deadline: w.clock.now() + 60_000,
    key: KEY,
    repository: 'acme/docs',
    serverUrl: 'https://github.com',
    label: LABEL,
    docsPullRequest: { followThrough: () => Promise.resolve() },
    log: { info: ignore, notice: ignore, warning: ignore }
  }
  const report = await reconcileThreads(deps)
  if (workflow !== '') await disarmIfIdle(deps, report, workflow)
  return report
}
