// What to do with the agent for this run, decided from the settings, the request and what the
// thread already says. Pure: the thread and the job's state are read before.
import { DASHBOARD_URL } from './result.js'

export type JobPlan =
  | { kind: 'create'; prompt: string }
  /**
   * Send the prompt to an existing job as a follow-up message. `earlierPrLink`: the pull request the
   * job opened before, when the thread tells it (the thread is that pull request).
   */
  | { kind: 'message'; jobId: string; prompt: string; fromThread: boolean; earlierPrLink?: string }
  /** Wait for an existing job without sending anything. */
  | { kind: 'join'; jobId: string; resumed: boolean }

export interface PlanInput {
  /** The prompt input: standing instructions ('' when unset). */
  prompt: string
  /** What the person asked for after the trigger phrase ('' when there is none). */
  request: string
  /** The job-id input ('' when unset). */
  jobId: string
  followUp: boolean
  /** The job of this run's own progress comment from an earlier attempt, when still running. */
  resumableJobId?: string | undefined
  /** The newest job named by another progress comment on this thread (another run, job or step). */
  threadJobId?: string | undefined
}

export function planJob(input: PlanInput): JobPlan {
  const prompt = composePrompt(input.prompt, input.request)
  if (input.jobId !== '') {
    return prompt === ''
      ? { kind: 'join', jobId: input.jobId, resumed: false }
      : { kind: 'message', jobId: input.jobId, prompt, fromThread: false }
  }
  // A re-run of a run whose job is still going waits for that job instead of starting another.
  if (input.resumableJobId) return { kind: 'join', jobId: input.resumableJobId, resumed: true }
  if (input.followUp && input.threadJobId) {
    return { kind: 'message', jobId: input.threadJobId, prompt, fromThread: true }
  }
  return { kind: 'create', prompt }
}

/**
 * What the agent is sent: the prompt input first (standing instructions), then what the person asked
 * for, then the context section. The context alone asks nothing: without the others it is ''.
 */
export function composePrompt(prompt: string, request: string, context = ''): string {
  const asked = [prompt.trim(), request.trim()].filter((part) => part !== '')
  if (asked.length === 0) return ''
  return [...asked, context.trim()].filter((part) => part !== '').join('\n\n')
}

/** The plan with the context section after what it sends; joining a job sends nothing. */
export function withContext(plan: JobPlan, section: string): JobPlan {
  return plan.kind === 'join' ? plan : { ...plan, prompt: composePrompt(plan.prompt, '', section) }
}

/**
 * Why a re-run that could not read its thread starts no job: the thread is where an earlier attempt
 * names the job it started, and a second job would do the same work twice.
 */
export function unreadableRerunMessage(attempt: number, digest = false): string {
  const earlier = attempt === 2 ? 'attempt 1' : `attempts 1 to ${attempt - 1}`
  const started =
    `This is attempt ${attempt} of the workflow run, and the thread's comments could not be read (see the warning ` +
    `above), so it cannot tell whether ${earlier} already started an agent job; not starting another. `
  if (digest) return `${started}Re-run once GitHub answers again; the next digest covers these merges otherwise.`
  return (
    `${started}To resume that job, take its id from the log or the job-id output of ${earlier} and run the action with ` +
    'job-id set to it and no prompt; or re-run once GitHub answers again.'
  )
}

/**
 * Why a re-run after a create that got no answer starts no job: that create may have made one, which
 * no comment names, and a second would do the same work twice. `commentUrl`: the comment recording it.
 */
export function unsureCreateRerunMessage(
  attempt: number,
  unsureAttempt: number,
  commentUrl?: string,
  digest = false
): string {
  const where = commentUrl ? ` (its progress comment says so: ${commentUrl})` : ''
  const unsure =
    `This is attempt ${attempt} of the workflow run, and attempt ${unsureAttempt} sent the request to create an agent ` +
    `job but got no answer${where}, so a job may exist that this run cannot see; not creating another. `
  if (digest) return `${unsure}${DIGEST_AFTER_UNSURE_CREATE}`
  return (
    `${unsure}Look for it among the agent jobs on the dashboard (${new URL(DASHBOARD_URL).host}): to follow it, run ` +
    'the action with job-id set to its id and no prompt; to start a new job instead, make the request again (a new ' +
    'comment, or a new run of the workflow).'
  )
}

/**
 * Why a re-run of a run that queued its request (the hourly limit held the create back) starts no
 * job: a reconcile run creates the queued one, and may be doing so now.
 */
export function queuedRerunMessage(attempt: number, commentUrl?: string): string {
  const where = commentUrl ? ` (${commentUrl})` : ''
  return (
    `This is attempt ${attempt} of the workflow run, and an earlier attempt queued this request on its progress ` +
    `comment${where}, since the agent API's hourly limit held the create back; a reconcile run creates that job, ` +
    'so this attempt creates none. The comment shows the job once it is created; to start another job anyway, ' +
    'make the request again (a new comment, or a new run of the workflow).'
  )
}

/**
 * What becomes of a digest's merges after a create that got no answer: a digest cannot follow a job
 * by its id, so the next digest covers them, a second time if that create did make a job.
 */
export const DIGEST_AFTER_UNSURE_CREATE =
  'The next digest covers these merges again: if a job was made after all, they are covered twice (look for it ' +
  `among the agent jobs on the dashboard, ${new URL(DASHBOARD_URL).host}, and close its pull request if one comes).`
