// `npm run bench`, section "A big digest": one digest over 300 merged pull requests with GitHub's
// pace for each read (400 ms a files or diff read, 150 ms any other), through dist/index.js against
// the simulator and the GitHub fake: how long it took, how many GitHub requests it made, and how
// many pull requests kept their diff, with the default timeout and with `timeout: 30s`.
import { type FakeGitHub, startFakeGitHub } from '../../test/harness/fake-github.js'
import { runAction } from '../../test/harness/run-bundle.js'
import { startSimulator } from '../../test/harness/simulator/server.js'
import { API_KEY, benchInputs, preciseNow, PROJECT } from './processes.js'
import { type GoalCheck, renderTable, seconds } from './table.js'

export const BIG_DIGEST_PULLS = 300
/** GitHub's pace: a pull request's files or diff, and any other read. */
const CHANGES_READ_MS = 400
const OTHER_READ_MS = 150
const TIMEOUTS = ['30m', '30s']

interface BigDigest {
  timeout: string
  ms: number
  requests: number
  diffs: number
  parts: number
  warnings: number
  created: boolean
}

export async function bigDigestSection(node: string): Promise<GoalCheck[]> {
  const runs: BigDigest[] = []
  for (const timeout of TIMEOUTS) runs.push(await bigDigest(node, timeout))
  console.log(
    renderTable(
      ['timeout', 'took', 'GitHub requests', 'PR parts', 'parts with their diff', 'warnings', 'job started'],
      runs.map((run) => [
        run.timeout,
        seconds(run.ms),
        String(run.requests),
        `${run.parts} of ${BIG_DIGEST_PULLS}`,
        String(run.diffs),
        String(run.warnings),
        run.created ? 'yes' : 'no'
      ])
    )
  )
  console.log(
    `\n${BIG_DIGEST_PULLS} pull requests merged since the last digest, ${CHANGES_READ_MS} ms a files or diff read and ` +
      `${OTHER_READ_MS} ms any other; context-limit 200000 so that every part fits.\n`
  )
  const [full, short] = runs
  return [
    {
      goal: `a digest of ${BIG_DIGEST_PULLS} pull requests at GitHub's pace keeps every diff`,
      measured: `${full?.diffs ?? 0} of ${BIG_DIGEST_PULLS} with their diff, ${full?.warnings ?? 0} warnings`,
      pass: full?.diffs === BIG_DIGEST_PULLS && full.warnings === 0
    },
    {
      goal: 'with timeout: 30s it gathers within half of it and starts its job',
      measured: `took ${seconds(short?.ms ?? 0)}, job ${short?.created ? 'started' : 'not started'}`,
      pass: short !== undefined && short.created && short.ms < 30_000
    }
  ]
}

async function bigDigest(node: string, timeout: string): Promise<BigDigest> {
  const github = await startFakeGitHub({
    latencyMs: ({ path }) => (/\/pulls\/\d+(\/files)?(\?|$)/.test(path) ? CHANGES_READ_MS : OTHER_READ_MS)
  })
  const simulator = await startSimulator({ scenario: { apiKey: API_KEY, projectId: PROJECT, durationMs: 200 } })
  try {
    seed(github)
    const began = preciseNow()
    const run = await runAction({
      node,
      // A guard against a hang: the default timeout's run gathers for as long as GitHub's pace needs.
      killAfterMs: 10 * 60_000,
      eventName: 'schedule',
      event: { schedule: '17 6 * * *' },
      env: { GITHUB_API_URL: github.url, GITHUB_SERVER_URL: 'https://github.com', GITHUB_REPOSITORY: 'acme/docs' },
      inputs: benchInputs(simulator, {
        mode: 'digest',
        prompt: 'Update the docs for the pull requests below.',
        'github-token': 'ghs_fake_token',
        'poll-interval': '1s',
        'context-limit': '200000',
        timeout
      })
    })
    const ms = preciseNow() - began
    const prompt = run.outputs.prompt ?? ''
    return {
      timeout,
      ms,
      requests: github.requests.length,
      parts: prompt.match(/^### pull request #/gm)?.length ?? 0,
      diffs: prompt.match(/^Diff:$/gm)?.length ?? 0,
      warnings: run.stdout.split('\n').filter((line) => line.startsWith('::warning')).length,
      created: simulator.requests.some((request) => request.method === 'POST' && /\/job$/.test(request.path))
    }
  } finally {
    await Promise.all([github.close(), simulator.close()])
  }
}

/** 300 merges of the last day, each changing a file of its own. */
function seed(github: FakeGitHub): void {
  const now = Date.now()
  for (let n = 0; n < BIG_DIGEST_PULLS; n++) {
    const number = 1001 + n
    github.changes.addPullRequest('acme', 'docs', {
      number,
      title: `Change ${number}`,
      body: `What change ${number} does, and why.`,
      author: 'dev-dan',
      mergedAt: new Date(now - (BIG_DIGEST_PULLS - n) * 60_000).toISOString().replace(/\.\d{3}Z$/, 'Z'),
      changes: [{ path: `src/change-${number}.ts`, added: [`export const change${number} = true`] }]
    })
  }
}
