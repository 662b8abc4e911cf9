// The GitHub calls only a digest makes: the repository's default branch, the closed pull requests
// into a branch (the newest updated first, a page at a time), and the digest thread found by its
// label or opened once.
import type { CallLimits, RepositoryCalls } from './calls.js'
import { described, isArray, isString, nullable, type Schemas } from './described.js'
import { isRecord, type PullRequest, readIssue, readPullRequest } from './records.js'

/** A closed pull request of the listing, with what a digest decides on. */
export interface ListedPull extends PullRequest {
  /** merged_at in milliseconds; undefined for one closed without a merge. */
  mergedAt: number | undefined
  /** updated_at in milliseconds: the listing's order. */
  updatedAt: number
  /** Its labels' names. */
  labels: string[]
}

/** What a listing of closed pull requests read. */
export type ClosedPulls =
  | { pulls: ListedPull[]; complete: true }
  /** `listedAfter`: the update time of the last pull request the pages held. */
  | { pulls: ListedPull[]; complete: false; listedAfter: number }

export interface DigestReads {
  /** GET /repos/{o}/{r}: the branch pull requests are merged into unless they say otherwise. */
  getDefaultBranch(limits: CallLimits): Promise<string>
  /**
   * GET /pulls?state=closed&base=B&sort=updated&direction=desc&per_page=100, page after page until
   * `enough` says a page's last pull request is past what is needed, at most `maxPages` pages, then
   * page 1 again when there were more; each pull request once. `complete` when the listing ended or
   * `enough` said so; otherwise every pull request updated after `listedAfter` was listed.
   */
  listClosedPulls(
    base: string,
    limits: CallLimits,
    options: { maxPages: number; enough: (lastUpdatedAt: number) => boolean }
  ): Promise<ClosedPulls>
  /**
   * GET /issues?labels=L&state=open&sort=created&direction=asc: the oldest open issue (not a pull
   * request) with the label; when none is open, the oldest closed one (state=closed): closing the
   * digest thread must not make the next digest forget, and an old thread labelled again must not
   * take over from the open one.
   */
  findIssueLabelled(label: string, limits: CallLimits): Promise<number | undefined>
  /** POST /issues with a title, a body and one label: its number. Not tried again: a second try could open a second issue. */
  openIssue(issue: { title: string; body: string; label: string }, limits: CallLimits): Promise<number>
}

const isRepository = described<Schemas['full-repository']>()({ default_branch: isString })

const isTimedPull = described<Schemas['pull-request-simple']>()({
  merged_at: nullable(isString),
  updated_at: isString,
  labels: isArray
})

function readListedPull(value: unknown): ListedPull | undefined {
  const pull = readPullRequest(value)
  if (!pull || !isTimedPull(value)) return undefined
  const updatedAt = Date.parse(value.updated_at)
  const mergedAt = value.merged_at === null ? undefined : Date.parse(value.merged_at)
  if (Number.isNaN(updatedAt) || Number.isNaN(mergedAt)) return undefined
  const labels = value.labels.flatMap((label) => (isRecord(label) && isString(label.name) ? [label.name] : []))
  // The listing leaves `merged` out: merged_at says it.
  return { ...pull, merged: mergedAt !== undefined, mergedAt, updatedAt, labels }
}

export function digestReads({ repo, json, page }: RepositoryCalls): DigestReads {
  return {
    getDefaultBranch: (limits) =>
      json('repository read', true, limits, { method: 'GET', path: repo }, (answer) =>
        isRepository(answer) && answer.default_branch !== '' ? answer.default_branch : undefined
      ),
    async listClosedPulls(base, limits, { maxPages, enough }) {
      const first = `${repo}/pulls?state=closed&base=${encodeURIComponent(base)}&sort=updated&direction=desc&per_page=100`
      const read = (path: string) => page('pull request listing', limits, path, readListedPull)
      const pulls: ListedPull[] = []
      let next: string | undefined = first
      let pages = 0
      for (; next !== undefined && pages < maxPages; pages++) {
        const { items, next: after }: { items: ListedPull[]; next: string | undefined } = await read(next)
        pulls.push(...items)
        const last = items.at(-1)
        next = last === undefined || enough(last.updatedAt) ? undefined : after
      }
      const listedAfter = pulls.at(-1)?.updatedAt
      // Paged by offset over a changing order: a pull request updated while later pages were read
      // moves to page 1, already read, and the pages after it shift. Page 1 read again holds it.
      const moved = pages > 1 ? (await read(first)).items : []
      const byNumber = new Map([...pulls, ...moved].map((pull) => [pull.number, pull]))
      const listed = [...byNumber.values()]
      return next === undefined || listedAfter === undefined
        ? { pulls: listed, complete: true }
        : { pulls: listed, complete: false, listedAfter }
    },
    async findIssueLabelled(label, limits) {
      for (const state of ['open', 'closed']) {
        const query = `labels=${encodeURIComponent(label)}&state=${state}&sort=created&direction=asc&per_page=100`
        const { items } = await page('digest thread listing', limits, `${repo}/issues?${query}`, readIssue)
        const found = items.find((issue) => !issue.isPullRequest)?.number
        if (found !== undefined) return found
      }
      return undefined
    },
    openIssue: ({ title, body, label }, limits) =>
      json(
        'issue creation',
        false,
        limits,
        { method: 'POST', path: `${repo}/issues`, body: { title, body, labels: [label] } },
        (answer) => readIssue(answer)?.number
      )
  }
}
