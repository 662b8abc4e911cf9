// The words of a digest: its progress comment says which merged pull requests it gathered (linked),
// then the job's progress as any run's comment says it; its job summary says the same list and the
// pull requests the skip-label left out. Built from what the marker signs, so that a reconcile run
// that finishes the comment keeps the list. A digest whose job failed, or that started none, says
// its pull requests are left for the next digest: only a job that did not fail covers them.
import { jobStands, type RunResult } from '../job/result.js'
import { code, linkOrText } from '../markdown/escape.js'
import type { DigestMark } from '../thread/marker.js'
import { lostComment } from './outcome.js'
import { commentMarkup, type ProgressState, progressText, renderThreadComment } from './render.js'

/** The most pull requests a digest's comment links: a longer list would crowd out its progress line. */
const LINKED_MOST = 100

/** Merge instants in milliseconds, `from` left out and `to` included. */
interface MergeWindow {
  from: number
  to: number
}

/** Where the covered pull requests live: the server's web address and owner/name. */
export interface DigestPlace {
  serverUrl: string
  repository: string
}

/**
 * A digest's comment before its job is created: written first, so that a digest GitHub cannot record
 * starts no job. Its marker names no job, so a later digest covers its merges again.
 */
export type DigestState = Exclude<ProgressState, { kind: 'creating' | 'queue-ended' }> | { kind: 'starting' }

export function renderDigestComment(
  marker: string,
  state: DigestState,
  runUrl: string,
  place: DigestPlace,
  mark: DigestMark
): string {
  const markup = commentMarkup(runUrl)
  const left = state.kind === 'lost' || (state.kind === 'ended' && !jobStands(state.result))
  const gathered = `This docs digest ${left ? 'gathered' : 'covers'} ${gatheredText(place, mark, LINKED_MOST)}.`
  return renderThreadComment(marker, `${gathered}\n\n${digestProgress(state, markup)}`)
}

function digestProgress(state: DigestState, markup: ReturnType<typeof commentMarkup>): string {
  switch (state.kind) {
    case 'starting':
      return (
        `⏳ **Starting the agent job.** If this comment still says so after the ${markup.run} ended, the run stopped ` +
        'before it named a job, and the next digest covers these pull requests again.'
      )
    case 'lost':
      return lostComment(state.jobId, markup, { digest: true })
    case 'ended':
      return progressText({ ...state, occasion: { ...state.occasion, digest: true } }, markup)
    case 'working':
      return progressText(state, markup)
  }
}

/** The job summary's lines for a digest that got as far as its job: what it covers, and what it left out. */
export function digestSummaryLines(
  place: DigestPlace,
  mark: DigestMark,
  result: RunResult,
  skipped: { numbers: number[]; label: string },
  unlisted?: MergeWindow
): string[] {
  const lines = !jobStands(result)
    ? [`- **Gathered:** ${gatheredText(place, mark, LINKED_MOST)}. ${LEFT_FOR_NEXT}`]
    : [`- **Covers:** ${gatheredText(place, mark, LINKED_MOST)}`]
  if (skipped.numbers.length > 0) {
    const they = skipped.numbers.length === 1 ? 'it carries' : 'each carries'
    lines.push(`- **Left out:** ${pullLinks(place, skipped.numbers)} (${they} ${code(skipped.label)}).`)
  }
  if (unlisted) {
    const search = linkOrText(unlistedSearch(unlisted, mark.branch, place), 'check them on GitHub')
    lines.push(
      `- **Not listed:** pull requests merged after ${instant(unlisted.from)} and up to ${instant(unlisted.to)} ` +
        `that the listing did not reach are covered by no digest: ${search}.`
    )
  }
  return lines
}

/**
 * Why a digest run starts no job although something was merged in its range (plain text: a notice
 * and the summary's headline): every such PR carries the skip-label, or, on a re-run, a later
 * digest covered them after this one's first attempt failed. Undefined: nothing was merged.
 */
export function nothingToCoverReason(
  plan: { skipped: readonly { number: number }[]; coveredLater: readonly number[]; unlisted?: MergeWindow },
  skipLabel: string,
  branch: string
): string | undefined {
  const numbers = (list: readonly number[]): string => list.map((number) => `#${number}`).join(', ')
  if (plan.coveredLater.length > 0) {
    return `A later digest covered the pull requests of this digest's first attempt (${numbers(plan.coveredLater)}), so this re-run starts no job.`
  }
  if (plan.unlisted && plan.skipped.length === 0) {
    return `No pull request merged into ${branch} since the last digest is among those listed (the listing reached back only to updates at ${instant(plan.unlisted.to)}, see the warning): no job was started.`
  }
  if (plan.skipped.length === 0) return undefined
  const skipped = numbers(plan.skipped.map((pull) => pull.number))
  return `Every pull request merged into ${branch} since the last digest (${skipped}) carries "${skipLabel}", so no job was started.`
}

/**
 * The warning of a digest whose listing stopped short at `unlisted.to` (src/digest/range.ts,
 * withinListing): which merges it left out, and whether a later digest comes back for them.
 */
export function unlistedMergesWarning(
  unlisted: MergeWindow,
  facts: { branch: string; listedMost: number; place: DigestPlace }
): string {
  const { branch, listedMost, place } = facts
  const most = listedMost.toLocaleString('en-US')
  const from = instant(unlisted.from)
  const to = instant(unlisted.to)
  return (
    `More than ${most} pull requests into ${branch} were closed or updated since ${from} (a label sweep or a bot ` +
    `touching old pull requests does that), more than a digest lists, so this digest's listing reached back only ` +
    `to updates at ${to}. Pull requests merged into ${branch} after ${from} and up to ${to} that it does not list ` +
    `are covered by no digest, this one or a later one (no listing would reach further back): check them by hand, ` +
    unlistedSearch(unlisted, branch, place)
  )
}

/** GitHub's search for the pull requests merged into `branch` in the window a listing did not reach. */
export function unlistedSearch(unlisted: MergeWindow, branch: string, place: DigestPlace): string {
  // A plain name as it is; one with characters search reads apart, quoted; one with a quote, left out.
  const base = /^[\w./-]+$/.test(branch) ? ` base:${branch}` : branch.includes('"') ? '' : ` base:"${branch}"`
  const query = `is:pr is:merged${base} merged:${instant(unlisted.from)}..${instant(unlisted.to)}`
  return `${place.serverUrl}/${place.repository}/pulls?q=${encodeURIComponent(query)}`
}

/** In the summary: the failure's own words there say how to try again, not where the PRs go. */
const LEFT_FOR_NEXT = 'No agent job covered them, so the next digest covers them again.'

function gatheredText(place: DigestPlace, mark: DigestMark, most: number): string {
  const count = `${mark.pulls.length} merged pull ${mark.pulls.length === 1 ? 'request' : 'requests'}`
  const more = mark.pulls.length > most ? ` and ${mark.pulls.length - most} more` : ''
  const links = pullLinks(place, mark.pulls.slice(0, most))
  return `${count}, merged after ${instant(mark.from)} and up to ${instant(mark.to)}: ${links}${more}`
}

function pullLinks(place: DigestPlace, pulls: number[]): string {
  return pulls
    .map((number) => linkOrText(`${place.serverUrl}/${place.repository}/pull/${number}`, `#${number}`))
    .join(', ')
}

/** An instant as the digest's words write it: ISO 8601 in UTC, to the second. */
export function instant(ms: number): string {
  return new Date(ms).toISOString().replace('.000Z', 'Z')
}
