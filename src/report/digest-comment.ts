// The words of a digest: its progress comment says which merged pull requests it covers (linked),
// then the job's progress as any run's comment says it; its job summary says the same list and the
// pull requests the skip-label left out. Built from what the marker signs, so that a reconcile run
// that finishes the comment keeps the list.
import { code, linkOrText } from '../markdown/escape.js'
import type { DigestMark } from '../thread/marker.js'
import { commentMarkup, type ProgressState, progressText, renderThreadComment } from './render.js'

/** Where the covered pull requests live: the server's web address and owner/name. */
export interface DigestPlace {
  serverUrl: string
  repository: string
}

export function renderDigestComment(
  marker: string,
  state: ProgressState,
  runUrl: string,
  place: DigestPlace,
  mark: DigestMark
): string {
  const covers = `This docs digest covers ${coveredText(place, mark)}.`
  return renderThreadComment(marker, `${covers}\n\n${progressText(state, commentMarkup(runUrl))}`)
}

/** The job summary's lines for a digest that started a job: what it covers, and what it left out. */
export function digestSummaryLines(
  place: DigestPlace,
  mark: DigestMark,
  skipped: number[],
  skipLabel: string
): string[] {
  const lines = [`- **Covers:** ${coveredText(place, mark)}`]
  if (skipped.length > 0) lines.push(`- **Left out:** ${skippedText(place, skipped, skipLabel)}`)
  return lines
}

/** Why a digest started no job although pull requests were merged (plain text: a notice and a headline). */
export function allSkippedReason(skipped: number[], skipLabel: string, branch: string): string {
  const numbers = skipped.map((number) => `#${number}`).join(', ')
  return `Every pull request merged into ${branch} since the last digest (${numbers}) carries "${skipLabel}", so no job was started.`
}

function coveredText(place: DigestPlace, mark: DigestMark): string {
  const count = `${mark.pulls.length} merged pull ${mark.pulls.length === 1 ? 'request' : 'requests'}`
  return `${count}, merged after ${instant(mark.from)} and up to ${instant(mark.to)}: ${pullLinks(place, mark.pulls)}`
}

function skippedText(place: DigestPlace, skipped: number[], skipLabel: string): string {
  const they = skipped.length === 1 ? 'it carries' : 'each carries'
  return `${pullLinks(place, skipped)} (${they} ${code(skipLabel)}).`
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
