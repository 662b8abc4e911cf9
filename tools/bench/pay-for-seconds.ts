// `npm run bench`, section "Pay for seconds": runner-seconds per agent job, a run that waits against
// wait: false plus reconcile runs on the reconcile recipe's schedule, for jobs of 2 to 60 minutes (virtual time,
// reconcile.ts), and one point of it by real runs of the bundle, scaled down (reconcile-real.ts).
import { formatDuration } from '../../src/base/duration.js'
import {
  type CostModel,
  HOSTED_RUNNER,
  idleRun,
  type ReconciledJobs,
  reconciledJobs,
  type WaitedJob,
  waitedJob
} from './reconcile.js'
import { REAL_INTERVAL_MS, REAL_JOB_MS, REAL_START_MS, realPoint, SCALE } from './reconcile-real.js'
import { type GoalCheck, goalLine, milliseconds, renderTable, seconds } from './table.js'

const JOB_LENGTHS_MS = [2, 10, 20, 60].map((minutes) => minutes * 60_000)
/** A job alone has its start swept across one interval; busy is a job every 4 minutes (15 an hour), 24 of them. */
const PHASES = 10
const BUSY_EVERY_MS = 4 * 60_000
const BUSY_JOBS = 24
const SAVING_GOAL = 0.9
/** How far the real lag may be from the model's: the runs' own process time. */
const REAL_AGREEMENT_MS = 500
const DAY_MS = 24 * 3_600_000

interface Summary {
  meanRunnerMs: number
  worstLagMs: number
  meanLagMs: number
  meanReads: number
  longestRunMs: number
}

export interface PayForSeconds {
  jobMs: number
  waited: WaitedJob
  alone: Summary
  busy: Summary
}

/** One job length in both modes: alone (one job at a time) and busy. */
export async function payForSeconds(model: CostModel, jobMs: number): Promise<PayForSeconds> {
  const phases: ReconciledJobs[] = []
  for (let i = 0; i < PHASES; i++)
    phases.push(await reconciledJobs(model, jobMs, 1, 1, (model.intervalMs * i) / PHASES))
  return {
    jobMs,
    waited: await waitedJob(model, jobMs),
    alone: summarise(phases),
    busy: summarise([await reconciledJobs(model, jobMs, BUSY_JOBS, BUSY_EVERY_MS, 30_000)])
  }
}

function summarise(runs: ReconciledJobs[]): Summary {
  const all = (pick: (run: ReconciledJobs) => number[]) => runs.flatMap(pick)
  const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length
  return {
    meanRunnerMs: mean(all((run) => run.runnerMs)),
    worstLagMs: Math.max(...all((run) => run.lagMs)),
    meanLagMs: mean(all((run) => run.lagMs)),
    meanReads: mean(all((run) => run.reads)),
    longestRunMs: Math.max(...runs.map((run) => run.longestRunMs))
  }
}

const fewer = (than: number, cost: number): string => `${(100 * (1 - cost / than)).toFixed(1)}%`

/** Prints the section and returns its goal checks. */
export async function payForSecondsSection(node: string): Promise<GoalCheck[]> {
  const model = HOSTED_RUNNER
  const results: PayForSeconds[] = []
  for (const jobMs of JOB_LENGTHS_MS) results.push(await payForSeconds(model, jobMs))
  const rows = results.map(({ jobMs, waited, alone, busy }) => [
    formatDuration(jobMs),
    seconds(waited.runnerMs),
    String(waited.reads),
    seconds(alone.meanRunnerMs),
    fewer(waited.runnerMs, alone.meanRunnerMs),
    seconds(busy.meanRunnerMs),
    fewer(waited.runnerMs, busy.meanRunnerMs),
    alone.meanReads.toFixed(1),
    `${seconds(alone.worstLagMs)} / ${seconds(alone.meanLagMs)}`,
    `${seconds(busy.worstLagMs)} / ${seconds(busy.meanLagMs)}`
  ])
  const headers = [
    'job',
    'wait: runner',
    'reads',
    'alone: runner',
    'fewer',
    'busy: runner',
    'fewer',
    'reads',
    'lag alone worst / mean',
    'lag busy worst / mean'
  ]
  console.log(renderTable(headers, rows))
  const idleMs = await idleRun(model)
  const runsPerDay = DAY_MS / model.intervalMs
  console.log(
    `\nAssumed: a GitHub call and an agent API call take ${model.githubCallMs} ms each, and the runner adds ` +
      `${seconds(model.runOverheadMs)} to every workflow run (setting up the job, fetching the action).\n` +
      `"wait": the /docs run waits for the job. "alone" and "busy": the /docs run starts it with wait: false and a\n` +
      `reconcile run every ${formatDuration(model.intervalMs)} finishes its comment; a reconcile run's time is shared by the jobs\n` +
      `it found waiting. Alone: one job at a time, its start swept across the interval (${PHASES} starts). Busy: a job every\n` +
      `${formatDuration(BUSY_EVERY_MS)}, ${BUSY_JOBS} jobs. Reads: GET job calls per job. Lag: job end -> the comment shows it.\n` +
      `With no job in flight a reconcile run still costs ${seconds(idleMs)} (one listing): ${runsPerDay} runs, ` +
      `${((runsPerDay * idleMs) / 60_000).toFixed(0)} runner-minutes a day; GitHub-hosted runners bill each run as a whole minute ` +
      `(${runsPerDay} billed minutes a day).\n`
  )
  const twenty = results.find((result) => result.jobMs === 20 * 60_000)
  const goals: GoalCheck[] = []
  if (twenty) {
    const saving = 1 - twenty.alone.meanRunnerMs / twenty.waited.runnerMs
    goals.push({
      goal: `a 20 min job costs at least ${SAVING_GOAL * 100}% fewer runner-seconds with wait: false + reconcile every ${formatDuration(model.intervalMs)}`,
      measured: `${fewer(twenty.waited.runnerMs, twenty.alone.meanRunnerMs)} fewer alone (${seconds(twenty.alone.meanRunnerMs)} vs ${seconds(twenty.waited.runnerMs)}), ${fewer(twenty.waited.runnerMs, twenty.busy.meanRunnerMs)} busy`,
      pass: saving >= SAVING_GOAL
    })
  }
  const worst = Math.max(
    ...results.flatMap(({ alone, busy }) => [
      alone.worstLagMs - alone.longestRunMs,
      busy.worstLagMs - busy.longestRunMs
    ])
  )
  goals.push({
    goal: 'the final comment comes within one interval plus one reconcile run of the job’s end',
    measured: `worst lag less its run's time: ${seconds(worst)} (interval ${formatDuration(model.intervalMs)})`,
    pass: worst <= model.intervalMs
  })
  goals.push(await realCheck(node))
  for (const goal of goals) console.log(goalLine(goal))
  return goals
}

/** The 2 minute job, scaled down, by real runs of the bundle beside the model at the same scale. */
async function realCheck(node: string): Promise<GoalCheck> {
  const real = await realPoint(node)
  const model: CostModel = { intervalMs: REAL_INTERVAL_MS, githubCallMs: 0, agentCallMs: 0, runOverheadMs: 0 }
  const waited = await waitedJob(model, REAL_JOB_MS)
  const reconciled = await reconciledJobs(model, REAL_JOB_MS, 1, 1, REAL_START_MS)
  const reconcileTotal = real.triggerMs + real.reconcileMs.reduce((sum, ms) => sum + ms, 0)
  const virtualLag = reconciled.lagMs[0] ?? Number.NaN
  console.log(
    `\nOne point by real runs of the bundle (${formatDuration(120_000)} job and ${formatDuration(300_000)} schedule, scaled down ${SCALE} times: ` +
      `${formatDuration(REAL_JOB_MS)} and ${formatDuration(REAL_INTERVAL_MS)}; the /docs comment ${formatDuration(REAL_START_MS)} after a schedule run),\n` +
      'beside the model at that scale with no latency and no runner overhead:\n'
  )
  console.log(
    renderTable(
      ['', 'real (process time)', 'model'],
      [
        ['wait: the run', milliseconds(real.waitedMs), milliseconds(waited.runnerMs)],
        ['wait: reads', String(real.waitedReads), String(waited.reads)],
        [
          'wait: false + reconcile: the runs',
          `${milliseconds(reconcileTotal)} (/docs + ${real.reconcileMs.length} reconcile)`,
          `/docs + ${reconciled.runs} reconcile`
        ],
        ['wait: false + reconcile: reads', String(real.reads), String(reconciled.reads[0])],
        ['final-comment lag', milliseconds(real.lagMs), milliseconds(virtualLag)]
      ]
    )
  )
  console.log()
  const agree =
    real.reconcileMs.length === reconciled.runs &&
    real.reads === reconciled.reads[0] &&
    Math.abs(real.lagMs - virtualLag) <= REAL_AGREEMENT_MS
  return {
    goal: `real runs of the scaled point agree with the model (same runs and reads, lag within ${REAL_AGREEMENT_MS} ms)`,
    measured: `${real.reconcileMs.length} reconcile run(s), ${real.reads} read(s), lag ${milliseconds(real.lagMs)} vs ${milliseconds(virtualLag)}`,
    pass: agree
  }
}
