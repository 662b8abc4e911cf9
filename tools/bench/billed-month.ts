// `npm run bench`, section "Billed minutes a month": what each recipe costs on a private repository,
// where GitHub bills every job as whole minutes, idle and busy, for each way of running it: waiting
// for the job, wait: false with the reconcile schedule always on, wait: false with the reconcile
// workflow armed only while a job waits (reconcile-workflow), and armed with a reconcile run started
// by the agent's pull request. A day is run in virtual time with the action's own code
// (reconcile.ts: the thread, the wait, reconcileThreads, the arming), then counted for a month.
import { formatDuration } from '../../src/base/duration.js'
import { ARMED_INTERVAL_MS, ARMED_JOB_MS, ARMED_SCALE, ARMED_START_MS, armedPoint } from './armed-real.js'
import { type CostModel, HOSTED_RUNNER, reconcileRun, triggerRun, type World, world } from './reconcile.js'
import { UNARMED_INTERVAL_MS } from './schedule.js'
import { type GoalCheck, goalLine, renderTable } from './table.js'

const DAY_MS = 86_400_000
const HOUR_MS = 3_600_000
const DAYS_A_MONTH = 30
/** Weekdays in a month, for the digest's schedule (examples/docs-digest.yml: Monday to Friday). */
const WEEKDAYS_A_MONTH = 22
const JOB_MS = 15 * 60_000
const WORKFLOW = 'docs-reconcile.yml'
/** Requests fall between 09:00 and 18:00, evenly. */
const WORKDAY = { startMs: 9 * HOUR_MS, lengthMs: 9 * HOUR_MS }
/** The digest's schedule, as in examples/docs-digest.yml: 06:17. */
const DIGEST_AT_MS = 6 * HOUR_MS + 17 * 60_000

export type Way = 'wait' | 'always' | 'armed' | 'armed+pr'

const WAYS: Record<Way, string> = {
  wait: 'waiting',
  always: `wait: false, every ${formatDuration(UNARMED_INTERVAL_MS)} always on`,
  armed: 'wait: false, armed',
  'armed+pr': "armed + the agent's PR"
}

interface Recipe {
  name: string
  /** Trigger runs a busy day starts. */
  busyRuns: number
  /** Whether the recipe runs on a schedule of its own each (week)day even when idle: the digest. */
  daily?: true
  /** Runs a busy day starts that send the agent nothing (a companion's merge run), a few GitHub calls each. */
  joblessRuns?: number
  /** The ways the recipe is shipped in, when not all. */
  ways?: Way[]
}

const RECIPES: Recipe[] = [
  { name: '`/docs` comments', busyRuns: 5 },
  { name: 'docs on each merge', busyRuns: 20 },
  { name: 'daily digest', busyRuns: 1, daily: true },
  // 5 code pull requests a day, each opened and pushed to 3 times: 20 stretches of the agent's work
  // (its follow-ups modelled as jobs of their own), and its merge run, which sends nothing.
  { name: 'companion docs PRs', busyRuns: 20, joblessRuns: 5, ways: ['wait', 'armed'] },
  // The runs that still wait: a `/docs` on the agent's own pull request (a follow-up, which reconcile
  // does not finish there), in the code repository's comment workflow or the docs repository's; and
  // examples/docs-on-label.yml, which waits (the reusable workflow's label job does not).
  { name: "`/docs` on the agent's pull request", busyRuns: 2, ways: ['wait'] },
  { name: 'a label put on an issue', busyRuns: 1, ways: ['wait', 'armed+pr'] }
]
/** The GitHub calls of a run that sends the agent nothing: the event's marker read, a comment, labels, reviewers. */
const JOBLESS_CALLS = 6

/** What one day came to: billed minutes, and job end -> final comment for each job. */
export interface Day {
  billedMinutes: number
  /** Workflow runs: the trigger runs and the reconcile runs. */
  runs: number
  lagsMs: number[]
}

const billed = (model: CostModel, stepMs: number) => Math.ceil((model.runOverheadMs + stepMs) / 60_000)

/**
 * One day of `runs` trigger runs (or the digest's one run, at the recipe's time) in the given way. The
 * workflow runs of a schedule start on its minutes (the recipe's, e.g. 3, 13, 23, ...); a run starts
 * its step after the runner's overhead.
 */
export async function day(
  model: CostModel,
  recipe: Recipe,
  runs: number,
  way: Way,
  offsetMs = 0,
  jobMs = JOB_MS
): Promise<Day> {
  const w = world(model, jobMs)
  const armed = way === 'armed' || way === 'armed+pr'
  const workflow = armed ? WORKFLOW : ''
  w.memory.workflows.set(WORKFLOW, armed ? 'disabled_manually' : 'active')
  const starts = recipe.daily
    ? runs > 0
      ? [DIGEST_AT_MS]
      : []
    : Array.from({ length: runs }, (_, i) => WORKDAY.startMs + offsetMs + (i * WORKDAY.lengthMs) / runs)
  let billedMinutes = 0
  let workflowRuns = 0
  let nextRun = 0
  const prEvents: number[] = []
  const at = (time: number) => w.clock.advance(Math.max(0, time - w.clock.now()))
  const workflowOn = () => way !== 'wait' && w.memory.workflows.get(WORKFLOW) === 'active'
  const reconcile = async () => {
    const began = w.clock.now()
    await reconcileRun(w, workflow)
    billedMinutes += billed(model, w.clock.now() - began)
    workflowRuns++
  }
  // A digest with nothing merged still runs: its step lists the merges and ends (one call or two).
  if (recipe.daily && runs === 0) billedMinutes += billed(model, 2 * model.githubCallMs)
  if (runs > 0) billedMinutes += (recipe.joblessRuns ?? 0) * billed(model, JOBLESS_CALLS * model.githubCallMs)
  for (let tick = model.firstTickMs ?? 0; tick < DAY_MS || pending(w); tick += model.intervalMs) {
    for (;;) {
      const trigger = starts[nextRun] ?? Number.POSITIVE_INFINITY
      const pr = prEvents[0] ?? Number.POSITIVE_INFINITY
      if (Math.min(trigger, pr) >= tick) break
      if (trigger <= pr) {
        at(trigger + model.runOverheadMs)
        const issue = ++nextRun
        const stepMs = await triggerRun(w, issue, way === 'wait', String(issue), workflow)
        billedMinutes += billed(model, stepMs)
        workflowRuns++
        if (way === 'armed+pr') prEvents.push(w.agent.endOf(`job-${issue}`))
      } else {
        prEvents.shift()
        // The pull_request event starts the workflow only while it is enabled, as the schedule.
        if (!workflowOn()) continue
        at(pr + model.runOverheadMs)
        await reconcile()
      }
    }
    if (!workflowOn()) continue
    at(tick + model.runOverheadMs)
    await reconcile()
  }
  const lagsMs = Array.from({ length: nextRun }, (_, i) => {
    const comment = w.memory.comments(i + 1)[0]?.id ?? Number.NaN
    return (w.edits.get(comment) ?? Number.NaN) - w.agent.endOf(`job-${i + 1}`)
  })
  return { billedMinutes, runs: workflowRuns, lagsMs }
}

/** A thread still carries the working-label: a job waits for its comment. */
function pending(w: World): boolean {
  return [...w.memory.labels.values()].some((labels) => labels.length > 0)
}

export interface MonthRow {
  recipe: string
  way: Way
  idle: number
  busy: number
  worstLagMs: number
}

export async function billedMonth(model: CostModel = HOSTED_RUNNER): Promise<MonthRow[]> {
  const rows: MonthRow[] = []
  for (const recipe of RECIPES) {
    const days = recipe.daily ? WEEKDAYS_A_MONTH : DAYS_A_MONTH
    for (const way of recipe.ways ?? (Object.keys(WAYS) as Way[])) {
      if (recipe.daily && way === 'always') continue
      // The always-on schedule is the "pay for seconds" recipe as it was: every 5 minutes, billing every tick.
      const wayModel = way === 'always' ? { ...model, intervalMs: UNARMED_INTERVAL_MS } : model
      const idle = await day(wayModel, recipe, 0, way)
      const busy = await day(wayModel, recipe, recipe.busyRuns, way)
      rows.push({
        recipe: recipe.name,
        way,
        idle: idle.billedMinutes * days,
        busy: busy.billedMinutes * days,
        worstLagMs: Math.max(...busy.lagsMs)
      })
    }
  }
  return rows
}

/** Billed minutes of one job that opens a pull request, its /docs comment swept across one interval of the schedule. */
export async function oneJob(model: CostModel, way: Way, phases = 10): Promise<number[]> {
  const minutes: number[] = []
  const recipe = { name: 'one job', busyRuns: 1 }
  for (let i = 0; i < phases; i++)
    minutes.push((await day(model, recipe, 1, way, (model.intervalMs * i) / phases)).billedMinutes)
  return minutes
}

/** Prints the section and returns its goal checks. */
export async function billedMonthSection(node: string): Promise<GoalCheck[]> {
  const model = HOSTED_RUNNER
  const rows = await billedMonth(model)
  const minutes = (value: number) => value.toLocaleString('en-US')
  console.log(
    renderTable(
      ['recipe', 'way', 'idle month', 'busy month', 'final-comment lag (worst)'],
      rows.map((row) => [
        row.recipe,
        WAYS[row.way],
        minutes(row.idle),
        minutes(row.busy),
        row.way === 'wait' ? `${(row.worstLagMs / 1000).toFixed(1)} s` : formatDuration(Math.round(row.worstLagMs))
      ])
    )
  )
  const one = await oneJob(model, 'armed+pr')
  const alone = await oneJob(model, 'armed')
  const waited = await day(model, { name: 'one job', busyRuns: 1 }, 1, 'wait')
  // A 15 minute job spans three ticks of a 5 minute schedule whatever its phase: what the shorter one costs.
  const fiveMinutes = await oneJob({ ...model, intervalMs: UNARMED_INTERVAL_MS }, 'armed+pr')
  console.log(
    `\nBilled: each workflow run as whole minutes (its step plus ${formatDuration(model.runOverheadMs)} of runner overhead), ` +
      `a month of ${DAYS_A_MONTH} days (the digest: ${WEEKDAYS_A_MONTH} weekdays). Busy: 5 /docs a day, 20 merges a day, ` +
      `one digest a day, each a ${formatDuration(JOB_MS)} job; companion: 5 pull requests a day, opened and pushed to 3 ` +
      `times (20 stretches of ${formatDuration(JOB_MS)}) and merged (5 runs that send nothing); requests spread over ` +
      `09:00-18:00. The armed schedule runs every ${formatDuration(model.intervalMs)} (examples/reconcile.yml), ` +
      `the always-on one every ${formatDuration(UNARMED_INTERVAL_MS)}. "armed": reconcile-workflow set, the workflow enabled by the run that leaves a job ` +
      'and disabled by the reconcile run that leaves none. "+ the agent\'s PR": a reconcile run started when the job opens ' +
      'its pull request (at its end), which reports it in that run.\n' +
      `One ${formatDuration(JOB_MS)} job that opens a pull request, its comment swept across one interval (${one.length} starts): ` +
      `armed + PR ${Math.min(...one)}-${Math.max(...one)} billed minutes, armed alone ${Math.min(...alone)}-${Math.max(...alone)}, ` +
      `waiting ${waited.billedMinutes}; on a ${formatDuration(UNARMED_INTERVAL_MS)} schedule, armed + PR ${Math.min(...fiveMinutes)}-${Math.max(...fiveMinutes)}.\n`
  )
  const goals = [await realCheck(node)]
  const idleZero = rows.filter((row) => !row.recipe.includes('digest') && row.way.startsWith('armed'))
  goals.push(
    {
      goal: 'idle 0 billed minutes a month for the comment and merge recipes, armed',
      measured: idleZero.map((row) => `${row.recipe} ${WAYS[row.way]}: ${row.idle}`).join('; '),
      pass: idleZero.every((row) => row.idle === 0)
    },
    {
      goal: `a ${formatDuration(JOB_MS)} job that opens a PR costs at most 4 billed minutes, armed + the PR's event on the recipe's schedule (${waited.billedMinutes} waiting)`,
      measured: `${Math.min(...one)}-${Math.max(...one)} over ${one.length} phases of the schedule`,
      pass: Math.max(...one) <= 4
    }
  )
  for (const goal of goals) console.log(goalLine(goal))
  return goals
}

/** One armed job, scaled down, by real runs of the bundle beside the model at that scale. */
async function realCheck(node: string): Promise<GoalCheck> {
  const real = await armedPoint(node)
  const scaled: CostModel = { intervalMs: ARMED_INTERVAL_MS, githubCallMs: 0, agentCallMs: 0, runOverheadMs: 0 }
  const recipe = { name: 'one job', busyRuns: 1 }
  const modelled = await day(scaled, recipe, 1, 'armed', ARMED_START_MS, ARMED_JOB_MS)
  console.log(
    `One armed job by real runs of the bundle (scaled down ${ARMED_SCALE} times: a ${formatDuration(ARMED_JOB_MS)} job, ` +
      `a ${formatDuration(ARMED_INTERVAL_MS)} schedule, the workflow disabled at first): ${real.runs} workflow runs ` +
      `(the model at that scale: ${modelled.runs}), the workflow ${real.state ?? 'unknown'} at the end, ` +
      `the comment ${real.finished ? 'finished' : 'not finished'}.`
  )
  return {
    goal: 'real runs of one armed job, scaled down, agree with the model (same workflow runs, disabled at the end)',
    measured: `${real.runs} runs against ${modelled.runs}, ${real.state ?? 'unknown'}, comment ${real.finished ? 'finished' : 'not finished'}`,
    pass: real.runs === modelled.runs && real.state === 'disabled_manually' && real.finished
  }
}
