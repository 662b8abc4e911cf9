// `npm run bench`, section "Docs at a team's pace": what a repository merging 20 pull requests a day
// spends and gets with a run on each merge against one digest a morning, measured by running the
// bundle through both (digest-week.ts): vendor creates and docs pull requests a day, the reviews
// asked, how big each prompt is, and whether every merge was covered exactly once.
import {
  ATTACKS,
  coverage,
  DAYS,
  digestWeek,
  FAILED_DAY,
  MERGES_PER_DAY,
  perPullDay,
  RERUN_DAY,
  type Week
} from './digest-week.js'
import { type GoalCheck, goalLine, renderTable } from './table.js'

export async function digestSection(node: string): Promise<GoalCheck[]> {
  const perPull = await measured(() => perPullDay(node))
  const digests = await measured(() => digestWeek(node))
  console.log(
    renderTable(
      [
        'way',
        'days run',
        'runs a day',
        'vendor creates a day',
        'docs PRs a day',
        'review requests a day',
        'prompt (mean chars)'
      ],
      [row('a run on each merge', 1, perPull), row('a digest each morning', DAYS, digests)]
    )
  )
  console.log(
    `\nBoth through dist/index.js against the simulator and the GitHub fake, the same merges: ${MERGES_PER_DAY} a day,\n` +
      `every ninth a lock-file bump carrying skip-label. The digest week has day ${FAILED_DAY + 1}'s job fail and day\n` +
      `${RERUN_DAY + 1}'s run re-run after it ended well; pr-reviewers: requester asks the merged pull requests' authors.\n` +
      `Before each morning's digest but the first, an attacker (issue 25):\n` +
      Object.entries(ATTACKS)
        .map(([day, attack]) => `- day ${Number(day) + 1}: ${attack}\n`)
        .join('')
  )
  console.log(
    renderTable(
      ['digest run', 'status', 'merged PRs told', 'docs PR'],
      digests.week.runs.map((run) => [run.label, run.status, String(run.told.length), run.prLink || 'none'])
    )
  )
  const checks = [exactlyOnce('a run on each merge', perPull.week), exactlyOnce('the digests', digests.week)]
  console.log('')
  for (const check of checks) console.log(goalLine(check))
  return checks
}

interface Measured {
  week: Week
  reviewRequests: number
}

async function measured(run: () => Promise<Week>): Promise<Measured> {
  const week = await run()
  try {
    const docsPulls = docsPullNumbers(week)
    const reviewRequests = docsPulls.reduce(
      (sum, number) => sum + week.github.requestedReviewers('acme', 'docs', number).length,
      0
    )
    return { week, reviewRequests }
  } finally {
    await week.close()
  }
}

function docsPullNumbers(week: Week): number[] {
  return week.runs.flatMap((run) => {
    const number = /\/pull\/(\d+)$/.exec(run.prLink)?.[1]
    return number ? [Number(number)] : []
  })
}

function row(way: string, days: number, { week, reviewRequests }: Measured): string[] {
  const perDay = (value: number): string => (value / days).toFixed(value % days === 0 ? 0 : 2)
  const prompts = week.runs.filter((run) => run.promptChars > 0).map((run) => run.promptChars)
  const meanPrompt = prompts.reduce((sum, chars) => sum + chars, 0) / Math.max(prompts.length, 1)
  return [
    way,
    String(days),
    perDay(week.runs.length),
    perDay(week.creates),
    perDay(docsPullNumbers(week).length),
    perDay(reviewRequests),
    Math.round(meanPrompt).toLocaleString('en')
  ]
}

/** Every merge without the skip-label told to exactly one job that completed; none with it. */
function exactlyOnce(way: string, week: Week): GoalCheck {
  const counts = coverage(week.runs)
  const due = week.merged.filter((pull) => !pull.skipped)
  const once = due.filter((pull) => counts.get(pull.number) === 1).length
  const twice = [...counts.values()].filter((count) => count > 1).length
  const skippedTold = week.merged.filter((pull) => pull.skipped && counts.has(pull.number)).length
  const merged = new Set(week.merged.map((pull) => pull.number))
  const others = [...counts.keys()].filter((number) => !merged.has(number)).length
  return {
    goal: `${way}: every merged pull request covered exactly once, none with the skip-label, none merged before`,
    measured: `${once} of ${due.length} once, ${twice} more than once, ${skippedTold} with the skip-label, ${others} merged before the week`,
    pass: once === due.length && twice === 0 && skippedTold === 0 && others === 0
  }
}
