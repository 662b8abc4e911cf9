// A busy repository's week, run through the bundle against the simulator and the GitHub fake: 20
// pull requests merged each day, and docs kept up either by a run on each merge or by one digest
// each morning (one of whose jobs fails, and one of whose runs is re-run), with an attacker each day
// before the digest (ATTACKS, issue 25): old pull requests touched, a comment flood, copies of a
// failed digest's first comment, a runner clock an hour ahead, another issue given the digest
// label. It returns what each way spent and covered, read from the runs' outputs and the fakes:
// `npm run bench` prints the figures, tools/digest-week.ts the threads as the docs team reads them.
import { readFileSync } from 'node:fs'
import { type FakeGitHub, startFakeGitHub } from '../../test/harness/fake-github.js'
import { type ActionRun, type RunOptions, runAction } from '../../test/harness/run-bundle.js'
import { type Simulator, startSimulator } from '../../test/harness/simulator/server.js'
import { API_KEY, benchInputs, clockAheadEnv, PROJECT } from './processes.js'

export const DAYS = 7
export const MERGES_PER_DAY = 20
export const SKIP_LABEL = 'docs: none'
/** The day (0-based) whose digest job fails, and the day whose digest run is re-run after it ended well. */
export const FAILED_DAY = 2
export const RERUN_DAY = 4

const TOKEN = 'ghs_fake_token'
/** Code and docs in one repository, as on the GitHub fake's default. */
const OWNER = 'acme'
const REPO = 'docs'
const DAY_MS = 86_400_000
const HOUR_MS = 3_600_000
/** The digest's schedule, as in examples/docs-digest.yml: 06:17 each morning. */
const DIGEST_AT_MS = 6 * HOUR_MS + 17 * 60_000
/** Merges fall between 09:00 and 18:00. */
const WORKDAY = { startMs: 9 * HOUR_MS, lengthMs: 9 * HOUR_MS }
/** Per-PR runs at once: a busy repository's workflow runs overlap. */
const PER_PULL_AT_ONCE = 4
const JOB_MS = 300
/** The agent's pull requests are numbered from 1; the merged ones from 101. */
const FIRST_MERGED = 101
/** Old pull requests, merged a month before the week: an attacker touches them all. */
const OLD_PULLS = { first: 5001, count: 1000 }
const OUTSIDER = { login: 'mallory', type: 'User' as const }
const FLOOD = 3000
/** The issue the relabelling attacker gives the digest label (the agent's pull requests are below 101). */
const OLDER_ISSUE = 4000

/** The attacker of each day (0-based), before that morning's digest; the first digest is left alone. */
export const ATTACKS: Record<number, string> = {
  1: `a comment on each of ${OLD_PULLS.count.toLocaleString('en-US')} old pull requests, moving their updated_at past the merges`,
  2: `${FLOOD.toLocaleString('en-US')} comments on the digest thread`,
  3: "10 copies of the failed digest's comment as first written",
  4: "the digest runner's clock an hour ahead, and a merge ten minutes after that digest",
  5: 'the digest label put on an older open issue'
}
const CLOCK_DAY = 4
const MERGED_EVENT = new URL('../../__fixtures__/events/pull_request.closed.merged.json', import.meta.url)

const AUTHORS = ['dev-dan', 'ana-api', 'sam-sdk', 'lee-cli', 'kim-infra']
/** What the week's pull requests change, in turn; the lock-file bumps carry SKIP_LABEL. */
const CHANGES: { title: string; path: string; skip?: boolean }[] = [
  { title: 'Add a timeout option to the webhook sender', path: 'src/webhooks/send.ts' },
  { title: 'Retry uploads on 503', path: 'src/uploads/retry.ts' },
  { title: 'Rename the --out flag of the export command to --output', path: 'src/cli/export.ts' },
  { title: 'Support cursor pagination in listProjects', path: 'src/api/projects.ts' },
  { title: 'Log the request id on every error', path: 'src/http/errors.ts' },
  { title: 'Deprecate the legacy auth header', path: 'src/auth/header.ts' },
  { title: 'Add a dark theme to the dashboard', path: 'web/theme.css' },
  { title: 'Fix a race when two workers claim one task', path: 'src/queue/claim.ts' },
  { title: 'Bump the lock file', path: 'package-lock.json', skip: true }
]

export interface MergedPull {
  number: number
  day: number
  title: string
  author: string
  path: string
  skipped: boolean
}

/** One run of the action and what it did, as its outputs say. */
export interface WeekRun {
  label: string
  code: number
  status: string
  jobId: string
  prLink: string
  /** The merged pull requests its prompt told the agent about. */
  told: number[]
  promptChars: number
  /** The log and the job summary, for reading. */
  stdout: string
  summary: string
}

export interface Week {
  merged: MergedPull[]
  runs: WeekRun[]
  /** Vendor creates, as the simulator counted them. */
  creates: number
  /** The fakes, for reading the threads afterwards. */
  github: FakeGitHub
  simulator: Simulator
  close(): Promise<void>
}

/** The pull requests merged on `day` (0-based). */
export function mergesOf(day: number): MergedPull[] {
  return Array.from({ length: MERGES_PER_DAY }, (_, i) => {
    const index = day * MERGES_PER_DAY + i
    const change = CHANGES[index % CHANGES.length]!
    const author = AUTHORS[index % AUTHORS.length]!
    return { number: FIRST_MERGED + index, day, title: change.title, author, path: change.path, skipped: !!change.skip }
  })
}

/** How many runs whose job completed told the agent of each pull request (merged this week or before). */
export function coverage(runs: readonly WeekRun[]): Map<number, number> {
  const counts = new Map<number, number>()
  for (const run of runs.filter((each) => each.status === 'completed'))
    for (const number of run.told) counts.set(number, (counts.get(number) ?? 0) + 1)
  return counts
}

/** A week of daily digests, each morning's covering what merged since the one before. */
export async function digestWeek(node: string): Promise<Week> {
  const week = await startWeek()
  const start = weekStart()
  seedOldPulls(week, start)
  for (let day = 0; day < DAYS; day++) {
    for (const pull of mergesOf(day)) seedMerge(week, pull, start)
    attack(week, day, start)
    const scenario = { apiKey: API_KEY, projectId: PROJECT, durationMs: JOB_MS }
    week.simulator.setScenario(day === FAILED_DAY ? { ...scenario, finalStatus: 'failed' } : scenario)
    const runId = String(7001 + day)
    // The runner's clock an hour ahead of GitHub's on the clock day.
    const ahead = day === CLOCK_DAY ? HOUR_MS : 0
    const at = start + (day + 1) * DAY_MS + DIGEST_AT_MS
    await record(week, `day ${day + 1}, 06:17 digest`, digest(node, week, runId, at + ahead, '1'))
    if (day === RERUN_DAY)
      await record(week, `day ${day + 1}, 07:17 re-run of it`, digest(node, week, runId, at + HOUR_MS + ahead, '2'))
    // Ten minutes after that digest by GitHub's clock: before the time its runner read.
    if (day === CLOCK_DAY) seedMerge(week, earlyMerge(day + 1), start, at + 10 * 60_000)
  }
  return finish(week)
}

/** The day's attacker (ATTACKS), before its digest. */
function attack(week: Week, day: number, start: number): void {
  const { github } = week
  const thread = github.openedIssues()[0]
  if (day === 1) {
    const now = isoSeconds(start + (day + 1) * DAY_MS)
    for (let n = 0; n < OLD_PULLS.count; n++) github.changes.touchPullRequest(OWNER, REPO, OLD_PULLS.first + n, now)
  }
  if (day === 2 && thread !== undefined)
    for (let n = 0; n < FLOOD; n++) github.addComment(OWNER, REPO, thread, `+1 (${n})`, OUTSIDER)
  if (day === 3 && thread !== undefined) {
    const creates = github.requests.filter((r) => r.method === 'POST' && r.path.endsWith(`/issues/${thread}/comments`))
    const firstVersion = (JSON.parse(creates.at(-1)?.body ?? '{}') as { body?: string }).body ?? ''
    for (let copy = 0; copy < 10; copy++) github.addComment(OWNER, REPO, thread, firstVersion, OUTSIDER)
  }
  if (day === 5) {
    // Opened before the digest thread, so the oldest issue with the label.
    github.addIssue(OWNER, REPO, OLDER_ISSUE, {
      title: 'Document the CLI',
      body: 'Please.',
      createdAt: isoSeconds(start)
    })
    github.label(OWNER, REPO, OLDER_ISSUE, 'docs-agent: digest')
  }
}

/** Old pull requests merged a month before the week, before any digest. */
function seedOldPulls(week: Week, start: number): void {
  for (let n = 0; n < OLD_PULLS.count; n++) {
    const number = OLD_PULLS.first + n
    week.github.changes.addPullRequest(OWNER, REPO, {
      number,
      title: `An old change ${number}`,
      author: AUTHORS[n % AUTHORS.length]!,
      mergedAt: isoSeconds(start - 30 * DAY_MS + n * 60_000),
      changes: [{ path: `src/old/${number}.ts`, added: ['export {}'] }]
    })
  }
}

/** The merge the clock day's attacker makes right after its digest. */
function earlyMerge(day: number): MergedPull {
  const number = FIRST_MERGED + DAYS * MERGES_PER_DAY
  return { number, day, title: 'Fix the retry header', author: AUTHORS[0]!, path: 'src/http/retry.ts', skipped: false }
}

/** One day of runs on each merge (`pull_request_target` closed with a merge), as docs-on-merge does. */
export async function perPullDay(node: string): Promise<Week> {
  const week = await startWeek()
  const start = weekStart()
  const pulls = mergesOf(0)
  for (const pull of pulls) seedMerge(week, pull, start)
  const saved = JSON.parse(readFileSync(MERGED_EVENT, 'utf8')) as Record<string, unknown>
  const queue = [...pulls]
  const worker = async (): Promise<void> => {
    for (let pull = queue.shift(); pull; pull = queue.shift()) {
      const options: RunOptions = {
        node,
        eventName: 'pull_request_target',
        event: mergedEvent(saved, pull, isoSeconds(mergedAt(start, pull))),
        env: { ...githubVariables(week.github), GITHUB_RUN_ID: String(8000 + pull.number) },
        inputs: inputs(week.simulator, {
          prompt: 'The pull request below was merged. Update the documentation for what it changes.'
        })
      }
      await record(week, `#${pull.number} merged`, runAction(options))
    }
  }
  await Promise.all(Array.from({ length: PER_PULL_AT_ONCE }, worker))
  return finish(week)
}

async function startWeek(): Promise<Week> {
  const permissions = Object.fromEntries(AUTHORS.map((login) => [login, 'write' as const]))
  const github = await startFakeGitHub({ permissions })
  const simulator = await startSimulator({
    scenario: {
      apiKey: API_KEY,
      projectId: PROJECT,
      durationMs: JOB_MS,
      repository: `https://github.com/${OWNER}/${REPO}`
    }
  })
  // The agent's pull requests, one per job at most.
  for (let number = 1; number < FIRST_MERGED; number++) github.addPullRequest(OWNER, REPO, number, 'docs-agent[bot]')
  const close = async (): Promise<void> => {
    await Promise.all([github.close(), simulator.close()])
  }
  return { merged: [], runs: [], creates: 0, github, simulator, close }
}

function finish(week: Week): Week {
  week.creates = week.simulator.requests.filter((r) => r.method === 'POST' && /\/job$/.test(r.path)).length
  week.runs.sort((a, b) => a.label.localeCompare(b.label, 'en', { numeric: true }))
  return week
}

/** Midnight (UTC) eight days ago: the week's last digest runs yesterday morning. */
function weekStart(): number {
  return Math.floor(Date.now() / DAY_MS) * DAY_MS - (DAYS + 1) * DAY_MS
}

function mergedAt(start: number, pull: MergedPull): number {
  const index = (pull.number - FIRST_MERGED) % MERGES_PER_DAY
  return start + pull.day * DAY_MS + WORKDAY.startMs + Math.floor((WORKDAY.lengthMs * index) / MERGES_PER_DAY)
}

function seedMerge(week: Week, pull: MergedPull, start: number, at = mergedAt(start, pull)): void {
  week.merged.push(pull)
  week.github.changes.addPullRequest(OWNER, REPO, {
    number: pull.number,
    title: pull.title,
    body: bodyOf(pull),
    author: pull.author,
    mergedAt: isoSeconds(at),
    changes: [{ path: pull.path, added: [`// ${pull.title} (#${pull.number})`] }]
  })
  if (pull.skipped) week.github.label(OWNER, REPO, pull.number, SKIP_LABEL)
}

function bodyOf(pull: MergedPull): string {
  return `${pull.title}. Touches \`${pull.path}\`.`
}

/** The saved merged-PR payload, made this pull request's. */
function mergedEvent(saved: Record<string, unknown>, pull: MergedPull, at: string): Record<string, unknown> {
  const user = { login: pull.author, id: 7_000_000 + pull.number, type: 'User', site_admin: false }
  const labels = pull.skipped ? [{ id: 1, name: SKIP_LABEL }] : []
  const pullRequest = saved.pull_request as Record<string, unknown>
  return {
    ...saved,
    number: pull.number,
    pull_request: {
      ...pullRequest,
      number: pull.number,
      html_url: `https://github.com/${OWNER}/${REPO}/pull/${pull.number}`,
      title: pull.title,
      body: bodyOf(pull),
      user,
      labels,
      merged_at: at,
      closed_at: at,
      updated_at: at
    }
  }
}

/** A scheduled digest whose clock reads `at`, attempt `attempt` of workflow run `runId`. */
function digest(node: string, week: Week, runId: string, at: number, attempt: string): Promise<ActionRun> {
  return runAction({
    node,
    eventName: 'schedule',
    event: { schedule: '17 6 * * *' },
    env: {
      ...githubVariables(week.github),
      GITHUB_RUN_ID: runId,
      GITHUB_RUN_ATTEMPT: attempt,
      ...clockAheadEnv(at - Date.now())
    },
    inputs: inputs(week.simulator, {
      mode: 'digest',
      prompt:
        'Update the documentation for the pull requests merged since the last digest, described below. ' +
        'Change only what they make out of date or leave undocumented.'
    })
  })
}

/** The workflow's `with:` block, shared by both ways: reviewers are the authors, docs PRs labelled. */
function inputs(simulator: Simulator, more: Record<string, string>): Record<string, string> {
  return benchInputs(simulator, {
    'poll-interval': '1s',
    timeout: '30s',
    comment: 'true',
    'github-token': TOKEN,
    'skip-label': SKIP_LABEL,
    'pr-reviewers': 'requester',
    'pr-labels': 'documentation',
    ...more
  })
}

function githubVariables(github: FakeGitHub): Record<string, string> {
  return { GITHUB_API_URL: github.url, GITHUB_SERVER_URL: 'https://github.com', GITHUB_REPOSITORY: `${OWNER}/${REPO}` }
}

async function record(week: Week, label: string, running: Promise<ActionRun>): Promise<void> {
  const run = await running
  const prompt = run.outputs.prompt ?? ''
  const told = [...prompt.matchAll(new RegExp(`/${OWNER}/${REPO}/pull/(\\d+)`, 'g'))].map((match) => Number(match[1]))
  week.runs.push({
    label,
    code: run.code ?? 1,
    status: run.outputs.status ?? '',
    jobId: run.outputs['job-id'] ?? '',
    prLink: run.outputs['pr-link'] ?? '',
    told: [...new Set(told)].filter((number) => number >= FIRST_MERGED),
    promptChars: prompt.length,
    stdout: run.stdout,
    summary: run.summary
  })
}

function isoSeconds(ms: number): string {
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z')
}
