// The words of a digest's progress comment: which merged pull requests it covers (linked), then the
// job's progress as any run's comment says it. Built from what the marker signs, so that a reconcile
// run that finishes the comment keeps the list.
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
  const markup = commentMarkup(runUrl)
  const links = mark.pulls.map((number) =>
    markup.link(`${place.serverUrl}/${place.repository}/pull/${number}`, `#${number}`)
  )
  const count = `${mark.pulls.length} merged pull ${mark.pulls.length === 1 ? 'request' : 'requests'}`
  const covers = `This docs digest covers ${count}, merged after ${instant(mark.from)} and up to ${instant(mark.to)}: ${links.join(', ')}.`
  return renderThreadComment(marker, `${covers}\n\n${progressText(state, markup)}`)
}

/** An instant as the digest's words write it: ISO 8601 in UTC, to the second. */
export function instant(ms: number): string {
  return new Date(ms).toISOString().replace('.000Z', 'Z')
}
