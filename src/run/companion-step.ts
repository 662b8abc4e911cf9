// A run in companion mode (docs/design.md, "What a run in companion mode does"): the code pull
// request's event read, who must ask checked (src/companion/gate.ts), its companion progress comment
// read, the step decided (src/companion/decide.ts); then one of: the companion job created with the
// pull request as context, a follow-up with what changed since the last head sent
// (companion-send.ts), or the companion docs pull request closed, reopened or readied (companion-end.ts).
import { type Checked as Person, isStarting, stillToCheck } from '../companion/gate.js'
import { docsCheckWriter } from '../companion/docs-check.js'
import { readSkipLabelled } from '../companion/skip.js'
import { type CheckLinks, checkOfResult, companionAt, type DocsCheck } from '../companion/docs-status.js'
import { decideCompanion } from '../companion/decide.js'
import {
  type CodePullRequest,
  type CompanionMoment,
  pushRefusal,
  readCompanionEvent,
  startRefusal
} from '../companion/event.js'
import { pushLeftBehind, pushStartsNothing, refusedStartComment } from '../companion/words.js'
import { closedWhileQueued } from '../companion/status-words.js'
import { runDecisions } from '../report/thread-comment.js'
import type { Trigger } from '../event/trigger.js'
import { type SkipReason, skipText } from '../event/skip-reason.js'
import { log } from '../base/log.js'
import { jobOf, type RunResult } from '../job/result.js'
import { mayTrigger } from '../gate/permission.js'
import { AFTER_JOB_BUDGET_MS, type GitHubApi } from '../github/api.js'
import type { Settings } from '../settings/settings.js'
import { withdrawQueued } from './companion-withdraw.js'
import { skipByLabel } from './docs-skip-step.js'
import { tellAndEnd } from './companion-end.js'
import { type CompanionRun, followUp, startJob } from './companion-send.js'
import { report } from './job-step.js'
import type { Session } from './session.js'
import { openThread } from './thread-step.js'

export async function runCompanion(settings: Settings, session: Session, api: GitHubApi): Promise<void> {
  const { context } = session
  const labelled = readSkipLabelled(context.eventName, context.payload, settings.skipLabel)
  if (labelled) return await skipByLabel(settings, session, api, labelled)
  const event = readCompanionEvent(context.eventName, context.payload)
  if (event.kind === 'skip')
    return await report({ kind: 'skipped', reason: skipText(event.reason) }, settings, session, undefined)
  const checked = await companionSteps(event.moment, event.code, settings, session, api)
  // Last, after the outputs and the comment: a refused status write is a warning and nothing else.
  if (!checked) return
  const head = { number: event.code.pull.number, sha: checked.head ?? event.code.headSha }
  const links = { ...checked.links, run: context.runUrl }
  await docsCheckWriter(api, log.warning).writeCheck(
    head,
    checked.check,
    links,
    session.clock.now() + AFTER_JOB_BUDGET_MS
  )
}

/**
 * The `docs` check a run leaves, where it links, and on which commit (`head`; the event's when
 * undefined); undefined leaves the check as it is.
 */
type Checked = { check: DocsCheck; links?: CheckLinks; head?: string } | undefined

async function companionSteps(
  moment: CompanionMoment,
  code: CodePullRequest,
  settings: Settings,
  session: Session,
  api: GitHubApi
): Promise<Checked> {
  const { context } = session
  const { number } = code.pull
  // Who opens a pull request asks for its docs, checked as a commenter is, before anything is read.
  const refusal = (who: Person) => checkRefusal(who, moment, code, settings, context.eventName, api)
  const refused = isStarting(moment) ? await refusal('author') : undefined
  if (refused !== undefined) {
    await report({ kind: 'skipped', reason: skipText(refused) }, settings, session, undefined)
    return { check: authorRefused(refused) }
  }
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
    await report({ kind: 'error', jobId: undefined, job: undefined, message }, settings, session, undefined)
    return { check: { kind: 'refused', reason: `the comments of #${number} could not be read.` } }
  }
  const mark = thread.companion
  const remembered = mark?.jobId && mark.companion ? { jobId: mark.jobId, companion: mark.companion } : undefined
  const queued = mark?.state === 'queued' || mark?.state === 'creating' ? mark.state : undefined
  const step = decideCompanion(moment, number, code.headSha, remembered, queued)
  // The progress comment's URL is known once the run wrote it.
  const links = (): CheckLinks => ({ comment: thread.url, companion: mark?.companion?.pullRequest })
  if (step.kind === 'skip') {
    await report({ kind: 'skipped', reason: skipText(step.reason) }, settings, session, thread.url)
    return stepSkipped(step.reason, links())
  }
  if (step.kind === 'withdraw') {
    await withdrawQueued(settings, session, code, thread, mark?.companion ?? { head: code.headSha })
    return { check: { kind: 'not-documented', reason: closedWhileQueued(number) }, links: links() }
  }
  // Reviewers and labels wait for the merge: until then the docs PR follows a change still in review.
  const quiet = { ...settings, comment: true, prReviewers: [], prLabels: [] }
  const run: CompanionRun = { settings, session, api, code, thread, facts: { settings: quiet, context, trigger } }
  // Every create passes the author's checks, and a push is sent or starts a job only when who pushed passes them.
  for (const who of stillToCheck(moment, step)) {
    const refusedWho = await refusal(who)
    if (refusedWho === undefined) continue
    const refused = skipText(refusedWho)
    if (who === 'author') {
      await report({ kind: 'skipped', reason: refused }, settings, session, undefined)
      return { check: authorRefused(refusedWho), links: links() }
    }
    // A comment that records an unanswered create keeps that record: it stops every later create.
    const recordsUnsure = earlier.unsureCreate !== undefined || mark?.unsureCreate !== undefined
    if (step.kind === 'start') await tellNothingStarted(run, refused, !recordsUnsure)
    else {
      const reason = `${refused} ${step.kind === 'follow' && step.send ? pushLeftBehind(number, step.send) : ''}`
      await report({ kind: 'skipped', reason: reason.trim() }, settings, session, thread.url)
    }
    return { check: { kind: 'not-sent', reason: refused }, links: links() }
  }
  if (step.kind === 'start') {
    const result = await startJob(run, { own: earlier.unsureCreate, companion: mark?.unsureCreate })
    return checkedBy(result, links(), context.serverUrl)
  }
  const sent = step.send && (await followUp(run, step.remembered, step.send))
  // A close, reopen or merge ends the check of the head the job last got once the job ended, or
  // leaves its comment waiting for the reconcile run that ends it (tellAndEnd).
  const ended = step.act === 'none' ? undefined : await tellAndEnd(run, step.remembered, step.act, sent)
  if (sent) return checkedBy(sent.job.result, { ...links(), companion: sent.mark.pullRequest }, context.serverUrl)
  const checked = ended && checkedBy(ended.result, links(), context.serverUrl)
  return checked && ended && { ...checked, head: ended.head }
}

/** The check a run's result leaves, linking the companion its job names, if any. */
function checkedBy(result: RunResult, links: CheckLinks, serverUrl: string): Checked {
  const companion = companionAt(jobOf(result)?.prLink ?? links.companion, serverUrl)
  const check = checkOfResult(result, companion)
  return check && { check, links: { ...links, companion: companion?.url } }
}

/** A pull request whose author may not start its docs is not documented, and says why; a draft waits for ready. */
function authorRefused(reason: SkipReason): DocsCheck {
  if (reason.kind === 'companion-draft') return { kind: 'not-sent', reason: skipText(reason) }
  return { kind: 'not-documented', reason: skipText(reason) }
}

/** The check when the step decided to do nothing: a queued create waits, a head already sent keeps its check. */
function stepSkipped(reason: SkipReason, links: CheckLinks): Checked {
  switch (reason.kind) {
    case 'companion-queued':
      return { check: { kind: 'queued' }, links }
    case 'companion-head-sent':
      return undefined
    default:
      return { check: { kind: 'not-documented', reason: skipText(reason) }, links }
  }
}

/** Why `who` may not ask for the docs of this pull request (the free checks first, then GitHub's permission), or undefined. */
async function checkRefusal(
  who: Person,
  moment: CompanionMoment,
  code: CodePullRequest,
  settings: Settings,
  eventName: string,
  api: GitHubApi
): Promise<SkipReason | undefined> {
  const person = who === 'author' ? code.author : code.sender
  const free =
    who === 'author'
      ? startRefusal(code, eventName, settings.allowedBots)
      : pushRefusal(code, settings.allowedBots, moment)
  if (free !== undefined) return free
  if (!person) return undefined
  const verdict = await mayTrigger({ ...person, claimsAccess: false }, settings.requiredPermission, api)
  return verdict.allowed ? undefined : verdict.reason
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
