// Landing the companion docs pull request with its code (companion-merge: auto): which merge method
// to ask for, what GitHub's refusal of auto-merge means, whether to merge at once instead, and what
// the companion then says. Pure: land-pr.ts makes the calls. GitHub's auto-merge is asked first, so
// that the docs repository's own rules (required reviews and checks) still decide when; a merge at
// once only where GitHub says the pull request is mergeable and its rules pass (`clean`).
import type { MergeMethod, MergeMethods, MergeState } from '../github/api.js'
import { commentMarkup } from '../report/render.js'
import type { CompanionMark } from '../thread/marker.js'
import type { CompanionMerge } from '../settings/settings.js'
import type { CompanionNews, NamedPullRequest } from './words.js'

/** Squash (one commit of docs per change, whatever the follow-ups), else a merge commit, else rebase: as the repository allows. */
export function mergeMethodOf(allowed: MergeMethods | undefined): MergeMethod {
  if (allowed?.squash !== false) return 'SQUASH'
  if (allowed.merge !== false) return 'MERGE'
  return allowed.rebase === false ? 'SQUASH' : 'REBASE'
}

/**
 * When the merge run lands the companion: at once, or, with its job at work (a follow-up of the
 * merge, say), by the reconcile run that sees the job end, so that no docs merge before its last push.
 */
export function whenToLand(
  news: CompanionNews,
  merge: CompanionMerge,
  jobAtWork: boolean
): 'now' | 'later' | undefined {
  if (news !== 'merged' || merge !== 'auto') return undefined
  return jobAtWork ? 'later' : 'now'
}

/** Before asking: a companion no longer open is left as it is. */
export type NotOpen = 'merged' | 'closed'

export function notOpen(state: MergeState): NotOpen | undefined {
  if (state.merged) return 'merged'
  return state.state === 'open' ? undefined : 'closed'
}

/**
 * Why GitHub refused auto-merge, from its GraphQL errors: the repository does not allow it
 * ("Auto merge is not allowed for this repository"), the pull request can merge now and so has
 * nothing to wait for ("Pull request Pull request is in clean status"), or anything else (in GitHub's words).
 */
export type AutoMergeRefusal =
  { kind: 'not-allowed' } | { kind: 'nothing-to-wait-for' } | { kind: 'other'; words: string }

export function autoMergeRefusal(errors: readonly string[]): AutoMergeRefusal {
  if (errors.some((text) => /auto.?merge is not allowed/i.test(text))) return { kind: 'not-allowed' }
  if (errors.some((text) => /is in clean status/i.test(text))) return { kind: 'nothing-to-wait-for' }
  return { kind: 'other', words: errors.join('; ') }
}

/** GitHub says it can merge now, every rule of the docs repository passing. */
export function mayMergeNow(state: MergeState): boolean {
  return notOpen(state) === undefined && state.mergeable === true && state.mergeableState === 'clean'
}

/** How landing went, for the run's log and summary. */
export type Landing =
  | { kind: 'asked'; method: MergeMethod }
  /** Merged at once, after auto-merge was refused for `refusal`. */
  | { kind: 'merged'; method: MergeMethod; refusal: AutoMergeRefusal['kind'] }
  | { kind: 'not-open'; why: NotOpen }
  /** Left to a person: the companion says why (`because`) and what to click. */
  | { kind: 'left'; because: LeftBecause }
  /** GitHub could not be asked (the warning says why). */
  | { kind: 'failed' }

export type LeftBecause =
  | { kind: 'auto-merge-refused'; refusal: AutoMergeRefusal; mergeableState: string }
  | { kind: 'merge-refused'; words: string }

/** The companion's comment when it was not landed: why, and what to click. */
export function leftParagraph(because: LeftBecause, code: NamedPullRequest, runUrl: string): string {
  const m = commentMarkup(runUrl)
  const asked = `${m.link(code.url, code.name)} merged, and \`companion-merge: auto\` asked to land these docs with it`
  const click =
    'Merge this pull request once its reviews and checks pass (**Merge pull request** below), or close it if the ' +
    'docs are not wanted.'
  return `🔀 **Not merged.** ${asked}, but ${why(because, (value) => m.text(value))} ${click} (${m.run})`
}

function why(because: LeftBecause, text: (value: string) => string): string {
  if (because.kind === 'merge-refused') return `GitHub refused the merge: ${text(because.words.replace(/\.$/, ''))}.`
  const { refusal, mergeableState } = because
  const state = `GitHub does not say it can merge now (its merge state: \`${text(mergeableState)}\`).`
  switch (refusal.kind) {
    case 'not-allowed':
      return (
        'this repository does not allow auto-merge (an admin can allow it: **Settings**, **General**, ' +
        `**Allow auto-merge**), and ${state}`
      )
    case 'nothing-to-wait-for':
      return `GitHub found nothing for auto-merge to wait for, and ${state}`
    case 'other':
      return `GitHub refused auto-merge: ${text(refusal.words.replace(/\.$/, ''))}.`
  }
}

/** The run's line on how landing went. */
export function landingLine(landing: Landing, name: string): string {
  switch (landing.kind) {
    case 'asked':
      return `Asked GitHub to merge ${name} (${landing.method.toLowerCase()}) once the docs repository's rules allow it.`
    case 'merged':
      return landing.refusal === 'nothing-to-wait-for'
        ? `Merged ${name} (${landing.method.toLowerCase()}): GitHub said it could merge now, so auto-merge had nothing to wait for.`
        : `Merged ${name} (${landing.method.toLowerCase()}): the docs repository does not allow auto-merge, and GitHub said it could merge now.`
    case 'not-open':
      return landing.why === 'merged'
        ? `${name} is merged already.`
        : `${name} was closed by hand, so it was not merged with its code: reopen it and merge it by hand if the docs are wanted.`
    case 'left':
      return `${name} was not merged with its code; it says why, and what to click.`
    case 'failed':
      return `${name} was not merged with its code (see the warning above).`
  }
}

/**
 * Whether the reconcile run that sees a companion job end may owe its companion anything: news no
 * run could tell it (the job opened it after its code closed or merged: the marker names no
 * companion, and no run closed one), or the landing the merge run left to it (`companion-merge=auto`).
 */
export function mayOweCompanion(mark: CompanionMark | undefined): mark is CompanionMark {
  return mark !== undefined && (untold(mark) || mark.landing === 'auto')
}

/** What that run owes it, from what GitHub says of the code now, never from the marker alone. */
export function owedAtJobEnd(
  mark: CompanionMark,
  code: { state: string; merged: boolean }
): { news?: 'merged' | 'closed'; land: boolean } {
  const news = code.merged ? 'merged' : code.state === 'closed' ? 'closed' : undefined
  return { ...(news && untold(mark) && { news }), land: code.merged && mark.landing === 'auto' }
}

function untold(mark: CompanionMark): boolean {
  return mark.pullRequest === undefined && !mark.closed
}
