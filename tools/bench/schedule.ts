// The reconcile recipe's schedule, read from examples/reconcile.yml, so that the cost model and the
// simulated day run on the schedule users copy, not on a number the bench keeps of its own.
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { parse } from 'yaml'

const MINUTE_MS = 60_000

export interface Schedule {
  /** The cron line, as the schedule event carries it. */
  cron: string
  /** The first tick of each hour, from the top of the hour. */
  firstMs: number
  intervalMs: number
}

/** GitHub's shortest schedule, every 5 minutes: what the reconcile recipe ran on, always on, before it was armed. */
export const UNARMED_INTERVAL_MS = 5 * MINUTE_MS

/**
 * A cron line whose minutes are `A-59/N` or `*\/N` (N dividing 60, A under N: evenly spaced across
 * the hour), with every hour and day: the forms the recipe uses.
 */
export function parseSchedule(cron: string): Schedule {
  const [minutes, ...rest] = cron.trim().split(/\s+/)
  const step = /^(?:\*|(\d+)-59)\/(\d+)$/.exec(minutes ?? '')
  const interval = Number(step?.[2])
  const first = Number(step?.[1] ?? 0)
  if (!step || rest.join(' ') !== '* * * *' || 60 % interval !== 0 || first >= interval)
    throw new Error(`The schedule "${cron}" is not every N minutes (N dividing 60); the bench models only that.`)
  return { cron, firstMs: first * MINUTE_MS, intervalMs: interval * MINUTE_MS }
}

export function recipeSchedule(): Schedule {
  const file = fileURLToPath(new URL('../../examples/reconcile.yml', import.meta.url))
  const workflow = parse(readFileSync(file, 'utf8')) as { on?: { schedule?: { cron?: string }[] } }
  const cron = workflow.on?.schedule?.[0]?.cron
  if (cron === undefined) throw new Error(`${file} has no schedule.`)
  return parseSchedule(cron)
}
