// The REST reads of what changed (pull requests, their files and diffs, comparisons, issues,
// releases), as GitHubApi methods over the bounded calls of calls.ts, which make every one of them
// tried again, timed and failed as any GitHub call.
import type { BodyReader } from '../http/transport.js'
import type { CallLimits, RepositoryCalls } from './calls.js'
import type { Call } from './octokit.js'
import { described, isArray, optional, type Schemas } from './described.js'
import { WithoutPatches } from './without-patches.js'
import {
  type ChangedFile,
  type Commit,
  type Issue,
  type PullRequest,
  readChangedFile,
  readIssue,
  readList,
  readListedCommit,
  readPullRequest,
  readRelease,
  readTagName,
  type Release
} from './records.js'

/** The most commits a tag's read tells: one page of GitHub's listing. */
export const COMMITS_READ = 100
/** The most files GitHub lists of a comparison, however many changed. */
export const COMPARED_FILES_LISTED = 300

export interface ChangeReads {
  /** GET /issues/{n}: an issue, or a pull request seen as an issue (then `isPullRequest`). */
  getIssue(issueNumber: number, limits: CallLimits): Promise<Issue>
  /** GET /pulls/{n}. */
  getPullRequest(pullNumber: number, limits: CallLimits): Promise<PullRequest>
  /** GET /pulls/{n}/files, every page: at most 3000 files, GitHub's limit. */
  listPullRequestFiles(pullNumber: number, limits: CallLimits): Promise<ChangedFile[]>
  /**
   * GET /pulls/{n} as application/vnd.github.diff: GitHub answers 406 past 300 files or 20,000 lines.
   * `keep`: what is kept of it as it arrives (default: all of it).
   */
  getPullRequestDiff(pullNumber: number, limits: CallLimits, keep?: () => BodyReader): Promise<string>
  /** GET /compare/{base}...{head}: the files changed, at most COMPARED_FILES_LISTED (on its first page). */
  listComparedFiles(base: string, head: string, limits: CallLimits): Promise<ChangedFile[]>
  /** GET /compare/{base}...{head} as application/vnd.github.diff; `keep` as for getPullRequestDiff. */
  getComparisonDiff(base: string, head: string, limits: CallLimits, keep?: () => BodyReader): Promise<string>
  /** GET /releases, the first page of 100: the newest releases, drafts included for those who may see them. */
  listReleases(limits: CallLimits): Promise<Release[]>
  /** GET /tags, the first page of 100 names, in GitHub's order. */
  listTags(limits: CallLimits): Promise<string[]>
  /** GET /compare/{base}...{head}, the first page of COMMITS_READ commits: the oldest of the range. */
  listComparedCommits(base: string, head: string, limits: CallLimits): Promise<Commit[]>
  /** GET /commits?sha={ref}, the first page of COMMITS_READ commits: the newest reachable from `ref`. */
  listCommits(ref: string, limits: CallLimits): Promise<Commit[]>
}

/** The tags a listing reads: GitHub's largest page, the newest tags first. */
export const TAGS_LISTED = 100

// A comparison without changed files leaves `files` out.
const isComparison = described<Schemas['commit-comparison']>()({ files: optional(isArray), commits: isArray })

export function changeReads({ octokit, repo, send, json: call, list: listAll }: RepositoryCalls): ChangeReads {
  const { issues, pulls, repos } = octokit.rest
  const json = <T>(what: string, limits: CallLimits, get: Call<unknown>, read: (value: unknown) => T | undefined) =>
    call(what, true, limits, get, read)
  const diff = async (limits: CallLimits, get: Call<unknown>, keep: (() => BodyReader) | undefined) =>
    String((await send('diff read', true, limits, get, { text: true, ...(keep && { bodyReader: keep }) })).data)
  const asDiff = { mediaType: { format: 'diff' } }
  const basehead = (base: string, head: string) => `${base}...${head}`
  return {
    getIssue: (issueNumber, limits) =>
      json('issue read', limits, (request) => issues.get({ ...repo, issue_number: issueNumber, request }), readIssue),
    getPullRequest: (pullNumber, limits) =>
      json(
        'pull request read',
        limits,
        (request) => pulls.get({ ...repo, pull_number: pullNumber, request }),
        readPullRequest
      ),
    listPullRequestFiles: async (pullNumber, limits) =>
      (
        await listAll(
          'file listing',
          limits,
          (request) => pulls.listFiles({ ...repo, pull_number: pullNumber, per_page: 100, request }),
          readChangedFile,
          { bodyReader: () => new WithoutPatches() }
        )
      ).items,
    getPullRequestDiff: (pullNumber, limits, keep) =>
      diff(limits, (request) => pulls.get({ ...repo, pull_number: pullNumber, ...asDiff, request }), keep),
    // With a page size, the commits come a page at a time and the files (up to 300) with the first
    // page: one commit is all this read needs of them.
    listComparedFiles: (base, head, limits) =>
      call(
        'comparison read',
        true,
        limits,
        (request) =>
          repos.compareCommitsWithBasehead({ ...repo, basehead: basehead(base, head), per_page: 1, request }),
        (answer) => (isComparison(answer) ? readList(answer.files ?? [], readChangedFile) : undefined),
        { bodyReader: () => new WithoutPatches() }
      ),
    listComparedCommits: (base, head, limits) =>
      json(
        'comparison read',
        limits,
        (request) =>
          repos.compareCommitsWithBasehead({
            ...repo,
            basehead: basehead(base, head),
            per_page: COMMITS_READ,
            request
          }),
        (answer) => (isComparison(answer) ? readList(answer.commits, readListedCommit) : undefined)
      ),
    listCommits: (ref, limits) =>
      json(
        'commit listing',
        limits,
        (request) => repos.listCommits({ ...repo, sha: ref, per_page: COMMITS_READ, request }),
        (answer) => readList(answer, readListedCommit)
      ),
    listTags: (limits) =>
      json(
        'tag listing',
        limits,
        (request) => repos.listTags({ ...repo, per_page: TAGS_LISTED, request }),
        (answer) => readList(answer, readTagName)
      ),
    getComparisonDiff: (base, head, limits, keep) =>
      diff(
        limits,
        (request) => repos.compareCommitsWithBasehead({ ...repo, basehead: basehead(base, head), ...asDiff, request }),
        keep
      ),
    // The newest releases, which is where the one before a new release is.
    listReleases: (limits) =>
      json(
        'release listing',
        limits,
        (request) => repos.listReleases({ ...repo, per_page: 100, request }),
        (answer) => readList(answer, readRelease)
      )
  }
}
