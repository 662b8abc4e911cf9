// What a progress comment says in the states no run's result describes, which a reconcile run finds:
// a job the agent API no longer knows, and a request queued for the hourly limit while its job is
// created or when it ends without one. Pure; the markup is render.ts's, as for outcome.ts's words.
import { DASHBOARD_URL, type StartedBy } from '../job/result.js'
import type { QueuedEnd } from '../job/queue.js'
import { type CommentMarkup, tryAgain } from './outcome.js'

/** The progress comment's text for a job the agent API no longer knows (a reconcile run read it: 404). */
export function lostComment(jobId: string, markup: CommentMarkup, startedBy: StartedBy = {}): string {
  return (
    `❓ **Agent job ${markup.code(jobId)} can no longer be found.** The agent API no longer knows it, so this ` +
    `comment cannot show how it ended; people with access to the docs project can look for its pull request on the ` +
    `${markup.link(DASHBOARD_URL, 'dashboard')}. ${tryAgain(startedBy, markup, `To try again, comment the request again. (${markup.run})`)}`
  )
}

/** The comment of a queued request while a reconcile run creates its job. */
export function creatingComment(markup: CommentMarkup): string {
  return `⏳ **Creating the agent job** for the request queued on this comment. (${markup.run})`
}

/** Why a queued request is ended without a job, as its comment says it. */
const QUEUED_ENDS: Record<QueuedEnd, (m: CommentMarkup) => string> = {
  'create-unrecorded': (m) =>
    '❌ **This request may have started an agent job that this comment cannot name.** A reconcile run sent it ' +
    'to the agent API but stopped before it recorded the answer, so it is not sent again; people with access to ' +
    `the docs project can look for the job on the ${m.link(DASHBOARD_URL, 'dashboard')} and follow it with its job-id.`,
  unbound: () =>
    '❌ **This request was not sent.** Its record on this comment does not name the comment, so a copy of it ' +
    'could not be told apart and the request could be sent twice.',
  'prompt-unreadable': () =>
    '❌ **This request was not sent.** The prompt kept on this comment is missing or was changed, so it cannot ' +
    'be sent as it was asked.'
}

/** The comment of a queued request a reconcile run ends without creating it, and how to try again. */
export function queuedEndComment(why: QueuedEnd, markup: CommentMarkup, startedBy: StartedBy = {}): string {
  return `${QUEUED_ENDS[why](markup)} ${tryAgain(startedBy, markup, `To try again, comment the request again. (${markup.run})`)}`
}
