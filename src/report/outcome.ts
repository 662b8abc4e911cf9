// What the step and the thread say about what a run came to: the step outcomes of docs/design.md as
// a pure function, one description per result, in every place that tells it. The states a reconcile
// run finds that no result describes (a lost job, a queued request) are queued-and-lost.ts's words;
// the notes under a comment's status are notes.ts's.
import type { AgentJob } from '../agent/job.js'
import { formatInstant, timeoutSpent } from '../base/duration.js'
import { pullRequestNumberIn } from '../github/pull-request-link.js'
import {
  DASHBOARD_URL,
  jobStands,
  updatedPullRequest,
  type StartedBy,
  type RunResult,
  type StartedHow,
  type UnsureCreate
} from '../job/result.js'
import { DIGEST_AFTER_UNSURE_CREATE } from '../job/plan.js'

/** What a re-run of the workflow run will do after a create that may have made a job. */
export const AFTER_UNSURE_CREATE: Record<UnsureCreate, string> = {
  recorded:
    "This thread's progress comment records it, so a re-run of this workflow run will not create another job: it asks for job-id.",
  unrecorded:
    'Nothing records it for a re-run (there is no progress comment), so a re-run of this workflow run would create another job.',
  unwritten:
    "Writing this thread's progress comment to record it failed, so a re-run of this workflow run may create another job."
}

/** A job the run did not wait for, by what the run did to it: as the step's log and the thread say it. */
const STARTED_WORDS: Record<StartedHow, { step: string; thread: string }> = {
  created: { step: 'Started agent job', thread: 'Started agent job' },
  messaged: { step: 'Sent the follow-up message to agent job', thread: 'Sent your request to agent job' },
  joined: { step: 'Agent job', thread: 'Looked in on agent job' }
}

export type Level = 'success' | 'notice' | 'warning' | 'failure'

/** What the step says about a result: its level and one message for the log and the summary. */
export interface Conclusion {
  level: Level
  message: string
}

/**
 * How the progress comment writes what it quotes. render.ts passes its escaping in, so that the
 * words for each result stay here, beside the step's.
 */
export interface CommentMarkup {
  /** Inline code that cannot be broken out of. */
  code(value: string): string
  /** Text that renders as itself. */
  text(value: string): string
  /** An https link, or the escaped text. */
  link(url: string, label?: string): string
  /** The link to this workflow run. */
  run: string
}

/** One description of a result, for every place that tells it. */
interface Description {
  /** `job-failure`: a failure, or a warning with fail-on-job-failure: false. */
  level: Level | 'job-failure'
  /** The step's message. */
  step: string
  /** The progress comment's text (markdown). */
  comment(markup: CommentMarkup): string
}

/** `startedBy`: a digest's step is told apart where a digest cannot do what another run would. */
export function conclude(result: RunResult, failOnJobFailure: boolean, startedBy: StartedBy = {}): Conclusion {
  const { level, step } = describe(result, startedBy)
  if (level !== 'job-failure') return { level, message: step }
  return { level: failOnJobFailure ? 'failure' : 'warning', message: step }
}

/** The progress comment's text once the run has ended. */
export function endedComment(result: RunResult, markup: CommentMarkup, startedBy: StartedBy = {}): string {
  return describe(result, startedBy).comment(markup)
}

/** How a step that stopped waiting says to wait again: a digest by a re-run, any other run by job-id. */
function waitAgain(jobId: string, startedBy: StartedBy): string {
  return startedBy.digest
    ? 'Re-run the workflow run to wait for it again.'
    : `To wait for it again, run the action with job-id: ${jobId} and no prompt.`
}

/**
 * How to try again after a failure, by where the comment is: on a merged pull request's thread
 * nobody comments a request, and a digest's pull requests go to the next digest anyway, unless its
 * job goes on (it covers them), or its create got no answer (a re-run creates nothing: the
 * message says what comes).
 */
export function tryAgain(
  startedBy: StartedBy,
  m: CommentMarkup,
  otherwise: string,
  { jobGoesOn = false, unsureCreate = false } = {}
): string {
  if (startedBy.digest) {
    if (unsureCreate) return `(${m.run})`
    if (jobGoesOn) return `Its job goes on and covers its pull requests; re-run the ${m.run} to wait for it.`
    return `The next digest covers its pull requests again; to try now, re-run the ${m.run}.`
  }
  const merged = startedBy.mergedPullRequest
  if (merged === undefined) return otherwise
  return `To try again, re-run the ${m.run}, or run the workflow by hand (workflow_dispatch) with issue-number ${merged}.`
}

/** The progress comment's text while the run waits for the job. */
export function workingComment(jobId: string, followUp: boolean, markup: CommentMarkup): string {
  const what = followUp
    ? `${STARTED_WORDS.messaged.thread} ${markup.code(jobId)} as a follow-up`
    : `${STARTED_WORDS.created.thread} ${markup.code(jobId)}`
  return `⏳ **Working on it.** ${what}; this comment will show the pull request when the job is done. (${markup.run})`
}

/**
 * Which request a progress comment answers, linked, so that comments on a thread with several
 * requests tell theirs apart: a comment, a comment on a line or a review, named by GitHub's anchor
 * in its page's URL. Undefined for any other page (a merge, a label, a workflow run).
 */
export function answeredRequest(url: string, markup: CommentMarkup): string | undefined {
  let anchor: string
  try {
    anchor = new URL(url).hash
  } catch {
    return undefined
  }
  const what = anchor.startsWith('#issuecomment-')
    ? 'this comment'
    : anchor.startsWith('#discussion_r')
      ? 'this comment on a line'
      : anchor.startsWith('#pullrequestreview-')
        ? 'this review'
        : undefined
  return what && `↪️ In answer to ${markup.link(url, what)}.`
}

function describe(result: RunResult, startedBy: StartedBy = {}): Description {
  switch (result.kind) {
    case 'skipped':
      return { level: 'notice', step: result.reason, comment: (m) => `ℹ️ ${m.text(result.reason)}` }
    case 'started': {
      const words = STARTED_WORDS[result.how]
      const { id, status } = result.job
      return {
        level: 'success',
        step: `${words.step} ${id}${result.how === 'joined' ? ` is ${status}` : ''}; not waiting for it ("wait" is false).`,
        comment: (m) =>
          `🚀 **${words.thread} ${m.code(id)}.** This workflow does not wait for it, so this comment will not be ` +
          `updated; follow the job on the agent dashboard. (${m.run})`
      }
    }
    case 'finished':
      return describeFinished(result.job, startedBy, updatedPullRequest(result))
    case 'timed-out': {
      const { jobId, notTheJob } = result
      const stopped = `Stopped waiting ${timeoutSpent(result.waitedMs, result.timeoutMs)}`
      if (notTheJob !== undefined) {
        // The service did not show the job at the end: "still running" would be a guess.
        const unseen = (id: string, answer: string) =>
          `The last read of agent job ${id} got no record of it (${answer}), so whether it still runs is not known.`
        return {
          level: 'job-failure',
          step: `${stopped}. ${unseen(jobId, notTheJob)} To look again, run the action with job-id: ${jobId} and no prompt.`,
          comment: (m) =>
            `⏱️ **${stopped}.** ${unseen(m.code(jobId), m.text(notTheJob))} Re-run the ${m.run} to look again.`
        }
      }
      return {
        level: 'job-failure',
        step:
          `${stopped}. Agent job ${jobId} is still ${result.job?.status ?? 'running'} and goes on. ` +
          waitAgain(jobId, startedBy),
        comment: (m) =>
          `⏱️ **${stopped}.** Agent job ${m.code(jobId)} is still running and goes on. ` +
          `Re-run the ${m.run} to keep waiting for it.`
      }
    }
    case 'cancelled': {
      const { jobId } = result
      return {
        level: 'failure',
        step: `The workflow was cancelled: stopped waiting for agent job ${jobId}, which goes on. ${waitAgain(jobId, startedBy)}`,
        comment: (m) =>
          `⏹️ **Stopped waiting: the workflow was cancelled.** Agent job ${m.code(jobId)} goes on; ` +
          `re-run the ${m.run} to wait for it again.`
      }
    }
    case 'queued': {
      const when = queuedWhen(result.retryAt)
      return {
        level: 'notice',
        step:
          `The agent API's hourly limit (100 new jobs and messages a project) held the create back past the ` +
          `"timeout", so nothing was created yet: the request is queued on this thread's progress comment, which ` +
          `keeps the working-label, and a reconcile run creates its job ${when}.`,
        comment: (m) =>
          `⏸️ **Queued: the docs agent's hourly limit of new jobs is used up.** Nothing was created yet; this ` +
          `comment keeps the request, and a reconcile run will create its job ${when} and show it here. (${m.run})`
      }
    }
    case 'error': {
      const after =
        result.unsureCreate &&
        (startedBy.digest ? DIGEST_AFTER_UNSURE_CREATE : AFTER_UNSURE_CREATE[result.unsureCreate])
      const message = after ? `${result.message} ${after}` : result.message
      const how = { jobGoesOn: jobStands(result), unsureCreate: after !== undefined }
      return {
        level: 'failure',
        step: message,
        comment: (m) =>
          `❌ **The docs agent could not finish.** ${m.text(message)} ${tryAgain(startedBy, m, `(${m.run})`, how)}`
      }
    }
  }
}

/** `updated`: the pull request is the one the job opened before this run's follow-up. */
function describeFinished(job: AgentJob, startedBy: StartedBy, updated: boolean): Description {
  const { id } = job
  switch (job.status) {
    case 'completed': {
      const { prLink } = job
      if (prLink && updated) {
        const number = pullRequestNumberIn(prLink)
        const which = number === undefined ? 'its pull request' : `pull request #${number}`
        return {
          level: 'success',
          step: `Agent job ${id} completed the follow-up and updated ${which}.`,
          comment: (m) =>
            `✅ **Done.** The agent updated its pull request: ${m.link(prLink)} (agent job ${m.code(id)}, ${m.run})`
        }
      }
      return prLink
        ? {
            level: 'success',
            // The link itself is announced apart (a notice, the output, the summary's link): once each.
            step: `Agent job ${id} completed and opened a pull request.`,
            comment: (m) =>
              `✅ **Done.** The agent opened a pull request: ${m.link(prLink)} (agent job ${m.code(id)}, ${m.run})`
          }
        : {
            level: 'notice',
            step: `Agent job ${id} completed without changing any files, so no pull request was opened.`,
            comment: (m) =>
              startedBy.mergedPullRequest === undefined
                ? `ℹ️ **Done, nothing to change.** Agent job ${m.code(id)} finished without changing any files, ` +
                  `so there is no pull request. (${m.run})`
                : `ℹ️ **No docs changes were needed.** Agent job ${m.code(id)} read the changes of this pull request ` +
                  `and changed no files, so there is no docs pull request. (${m.run})`
          }
    }
    case 'archived':
      return {
        level: 'warning',
        step: `Agent job ${id} was archived before it finished; no pull request will come from it.`,
        comment: (m) =>
          `⚠️ **Agent job ${m.code(id)} was archived** before it finished; no pull request will come from it. (${m.run})`
      }
    default:
      return {
        level: 'job-failure',
        step:
          `Agent job ${id} failed. The agent API does not say why: find the job on the dashboard, ` +
          `${new URL(DASHBOARD_URL).host}. ` +
          (startedBy.digest
            ? 'The next digest covers its pull requests again; re-run to try now.'
            : `Re-run to try again, or send a follow-up with job-id: ${id} and a prompt.`),
        comment: (m) =>
          `❌ **Agent job ${m.code(id)} failed.** The agent API does not say why; people with access to the docs project ` +
          `can find the job on the ${m.link(DASHBOARD_URL, 'dashboard')}, and the ${m.run} shows what the action saw. ` +
          tryAgain(startedBy, m, 'Comment again to send a follow-up, or re-run to try again.')
      }
  }
}

/** When a reconcile run sends a queued request: from the instant Retry-After gave, or on its next run. */
function queuedWhen(retryAt: number | undefined): string {
  return retryAt === undefined
    ? 'on its next run (the service did not say when to try again)'
    : `from ${formatInstant(retryAt)} (when the service said to try again)`
}
