// A companion run for a code pull request closed unmerged while its create waited queued for the
// agent API's hourly limit (docs/design.md, "What a run in companion mode does"): the request no
// longer stands, so it is taken off the companion comment before a reconcile run creates its job.
import type { CodePullRequest } from '../companion/event.js'
import { queuedClosedComment, queuedClosedReason } from '../companion/words.js'
import { runDecisions } from '../report/thread-comment.js'
import type { Trigger } from '../event/trigger.js'
import { AFTER_JOB_BUDGET_MS } from '../github/api.js'
import type { Settings } from '../settings/settings.js'
import type { CompanionMark } from '../thread/marker.js'
import type { Thread } from '../thread/thread.js'
import { report } from './job-step.js'
import type { Session } from './session.js'

/**
 * Takes a queued create off the companion comment of a pull request closed unmerged: its marker no
 * longer says `queued`, so no reconcile run creates it, and the label goes with the last wait.
 */
export async function withdrawQueued(
  settings: Settings,
  session: Session,
  code: CodePullRequest,
  thread: Thread,
  companion: CompanionMark
): Promise<void> {
  const { context, clock } = session
  const trigger: Trigger = { request: '', threadNumber: code.pull.number, url: code.pull.htmlUrl }
  thread.signDecisions({
    ...runDecisions(code.pull.number, { settings, context, trigger }, {}, 'companion'),
    companion
  })
  const written = await thread.finish(
    undefined,
    (marker) => queuedClosedComment(marker, context.runUrl, companion.head),
    clock.now() + AFTER_JOB_BUDGET_MS
  )
  const reason = queuedClosedReason(code.pull.number, written)
  await report({ kind: 'skipped', reason }, settings, session, thread.url)
}
