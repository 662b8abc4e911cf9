// `npm run bench`, section "An organisation": 40 repositories calling the reusable workflows with one
// agent project, whose creates share the vendor's 100 an hour (the simulator's own RateLimiter). Each
// run's create follows the action's retry decision (src/agent/retry.ts: a 429 whose Retry-After fits
// in the run's `timeout` is waited for, a longer one queues the request on its thread), and each
// repository's reconcile workflow, armed while a request waits queued, tries it on its own ticks
// (src/job/queue.ts decideQueued: not before the Retry-After). What it reports: creates a day, how
// many the limit held back, how long the longest waited, and when the digests start. Billed minutes
// come from the per-recipe month (billed-month.ts) times 40, plus each reconcile run a queued
// request adds. That no such run is red and no request is lost or created twice is what the tests
// assert (main-queue.test.ts, main-digest.test.ts); the model counts.
import { createHash } from 'node:crypto'
import { decideRetry, type RetryContext } from '../../src/agent/retry.js'
import { decideQueued } from '../../src/job/queue.js'
import { RateLimiter } from '../../test/harness/simulator/scenario.js'
import { billedMonth } from './billed-month.js'
import { HOSTED_RUNNER } from './reconcile.js'
import { recipeSchedule } from './schedule.js'
import { type GoalCheck, goalLine, renderTable } from './table.js'

export const REPOSITORIES = 40
const LIMIT_PER_HOUR = 100
const MINUTE_MS = 60_000
const HOUR_MS = 60 * MINUTE_MS
const DAY_MS = 24 * HOUR_MS
/** The reusable workflow's `timeout` for a run that does not wait. */
const RUN_TIMEOUT_MS = 4 * MINUTE_MS
const WORKDAY = { startMs: 9 * HOUR_MS, lengthMs: 9 * HOUR_MS }
const PROJECT = 'proj_org'

/**
 * The minute of the hour a repository's digest runs at (its cron's first field): the first byte of
 * the SHA-1 of owner/name, modulo 60, so 40 digests do not start together. docs/adopt.md gives the
 * same as a shell line for a rollout script.
 */
export function digestMinute(repository: string): number {
  return createHash('sha1').update(repository).digest()[0]! % 60
}

interface Request {
  repository: number
  at: number
  what: 'comment' | 'merge' | 'digest'
}

export interface OrganisationDay {
  creates: number
  /** Refused at the first try by the hourly limit. */
  heldBack: number
  /** Held back past the run's timeout: queued on the thread for a reconcile run. */
  queued: number
  /** Request to job created, the longest. */
  worstDelayMs: number
  /** Reconcile runs the queued requests added (each a billed minute). */
  reconcileRuns: number
  /** Minutes runs waited in their step for a held-back create (billed). */
  waitedMinutes: number
  /** The most requests made in one rolling hour. */
  busiestHour: number
  /** Requests not created by the end of the day (should be none). */
  left: number
  /** The most digests that start in one minute. */
  digestsInOneMinute: number
}

/** One weekday of `REPOSITORIES` repositories: `comments` /docs and `merges` per-merge runs each, and a digest. */
export function organisationDay(comments: number, merges: number, spread: boolean): OrganisationDay {
  const schedule = recipeSchedule()
  const requests: Request[] = []
  const starts = new Map<number, number>()
  for (let repository = 0; repository < REPOSITORIES; repository++) {
    const minute = spread ? digestMinute(`acme/repo-${repository}`) : 17
    starts.set(minute, (starts.get(minute) ?? 0) + 1)
    requests.push({ repository, at: 6 * HOUR_MS + minute * MINUTE_MS, what: 'digest' })
    // Each repository's day spread over the workday, offset so that repositories do not move in step.
    const spreadOver = (count: number, what: Request['what']) => {
      for (let i = 0; i < count; i++) {
        const phase = (repository / REPOSITORIES + i) / count
        requests.push({ repository, at: WORKDAY.startMs + phase * WORKDAY.lengthMs, what })
      }
    }
    spreadOver(comments, 'comment')
    spreadOver(merges, 'merge')
  }
  requests.sort((a, b) => a.at - b.at)
  const limiter = new RateLimiter()
  const result: OrganisationDay = {
    creates: 0,
    heldBack: 0,
    queued: 0,
    worstDelayMs: 0,
    reconcileRuns: 0,
    waitedMinutes: 0,
    busiestHour: Math.max(...requests.map((r) => requests.filter((o) => o.at >= r.at && o.at < r.at + HOUR_MS).length)),
    left: 0,
    digestsInOneMinute: Math.max(...starts.values())
  }
  const queue: { request: Request; retryAt: number }[] = []
  const created = (request: Request, at: number) => {
    limiter.record(PROJECT, at)
    result.creates++
    result.worstDelayMs = Math.max(result.worstDelayMs, at - request.at)
  }
  // A run's create: waited for while the Retry-After fits in its timeout, else queued.
  const run = (request: Request) => {
    const wait = limiter.retryAfterSeconds(PROJECT, LIMIT_PER_HOUR, request.at) * 1000
    if (wait === 0) return created(request, request.at)
    result.heldBack++
    const context: RetryContext = {
      operation: 'create',
      attempt: { kind: 'answer', status: 429, retryAfter: String(wait / 1000) },
      tries: 1,
      notFoundCount: 0,
      now: request.at,
      deadline: request.at + RUN_TIMEOUT_MS,
      random: 0.5
    }
    const decision = decideRetry(context)
    if (decision.kind === 'retry') {
      result.waitedMinutes += Math.ceil(decision.delayMs / MINUTE_MS)
      return created(request, request.at + decision.delayMs)
    }
    result.queued++
    queue.push({ request, retryAt: request.at + wait })
  }
  // Each repository's reconcile ticks (the recipe's schedule), armed while a request of its own waits.
  const tick = (at: number) => {
    const repositories = new Set(queue.map((entry) => entry.request.repository))
    result.reconcileRuns += repositories.size
    for (const entry of [...queue]) {
      const marker = { repository: '', threadNumber: 1, runId: '', workflowJob: '', step: '', commentId: 1 }
      const step = decideQueued({ ...marker, state: 'queued', retryAt: entry.retryAt }, 'the prompt', at)
      if (step.kind !== 'create') continue
      const wait = limiter.retryAfterSeconds(PROJECT, LIMIT_PER_HOUR, at) * 1000
      if (wait > 0) {
        entry.retryAt = at + wait
        continue
      }
      created(entry.request, at)
      queue.splice(queue.indexOf(entry), 1)
    }
  }
  let next = 0
  for (let at = schedule.firstMs; at < 2 * DAY_MS; at += schedule.intervalMs) {
    while (next < requests.length && requests[next]!.at <= at) run(requests[next++]!)
    if (queue.length > 0) tick(at)
  }
  result.left = queue.length
  return result
}

/** Prints the section and returns its goal checks. */
export async function organisationSection(): Promise<GoalCheck[]> {
  const perRepository = await billedMonth(HOSTED_RUNNER)
  const month = (recipe: string, way: string) => perRepository.find((row) => row.recipe === recipe && row.way === way)!
  const comments = month('`/docs` comments', 'armed+pr')
  const digest = month('daily digest', 'armed')
  const merges = month('docs on each merge', 'armed+pr')
  const cases = [
    {
      name: '5 /docs + 1 digest a day each, digests spread',
      comments: 5,
      merges: 0,
      spread: true,
      billed: [comments, digest]
    },
    { name: 'the same, every digest at 06:17', comments: 5, merges: 0, spread: false, billed: [comments, digest] },
    {
      name: '5 /docs + 20 merges a day each (per-merge)',
      comments: 5,
      merges: 20,
      spread: true,
      billed: [comments, merges]
    }
  ]
  const rows: string[][] = []
  const days = cases.map((c) => ({ ...c, day: organisationDay(c.comments, c.merges, c.spread) }))
  for (const { name, day, billed } of days) {
    const busy = billed.reduce((sum, row) => sum + row.busy, 0) * REPOSITORIES
    // Each reconcile run a queued request adds bills a minute, and a run that waits bills its wait,
    // on each working day of the month.
    const added = (day.reconcileRuns + day.waitedMinutes) * 22
    rows.push([
      name,
      String(day.creates),
      String(day.busiestHour),
      String(day.digestsInOneMinute),
      String(day.heldBack),
      String(day.queued),
      `${Math.round(day.worstDelayMs / MINUTE_MS)} min`,
      String(day.left),
      (busy + added).toLocaleString('en-US')
    ])
  }
  console.log(
    renderTable(
      [
        `${REPOSITORIES} repositories, one project`,
        'creates a day',
        'busiest hour',
        'digests in one minute',
        'held back',
        'queued',
        'longest request to job',
        'never created',
        'billed minutes a month'
      ],
      rows
    )
  )
  console.log(
    `\nThe vendor's limit: ${LIMIT_PER_HOUR} creates and messages an hour per project, shared by every repository ` +
      `(the simulator's rolling hour). A create held back waits in its run when the Retry-After fits in timeout ` +
      `(${RUN_TIMEOUT_MS / MINUTE_MS} min), else it is queued and a reconcile run of its repository creates it. Billed: ` +
      `each repository's busy month from the table above, times ${REPOSITORIES}, plus one minute per reconcile run a queued ` +
      'request adds and each minute a run waits for one (22 working days). Digest minutes: the first byte of sha1(owner/name) mod 60.\n'
  )
  const over = days.filter(({ day }) => day.busiestHour > LIMIT_PER_HOUR)
  const goals: GoalCheck[] = [
    {
      goal: `${REPOSITORIES} digests on spread minutes start at most 3 in one minute`,
      measured: `${days[0]!.day.digestsInOneMinute} (all at 06:17: ${days[1]!.day.digestsInOneMinute})`,
      pass: days[0]!.day.digestsInOneMinute <= 3
    },
    {
      goal: 'past the hourly limit, every request is created once the limit allows, none lost (queued, not failed)',
      measured: over
        .map(
          ({ name, day }) =>
            `${name}: ${day.queued} queued, longest ${Math.round(day.worstDelayMs / MINUTE_MS)} min, ${day.left} never created`
        )
        .join('; '),
      pass: over.length > 0 && over.every(({ day }) => day.left === 0)
    }
  ]
  for (const goal of goals) console.log(goalLine(goal))
  return goals
}
