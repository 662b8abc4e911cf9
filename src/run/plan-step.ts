// Which job the run works with, from what the thread's earlier comments say.
import { isTerminal } from '../agent/job.js'
import type { Trigger } from '../event/trigger.js'
import type { NoteName } from '../report/notes.js'
import type { SkipReason } from '../event/skip-reason.js'
import {
  type JobPlan,
  planJob,
  queuedRerunMessage,
  unreadableRerunMessage,
  unsureCreateRerunMessage
} from '../job/plan.js'
import type { Settings } from '../settings/settings.js'
import type { Thread } from '../thread/thread.js'
import type { Session } from './session.js'

/**
 * A re-run resumes its earlier attempt's job while it runs; a thread's earlier job takes follow-ups.
 * A re-run that cannot read its thread is refused: it cannot tell whether a job was started.
 */
export async function decidePlan(
  settings: Settings,
  { context, agent }: Session,
  trigger: Trigger,
  thread: Thread | undefined
): Promise<{ plan: JobPlan; note?: NoteName } | { refused: string } | { skipped: SkipReason }> {
  const earlier = settings.jobId === '' && thread ? await thread.readEarlier() : {}
  // A refused run that took this comment's place in the concurrency group answered it already.
  const commentUrl = trigger.reactionTarget?.kind === 'issue_comment' ? trigger.url : undefined
  if (commentUrl !== undefined && earlier?.otherRequests?.includes(commentUrl)) {
    return { skipped: { kind: 'answered-elsewhere' } }
  }
  const digest = settings.mode === 'digest'
  if (!earlier && context.runAttempt > 1) return { refused: unreadableRerunMessage(context.runAttempt, digest) }
  // A first attempt that could not read the thread has no job of its own there; it only misses follow-ups.
  const { ownJobId, latestJobId, unsureCreate, ownQueued } = earlier ?? {}
  let resumableJobId: string | undefined
  if (context.runAttempt > 1 && ownJobId) {
    const job = await agent.getJob(ownJobId).catch(() => undefined)
    if (job && !isTerminal(job.status)) resumableJobId = job.id
  }
  const plan = planJob({
    prompt: settings.prompt,
    request: trigger.request,
    jobId: settings.jobId,
    followUp: settings.followUp,
    resumableJobId,
    // Only what someone wrote on the thread follows up on its job: a merge, or a run by hand to do a
    // pull request's docs again, starts afresh rather than message a job that may have failed.
    threadJobId: trigger.author ? latestJobId : undefined
  })
  if (plan.kind === 'create' && unsureCreate !== undefined) {
    return { refused: unsureCreateRerunMessage(context.runAttempt, unsureCreate, thread?.url, digest) }
  }
  // A reconcile run creates the request an earlier attempt queued: a create here could make a second job.
  if (plan.kind === 'create' && ownQueued) return { refused: queuedRerunMessage(context.runAttempt, thread?.url) }
  // The docs-PR comment names the job that opened the pull request: only a follow-up to that job
  // reports there.
  const toDocsJob = plan.kind === 'message' && plan.fromThread && plan.jobId === latestJobId
  if (thread?.docsComment && !toDocsJob) thread.leaveDocsComment()
  // The thread is the pull request that job opened: its follow-up updates it.
  if (thread?.docsComment && toDocsJob && trigger.threadNumber !== undefined) {
    const repository = `${context.owner}/${context.repo}`
    return { plan: { ...plan, earlierPrLink: `${context.serverUrl}/${repository}/pull/${trigger.threadNumber}` } }
  }
  // A request on a pull request that no signed comment ties to a job: the agent's pull request
  // perhaps, whose reviewer expected it to go to that job, so the comment says why it did not.
  const untied = plan.kind === 'create' && earlier && settings.followUp && trigger.onPullRequest
  return untied ? { plan, note: 'new-job' } : { plan }
}
