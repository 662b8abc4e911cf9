// A run in companion mode (docs/design.md, "What a run in companion mode does"): the code pull
// request's event read, who must ask checked (src/companion/gate.ts), its companion progress comment
// read, the step decided (src/companion/decide.ts); then one of: the companion job created with the
// pull request as context, a follow-up with what changed since the last head sent
// (companion-send.ts), or the companion docs pull request closed, reopened or readied (companion-end.ts).
import { type Checked, isStarting, stillToCheck } from '../companion/gate.js'
import { decideCompanion } from '../companion/decide.js'
import { type CodePullRequest, pushRefusal, readCompanionEvent, startRefusal } from '../companion/event.js'
import { pushLeftBehind, pushStartsNothing, refusedStartComment } from '../companion/words.js'
import { runDecisions } from '../report/thread-comment.js'
import type { Trigger } from '../event/trigger.js'
import { skipText } from '../event/skip-reason.js'
import { mayTrigger } from '../gate/permission.js'
import { AFTER_JOB_BUDGET_MS, type GitHubApi } from '../github/api.js'
import type { Settings } from '../settings/settings.js'
import { withdrawQueued } from './companion-withdraw.js'
import { tellAndEnd } from './companion-end.js'
import { type CompanionRun, followUp, startJob } from './companion-send.js'
import { report } from './job-step.js'
import type { Session } from './session.js'
import { openThread } from './thread-step.js'

export async function runCompanion(settings: Settings, session: Session, api: GitHubApi): Promise<void> {
  const { context } = session
  const event = readCompanionEvent(context.eventName, context.payload)
  if (event.kind === 'skip')
    return await report({ kind: 'skipped', reason: skipText(event.reason) }, settings, session, undefined)
  const { moment, code } = event
  const { number } = code.pull
  // Who opens a pull request asks for its docs, checked as a commenter is, before anything is read.
  const refusal = (who: Checked) => checkRefusal(who, code, settings, context.eventName, api)
  const refused = isStarting(moment) ? await refusal('author') : undefined
  if (refused !== undefined) return await report({ kind: 'skipped', reason: refused }, settings, session, undefined)
  const trigger: Trigger = {
    request: '',
    threadNumber: number,
    url: code.pull.htmlUrl,
    ...(code.author && { requester: code.author.login })
  }
  const thread = await openThread({ ...settings, comment: true }, session, trigger, { companion: true })
  const earlier = thread && (await thread.readEarlier())
  if (!thread || !earlier) {
    const message =
      `The comments of pull request #${number} could not be read (see the warning above), and its companion ` +
      'progress comment is what tells a companion run which job to follow: nothing was started or sent. The next ' +
      'event of the pull request tries again; the workflow needs `pull-requests: write` and `issues: write`.'
    return await report({ kind: 'error', jobId: undefined, job: undefined, message }, settings, session, undefined)
  }
  const mark = thread.companion
  const remembered = mark?.jobId && mark.companion ? { jobId: mark.jobId, companion: mark.companion } : undefined
  const queued = mark?.state === 'queued' || mark?.state === 'creating' ? mark.state : undefined
  const step = decideCompanion(moment, number, code.headSha, remembered, queued)
  if (step.kind === 'skip')
    return await report({ kind: 'skipped', reason: skipText(step.reason) }, settings, session, thread.url)
  if (step.kind === 'withdraw') {
    return await withdrawQueued(settings, session, code, thread, mark?.companion ?? { head: code.headSha })
  }
  // Reviewers and labels wait for the merge: until then the docs PR follows a change still in review.
  const quiet = { ...settings, comment: true, prReviewers: [], prLabels: [] }
  const run: CompanionRun = { settings, session, api, code, thread, facts: { settings: quiet, context, trigger } }
  // Every create passes the author's checks, and a push is sent or starts a job only when who pushed passes them.
  for (const who of stillToCheck(moment, step)) {
    const refused = await refusal(who)
    if (refused === undefined) continue
    if (who === 'author') return await report({ kind: 'skipped', reason: refused }, settings, session, undefined)
    // A comment that records an unanswered create keeps that record: it stops every later create.
    const recordsUnsure = earlier.unsureCreate !== undefined || mark?.unsureCreate !== undefined
    if (step.kind === 'start') return await tellNothingStarted(run, refused, !recordsUnsure)
    const reason = `${refused} ${step.kind === 'follow' && step.send ? pushLeftBehind(number, step.send) : ''}`
    return await report({ kind: 'skipped', reason: reason.trim() }, settings, session, thread.url)
  }
  if (step.kind === 'start') return await startJob(run, { own: earlier.unsureCreate, companion: mark?.unsureCreate })
  const sent = step.send && (await followUp(run, step.remembered, step.send))
  if (step.act === 'none') return
  await tellAndEnd(run, step.remembered, step.act, sent)
}

/** Why `who` may not ask for the docs of this pull request (the free checks first, then GitHub's permission), in words, or undefined. */
async function checkRefusal(
  who: Checked,
  code: CodePullRequest,
  settings: Settings,
  eventName: string,
  api: GitHubApi
): Promise<string | undefined> {
  const person = who === 'author' ? code.author : code.sender
  const free =
    who === 'author' ? startRefusal(code, eventName, settings.allowedBots) : pushRefusal(code, settings.allowedBots)
  if (free !== undefined) return skipText(free)
  if (!person) return undefined
  const verdict = await mayTrigger({ ...person, claimsAccess: false }, settings.requiredPermission, api)
  return verdict.allowed ? undefined : skipText(verdict.reason)
}

/**
 * A push that would have started the job, by someone who may not ask for docs: nothing starts, and the
 * progress comment says why, so that the author (whose own request may have been the event this push
 * replaced in the concurrency group) knows what starts it.
 */
async function tellNothingStarted(
  { settings, session, code, thread, facts }: CompanionRun,
  refused: string,
  write: boolean
): Promise<void> {
  const { number } = code.pull
  if (write) {
    thread.signDecisions({ ...runDecisions(number, facts, {}, 'companion'), companion: { head: code.headSha } })
    const notAfter = session.clock.now() + AFTER_JOB_BUDGET_MS
    const runUrl = session.context.runUrl
    await thread.finish(undefined, (marker) => refusedStartComment(marker, number, refused, runUrl), notAfter)
  }
  const reason = `${refused} ${pushStartsNothing(number)}`
  await report({ kind: 'skipped', reason }, settings, session, thread.url)
}
