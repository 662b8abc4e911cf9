// The words of a digest: its progress comment says which merged pull requests it gathered (linked),
// then the job's progress as any run's comment says it; its job summary says the same list and the
// pull requests it left out (by the skip-label, a companion job, or a bot allowed-bots does not
// list). Built from what the marker signs, so that a reconcile run that finishes the comment keeps
// the list. A digest whose job failed, or that started none, says its pull requests are left for
// the next digest: only a job that did not fail covers them.
import { uniqueLogins } from '../base/identifier.js'
import { COMPANION_LABEL } from '../event/labels.js'
import { jobStands, type RunResult } from '../job/result.js'
import { code, linkOrText } from '../markdown/escape.js'
import type { DigestMark } from '../thread/marker.js'
import { lostComment } from './queued-and-lost.js'
import {
  commentMarkup,
  type ProgressState,
  progressText,
  renderProgressComment,
  renderThreadComment
} from './render.js'

/** The most pull requests a digest's comment links: a longer list would crowd out its progress line. */
const LINKED_MOST = 100

/** Where the covered pull requests live: the server's web address and owner/name. */
export interface DigestPlace {
  serverUrl: string
  repository: string
}

/**
 * A digest's comment before its job is created: written first, so that a digest GitHub cannot record
 * starts no job. Its marker names no job, so a later digest covers its merges again.
 */
export type DigestState = ProgressState | { kind: 'starting' }

export function renderDigestComment(
  marker: string,
  state: DigestState,
  runUrl: string,
  place: DigestPlace,
  mark: DigestMark
): string {
  const markup = commentMarkup(runUrl)
  const left =
    state.kind === 'lost' || state.kind === 'queue-ended' || (state.kind === 'ended' && !inHand(state.result))
  const gathered = `This docs digest ${left ? 'gathered' : 'covers'} ${gatheredText(place, mark, LINKED_MOST)}.`
  return renderThreadComment(marker, `${gathered}\n\n${digestProgress(state, markup)}`)
}

/**
 * A comment as the run that signed its marker writes it, for a reconcile run that edits it: a digest's
 * with the pull requests it gathered, any other with its request's link and its note.
 */
export function renderSignedComment(
  signed: string,
  state: ProgressState,
  runUrl: string,
  place: DigestPlace,
  marker: { digest?: DigestMark; request?: string },
  note?: string
): string {
  if (marker.digest) return renderDigestComment(signed, state, runUrl, place, marker.digest)
  return renderProgressComment(signed, state, runUrl, note, marker.request)
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
      return progressText({ ...state, startedBy: { ...state.startedBy, digest: true } }, markup)
    case 'working':
    case 'creating':
    case 'queue-ended':
      return progressText(state, markup)
  }
}

/** Whether a digest's pull requests are in hand: a job that did not fail, or a create queued for a reconcile run. */
function inHand(result: RunResult): boolean {
  return jobStands(result) || result.kind === 'queued'
}

/** The job summary's lines for a digest that got as far as its job: what it covers, and what it left out. */
export function digestSummaryLines(
  place: DigestPlace,
  mark: DigestMark,
  result: RunResult,
  skipped: DigestLeftOut
): string[] {
  const lines = !inHand(result)
    ? [`- **Gathered:** ${gatheredText(place, mark, LINKED_MOST)}. ${LEFT_FOR_NEXT}`]
    : [`- **Covers:** ${gatheredText(place, mark, LINKED_MOST)}`]
  if (skipped.numbers.length > 0) {
    const they = skipped.numbers.length === 1 ? 'it carries' : 'each carries'
    lines.push(`- **Left out:** ${pullLinks(place, skipped.numbers)} (${they} ${code(skipped.label)}).`)
  }
  if (skipped.withCompanion.length > 0) {
    const they = skipped.withCompanion.length === 1 ? 'its docs were' : 'their docs were'
    lines.push(
      `- **Left out:** ${pullLinks(place, skipped.withCompanion)} (${they} written beside the code, in a companion docs pull request).`
    )
  }
  if (skipped.byBots.length > 0) {
    const logins = uniqueLogins(skipped.byBots.map((pull) => pull.login)).map(code)
    const bots =
      logins.length === 1
        ? `${logins[0]}, a bot \`allowed-bots\` does not list`
        : `bots \`allowed-bots\` does not list: ${logins.join(', ')}`
    const pulls = skipped.byBots.map((pull) => pull.number)
    lines.push(`- **Left out:** ${pullLinks(place, pulls)} (opened by ${bots}).`)
  }
  return lines
}

/**
 * The pull requests a digest leaves out of its job: by the skip-label, those a companion job
 * documented, and those a bot allowed-bots does not list opened (with its login).
 */
export interface DigestLeftOut {
  numbers: number[]
  label: string
  withCompanion: number[]
  byBots: { number: number; login: string }[]
}

/** The notice for a gathered pull request that carries the skip-label (plain text). */
export function skipLabelLeftOutNotice(number: number, skipLabel: string): string {
  return `Pull request #${number} carries "${skipLabel}": left out of the digest.`
}

/** The notice for a gathered pull request a bot allowed-bots does not list opened (plain text). */
export function botLeftOutNotice(number: number, login: string): string {
  return (
    `Pull request #${number} was opened by the bot "${login}", which allowed-bots does not list: left out of ` +
    "the digest, as every run leaves out such bots' changes (the agent's own docs pull requests among them)."
  )
}

/** The notice for a gathered pull request whose docs a companion job wrote (plain text). */
export function companionLeftOutNotice(number: number): string {
  return `Pull request #${number} had a companion docs pull request (it carries "${COMPANION_LABEL}"): left out of the digest.`
}

/**
 * Why a digest run starts no job although something was merged in its range (plain text: a notice
 * and the summary's headline): every such PR was left out, each for its reason. Undefined: nothing was merged.
 */
export function nothingToCoverReason(leftOut: DigestLeftOut, branch: string): string | undefined {
  const bots = leftOut.byBots.map((pull) => pull.number)
  const reasons = [
    ...(leftOut.numbers.length > 0 ? [`${numbersText(leftOut.numbers, 'carries', 'carry')} "${leftOut.label}"`] : []),
    ...(bots.length > 0
      ? [
          `${numbersText(bots, 'was', 'were')} opened by ${bots.length === 1 ? 'a bot' : 'bots'} allowed-bots does not list`
        ]
      : []),
    ...(leftOut.withCompanion.length > 0
      ? [`${numbersText(leftOut.withCompanion, 'has', 'have')} a companion docs pull request`]
      : [])
  ]
  if (reasons.length === 0) return undefined
  return `Every pull request merged into ${branch} since the last digest was left out, so no job was started: ${reasons.join('; ')}.`
}

/** "#3 carries", "#3, #4 carry". */
function numbersText(numbers: readonly number[], one: string, many: string): string {
  return `${numbers.map((number) => `#${number}`).join(', ')} ${numbers.length === 1 ? one : many}`
}

/** Why a re-run of a digest whose job failed starts nothing: a later digest's range began before this one's. */
export function takenOverReason(later: string): string {
  return (
    `A later digest (${later}) started where this digest started, so it took over this digest's pull requests: ` +
    'this re-run starts no job.'
  )
}

/**
 * What a digest says when the job of an earlier digest still runs: it starts no second job, and the
 * merges since wait for the next digest (plain text: the thread's comment, the notice and the summary).
 */
export function waitingText(running: { jobId: string; comment: string }, branch: string): string {
  // No job yet: the previous digest's create is queued for the hourly limit, and a reconcile run makes it.
  const previous =
    running.jobId === ''
      ? `The previous digest (${running.comment}) is queued for the agent API's hourly limit and a reconcile run creates its job`
      : `The job ${running.jobId} of the previous digest (${running.comment}) is still running`
  return (
    `${previous}, so this digest started ` +
    `no second job on the same pages: the pull requests merged into ${branch} since wait for the next digest, which ` +
    'covers them once that job has ended.'
  )
}

/** The warning of a digest whose range ends before the branch's head: the rest is the next digest's. */
export function cutShortWarning(
  cut: 'commits' | 'time',
  end: { sha: string; committedAt: number },
  most: number
): string {
  const why =
    cut === 'time'
      ? "its gathering reached its time limit (`timeout`) before it read every commit's pull requests"
      : `more than ${most.toLocaleString('en-US')} commits were made since the last digest, more than a digest reads`
  return (
    `This digest ends at commit ${end.sha.slice(0, 12)} (${instant(end.committedAt)}): ${why}. The pull requests ` +
    "merged after it are the next digest's."
  )
}

/** The warning of a digest that reads back to an instant and could not list every commit since. */
export function startUnreachedWarning(start: number, first: boolean): string {
  const since = first ? `in the week before the branch's head (since ${instant(start)})` : `since ${instant(start)}`
  return (
    `More commits were made ${since} than a digest lists, so this digest covers only the newest of them; the ` +
    'pull requests merged before those are covered by no digest: check them by hand.'
  )
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
