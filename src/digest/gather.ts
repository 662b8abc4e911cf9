// What a digest gathers from GitHub, within the time `timeout` gives it (docs/design.md, "What a
// run in digest mode does"): the branch's head, its first-parent history since the range's start,
// the pull requests that merged each commit, and what each of those changes. I/O; range.ts decides.
// Reads go a few at a time, each under its own limits from when it is sent; once the time is up no
// read starts, and the range ends at the last commit whose pull requests were read (the rest is the
// next digest's), while a pull request whose changes were not read keeps a part without them.
import type { Clock } from '../base/clock.js'
import { pooled } from '../base/pool.js'
import { SOCKETS_PER_HOST } from '../http/transport.js'
import { readContext } from '../context/read.js'
import type { ContextFacts } from '../context/section.js'
import { CALL_BUDGET_MS, type GitHubApi, type ListedPull } from '../github/api.js'
import type { BranchCommit } from '../github/digest-reads.js'
import { firstStart, historyAfter, historyBackTo, pullsOfRange, type RangeStart } from './range.js'

/**
 * Reads in flight at once: as many as the transport has sockets for GitHub, so that none waits for
 * a socket while its time runs; a pull request's changes are two reads (its files and its diff).
 */
const READS_AT_ONCE = SOCKETS_PER_HOST
export const PULLS_AT_ONCE = Math.max(1, SOCKETS_PER_HOST / 2)
/** No read starts with less time than this left before the deadline: it would be cut off. */
const LEAST_READ_MS = 1_000
/** The most pages of commits a digest reads: 1,000 commits since the last one. */
export const COMMIT_PAGES = 10
/** The time the commit pages take together, where one call has 10 s: GitHub may take a second or more a page. */
const COMMIT_PAGES_BUDGET_MS = 60_000

export interface GatheredRange {
  start: RangeStart
  /** The commit the range ends at: the head, or the last commit read when the range was cut short. */
  end: BranchCommit
  pulls: ListedPull[]
  /** Set when the range ends before the head (more commits than a digest reads, or the time ran out): the rest is the next digest's. */
  cutShort?: 'commits' | 'time'
  /** An instant start whose commits were not all listed: the merges before the oldest listed are not covered. */
  startUnreached?: true
}

/** The time a digest's gathering may take, and the run's clock. */
export interface GatherTime {
  clock: Clock
  /** Clock time by which gathering is over. */
  deadline: number
}

/** The range after `start` (undefined: a first digest) on `branch`, and its pull requests. */
export async function gatherRange(
  api: GitHubApi,
  branch: string,
  start: RangeStart | undefined,
  time: GatherTime
): Promise<GatheredRange> {
  const head = await api.getCommit(branch, timed(api, time).limits())
  const from = start ?? firstStart(head)
  if (from.kind === 'commit' && from.sha === head.sha) return { start: from, end: head, pulls: [] }
  const { commits, complete, startUnreached } = await historySince(api, head, from, time)
  // A read the deadline cut off ends the range before its commit, as one never started does.
  const started = await pooled(
    commits,
    READS_AT_ONCE,
    (commit) =>
      api.pullsOfCommit(commit.sha, timed(api, time).limits()).catch((error: unknown) => {
        if (time.clock.now() < time.deadline) throw error
        return undefined
      }),
    () => time.clock.now() + LEAST_READ_MS < time.deadline
  )
  const cutOff = started.indexOf(undefined)
  const reads = (cutOff < 0 ? started : started.slice(0, cutOff)).flatMap((read) => (read ? [read] : []))
  // With no commit read there is no pull request either, and nothing is recorded.
  const end = commits[reads.length - 1] ?? head
  const cutShort = reads.length < commits.length ? 'time' : complete ? undefined : 'commits'
  return {
    start: from,
    end,
    pulls: pullsOfRange(reads, from, branch),
    ...(cutShort && { cutShort }),
    ...(startUnreached && { startUnreached })
  }
}

/** The first-parent commits after the start up to the head, oldest first. */
async function historySince(
  api: GitHubApi,
  head: BranchCommit,
  start: RangeStart,
  time: GatherTime
): Promise<{ commits: BranchCommit[]; complete: boolean; startUnreached?: true }> {
  if (start.kind === 'commit') {
    const compared = await api.compareCommits(
      start.sha,
      head.sha,
      timed(api, time).limits(COMMIT_PAGES_BUDGET_MS),
      COMMIT_PAGES
    )
    // A start GitHub no longer knows (the history was rewritten): from its instant instead.
    if (compared !== undefined) {
      const commits = historyAfter(start.sha, compared.commits)
      return { commits, complete: compared.complete }
    }
  }
  const listed = await api.listCommitsSince(
    head.sha,
    start.at,
    timed(api, time).limits(COMMIT_PAGES_BUDGET_MS),
    COMMIT_PAGES
  )
  const range = historyBackTo(head.sha, start.at, listed.commits)
  return { commits: range.commits, complete: true, ...(!range.reachesStart && { startUnreached: true }) }
}

/**
 * What each pull request changes, read a few at a time; one reached after the deadline keeps its part
 * without its changes. Of each diff, `diffBudget` characters at most are kept (src/context/read.ts).
 */
export async function readPullChanges(
  api: GitHubApi,
  repository: string,
  pulls: readonly ListedPull[],
  time: GatherTime,
  diffBudget: number
): Promise<{ facts: ContextFacts[]; warnings: string[] }> {
  const readings = await pooled(
    pulls,
    PULLS_AT_ONCE,
    (pull) => readContext({ kind: 'pull', pull }, repository, timed(api, time), diffBudget),
    () => time.clock.now() + LEAST_READ_MS < time.deadline
  )
  const unread = pulls.slice(readings.length).map((pull): ContextFacts => ({
    repository,
    subject: { kind: 'pull', pull },
    notes: [UNREAD_NOTE]
  }))
  const warnings = readings.flatMap((reading) => reading.warnings)
  if (unread.length > 0) warnings.push(unreadWarning(unread.length))
  return { facts: [...readings.map((reading) => reading.facts), ...unread], warnings }
}

const UNREAD_NOTE =
  "Not read: the changed files and the diff (the digest's gathering reached its time limit, `timeout`)."

function unreadWarning(count: number): string {
  const many = count === 1 ? 'pull request' : 'pull requests'
  return (
    `The digest's gathering reached its time limit (\`timeout\`) before reading what ${count} ${many} change: ` +
    `${count === 1 ? 'it gets its part' : 'they get their parts'} without files or diff. A longer timeout gives them the time.`
  )
}

/** The API with every call's limits ending by the gathering's deadline, each from when it is sent. */
function timed(api: GitHubApi, { clock, deadline }: GatherTime): GitHubApi {
  return {
    ...api,
    limits: (budgetMs = CALL_BUDGET_MS) => api.limits(Math.max(1, Math.min(budgetMs, deadline - clock.now())))
  }
}
