// The companion docs pull request closed, reopened or told of the merge with its code, and the code
// pull request's progress comment ended with what was done (src/companion/companion-pr.ts, words.ts).
import { type AgentJob, isTerminal } from '../agent/job.js'
import { log } from '../base/log.js'
import { tellCompanion } from '../companion/companion-pr.js'
import { landCompanion } from '../companion/land-pr.js'
import { whenToLand } from '../companion/landing.js'
import type { Remembered } from '../companion/decide.js'
import { afterNews } from '../companion/sent.js'
import type { CodePullRequest } from '../companion/event.js'
import {
  type CompanionNews,
  companionEndComment,
  companionEndReason,
  type CompanionOutcome
} from '../companion/words.js'
import { runDecisions } from '../report/thread-comment.js'
import { AFTER_JOB_BUDGET_MS } from '../github/api.js'
import { parsePullRequestLink } from '../github/pull-request-link.js'
import { leavesWorkForReconcile, type RunResult } from '../job/result.js'
import { progressAtEnd } from '../report/render.js'
import { markerSigner } from '../thread/marker.js'
import type { CompanionRun, Sent } from './companion-send.js'
import { report } from './job-step.js'

/**
 * Closes, reopens or readies the companion docs pull request, and ends the code pull request's
 * progress comment with what was done; a follow-up sent on the way (`sent`) reported the run already.
 */
export async function tellAndEnd(
  run: CompanionRun,
  { jobId, companion }: Remembered,
  news: CompanionNews,
  sent: Sent | undefined
): Promise<JobEnd | undefined> {
  const { settings, session, thread, code, facts } = run
  const { context, clock, connect } = session
  // What the marker remembers now: a follow-up sent on the way may have moved the head.
  const recorded = sent?.mark ?? companion
  // A follow-up sent on the way out and left at work keeps the comment waiting, for reconcile mode.
  const result = sent?.job.result
  const running = result !== undefined && leavesWorkForReconcile(result)
  // The job's record: for the docs-PR steps of a merge, for a docs PR no run has seen yet, and for
  // whether the job is still at work when no follow-up of this run says so.
  const job = news === 'merged' || !recorded.pullRequest || !running ? await readJob(run, jobId) : undefined
  // Whose is the end of the check of the head the job last got (`recorded.head`): this run's, when
  // the job ended and that head is the one this run sets (a follow-up it took, or none sent), else
  // the reconcile run's that sees the job end (the earlier head of a follow-up not taken, say).
  const endsNow = !running && hasEnded(job) && (sent === undefined || sent.mark.head === code.headSha)
  const link = recorded.pullRequest ?? job?.prLink ?? undefined
  const pullRequest = parsePullRequestLink(link, context.serverUrl)
  const notAfter = clock.now() + AFTER_JOB_BUDGET_MS
  const landing = whenToLand(news, settings.companionMerge, running || job?.status === 'active')
  let outcome: CompanionOutcome = { kind: 'none', jobId }
  if (pullRequest && link) {
    const named = { name: `${pullRequest.repository}#${pullRequest.number}`, url: link }
    const merged =
      news === 'merged' && job ? { job, request: { url: code.pull.htmlUrl, ...requester(code) } } : undefined
    const signer = markerSigner(context, settings)
    const codeNamed = { name: `${context.owner}/${context.repo}#${code.pull.number}`, url: code.pull.htmlUrl }
    const done =
      (news !== 'merged' || merged !== undefined) &&
      (await tellCompanion(
        {
          pullRequest,
          news,
          code: codeNamed,
          settings,
          ...(merged && { merged }),
          runUrl: context.runUrl,
          signer,
          notAfter
        },
        { connect, clock, warn: (message) => log.warning(message) }
      ))
    outcome = { kind: done ? 'done' : 'failed', pullRequest: named }
    if (landing === 'now') {
      const request = {
        pullRequest,
        jobId,
        code: codeNamed,
        docsToken: settings.docsToken,
        runUrl: context.runUrl,
        signer,
        notAfter
      }
      await landCompanion(request, { connect, clock, warn: (message) => log.warning(message), info: log.info })
    }
  }
  // The comment stays the companion comment, remembering the head sent, the docs PR and whether it closed it.
  const seen = link && pullRequest ? { ...recorded, pullRequest: link } : recorded
  const told = afterNews(seen, news, outcome.kind === 'done')
  const remembered = landing === 'later' ? { ...told, landing: 'auto' as const } : told
  const decided = news === 'merged' ? { ...facts, settings } : facts
  thread.signDecisions({ ...runDecisions(code.pull.number, decided, {}, 'companion'), companion: remembered })
  const reason = companionEndReason(code.pull.number, news, outcome)
  if (sent) log.notice(reason)
  else await report({ kind: 'skipped', reason }, settings, session, thread.url)
  // Never neither: a pending check nothing ends blocks the pull request for good. Left to reconcile,
  // the comment waits, and the run that sees the job end ends the check and does the steps of this
  // close or merge that a companion opened late still needs (src/reconcile/companion-finish.ts).
  const waiting = !endsNow && (await thread.putLabel(notAfter))
  const progress =
    result && running
      ? progressAtEnd(result, waiting)
      : waiting && job && !hasEnded(job)
        ? progressAtEnd({ kind: 'started', job, how: 'joined' }, true)
        : undefined
  await thread.finish(
    jobId,
    (marker) => companionEndComment(marker, news, outcome, context.runUrl, { head: remembered.head, progress }),
    notAfter,
    waiting ? 'working' : undefined
  )
  return endsNow && !sent ? { head: recorded.head, result: { kind: 'finished', job } } : undefined
}

/** An ended job that no follow-up of this run reported: the check of the head it last got, set now. */
export interface JobEnd {
  head: string
  result: RunResult
}

function hasEnded(job: AgentJob | undefined): job is AgentJob {
  return job !== undefined && isTerminal(job.status)
}

/** The job's record, read once (no budget spent): its docs pull request, and the record the docs-PR steps take. */
async function readJob({ session }: CompanionRun, jobId: string): Promise<AgentJob | undefined> {
  try {
    return await session.agent.getJob(jobId)
  } catch (error) {
    log.warning(
      `Could not read the companion agent job ${jobId}: ${error instanceof Error ? error.message : String(error)}`
    )
    return undefined
  }
}

function requester(code: CodePullRequest): { requester?: string } {
  return code.author ? { requester: code.author.login } : {}
}
