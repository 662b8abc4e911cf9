// The GitHub calls only a digest makes: the repository's default branch, a branch's commits (from
// one commit to its head, or back to a date), the pull requests a commit was merged by, and the
// digest thread found by its label or opened once (docs/design.md, "What a run in digest mode does").
import type { CallLimits, RepositoryCalls } from './calls.js'
import { httpStatusOf } from './calls.js'
import type { Call } from './octokit.js'
import { described, isArray, isInteger, isRecord, isString, nullable, type Schemas } from './described.js'
import { isPerson, type Person, type PullRequest, readIssue, readPullRequest } from './records.js'

/** A merged pull request, with what a digest decides on. */
export interface ListedPull extends PullRequest {
  /** merged_at in milliseconds; undefined for one not merged. */
  mergedAt: number | undefined
  /** Its labels' names. */
  labels: string[]
  /** The account that opened it, with GitHub's `type` (a bot's is "Bot"); undefined for a deleted account. */
  authorAccount: Person | undefined
}

/** A commit of a branch's history: its parents (the first is the branch before it) and GitHub's committer date. */
export interface BranchCommit {
  sha: string
  parents: string[]
  /** The committer date, in milliseconds. */
  committedAt: number
}

/** Commits read, and whether every page was. */
export interface CommitsRead {
  commits: BranchCommit[]
  complete: boolean
}

/** An issue carrying the digest label, with the text that may bind it as the digest thread. */
export interface LabelledIssue {
  number: number
  body: string
}

export interface DigestReads {
  /** GET /repos/{o}/{r}: the branch pull requests are merged into unless they say otherwise. */
  getDefaultBranch(limits: CallLimits): Promise<string>
  /** GET /repos/{o}/{r}/commits/{ref}: a branch's head commit, or any commit. */
  getCommit(ref: string, limits: CallLimits): Promise<BranchCommit>
  /**
   * GET /repos/{o}/{r}/compare/{base}...{head}?per_page=100&page=N: the commits after `base` up to
   * `head`, oldest first, at most `maxPages` pages; undefined when GitHub knows no such `base` (404:
   * the history was rewritten).
   */
  compareCommits(base: string, head: string, limits: CallLimits, maxPages: number): Promise<CommitsRead | undefined>
  /**
   * GET /repos/{o}/{r}/commits?sha={head}&since={ISO}&per_page=100: the commits reachable from `head`
   * whose committer date is at or after `since`, newest first, at most `maxPages` pages.
   */
  listCommitsSince(head: string, since: number, limits: CallLimits, maxPages: number): Promise<CommitsRead>
  /**
   * GET /repos/{o}/{r}/commits/{sha}/pulls: the pull requests that merged the commit (and, off the
   * default branch, open ones, its head's among them: the docs check reads those, docs-check.ts).
   */
  pullsOfCommit(sha: string, limits: CallLimits): Promise<ListedPull[]>
  /**
   * GET /issues?labels=L&state=open, then state=closed, oldest first: the issues (not pull requests)
   * that carry the label, the open ones first, with their text.
   */
  listLabelledIssues(label: string, limits: CallLimits): Promise<LabelledIssue[]>
  /** POST /issues with a title, a body and one label: its number. Not tried again: a second try could open a second issue. */
  openIssue(issue: { title: string; body: string; label: string }, limits: CallLimits): Promise<number>
  /** PATCH /issues/{n} with a new body. */
  editIssueBody(issueNumber: number, body: string, limits: CallLimits): Promise<void>
}

const PAGE_SIZE = 100

const isRepository = described<Schemas['full-repository']>()({ default_branch: isString })

const isMergedPull = described<Schemas['pull-request-simple']>()({
  merged_at: nullable(isString),
  labels: isArray,
  user: nullable(isPerson)
})

function readListedPull(value: unknown): ListedPull | undefined {
  const pull = readPullRequest(value)
  if (!pull || !isMergedPull(value)) return undefined
  const mergedAt = value.merged_at === null ? undefined : Date.parse(value.merged_at)
  if (Number.isNaN(mergedAt)) return undefined
  const labels = value.labels.flatMap((label) => (isRecord(label) && isString(label.name) ? [label.name] : []))
  const authorAccount = value.user === null ? undefined : { login: value.user.login, type: value.user.type }
  // The listing leaves `merged` out: merged_at says it.
  return { ...pull, merged: mergedAt !== undefined, mergedAt, labels, authorAccount }
}

const isCommit = described<Schemas['commit']>()({ sha: isString, parents: isArray, commit: isRecord })

function readCommit(value: unknown): BranchCommit | undefined {
  if (!isCommit(value)) return undefined
  const committer = value.commit.committer
  const date = isRecord(committer) && isString(committer.date) ? Date.parse(committer.date) : Number.NaN
  const parents = value.parents.flatMap((parent) => (isRecord(parent) && isString(parent.sha) ? [parent.sha] : []))
  if (Number.isNaN(date) || parents.length !== value.parents.length) return undefined
  return { sha: value.sha, parents, committedAt: date }
}

const isComparison = described<Schemas['commit-comparison']>()({ commits: isArray, total_commits: isInteger })

export function digestReads({ octokit, repo, json, page }: RepositoryCalls): DigestReads {
  const { issues, repos } = octokit.rest
  return {
    getDefaultBranch: (limits) =>
      json(
        'repository read',
        true,
        limits,
        (request) => repos.get({ ...repo, request }),
        (answer) => (isRepository(answer) && answer.default_branch !== '' ? answer.default_branch : undefined)
      ),
    getCommit: (ref, limits) =>
      json('commit read', true, limits, (request) => repos.getCommit({ ...repo, ref, request }), readCommit),
    async compareCommits(base, head, limits, maxPages) {
      const commits: BranchCommit[] = []
      let total = Infinity
      try {
        for (let number = 1; number <= maxPages && commits.length < total; number++) {
          const read = await json(
            'commit comparison',
            true,
            limits,
            (request) =>
              repos.compareCommitsWithBasehead({
                ...repo,
                basehead: `${base}...${head}`,
                per_page: PAGE_SIZE,
                page: number,
                request
              }),
            (answer) => {
              if (!isComparison(answer)) return undefined
              const listed = answer.commits.flatMap((commit) => readCommit(commit) ?? [])
              return listed.length === answer.commits.length ? { listed, total: answer.total_commits } : undefined
            }
          )
          commits.push(...read.listed)
          total = read.total
          if (read.listed.length === 0) break
        }
      } catch (error) {
        if (httpStatusOf(error) === 404) return undefined
        throw error
      }
      return { commits, complete: commits.length >= total }
    },
    async listCommitsSince(head, since, limits, maxPages) {
      const first: Call<unknown> = (request) =>
        repos.listCommits({
          ...repo,
          sha: head,
          since: new Date(since).toISOString().replace(/\.\d{3}Z$/, 'Z'),
          per_page: PAGE_SIZE,
          request
        })
      let next: Call<unknown> | string | undefined = first
      const commits: BranchCommit[] = []
      for (let pages = 0; next !== undefined && pages < maxPages; pages++) {
        const read: { items: BranchCommit[]; next: string | undefined } = await page(
          'commit listing',
          limits,
          next,
          readCommit
        )
        commits.push(...read.items)
        next = read.next
      }
      return { commits, complete: next === undefined }
    },
    async pullsOfCommit(sha, limits) {
      const first: Call<unknown> = (request) =>
        repos.listPullRequestsAssociatedWithCommit({ ...repo, commit_sha: sha, per_page: PAGE_SIZE, request })
      return (await page("commit's pull request read", limits, first, readListedPull)).items
    },
    async listLabelledIssues(label, limits) {
      const found: LabelledIssue[] = []
      for (const state of ['open', 'closed'] as const) {
        const first: Call<unknown> = (request) =>
          issues.listForRepo({
            ...repo,
            labels: label,
            state,
            sort: 'created',
            direction: 'asc',
            per_page: PAGE_SIZE,
            request
          })
        const { items } = await page('digest thread listing', limits, first, readIssue)
        found.push(...items.filter((issue) => !issue.isPullRequest).map(({ number, body }) => ({ number, body })))
      }
      return found
    },
    openIssue: ({ title, body, label }, limits) =>
      json(
        'issue creation',
        false,
        limits,
        (request) => issues.create({ ...repo, title, body, labels: [label], request }),
        (answer) => readIssue(answer)?.number
      ),
    async editIssueBody(issueNumber, body, limits) {
      await json(
        'issue edit',
        true,
        limits,
        (request) => issues.update({ ...repo, issue_number: issueNumber, body, request }),
        (answer) => readIssue(answer)?.number
      )
    }
  }
}
