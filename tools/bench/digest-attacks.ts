// `npm run bench`, section "Digests under hostile input" (issues 32 and 35): two digests through
// dist/index.js against the simulator and the GitHub fake, whose server closes idle keep-alive
// connections after 5 s as GitHub and proxies do. Forty merged pull requests whose diffs are ~25 MB
// each (one minified bundle per pull request); and 300 whose descriptions are 64 KiB of nested quotes
// and list markers, one of them with 3,000 files, under `timeout: 30s`. For each: the time, the
// bundle's peak RSS (GNU time), the exit code, whether a job was made and how many parts it has.
// `tsx tools/bench/digest-attacks.ts` runs these two alone.
import { existsSync } from 'node:fs'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { type FakeGitHub, startFakeGitHub } from '../../test/harness/fake-github.js'
import { runAction, runtimes } from '../../test/harness/run-bundle.js'
import { startSimulator } from '../../test/harness/simulator/server.js'
import { API_KEY, benchInputs, preciseNow, PROJECT } from './processes.js'
import { GNU_TIME, timedLauncher } from './realtime.js'
import { type GoalCheck, goalLine, renderTable, seconds } from './table.js'

const BIG_DIFF_PULLS = 40
const BIG_DIFF_BYTES = 25_000_000
const HOSTILE_PULLS = 300
const HOSTILE_BODY_BYTES = 64 * 1024
const MANY_FILES = 3000
/** GitHub's pace: a pull request's files or diff, and any other read. */
const CHANGES_READ_MS = 400
const OTHER_READ_MS = 150

interface AttackRun {
  name: string
  timeout: string
  ms: number
  code: number | null
  peakRssKb: number | undefined
  parts: number
  pulls: number
  created: boolean
  warnings: string[]
}

export async function digestAttacksSection(node: string): Promise<GoalCheck[]> {
  const runs = [await bigDiffs(node), await hostileDescriptions(node)]
  console.log(
    renderTable(
      ['case', 'timeout', 'took', 'exit', 'peak RSS', 'job made', 'PR parts', 'warnings'],
      runs.map((run) => [
        run.name,
        run.timeout,
        seconds(run.ms),
        String(run.code),
        run.peakRssKb === undefined ? 'n/a' : `${(run.peakRssKb / 1024).toFixed(0)} MiB`,
        run.created ? 'yes' : 'no',
        `${run.parts} of ${run.pulls}`,
        String(run.warnings.length)
      ])
    )
  )
  for (const run of runs) {
    console.log(`\n${run.name}: the run's warnings, each cut to 200 characters:`)
    for (const warning of run.warnings) console.log(`- ${warning.slice(0, 200)}`)
  }
  const [big, hostile] = runs
  return [
    {
      goal: `a digest of ${BIG_DIFF_PULLS} pull requests with ~25 MB diffs makes its job, its memory bounded by the prompt`,
      measured: `exit ${big?.code}, job ${big?.created ? 'made' : 'not made'}, peak ${mebibytes(big?.peakRssKb)}`,
      pass: big !== undefined && big.code === 0 && big.created
    },
    {
      goal: `a digest of ${HOSTILE_PULLS} hostile descriptions under timeout: 30s makes its job within the timeout`,
      measured: `exit ${hostile?.code}, took ${seconds(hostile?.ms ?? 0)}, job ${hostile?.created ? 'made' : 'not made'}`,
      pass: hostile !== undefined && hostile.code !== null && hostile.created && hostile.ms < 30_000
    }
  ]
}

function mebibytes(kb: number | undefined): string {
  return kb === undefined ? 'n/a' : `${(kb / 1024).toFixed(0)} MiB`
}

/** Forty merges, each committing a ~25 MB minified bundle beside a small source change. */
async function bigDiffs(node: string): Promise<AttackRun> {
  const bundle = `${'var a=function(){return 1};'.repeat(Math.ceil(BIG_DIFF_BYTES / 27))}`.slice(0, BIG_DIFF_BYTES)
  return await attack(node, `${BIG_DIFF_PULLS} PRs, ~25 MB diff each`, '30m', BIG_DIFF_PULLS, (github, mergedAt) => {
    for (let n = 0; n < BIG_DIFF_PULLS; n++) {
      const number = 1001 + n
      github.changes.addPullRequest('acme', 'docs', {
        number,
        title: `Release build ${number}`,
        body: `Rebuilds dist/ for change ${number}.`,
        author: 'dev-dan',
        mergedAt: mergedAt(n, BIG_DIFF_PULLS),
        changes: [
          { path: 'dist/index.js', removed: ['var a=0'], added: [bundle] },
          { path: `src/change-${number}.ts`, added: [`export const change${number} = true`] }
        ]
      })
    }
  })
}

/** 300 merges whose descriptions are 64 KiB of nested quotes and list markers; one changes 3,000 files. */
async function hostileDescriptions(node: string): Promise<AttackRun> {
  const lines: string[] = []
  for (let i = 0; lines.join('\n').length < HOSTILE_BODY_BYTES; i++) lines.push(`${'> - '.repeat(1 + (i % 40))}item`)
  const body = lines.join('\n').slice(0, HOSTILE_BODY_BYTES)
  return await attack(node, `${HOSTILE_PULLS} PRs, 64 KiB nested quotes`, '30s', HOSTILE_PULLS, (github, mergedAt) => {
    for (let n = 0; n < HOSTILE_PULLS; n++) {
      const number = 1001 + n
      const files = n === 0 ? MANY_FILES : 1
      github.changes.addPullRequest('acme', 'docs', {
        number,
        title: `Change ${number}`,
        body,
        author: 'dev-dan',
        mergedAt: mergedAt(n, HOSTILE_PULLS),
        changes: Array.from({ length: files }, (_, file) => ({
          path: `src/change-${number}-${file}.ts`,
          added: [`export const change${number}_${file} = true`]
        }))
      })
    }
  })
}

async function attack(
  node: string,
  name: string,
  timeout: string,
  pulls: number,
  seed: (github: FakeGitHub, mergedAt: (index: number, count: number) => string) => void
): Promise<AttackRun> {
  const github = await startFakeGitHub({
    latencyMs: ({ path }) => (/\/pulls\/\d+(\/files)?(\?|$)/.test(path) ? CHANGES_READ_MS : OTHER_READ_MS)
  })
  const simulator = await startSimulator({ scenario: { apiKey: API_KEY, projectId: PROJECT, durationMs: 200 } })
  const dir = await mkdtemp(path.join(tmpdir(), 'docs-agent-bench-'))
  try {
    const now = Date.now()
    seed(github, (index, count) => new Date(now - (count - index) * 60_000).toISOString().replace(/\.\d{3}Z$/, 'Z'))
    const rssFile = path.join(dir, 'peak-rss')
    const launcher = existsSync(GNU_TIME) ? await timedLauncher(dir) : undefined
    const began = preciseNow()
    const run = await runAction({
      node: launcher ?? node,
      killAfterMs: 10 * 60_000,
      eventName: 'schedule',
      event: { schedule: '17 6 * * *' },
      env: {
        GITHUB_API_URL: github.url,
        GITHUB_SERVER_URL: 'https://github.com',
        GITHUB_REPOSITORY: 'acme/docs',
        BENCH_NODE: node,
        BENCH_RSS_FILE: rssFile
      },
      inputs: benchInputs(simulator, {
        mode: 'digest',
        prompt: 'Update the docs for the pull requests below.',
        'github-token': 'ghs_fake_token',
        'poll-interval': '1s',
        timeout
      })
    })
    const ms = preciseNow() - began
    const prompt = run.outputs.prompt ?? ''
    return {
      name,
      timeout,
      ms,
      code: run.code,
      // GNU time says first when the command exited with a status other than 0.
      peakRssKb: launcher
        ? Number.parseInt((await readFile(rssFile, 'utf8')).trim().split('\n').at(-1) ?? '', 10)
        : undefined,
      parts: prompt.match(/^### pull request #/gm)?.length ?? 0,
      pulls,
      created: simulator.requests.some((request) => request.method === 'POST' && /\/job$/.test(request.path)),
      warnings: run.stdout.split('\n').filter((line) => line.startsWith('::warning') || line.startsWith('::error'))
    }
  } finally {
    await Promise.all([github.close(), simulator.close(), rm(dir, { recursive: true, force: true })])
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const node = runtimes().find(([label]) => label.includes('v24.'))?.[1] ?? process.execPath
  for (const check of await digestAttacksSection(node)) console.log(goalLine(check))
}
