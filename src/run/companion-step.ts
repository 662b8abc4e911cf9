// A run in companion mode (docs/design.md, "What a run in companion mode does"): the code pull
// request's event read, its author gated as a commenter is, its companion progress comment read;
// then one of: the companion job created with the pull request as context, a follow-up with what
// changed since the last head sent, or the companion docs pull request closed, reopened or readied.
// The thread, plan, context, job, report and docs-PR steps are those of any run.
import type { AgentJob } from '../agent/job.js'
import { log } from '../base/log.js'
import { tellCompanion } from '../companion/companion-pr.js'
import { decideCompanion, type HeadRange, type Remembered } from '../companion/decide.js'
import { type CodePullRequest, pushRefusal, readCompanionEvent, startRefusal } from '../companion/event.js'
import {
  behindParagraph,
  type CompanionNews,
  companionEndComment,
  companionEndReason,
  type CompanionOutcome,
  followUpRequest,
  pushLeftBehind,
  unsureCompanionMessage
} from '../companion/words.js'
import { readContext } from '../context/read.js'
import { renderContextSection } from '../context/section.js'
import { noteOf, type RunFacts, signedFacts } from '../docs-pr/run-on-pull-request.js'
import { COMPANION_LABEL } from '../event/labels.js'
import type { Trigger } from '../event/trigger.js'
import { mayTrigger } from '../gate/permission.js'
import { AFTER_JOB_BUDGET_MS, describeGitHubError, type GitHubApi } from '../github/api.js'
import { parsePullRequestLink } from '../github/pull-request-link.js'
import type { ContextSource } from '../context/source.js'
import { composePrompt, type JobPlan, unsureCreateRerunMessage } from '../job/plan.js'
import { jobIdOf, jobOf, leavesWorkForReconcile } from '../job/result.js'
import { progressAtEnd, renderProgressComment, type RunProgressState } from '../report/render.js'
import { showPrompt } from '../report/report.js'
import type { Settings } from '../settings/settings.js'
import { type CompanionMark, markerKey } from '../thread/marker.js'
import type { Thread } from '../thread/thread.js'
import { withdrawQueued } from './companion-withdraw.js'
import { finishAfterJob, type JobRun, report, runJob } from './job-step.js'
import type { Session } from './session.js'
import { openThread } from './thread-step.js'

/** What every part of a companion run works with. */
interface CompanionRun {
  settings: Settings
  session: Session
  api: GitHubApi
  code: CodePullRequest
  thread: Thread
  facts: RunFacts
}

export async function runCompanion(settings: Settings, session: Session, api: GitHubApi): Promise<void> {
  const { context } = session
  const event = readCompanionEvent(context.eventName, context.payload)
  if (event.kind === 'skip')
    return await report({ kind: 'skipped', reason: event.reason }, settings, session, undefined)
  const { moment, code } = event
  const { number } = code.pull
  // Who opens a pull request asks for its docs, checked as a commenter is, before anything is read;
  // so is who pushes to it, before the push is sent.
  const permitted = async (refused: string | undefined, who: CodePullRequest['author']) => {
    if (refused !== undefined || !who) return refused
    const verdict = await mayTrigger({ ...who, claimsAccess: false }, settings.requiredPermission, api)
    return verdict.allowed ? undefined : verdict.reason
  }
  const refusal = () => permitted(startRefusal(code, context.eventName, settings.allowedBots), code.author)
  const pusherRefusal = () => permitted(pushRefusal(code, settings.allowedBots), code.sender)
  const starting = moment === 'opened' || moment === 'reopened' || moment === 'ready'
  const refused = starting ? await refusal() : undefined
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
  if (step.kind === 'skip') return await report({ kind: 'skipped', reason: step.reason }, settings, session, thread.url)
  if (step.kind === 'withdraw') {
    return await withdrawQueued(settings, session, code, thread, mark?.companion ?? { head: code.headSha })
  }
  // A push that finds no job starts one, under the same checks.
  const late = step.kind === 'start' && !starting ? await refusal() : undefined
  if (late !== undefined) return await report({ kind: 'skipped', reason: late }, settings, session, undefined)
  // A push is sent only when who pushed may ask too: the next push by one who may, or the merge, sends it.
  const pushed = moment === 'pushed' && step.kind === 'follow' ? step.send : undefined
  const unsent = pushed && (await pusherRefusal())
  if (pushed && unsent !== undefined) {
    const reason = `${unsent} ${pushLeftBehind(number, pushed)}`
    return await report({ kind: 'skipped', reason }, settings, session, thread.url)
  }
  // Reviewers and labels wait for the merge: until then the docs PR follows a change still in review.
  const quiet = { ...settings, comment: true, prReviewers: [], prLabels: [] }
  const run: CompanionRun = { settings, session, api, code, thread, facts: { settings: quiet, context, trigger } }
  if (step.kind === 'start') {
    // A re-run of this run finds the record on its own comment; a run of another event of the pull
    // request (the push that cancelled the opening) finds it on the companion comment.
    const unsure = earlier.unsureCreate ?? mark?.unsureCreate
    if (unsure !== undefined) {
      const message =
        earlier.unsureCreate === undefined
          ? unsureCompanionMessage(number, thread.url)
          : unsureCreateRerunMessage(context.runAttempt, unsure, thread.url)
      return await report({ kind: 'error', jobId: undefined, job: undefined, message }, settings, session, thread.url)
    }
    const section = settings.context === 'none' ? '' : await contextSection(run, { kind: 'pull', pull: code.pull })
    const plan: JobPlan = { kind: 'create', prompt: composePrompt(settings.prompt, '', section) }
    await send(run, plan, { head: code.headSha }, undefined)
    return
  }
  const sent = step.send && (await followUp(run, step.remembered, step.send))
  if (step.act === 'none') return
  await tellAndEnd(run, step.remembered, step.act, sent)
}

/** Sends what changed between two heads to the job: the commits, files and bounded diff of `from...to`. */
async function followUp(run: CompanionRun, { jobId, companion }: Remembered, range: HeadRange): Promise<Sent> {
  const { code, api, session, settings } = run
  const { from, to } = range
  const request = followUpRequest(code.pull.number, range)
  let section = ''
  if (settings.context !== 'none') {
    const commits = await api.listComparedCommits(from, to, api.limits()).catch((error: unknown) => {
      log.warning(
        `Could not read the commits of ${from}...${to} for the agent's context: ${describeGitHubError(error)}`
      )
      return []
    })
    const { serverUrl, owner, repo } = session.context
    const compareUrl = `${serverUrl}/${owner}/${repo}/compare/${from}...${to}`
    const push = { branch: code.headRef, before: from, after: to, compareUrl, commits }
    section = await contextSection(run, { kind: 'push', push })
  }
  const plan: JobPlan = { kind: 'message', jobId, prompt: composePrompt('', request, section), fromThread: true }
  return send(run, plan, { ...companion, head: to }, companion)
}

/**
 * The create or send call through the job steps of any run, its comment carrying the companion note
 * and, signed, the head sent. A follow-up that fails keeps the last head sent (`previous`), so that
 * the next push or the merge sends the commits this one did not, and the comment says so.
 */
async function send(
  run: CompanionRun,
  plan: Exclude<JobPlan, { kind: 'join' }>,
  sending: CompanionMark,
  previous: CompanionMark | undefined
): Promise<Sent> {
  const { settings, session, thread, facts, code } = run
  const signed = signedFacts(code.pull.number, facts, {}, 'companion')
  // Every write shows the head its marker signs: the one being sent, or the last sent when it failed.
  let shown = sending
  const sign = (companion: CompanionMark): void => {
    shown = companion
    thread.signFacts({ ...signed, companion })
  }
  sign(sending)
  const prompt = await showPrompt(plan.prompt, settings.apiKey)
  const { runUrl } = session.context
  const noted = (state: RunProgressState) => (marker: string) =>
    renderProgressComment(marker, state, runUrl, noteOf('companion', shown.head))
  const job = await runJob(facts.settings, session, plan, thread, noted, {})
  const failed = job.result.kind === 'error' && previous !== undefined
  const kept = failed ? previous : sending
  const pullRequest = parsePullRequestLink(jobOf(job.result)?.prLink, session.context.serverUrl)
  const link = jobOf(job.result)?.prLink
  sign(pullRequest && link ? { ...kept, pullRequest: link } : kept)
  // A create queued for a reconcile run (the hourly limit) makes the job too, later.
  const made = jobIdOf(job.result) !== undefined || job.result.kind === 'queued'
  if (plan.kind === 'create' && made) await labelCodePullRequest(run)
  const range = failed && previous ? { from: previous.head, to: sending.head } : undefined
  const comment: typeof noted = range
    ? (state) => (marker) => `${noted(state)(marker)}\n${behindParagraph(range)}\n`
    : noted
  const urlReported = thread.url
  await report(job.result, settings, session, urlReported, { pullRequest, prompt })
  await finishAfterJob(session, job, thread, { facts, comment, occasion: {}, pullRequest, urlReported })
  return { job, mark: shown }
}

/** A create or follow-up made, and what the comment's marker now remembers. */
interface Sent {
  job: JobRun
  mark: CompanionMark
}

/**
 * The label by which the per-merge run and the digest leave this pull request out (hasCompanion):
 * on once its companion job exists. Without it those runs would start a second job, so a failure says so.
 */
async function labelCodePullRequest({ api, code }: CompanionRun): Promise<void> {
  try {
    await api.addLabels(code.pull.number, [COMPANION_LABEL], api.limits())
  } catch (error) {
    log.warning(
      `Could not put the label "${COMPANION_LABEL}" on #${code.pull.number}: ${describeGitHubError(error)} Without it ` +
        'a per-merge docs run or a digest would start a second job for this pull request: put it on by hand.'
    )
  }
}

/**
 * Closes, reopens or readies the companion docs pull request, and ends the code pull request's
 * progress comment with what was done; a follow-up sent on the way (`sent`) reported the run already.
 */
async function tellAndEnd(
  run: CompanionRun,
  { jobId, companion }: Remembered,
  news: CompanionNews,
  sent: Sent | undefined
): Promise<void> {
  const { settings, session, thread, code, facts } = run
  const { context, clock, connect } = session
  // What the marker remembers now: a follow-up sent on the way may have moved the head.
  const recorded = sent?.mark ?? companion
  // The job's record: for the docs-PR steps of a merge, and for a docs PR no run has seen yet.
  const job = news === 'merged' || !recorded.pullRequest ? await readJob(run, jobId) : undefined
  const link = recorded.pullRequest ?? job?.prLink ?? undefined
  const pullRequest = parsePullRequestLink(link, context.serverUrl)
  const notAfter = clock.now() + AFTER_JOB_BUDGET_MS
  let outcome: CompanionOutcome = { kind: 'none', jobId }
  if (pullRequest && link) {
    const named = { name: `${pullRequest.repository}#${pullRequest.number}`, url: link }
    const merged =
      news === 'merged' && job ? { job, request: { url: code.pull.htmlUrl, ...requester(code) } } : undefined
    const signer = {
      runId: context.runId,
      workflowJob: context.workflowJob,
      step: context.step,
      key: markerKey(settings.apiKey, settings.projectId)
    }
    const done =
      (news !== 'merged' || merged !== undefined) &&
      (await tellCompanion(
        {
          pullRequest,
          news,
          code: { name: `${context.owner}/${context.repo}#${code.pull.number}`, url: code.pull.htmlUrl },
          settings,
          ...(merged && { merged }),
          runUrl: context.runUrl,
          signer,
          notAfter
        },
        { connect, clock, warn: (message) => log.warning(message) }
      ))
    outcome = { kind: done ? 'done' : 'failed', pullRequest: named }
  }
  // The comment stays the companion comment, remembering the head sent and the docs PR.
  const remembered = link && pullRequest ? { ...recorded, pullRequest: link } : recorded
  thread.signFacts({ ...signedFacts(code.pull.number, facts, {}, 'companion'), companion: remembered })
  const reason = companionEndReason(code.pull.number, news, outcome)
  if (sent) log.notice(reason)
  else await report({ kind: 'skipped', reason }, settings, session, thread.url)
  // A follow-up sent on the way out and left at work keeps the comment waiting, for reconcile mode.
  const result = sent?.job.result
  const running = result !== undefined && leavesWorkForReconcile(result)
  const waiting = running && (await thread.putLabel(notAfter))
  const progress = result && running ? progressAtEnd(result, waiting) : undefined
  await thread.finish(
    jobId,
    (marker) => companionEndComment(marker, news, outcome, context.runUrl, { head: remembered.head, progress }),
    notAfter,
    waiting ? 'working' : undefined
  )
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

/** The context section for the job, read as for any run (src/context/). */
async function contextSection({ settings, session, api }: CompanionRun, source: ContextSource): Promise<string> {
  const { owner, repo } = session.context
  const { facts, warnings } = await readContext(source, `${owner}/${repo}`, api, settings.contextLimit)
  for (const warning of warnings) log.warning(warning)
  return renderContextSection(facts, settings.contextLimit)
}
