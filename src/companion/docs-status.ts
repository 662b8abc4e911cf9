// The `docs` check on the code pull request's head (docs/companion.md, "The docs check"): which state
// each moment of a companion job leaves it in, with the words and the link a reviewer sees. Pure: the
// status is written by docs-check.ts. Every moment the companion workflow sees ends in
// a state, and every waiting one (pending) has a run or a reconcile run to come that ends it.
import type { CommitStatus } from '../github/status-calls.js'
import { parsePullRequestLink } from '../github/pull-request-link.js'
import { isTerminal } from '../agent/job.js'
import { jobOf, type RunResult } from '../job/result.js'
import { type DocsCheck, docsCheckWords } from './status-words.js'

export type { DocsCheck } from './status-words.js'

/** The status context: what a team names in branch protection or a ruleset as a required check. */
export const DOCS_CONTEXT = 'docs'
/** GitHub refuses a longer description (422). */
export const DESCRIPTION_LIMIT = 140

const STATES: Record<DocsCheck['kind'], CommitStatus['state']> = {
  working: 'pending',
  queued: 'pending',
  'not-sent': 'pending',
  documented: 'success',
  unchanged: 'success',
  failed: 'failure',
  refused: 'failure',
  lost: 'failure',
  'not-documented': 'success',
  skipped: 'success'
}

/**
 * Whether a check speaks for one pull request rather than for the docs of its head commit: a status
 * belongs to the commit, and every open pull request with that head shows it, so such a check is
 * written only when no other open pull request has that head (sharedHeadOf): else a stranger's pull
 * request with a writer's head would end, or reopen, the writer's check.
 */
export function speaksForPullRequest(check: DocsCheck): boolean {
  return check.kind === 'not-documented' || check.kind === 'skipped' || check.kind === 'not-sent'
}

/** An open pull request other than `number` whose head is `sha`, of those GitHub lists for the commit. */
export function sharedHeadOf(
  pulls: readonly { number: number; state: string; headSha?: string | undefined }[],
  sha: string,
  number: number
): number | undefined {
  const same = (other: string | undefined) => other !== undefined && other.toLowerCase() === sha.toLowerCase()
  return pulls.find((pull) => pull.number !== number && pull.state === 'open' && same(pull.headSha))?.number
}

/** Where the check links: the companion docs pull request, else the progress comment, else the run. */
export interface CheckLinks {
  companion?: string | undefined
  comment?: string | undefined
  run?: string | undefined
}

export function docsStatus(check: DocsCheck, links: CheckLinks): CommitStatus {
  return {
    context: DOCS_CONTEXT,
    state: STATES[check.kind],
    description: plainDescription(docsCheckWords(check)),
    targetUrl: links.companion ?? links.comment ?? links.run
  }
}

/** The companion docs pull request, named as the check names it (owner/repo#n). */
export interface Companion {
  name: string
  url: string
}

/** The companion a link names, when it is a pull request on this server; undefined for anything else. */
export function companionAt(link: string | null | undefined, serverUrl: string): Companion | undefined {
  const pullRequest = parsePullRequestLink(link, serverUrl)
  return pullRequest && link ? { name: `${pullRequest.repository}#${pullRequest.number}`, url: link } : undefined
}

/** What a run's result says of the job on the head it worked on; `companion` when the job's record links one. */
export function checkOfResult(result: RunResult, companion: Companion | undefined): DocsCheck | undefined {
  switch (result.kind) {
    case 'skipped':
      return undefined
    case 'queued':
      return { kind: 'queued' }
    case 'started':
    case 'timed-out':
    case 'cancelled':
      return { kind: 'working' }
    case 'finished':
      return endOf(result.job.status, companion)
    case 'error': {
      const job = jobOf(result)
      if (job) return isTerminal(job.status) ? endOf(job.status, companion) : { kind: 'working' }
      // A follow-up that got no answer may be at work; the next push or a reconcile run tells.
      if (result.unsureMessage) return { kind: 'working' }
      // A follow-up refused (the hourly limit): the job has an earlier head; the next event sends this one.
      if (result.jobId !== undefined) return { kind: 'not-sent', reason: result.message }
      return { kind: 'refused', reason: result.message }
    }
  }
}

/** The check once the job ended with `status`. */
export function endOf(status: string, companion: Companion | undefined): DocsCheck {
  if (status === 'failed') return { kind: 'failed' }
  return companion ? { kind: 'documented', pullRequest: companion.name } : { kind: 'unchanged' }
}

/** GitHub shows a description as one line of plain text: controls and runs of spaces made one space, cut at the limit. */
export function plainDescription(text: string): string {
  // eslint-disable-next-line no-control-regex
  const line = text.replace(/[\u0000-\u001f\u007f\s]+/gu, ' ').trim()
  const chars = [...line]
  if (chars.length <= DESCRIPTION_LIMIT) return line
  return `${chars
    .slice(0, DESCRIPTION_LIMIT - 1)
    .join('')
    .trimEnd()}…`
}
