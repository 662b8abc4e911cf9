// A create the agent API's hourly limit held back past the deadline: queued on the thread's progress
// comment (its prompt kept there, the working-label on) for a reconcile run to send, before the
// outputs say so; or, where it cannot be kept, the run fails as before and says why.
import { AFTER_JOB_BUDGET_MS } from '../github/api.js'
import type { threadComment } from '../report/thread-comment.js'
import { decideQueue, notQueuedMessage } from '../job/queue.js'
import type { JobPlan } from '../job/plan.js'
import type { StartedBy, RunResult } from '../job/result.js'
import { progressAtEnd } from '../report/render.js'
import type { Settings } from '../settings/settings.js'
import type { Thread } from '../thread/thread.js'
import type { Session } from './session.js'

/** The result with a held-back create queued on the thread when it could be recorded there. */
export async function queueHeldBackCreate(
  result: RunResult,
  { settings, session, plan, startedBy }: { settings: Settings; session: Session; plan: JobPlan; startedBy: StartedBy },
  thread: Thread | undefined,
  comment: ReturnType<typeof threadComment>
): Promise<RunResult> {
  if (plan.kind !== 'create') return result
  const decision = decideQueue(result, {
    thread: thread !== undefined,
    workingLabel: settings.workingLabel !== '',
    prompt: plan.prompt,
    apiKey: settings.apiKey
  })
  if (decision === undefined || result.kind !== 'error') return result
  if ('notQueued' in decision) return { ...result, message: notQueuedMessage(result.message, decision.notQueued) }
  if (!thread) return result
  thread.recordQueued(decision.queue)
  const queued = { kind: 'queued', retryAt: decision.queue.retryAt } as const
  const notAfter = session.clock.now() + AFTER_JOB_BUDGET_MS
  // The label first: a comment that says "queued" on a thread no reconcile run lists would be a promise broken.
  const recorded =
    (await thread.putLabel(notAfter)) &&
    (await thread.finish(undefined, comment(progressAtEnd(queued, true, startedBy)), notAfter, 'working')) &&
    thread.namesItself
  if (recorded) return queued
  thread.recordQueued(undefined)
  const failed = `writing it on this thread's progress comment, with the working-label on, failed (see the warnings)`
  return { ...result, message: notQueuedMessage(result.message, failed) }
}
