// The companion's calls to the agent API, through the job steps of any run: the create, with the code
// pull request as context, and the follow-up with what changed since the last head sent. The comment
// remembers a head as sent only once the service took it (src/companion/sent.ts).
import { log } from '../base/log.js'
import { type HeadRange, type Remembered } from '../companion/decide.js'
import type { CodePullRequest } from '../companion/event.js'
import { afterFollowUp, deliveryOf } from '../companion/sent.js'
import {
  behindParagraph,
  creatingCompanionComment,
  followUpRequest,
  type StaleCreate,
  staleCreateRecordMessage,
  unrecordedCreateMessage,
  unsureCompanionMessage
} from '../companion/words.js'
import { readContext } from '../context/read.js'
import { renderContextSection } from '../context/section.js'
import type { ContextSource } from '../context/source.js'
import { noteText } from '../report/notes.js'
import { type RunSetup, runDecisions } from '../report/thread-comment.js'
import { COMPANION_LABEL } from '../event/labels.js'
import { describeGitHubError, type GitHubApi } from '../github/api.js'
import { parsePullRequestLink } from '../github/pull-request-link.js'
import { composePrompt, type JobPlan, unsureCreateRerunMessage } from '../job/plan.js'
import { jobIdOf, jobOf, type RunResult } from '../job/result.js'
import { renderProgressComment, type RunProgressState } from '../report/render.js'
import { showPrompt } from '../report/report.js'
import type { Settings } from '../settings/settings.js'
import type { CompanionMark } from '../thread/marker.js'
import type { Thread } from '../thread/thread.js'
import { finishAfterJob, type JobRun, recordCreateAhead, report, runJob } from './job-step.js'
import type { Session } from './session.js'

/** What every part of a companion run works with. */
export interface CompanionRun {
  settings: Settings
  session: Session
  api: GitHubApi
  code: CodePullRequest
  thread: Thread
  facts: RunSetup
}

/** A create or follow-up made, and what the comment's marker now remembers. */
export interface Sent {
  job: JobRun
  mark: CompanionMark
}

/**
 * Creates the companion job with the pull request as its context, unless an earlier create got no
 * answer (`unsure`: the attempt its record names, on this run's own comment or on the companion comment).
 */
export async function startJob(
  run: CompanionRun,
  unsure: { own: number | undefined; companion: number | undefined }
): Promise<RunResult> {
  const { settings, session, thread, code } = run
  // A re-run of this run finds the record on its own comment; a run of another event of the pull
  // request (the push that cancelled the opening) finds it on the companion comment.
  const attempt = unsure.own ?? unsure.companion
  if (attempt !== undefined) {
    const message =
      unsure.own === undefined
        ? unsureCompanionMessage(code.pull.number, thread.url)
        : unsureCreateRerunMessage(session.context.runAttempt, attempt, thread.url)
    const refused = { kind: 'error', jobId: undefined, job: undefined, message } as const
    await report(refused, settings, session, thread.url)
    return refused
  }
  // Read at the head the comment will sign as sent: a push since (maybe by someone no run checked) is not in it.
  const at = { base: code.baseSha, head: code.headSha }
  const section = settings.context === 'none' ? '' : await contextSection(run, { kind: 'pull', pull: code.pull, at })
  const plan: JobPlan = { kind: 'create', prompt: composePrompt(settings.prompt, '', section) }
  return (await send(run, plan, { head: code.headSha }, undefined)).job.result
}

/** Sends what changed between two heads to the job: the commits, files and bounded diff of `from...to`. */
export async function followUp(run: CompanionRun, { jobId, companion }: Remembered, range: HeadRange): Promise<Sent> {
  const { code, api, session, settings } = run
  const { from, to } = range
  let section = ''
  // Undefined when not read: only a comparison read and found empty says the head went back.
  let commits: Awaited<ReturnType<GitHubApi['listComparedCommits']>> | undefined
  if (settings.context !== 'none') {
    commits = await api.listComparedCommits(from, to, api.limits()).catch((error: unknown) => {
      log.warning(
        `Could not read the commits of ${from}...${to} for the agent's context: ${describeGitHubError(error)}`
      )
      return undefined
    })
    const { serverUrl, owner, repo } = session.context
    const compareUrl = `${serverUrl}/${owner}/${repo}/compare/${from}...${to}`
    const push = { branch: code.headRef, before: from, after: to, compareUrl, commits: commits ?? [] }
    section = await contextSection(run, { kind: 'push', push })
  }
  const request = followUpRequest(code.pull.number, range, commits?.length === 0)
  const plan: JobPlan = { kind: 'message', jobId, prompt: composePrompt('', request, section), fromThread: true }
  return send(run, plan, { ...companion, head: to }, companion)
}

/**
 * The create or send call through the job steps of any run, its comment carrying the companion note
 * and, signed, the head the job is known to have: a follow-up's head (`sending`) only once the
 * service took it; until then, and when it failed or went unanswered, the last head sent
 * (`previous`), so that the next push or the merge sends everything since, and the comment says so.
 */
async function send(
  run: CompanionRun,
  plan: Exclude<JobPlan, { kind: 'join' }>,
  sending: CompanionMark,
  previous: CompanionMark | undefined
): Promise<Sent> {
  const { settings, session, thread, facts, code } = run
  const signed = runDecisions(code.pull.number, facts, {}, 'companion')
  // Every write shows the head its marker signs.
  let shown = previous ?? sending
  const sign = (companion: CompanionMark): void => {
    shown = companion
    thread.signDecisions({ ...signed, companion })
  }
  sign(shown)
  const prompt = await showPrompt(plan.prompt, settings.apiKey)
  const { runUrl } = session.context
  const noted = (state: RunProgressState) => (marker: string) =>
    renderProgressComment(marker, state, runUrl, noteText('companion', shown.head))
  // A create is recorded first: the next run reads it if this one is killed before the answer.
  const creating = (marker: string) => creatingCompanionComment(marker, runUrl, shown.head)
  const recorded = plan.kind !== 'create' || (await recordCreateAhead(session, thread, creating))
  // Not recorded, nothing is sent. The record may have landed though its write failed (a cancel or an
  // outage mid-write): the last edit below, made within its own time as after any cancel, finds the
  // comment and takes it back.
  const job: JobRun = recorded
    ? await runJob(facts.settings, session, plan, thread, noted, {})
    : { result: unrecordedCreate(code.pull.number, session), working: undefined }
  const after = previous ? afterFollowUp(deliveryOf(job.result), sending, previous) : { mark: sending }
  const pullRequest = parsePullRequestLink(jobOf(job.result)?.prLink, session.context.serverUrl)
  const link = jobOf(job.result)?.prLink
  sign(pullRequest && link ? { ...after.mark, pullRequest: link } : after.mark)
  // A create queued for a reconcile run (the hourly limit) makes the job too, later.
  const made = jobIdOf(job.result) !== undefined || job.result.kind === 'queued'
  if (plan.kind === 'create' && made) await labelCodePullRequest(run)
  const { behind } = after
  const comment: typeof noted = behind
    ? (state) => (marker) => `${noted(state)(marker)}\n${behindParagraph(behind.range, behind.unsure)}\n`
    : noted
  const urlReported = thread.url
  await report(job.result, settings, session, urlReported, { pullRequest, ...(recorded && { prompt }) })
  await finishAfterJob(session, job, thread, { facts, comment, startedBy: {}, pullRequest, urlReported })
  const answered = job.result.kind !== 'error' || job.result.unsureCreate === undefined
  if (plan.kind === 'create' && answered && thread.mayRecordUnsureCreate) {
    const create: StaleCreate = recorded ? { sent: true, jobId: jobIdOf(job.result) } : { sent: false }
    log.warning(staleCreateRecordMessage(code.pull.number, thread.url, create))
  }
  return { job, mark: shown }
}

/** The end of a create that was not sent because its record could not be written first. */
function unrecordedCreate(number: number, session: Session): RunResult {
  const message = unrecordedCreateMessage(number, session.cancel.aborted)
  return { kind: 'error', jobId: undefined, job: undefined, message }
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

/** The context section for the job, read as for any run (src/context/). */
async function contextSection({ settings, session, api }: CompanionRun, source: ContextSource): Promise<string> {
  const { owner, repo } = session.context
  const { facts, warnings } = await readContext(source, `${owner}/${repo}`, api, settings.contextLimit)
  for (const warning of warnings) log.warning(warning)
  return renderContextSection(facts, settings.contextLimit)
}
