// The REST reads of what changed (pull requests, their files and diffs, comparisons, issues,
// releases), as GitHubApi methods over the bounded calls of api.ts, which make every one of them
// tried again, timed and failed as any GitHub call.
import type { GitHubApi } from './api.js'
import type { CallLimits, RepositoryCalls } from './calls.js'
import { described, isArray, optional, type Schemas } from './described.js'
import { readChangedFile, readIssue, readList, readPullRequest, readRelease } from './records.js'

export type ChangeReads = Pick<
  GitHubApi,
  | 'getIssue'
  | 'getPullRequest'
  | 'listPullRequestFiles'
  | 'getPullRequestDiff'
  | 'listComparedFiles'
  | 'getComparisonDiff'
  | 'listReleases'
>

const DIFF_MEDIA_TYPE = 'application/vnd.github.diff'

// A comparison without changed files leaves `files` out.
const isComparison = described<Schemas['commit-comparison']>()({ files: optional(isArray) })

export function changeReads({ repo, send, json: call, list: listAll }: RepositoryCalls): ChangeReads {
  const json = <T>(what: string, limits: CallLimits, path: string, read: (value: unknown) => T | undefined) =>
    call(what, true, limits, { method: 'GET', path }, read)
  const list = async <T>(what: string, limits: CallLimits, path: string, read: (item: unknown) => T | undefined) =>
    (await listAll(what, limits, path, read)).items
  const text = async (what: string, limits: CallLimits, path: string, accept: string) =>
    (await send(what, true, limits, { method: 'GET', path, accept })).text
  const comparison = (base: string, head: string) =>
    `${repo}/compare/${encodeURIComponent(base)}...${encodeURIComponent(head)}`
  return {
    getIssue: (issueNumber, limits) => json('issue read', limits, `${repo}/issues/${issueNumber}`, readIssue),
    getPullRequest: (pullNumber, limits) =>
      json('pull request read', limits, `${repo}/pulls/${pullNumber}`, readPullRequest),
    listPullRequestFiles: (pullNumber, limits) =>
      list('file listing', limits, `${repo}/pulls/${pullNumber}/files?per_page=100`, readChangedFile),
    getPullRequestDiff: (pullNumber, limits) =>
      text('diff read', limits, `${repo}/pulls/${pullNumber}`, DIFF_MEDIA_TYPE),
    // With a page size, the commits come a page at a time and the files (up to 300) with the first
    // page: one commit is all this read needs of them.
    listComparedFiles: (base, head, limits) =>
      json('comparison read', limits, `${comparison(base, head)}?per_page=1`, (answer) =>
        isComparison(answer) ? readList(answer.files ?? [], readChangedFile) : undefined
      ),
    getComparisonDiff: (base, head, limits) => text('diff read', limits, comparison(base, head), DIFF_MEDIA_TYPE),
    // The newest releases, which is where the one before a new release is.
    listReleases: (limits) =>
      json('release listing', limits, `${repo}/releases?per_page=100`, (answer) => readList(answer, readRelease))
  }
}
