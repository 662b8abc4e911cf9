// A simulated day of a repository with the armed recipes (issue 23's "verify before you call it
// resolved"): five /docs comments with wait: false and reconcile-workflow, one job that changes
// nothing and one that fails, the reconcile workflow on its schedule only while enabled and
// on each pull request the agent opens. Prints each run, the workflow's state over the day, and the
// billed minutes against an always-on schedule and against runs that wait.
// `npm run bundle && npx tsx tools/armed-day.ts`
import { runtimes } from '../test/harness/run-bundle.js'
import { armedDay, billedMinutes, DAY, DAY_MS, JOB_MS } from './bench/armed-day.js'
import { UNARMED_INTERVAL_MS } from './bench/schedule.js'

const [, node] = runtimes()[0]!
const clock = (ms: number) => new Date(ms).toISOString().slice(11, 19)
const day = await armedDay(node)

console.log('=== The runs (time of day, UTC) ===')
for (const run of day.runs) {
  const took = `${(run.realMs / 1000).toFixed(1)} s`
  console.log(`${clock(run.atMs)}  ${run.what.padEnd(22)} ${took.padStart(7)} -> ${run.billed} min  ${run.did}`)
}

console.log('\n=== The reconcile workflow ===')
let onMs = 0
let since: number | undefined
for (const { atMs, enabled } of day.switches) {
  console.log(`${clock(atMs)}  ${enabled ? 'enabled' : 'disabled'}`)
  if (enabled) since = atMs
  else if (since !== undefined) {
    onMs += atMs - since
    since = undefined
  }
}
console.log(
  `On for ${Math.round(onMs / 60_000)} minutes of the day; ${day.unstarted} pull request event(s) came while it was off.`
)

console.log('\n=== The threads at the end of the day ===')
for (const thread of day.threads) {
  const end = typeof thread.end === 'object' ? `pull request #${thread.end.pullRequest}` : thread.end
  const state = `${thread.working ? 'still working' : 'final'}, ${thread.labelled ? 'labelled' : 'no label'}`
  console.log(`#${thread.thread} (${end}): ${state}: ${thread.headline}`)
}

const total = (runs: readonly { billed: number }[]) => runs.reduce((sum, run) => sum + run.billed, 0)
const docs = day.runs.filter((run) => run.what.startsWith('/docs'))
const scheduled = day.runs.filter((run) => run.what === 'schedule')
const signalled = day.runs.filter((run) => run.what.startsWith('pull_request'))
const armed = total(day.runs)
// The same day as the recipe was before arming: every tick of a 5 minute schedule runs (a run that
// finds nothing bills a minute).
const ticksADay = DAY_MS / UNARMED_INTERVAL_MS
const alwaysOn = total(docs) + ticksADay
// The same requests waiting: each run holds the runner for its job, then reports it.
const waiting = docs.reduce((sum, run) => sum + billedMinutes(JOB_MS + run.realMs), 0)
console.log('\n=== Billed minutes for the day (private repository, whole minutes a run) ===')
console.log(
  `armed: ${armed} (${docs.length} /docs runs ${total(docs)}, ${scheduled.length} scheduled reconcile runs ` +
    `${total(scheduled)}, ${signalled.length} pull request runs ${total(signalled)})`
)
console.log(
  `always-on ${UNARMED_INTERVAL_MS / 60_000} minute schedule: ${alwaysOn} (${total(docs)} + ${ticksADay} scheduled runs)`
)
console.log(`waiting (wait: true, no reconcile): ${waiting} (${DAY.length} runs of a 15 minute job)`)

const wrong = day.threads.filter(
  (thread) =>
    thread.working ||
    thread.labelled ||
    (thread.end === 'failed' && !/failed/i.test(thread.headline)) ||
    (thread.end === 'no changes' && !/nothing to change/i.test(thread.headline))
)
if (wrong.length > 0) {
  console.error(`\nNot ended as asked: ${wrong.map((thread) => `#${thread.thread}`).join(', ')}`)
  process.exitCode = 1
}
