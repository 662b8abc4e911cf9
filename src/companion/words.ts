// What mode companion says: the follow-up the job gets for new commits, the comments on the companion
// docs pull request when its code pull request closes, reopens or merges, and the paragraphs of the
// code pull request's progress comment for those moments. Pure; anything quoted is escaped.
import { companionNote } from '../report/notes.js'
import { commentMarkup, type RunProgressState, renderProgressComment, renderThreadComment } from '../report/render.js'
import { DASHBOARD_URL } from '../job/result.js'
import { escapeMarkdown } from '../markdown/escape.js'
import { type HeadRange, short } from './decide.js'

/** A pull request as the comments name and link it. */
export interface NamedPullRequest {
  name: string
  url: string
}

/**
 * What the job is asked when the code pull request's head moves; the context section follows.
 * `wentBack`: the comparison lists no commit the job has not seen (a force-push to an older head, or
 * a reset), so commits it documented may have left the pull request.
 */
export function followUpRequest(number: number, { from, to }: HeadRange, wentBack = false): string {
  if (wentBack) {
    return (
      `The head of pull request #${number} went back from ${short(from)} to ${short(to)}, which adds no commit to ` +
      `${short(from)} (a force-push to an older head, or a reset): commits you documented may no longer be part of ` +
      'it. Update the companion docs pull request you opened for it so that the docs match the code at ' +
      `${short(to)} again, taking out what documents changes that are gone, in that same pull request.`
    )
  }
  return (
    `New commits were pushed to pull request #${number} (its head moved from ${short(from)} to ${short(to)}). ` +
    'Update the companion docs pull request you opened for it so that the docs match the code again, in that same ' +
    'pull request. The changes since the head you last saw are below.'
  )
}

/** The moments the companion docs pull request is told of, on itself. */
export type CompanionNews = 'closed' | 'reopened' | 'merged'

/**
 * What the companion docs pull request says of its code pull request closing, reopening or merging:
 * the news in its docs-PR comment, or in a comment of its own when it has none.
 */
export function companionNewsParagraph(news: CompanionNews, code: NamedPullRequest, runUrl: string): string {
  const m = commentMarkup(runUrl)
  const link = m.link(code.url, code.name)
  const text: Record<CompanionNews, string> = {
    closed:
      `🚫 **Closed with its code.** ${link} was closed without being merged, so this companion docs pull request ` +
      `was closed too. Reopening ${link} reopens it.`,
    reopened: `↩️ **Reopened with its code.** ${link} was reopened, and this pull request follows it again.`,
    merged: `🔀 **Its code merged.** ${link} was merged: this pull request holds its docs and is ready for review and merge.`
  }
  return `${text[news]} (${m.run})`
}

/** How a step on the companion docs pull request went, for the code pull request's progress comment. */
export type CompanionOutcome =
  /** The step was done on this docs pull request. */
  | { kind: 'done'; pullRequest: NamedPullRequest }
  /** GitHub refused it (the warning says why). */
  | { kind: 'failed'; pullRequest: NamedPullRequest }
  /** The job has opened no docs pull request on this GitHub (yet). */
  | { kind: 'none'; jobId: string }

/** The code pull request's progress comment once it closed or merged: the last word of its companion. */
export function companionEndComment(
  marker: string,
  moment: CompanionNews,
  outcome: CompanionOutcome,
  runUrl: string,
  /** The head last sent; `progress`, a follow-up sent on the way out and still at work. */
  { head, progress }: { head: string; progress?: RunProgressState | undefined }
): string {
  const m = commentMarkup(runUrl)
  const docs = outcome.kind === 'none' ? '' : m.link(outcome.pullRequest.url, outcome.pullRequest.name)
  const job = m.code(outcome.kind === 'none' ? outcome.jobId : '')
  const said: Record<CompanionNews, Record<CompanionOutcome['kind'], string>> = {
    closed: {
      done: `🚫 **Closed.** This pull request was closed without being merged, so its companion docs pull request ${docs} was closed too, with a comment saying why. Reopening this pull request reopens it.`,
      failed: `⚠️ **Closed, docs left open.** This pull request was closed without being merged, but its companion docs pull request ${docs} could not be closed (the workflow run's warnings say why): close it by hand.`,
      none: `🚫 **Closed.** This pull request was closed without being merged. Its agent job ${job} had opened no docs pull request here; should it open one still, the reconcile run that sees the job end closes it.`
    },
    reopened: {
      done: `↩️ **Reopened.** Its companion docs pull request ${docs} was reopened too, and each push is sent to the same agent job again.`,
      failed: `⚠️ **Reopened, docs still closed.** Its companion docs pull request ${docs} could not be reopened (the workflow run's warnings say why): reopen it by hand. Each push is sent to the same agent job again.`,
      none: `↩️ **Reopened.** Each push is sent to its agent job ${job} again.`
    },
    merged: {
      done: `🔀 **Merged.** Its companion docs pull request ${docs} was told so, labelled and its reviewers asked: review and merge it.`,
      failed: `⚠️ **Merged.** Its companion docs pull request ${docs} could not all be told, labelled or given its reviewers (the workflow run's warnings say why): do it by hand.`,
      none: `🔀 **Merged.** Its agent job ${job} has opened no docs pull request here yet: should it open one still, the reconcile run that sees the job end does the steps of the merge there.`
    }
  }
  const lines = [`${said[moment][outcome.kind]} (${m.run})`]
  // A follow-up sent on the way out is still at work: a reconcile run tells its end.
  if (progress) lines.push(renderProgressComment('', progress, runUrl).trim())
  lines.push(escapeMarkdown(companionNote(head)))
  return renderThreadComment(marker, lines.join('\n\n'))
}

/**
 * Said under a follow-up the job may lack: one that failed, or (`unsure`) one cut off in flight, which
 * the job may or may not have. Either way the companion's next run, or the merge, sends everything since `from`.
 */
export function behindParagraph({ from, to }: HeadRange, unsure: boolean): string {
  const what = unsure
    ? `⚠️ **Follow-up unsure.** The commits up to ${short(to)} were sent to the agent job, but no answer came ` +
      'back (see above), so the job may not have them: its docs are known to '
    : `⚠️ **One push behind.** The commits up to ${short(to)} were not sent to the agent job (see above), so its docs `
  return `${what}follow ${short(from)}. The next push or review request the companion runs on, or the merge, sends everything since ${short(from)}${unsure ? ' again' : ''}.`
}

/** The step's notice for a close, reopen or merge that sent the job nothing. */
export function companionEndReason(number: number, moment: CompanionNews, outcome: CompanionOutcome): string {
  const docs = outcome.kind === 'none' ? undefined : outcome.pullRequest.name
  const what: Record<CompanionNews, string> = {
    closed: `Pull request #${number} was closed without being merged`,
    reopened: `Pull request #${number} was reopened`,
    merged: `Pull request #${number} was merged`
  }
  const done: Record<CompanionNews, string> = {
    closed: `its companion docs pull request ${docs} was closed with a comment`,
    reopened: `its companion docs pull request ${docs} was reopened`,
    merged: `its companion docs pull request ${docs} was told, labelled and its reviewers asked`
  }
  if (outcome.kind === 'none')
    return `${what[moment]}; its agent job ${outcome.jobId} has opened no docs pull request on this GitHub.`
  if (outcome.kind === 'failed') return `${what[moment]}; not all the steps on ${docs} went through (see the warnings).`
  return `${what[moment]}: ${done[moment]}. Nothing was sent to the agent.`
}

/**
 * Why a run of the code pull request starts no companion job after an earlier run's create got no
 * answer: that create may have made the job, which no comment names, and every later event would
 * otherwise create another. Deleting the progress comment is the way to start afresh.
 */
export function unsureCompanionMessage(number: number, commentUrl: string | undefined): string {
  const where = commentUrl ? ` (${commentUrl})` : ''
  return (
    `An earlier run for pull request #${number} sent the request to create its companion agent job but got no ` +
    `answer, as its progress comment records${where}, so a job may exist that this run cannot see; not creating ` +
    `another. Look for it among the agent jobs on the dashboard (${new URL(DASHBOARD_URL).host}). To start the ` +
    'companion afresh instead, delete that progress comment: the next push, review request or reopen the companion runs on starts a new job.'
  )
}

/** Said after a refused pusher: what the job has not been sent, and what sends it. */
export function pushLeftBehind(number: number, { from }: HeadRange): string {
  return (
    `The commits pushed to pull request #${number} were not sent to its companion agent job; the next push or ` +
    'review request the companion runs on, by someone who may ask for docs, or the merge, sends everything since ' +
    `${short(from)}.`
  )
}

/** Said after a refused pusher where no job exists: their commits start none. */
export function pushStartsNothing(number: number): string {
  return (
    `No companion job was started for pull request #${number}: the next push or review request the companion ` +
    "runs on, by someone who may ask for docs, starts it (the author's checks apply too), as does reopening it."
  )
}

/**
 * The code pull request's progress comment when a push would have started its job but who pushed may
 * not ask for docs: its author, who may, sees why nothing started. `reason` is the gate's, escaped here.
 */
export function refusedStartComment(marker: string, number: number, reason: string, runUrl: string): string {
  const m = commentMarkup(runUrl)
  const text = `⏸️ **No docs started.** ${escapeMarkdown(reason)} ${pushStartsNothing(number)} (${m.run})`
  return renderThreadComment(marker, text)
}

/**
 * The code pull request's progress comment while its companion job is created, written before the
 * create is sent: a run stopped before the answer leaves it, recording that a job may exist.
 */
export function creatingCompanionComment(marker: string, runUrl: string, head: string): string {
  const m = commentMarkup(runUrl)
  const text =
    `⏳ **Starting the companion agent job.** If this comment still says so after the ${m.run} ended, the run ` +
    'stopped before the agent API answered: a job may exist that this comment cannot name, so no later run ' +
    `creates another. Look for it among the agent jobs on the ${m.link(DASHBOARD_URL, 'dashboard')}, or delete ` +
    'this comment to start the companion afresh.'
  return renderThreadComment(marker, [text, escapeMarkdown(companionNote(head))].join('\n\n'))
}

/**
 * Why no companion job was created when its progress comment could not record the create first:
 * the workflow was cancelled (`cancelled`), or a write of the comment failed. Shown in the log and,
 * when a later write lands, in that comment.
 */
export function unrecordedCreateMessage(number: number, cancelled: boolean): string {
  const next = 'The next push or review request the companion runs on'
  if (cancelled) {
    return (
      `The workflow was cancelled before the companion agent job of pull request #${number} was created: nothing ` +
      `was started. ${next} starts it, unless a warning of the run says its progress comment must be deleted first.`
    )
  }
  return (
    `No companion agent job was started for pull request #${number}: a write of its progress comment failed (see ` +
    "the workflow run's warnings), and the comment records a create before it is sent, so that a run stopped " +
    `before the answer never leads to a second job. ${next} tries again.`
  )
}

/** What a create the progress comment may still record as unanswered was, as the run knows it. */
export type StaleCreate = { sent: false } | { sent: true; jobId: string | undefined }

/**
 * Said when the progress comment may still record a create as unanswered though the run knows better:
 * GitHub refused or failed the write that takes the record off. Later runs read the record and start
 * no job, so the advice depends on whether a job exists: deleting the comment would start a second.
 */
export function staleCreateRecordMessage(number: number, commentUrl: string | undefined, create: StaleCreate): string {
  const comment = `The companion progress comment of pull request #${number}${commentUrl ? ` (${commentUrl})` : ''}`
  if (!create.sent) {
    return (
      `${comment} may still record a create of its agent job, though none was sent: GitHub could not be reached ` +
      'to take the record off. While it does, later runs start no companion job: delete that comment (it says ' +
      '"Starting the companion agent job"), and the next push or review request the companion runs on starts it.'
    )
  }
  if (create.jobId === undefined) {
    return (
      `${comment} may still record its create as unanswered, though the agent API answered without making a job: ` +
      'GitHub refused the edits that take the record off (see the warnings above). While it does, later runs ' +
      'start no companion job: delete that comment.'
    )
  }
  return (
    `${comment} may still record its create as unanswered, though the agent API made agent job ${create.jobId}: ` +
    'GitHub refused the edits after it (see the warnings above). Later runs of the pull request start no other ' +
    'job and send this one no pushes; the job goes on and opens its pull request (see the dashboard). Do not ' +
    'delete the comment: a run would then start a second job.'
  )
}

/** The code pull request's progress comment once it closed unmerged while its create waited queued. */
export function queuedClosedComment(marker: string, runUrl: string, head: string): string {
  const m = commentMarkup(runUrl)
  const text =
    '🚫 **Closed before its docs started.** This pull request was closed without being merged while its ' +
    "companion agent job waited for the agent API's hourly limit, so that job will not be created. Reopening " +
    `this pull request starts it. (${m.run})`
  return renderThreadComment(marker, [text, escapeMarkdown(companionNote(head))].join('\n\n'))
}

/** The step's notice for that close; `written`: the comment no longer keeps the request. */
export function queuedClosedReason(number: number, written: boolean): string {
  return written
    ? `Pull request #${number} was closed without being merged while its companion job waited queued for the ` +
        "agent API's hourly limit: the request was taken off its progress comment, and no job will be created."
    : `Pull request #${number} was closed without being merged while its companion job waited queued, but its ` +
        'progress comment could not be edited (see the warnings): a reconcile run may still create that job. ' +
        'Edit or delete the comment to stop it.'
}
