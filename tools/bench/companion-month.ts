// `npm run bench`, section "The companion's month": what examples/docs-companion.yml bills a month at
// 20 code pull requests a day, each opened, pushed to 3 times (spread out, or in one burst), asked
// for review and merged, for each trigger design. Each pull request's runs go through GitHub's
// concurrency group (test/harness/concurrency-group.ts: one waiting run, replaced by a newer one;
// cancel-in-progress cuts the running one, billed); the agent's work they start and the reconcile
// runs it arms are the day of billed-month.ts, run with the action's own code.
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { parse } from 'yaml'
import { type Arrival, runGroup } from '../../test/harness/concurrency-group.js'
import { day } from './billed-month.js'
import { type CostModel, HOSTED_RUNNER } from './reconcile.js'
import { type GoalCheck, goalLine, renderTable } from './table.js'

const DAYS_A_MONTH = 30
const PULLS_A_DAY = 20
const MINUTE_MS = 60_000
/** A companion run: the runner's overhead and a few GitHub and agent API calls. */
const RUN_MS = 20_000
const GOAL_MINUTES = 2_000

type Pushes = 'spread' | 'burst' | 'draft'
type Moment = 'opened' | 'pushed' | 'ready' | 'review' | 'merged'

/**
 * One pull request's events from its opening: pushes an hour apart, three within ten seconds, or
 * pushes an hour apart while it is a draft (marked ready for review after the last). Every design's
 * job skips a draft by its `if:`, as the recipe's does (no runner, no minute); a draft cannot merge,
 * so its heads need no `docs` state.
 */
function life(pushes: Pushes): { moment: Moment; atMs: number; draft: boolean }[] {
  const pushTimes =
    pushes === 'burst' ? [0, 5_000, 10_000].map((ms) => 60 * MINUTE_MS + ms) : [60, 120, 180].map((m) => m * MINUTE_MS)
  const draft = pushes === 'draft'
  return [
    { moment: 'opened', atMs: 0, draft },
    ...pushTimes.map((atMs) => ({ moment: 'pushed' as const, atMs, draft })),
    ...(draft ? [{ moment: 'ready' as const, atMs: 190 * MINUTE_MS, draft: false }] : []),
    { moment: 'review', atMs: 200 * MINUTE_MS, draft: false },
    { moment: 'merged', atMs: 300 * MINUTE_MS, draft: false }
  ]
}

interface Design {
  name: string
  /** The moments that start a workflow run. */
  triggers: Moment[]
  cancelInProgress: (moment: Moment) => boolean
  /** reconcile-workflow set: the reconcile workflow runs on its schedule while a job works. */
  reconcile: boolean
  /** A caller's reconcile cron; undefined: the cost model's, examples/reconcile.yml's every 10 minutes. */
  reconcileEveryMs?: number
  /**
   * Issue 33's constraint: a required `docs` status on every head. A head that no run sees never gets
   * one, and a job's end that no run sees leaves its head pending: either blocks the merge for good.
   */
  everyHeadSeen: boolean
}

/** The reconcile cron a caller may choose for a companion-heavy repository (docs/companion.md, What it costs). */
const SLOW_RECONCILE_MS = 30 * MINUTE_MS

/** The reusable workflow with `companion-every-push: true`: the opening and every push, as the recipe's comment lists. */
const EVERY_PUSH: Design = {
  name: 'companion-every-push: true (every push)',
  triggers: ['opened', 'ready', 'pushed', 'merged'],
  cancelInProgress: () => false,
  reconcile: true,
  everyHeadSeen: true
}

const LEAN = recipeDesign()
const LEAN_SLOW: Design = { ...LEAN, name: `${LEAN.name}; reconcile every 30 min`, reconcileEveryMs: SLOW_RECONCILE_MS }

const DESIGNS: Design[] = [
  LEAN,
  LEAN_SLOW,
  EVERY_PUSH,
  { ...EVERY_PUSH, name: 'every push, a push cancelling the run in progress', cancelInProgress: (m) => m === 'pushed' },
  { ...EVERY_PUSH, name: 'every push, reconcile every 30 min', reconcileEveryMs: SLOW_RECONCILE_MS },
  {
    name: 'no push runs, but the opening: sent at opening, review request and merge',
    triggers: ['opened', 'ready', 'review', 'merged'],
    cancelInProgress: () => false,
    reconcile: true,
    everyHeadSeen: false
  },
  {
    name: 'no push runs, no reconcile',
    triggers: ['opened', 'ready', 'review', 'merged'],
    cancelInProgress: () => false,
    reconcile: false,
    everyHeadSeen: false
  },
  {
    name: 'every event, no reconcile (no run sees a job end)',
    triggers: ['opened', 'ready', 'pushed', 'merged'],
    cancelInProgress: () => false,
    reconcile: false,
    everyHeadSeen: false
  }
]

/**
 * The design examples/docs-companion.yml ships (lean, as the quick start sets the reusable workflow), read from it
 * so that the figure cannot drift from the recipe: its pull request events, and its concurrency's
 * cancel-in-progress (a constant here).
 */
function recipeDesign(): Design {
  const file = fileURLToPath(new URL('../../examples/docs-companion.yml', import.meta.url))
  const workflow = parse(readFileSync(file, 'utf8')) as {
    on?: { pull_request_target?: { types?: string[] } }
    concurrency?: { 'cancel-in-progress'?: unknown }
  }
  const types = workflow.on?.pull_request_target?.types ?? []
  const cancels = workflow.concurrency?.['cancel-in-progress']
  if (typeof cancels !== 'boolean') throw new Error(`${file}: the bench models a constant cancel-in-progress only.`)
  const moments: [string, Moment][] = [
    ['opened', 'opened'],
    ['ready_for_review', 'ready'],
    ['synchronize', 'pushed'],
    ['review_requested', 'review'],
    ['closed', 'merged']
  ]
  return {
    name: `the recipe, lean: ${types.join(', ')}${cancels ? '; cancel-in-progress' : ''}`,
    triggers: moments.filter(([type]) => types.includes(type)).map(([, moment]) => moment),
    cancelInProgress: () => cancels,
    reconcile: true,
    everyHeadSeen: types.includes('synchronize')
  }
}

interface PullCost {
  /** Billed minutes of its workflow runs, cancelled ones included. */
  billed: number
  /** Runs that ran and gave the agent work: a create, or a follow-up with a head it did not have. */
  stretches: number
}

/** One pull request's runs through its concurrency group. */
export function pullCost(design: Design, pushes: Pushes): PullCost {
  const arrivals: (Arrival & { moment: Moment })[] = life(pushes)
    .filter((event) => design.triggers.includes(event.moment) && !event.draft)
    .map((event) => ({ ...event, label: event.moment, cancelInProgress: design.cancelInProgress(event.moment) }))
  const runs = runGroup(arrivals, RUN_MS)
  let billed = 0
  let stretches = 0
  // The head the job has, as a count of pushes; a run that ran sends the pushes so far when there are new ones.
  let sent = -1
  for (const { arrival, fate } of runs) {
    billed += fate.billed
    if (fate.kind !== 'ran') continue
    const head = life(pushes).filter((event) => event.moment === 'pushed' && event.atMs <= fate.startMs).length
    if (head !== sent && arrival.label !== 'merged') stretches++
    sent = head
  }
  return { billed, stretches }
}

export interface CompanionRow {
  design: string
  pushes: Pushes
  billedPerPull: number
  stretchesPerPull: number
  month: number
  everyHeadSeen: boolean
}

export async function companionMonth(model: CostModel = HOSTED_RUNNER): Promise<CompanionRow[]> {
  const rows: CompanionRow[] = []
  for (const design of DESIGNS) {
    for (const pushes of ['spread', 'burst', 'draft'] as const) {
      const { billed, stretches } = pullCost(design, pushes)
      const busy = stretches * PULLS_A_DAY
      // The runs that started no agent work (a merge, a cancelled run), billed as billed-month.ts bills them.
      const jobless = (billed - stretches) * PULLS_A_DAY
      const recipe = { name: design.name, busyRuns: busy, joblessRuns: jobless }
      const reconciled = design.reconcile && { ...model, intervalMs: design.reconcileEveryMs ?? model.intervalMs }
      const perDay = reconciled ? (await day(reconciled, recipe, busy, 'armed')).billedMinutes : billed * PULLS_A_DAY
      rows.push({
        design: design.name,
        pushes,
        billedPerPull: billed,
        stretchesPerPull: stretches,
        month: perDay * DAYS_A_MONTH,
        everyHeadSeen: design.everyHeadSeen
      })
    }
  }
  return rows
}

/** Prints the section and returns its goal check. */
export async function companionMonthSection(): Promise<GoalCheck[]> {
  const rows = await companionMonth()
  console.log(
    renderTable(
      ['design', 'pushes', 'runs billed / PR', 'agent stretches / PR', 'month', 'every head seen (issue 33)'],
      rows.map((row) => [
        row.design,
        row.pushes,
        String(row.billedPerPull),
        String(row.stretchesPerPull),
        row.month.toLocaleString('en-US'),
        row.everyHeadSeen ? 'yes' : 'no'
      ])
    )
  )
  console.log(
    `\n${PULLS_A_DAY} pull requests a day, ${DAYS_A_MONTH} days: each opened, pushed to 3 times (an hour apart, ` +
      'within 10 s, or an hour apart while a draft, then marked ready), asked for review and merged; ' +
      `a run lasts ${RUN_MS / 1000} s with the runner's overhead, billed ` +
      'as whole minutes, a cancelled running run at least one, a run cancelled while it waits none. The recipe ' +
      "is the quick start's; each design sends the job the head at the review request and the " +
      'merge. "every head seen": a run sees each head the pull request has and, with reconcile, each job end, so ' +
      'that a required `docs` status (issue 33) never waits for ever: only every push with reconcile does.\n'
  )
  // The goal is the case, pushes to a pull request in review, for the lean design at the
  // reconcile cron docs/companion.md recommends for a companion-heavy repository; the every-push
  // design a required check needs, and the lean design at the recipe's cron, reported beside it.
  const inReview = (design: Design) => rows.filter((row) => row.design === design.name && row.pushes !== 'draft')
  const month = (design: Design) =>
    inReview(design)
      .map((row) => `${row.pushes} pushes ${row.month.toLocaleString('en-US')}`)
      .join(', ')
  const goalRows = inReview(LEAN_SLOW)
  const goal: GoalCheck = {
    goal:
      `the lean companion (reconcile every 30 min) at ${PULLS_A_DAY} pull requests a day bills at most ` +
      `${GOAL_MINUTES.toLocaleString('en-US')} minutes a month, the docs current at the review request and the merge`,
    measured:
      `${month(LEAN_SLOW)}; beside it, the recipe's reconcile every 10 min: ${month(LEAN)}; ` +
      `every head seen (companion-every-push: true): ${month(EVERY_PUSH)}`,
    pass: goalRows.length > 0 && goalRows.every((row) => row.month <= GOAL_MINUTES)
  }
  console.log(goalLine(goal))
  return [goal]
}
