// A week of a busy repository's daily digests, read as the docs team reads it: 20 pull requests
// merged a day, a digest each morning (day 3's job fails, day 5's run is re-run), an attacker before
// each digest but the first (issue 25: tools/bench/digest-week.ts, ATTACKS), run through
// dist/index.js against the simulator and the GitHub fake. Prints each run's page, the digest
// thread and the digests' docs pull requests. `npx tsx tools/digest-week.ts`
import { runtimes } from '../test/harness/run-bundle.js'
import { runView, threadView, wrapped } from './demo-view.js'
import { ATTACKS, coverage, digestWeek } from './bench/digest-week.js'

const [, node] = runtimes()[0]!
const week = await digestWeek(node)
try {
  for (const run of week.runs) {
    console.log(`\n=== ${run.label}: the run's page (groups collapsed) ===`)
    console.log(runView(run.stdout.split('\n'), { code: run.code, outputs: { status: run.status } }))
  }
  const thread = week.github.openedIssues()[0]
  if (thread !== undefined) {
    console.log('\n=== The digest thread ===')
    console.log(threadView(week.github, { owner: 'acme', repo: 'docs', number: thread, title: 'Docs digests' }))
  }
  for (const run of week.runs.filter((each) => each.prLink !== '')) {
    const number = Number(/\/pull\/(\d+)$/.exec(run.prLink)?.[1])
    console.log(`\n=== The docs pull request of ${run.label} ===`)
    console.log(threadView(week.github, { owner: 'acme', repo: 'docs', number, title: 'Docs', pullRequest: true }))
  }
  const counts = coverage(week.runs)
  const due = week.merged.filter((pull) => !pull.skipped)
  const once = due.filter((pull) => counts.get(pull.number) === 1).length
  const merged = new Set(week.merged.map((pull) => pull.number))
  const others = [...counts.keys()].filter((number) => !merged.has(number)).length
  const twice = [...counts.values()].filter((count) => count > 1).length
  console.log(
    wrapped(
      `\n${once} of ${due.length} merged pull requests without the skip-label covered once, ${twice} more than once, ` +
        `${others} merged before the week covered; ${week.creates} vendor creates. Attackers: ` +
        Object.entries(ATTACKS)
          .map(([day, attack]) => `day ${Number(day) + 1}, ${attack}`)
          .join('; '),
      ''
    )
  )
} finally {
  await week.close()
}
