// The `docs` check a reconcile run ends when it finishes a companion job's progress comment: the
// final state on the head that job last got (the head its verified marker signs), never on a newer
// head of the pull request, which keeps its own pending check until its follow-up ends.
import type { DocsCheckWriter } from '../companion/docs-check.js'
import { companionAt, endOf } from '../companion/docs-status.js'
import { jobOf } from '../job/result.js'
import type { ProgressState } from '../report/render.js'
import type { QueuedComment, WorkingComment } from '../thread/working-comments.js'

type EndState = Extract<ProgressState, { kind: 'ended' | 'lost' }>

/** Sets the check of a companion comment's head once its job's end is written; nothing for any other comment. */
export async function endDocsCheck(
  writer: DocsCheckWriter,
  { comment, marker }: WorkingComment,
  state: EndState,
  serverUrl: string,
  notAfter: number
): Promise<void> {
  const head = marker.companion?.head ?? marker.checkHead
  if (head === undefined) return
  const job = state.kind === 'ended' ? jobOf(state.result) : undefined
  const companion = companionAt(job?.prLink ?? marker.companion?.pullRequest, serverUrl)
  const check = job ? endOf(job.status, companion) : ({ kind: 'lost' } as const)
  const links = { companion: companion?.url, comment: comment.htmlUrl }
  await writer.writeCheck({ number: marker.threadNumber, sha: head }, check, links, notAfter)
}

/** A companion's queued create that ended without a job: its head's check fails, saying why; a push starts over. */
export async function failDocsCheck(
  writer: DocsCheckWriter,
  { comment, marker }: WorkingComment | QueuedComment,
  why: string,
  notAfter: number
): Promise<void> {
  const head = marker.companion?.head
  if (head === undefined) return
  const refused = { kind: 'refused', reason: why } as const
  await writer.writeCheck({ number: marker.threadNumber, sha: head }, refused, { comment: comment.htmlUrl }, notAfter)
}
