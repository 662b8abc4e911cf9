// A run in digest mode (docs/design.md, "What a run in digest mode does"): what earlier digests
// covered, read from the digest thread; the pull requests merged since, by the branch's commits; one
// job for them, through the same thread, job and report steps as any run. Nothing merged: a notice,
// and nothing written. The job of an earlier digest still running: no second job, and the thread says so.
import { AgentApiError } from '../agent/errors.js'
import { log } from '../base/log.js'
import { uniqueLogins } from '../base/identifier.js'
import { COMMIT_PAGES, gatherRange, type GatheredRange, readPullChanges } from '../digest/gather.js'
import {
  findDigestThread,
  jobStatusOrLost,
  openDigestThread,
  readDigestJobStates,
  readDigestMarkers
} from '../digest/memory.js'
import { digestJobState, endCovers, isQueued, rememberDigests } from '../digest/past.js'
import { includedInJob } from '../digest/range.js'
import { digestSection } from '../digest/section.js'
import { reviewersFor } from '../settings/github-name-inputs.js'
import { describeGitHubError, GitHubCallError, type GitHubApi } from '../github/api.js'
import { parsePullRequestLink } from '../github/pull-request-link.js'
import { withContext } from '../job/plan.js'
import { jobOf } from '../job/result.js'
import {
  botLeftOutNotice,
  companionLeftOutNotice,
  cutShortWarning,
  type DigestLeftOut,
  type DigestState,
  digestSummaryLines,
  nothingToCoverReason,
  skipLabelLeftOutNotice,
  renderDigestComment,
  startUnreachedWarning,
  takenOverReason,
  waitingText
} from '../report/digest-comment.js'
import { escapeMarkdown } from '../markdown/escape.js'
import { renderThreadComment } from '../report/render.js'
import { showPrompt } from '../report/report.js'
import type { Settings } from '../settings/settings.js'
import { type DigestMark, markerSigner, type ProgressMarker } from '../thread/marker.js'
import type { ThreadWriter } from '../thread/thread.js'
import { finishAfterJob, report, runJob } from './job-step.js'
import { decidePlan } from './plan-step.js'
import type { Session } from './session.js'
import { openThread } from './thread-step.js'

/** The share of the time `timeout` leaves that gathering may take. */
const GATHERING_SHARE = 0.5
/**
 * The share of the time left after gathering that reading descriptions may take: the thread's
 * writes and the job's create keep the rest, which a busy runner needs (beside ten CPU-bound
 * processes, half of it was not enough).
 */
const DESCRIPTIONS_SHARE = 0.25

export async function runDigest(settings: Settings, session: Session, api: GitHubApi): Promise<void> {
  try {
    await digest(settings, session, api)
  } catch (error) {
    if (!(error instanceof GitHubCallError) && !(error instanceof AgentApiError)) throw error
    // Before the job: nothing was recorded, so the next digest gathers the same pull requests.
    const message = `The digest stopped before starting a job: ${describeGitHubError(error)} The next digest run covers these merges.`
    await report({ kind: 'error', jobId: undefined, job: undefined, message }, settings, session, undefined)
  }
}

/** What the digest run has found before its job: the thread (maybe not opened yet) and the branch. */
interface DigestPlace {
  writer: ThreadWriter
  branch: string
  threadNumber: number | undefined
}

async function digest(settings: Settings, session: Session, api: GitHubApi): Promise<void> {
  const { context } = session
  const repository = `${context.owner}/${context.repo}`
  const writer = { repository, ...markerSigner(context, settings) }
  const branch = settings.digestBranch || (await api.getDefaultBranch(api.limits()))
  const threadNumber = settings.issueNumber ?? (await findDigestThread(api, writer))
  const read = await readDigestMarkers(api, threadNumber, writer, branch).catch((error: unknown) => {
    if (!(error instanceof GitHubCallError && error.status === 404 && settings.issueNumber !== undefined)) throw error
    return undefined
  })
  if (!read) {
    const message =
      `issue-number ${settings.issueNumber} names no issue in ${repository} that the token can read (GitHub answered 404), ` +
      'so no digest was gathered. Set it to the digest thread, or leave it empty for the action to open one.'
    return await report({ kind: 'error', jobId: undefined, job: undefined, message }, settings, session, undefined)
  }
  const place = { writer, branch, threadNumber }
  const { own, digests } = read
  // A re-run: its job ended well (nothing twice), still runs (join it), or failed (try again, unless
  // a later digest has already taken its pull requests over).
  if (own?.jobId !== undefined) {
    const state = own.digest?.done ? 'done' : digestJobState(await jobStatusOrLost(session.agent, own.jobId))
    if (state === 'done') {
      const reason = `This digest's job ${own.jobId} already covered its pull requests, so this re-run starts no second job.`
      return await report({ kind: 'skipped', reason }, settings, session, undefined)
    }
    if (state === 'running' && own.digest) {
      return await startJob(settings, session, api, place, { mark: own.digest, reviewers: own.reviewers ?? [] })
    }
  }
  if (own && isQueued(own)) {
    const reason = `This digest's request is queued on ${commentLink(own)}: a reconcile run creates its job, so this re-run starts none.`
    return await report({ kind: 'skipped', reason }, settings, session, undefined)
  }
  const later = own && digests.find((marker) => (marker.commentId ?? 0) > (own.commentId ?? 0))
  if (later)
    return await report({ kind: 'skipped', reason: takenOverReason(commentLink(later)) }, settings, session, undefined)

  const states = await readDigestJobStates(digests, session.agent)
  const memory = rememberDigests(digests, (jobId) => states.get(jobId))
  if (memory.kind === 'running') return await wait(settings, session, place, memory.digest)
  if (memory.kind === 'first' && !read.complete) {
    const message =
      `The digest thread #${threadNumber} has more comments since its last finished digest than a digest reads, so ` +
      'where the next range starts is not known and no digest was gathered. Hide or delete the comments that flood ' +
      'it, or remove its label to start afresh (the next digest opens a new thread and looks back 7 days).'
    return await report({ kind: 'error', jobId: undefined, job: undefined, message }, settings, session, undefined)
  }
  // Gathering (commits, their pull requests, what each changes) takes at most half of what `timeout`
  // leaves, and reading the descriptions a quarter of what is left then: the job's create and wait keep the rest.
  const time = shareOfTimeLeft(session, GATHERING_SHARE)
  const gathered = await gatherRange(api, branch, memory.kind === 'after' ? memory.start : undefined, time)
  if (gathered.cutShort) log.warning(cutShortWarning(gathered.cutShort, gathered.end, COMMIT_PAGES * 100))
  if (gathered.startUnreached) log.warning(startUnreachedWarning(gathered.start.at, memory.kind === 'first'))
  const first = memory.kind === 'first'
  const { included, leftOut, withCompanion, byBots } = includedInJob(gathered.pulls, settings)
  for (const pull of leftOut) log.notice(skipLabelLeftOutNotice(pull.number, settings.skipLabel))
  for (const pull of withCompanion) log.notice(companionLeftOutNotice(pull.number))
  const skipped: DigestLeftOut = {
    numbers: leftOut.map((pull) => pull.number),
    label: settings.skipLabel,
    withCompanion: withCompanion.map((pull) => pull.number),
    byBots: byBots.map((pull) => ({ number: pull.number, login: pull.authorAccount.login }))
  }
  for (const pull of skipped.byBots) log.notice(botLeftOutNotice(pull.number, pull.login))
  if (included.length === 0) {
    const reason =
      nothingToCoverReason(skipped, branch) ??
      `No pull request was merged into ${branch} since the last digest${first ? ' (the first digest looks back 7 days)' : ''}: no job was started.`
    return await report({ kind: 'skipped', reason }, settings, session, undefined)
  }
  const { facts, warnings } = await readPullChanges(api, repository, included, time, settings.contextLimit)
  for (const warning of warnings) log.warning(warning)
  const mark = markOf(gathered, included, branch)
  const section = { repository, branch, range: { from: mark.from, to: mark.to }, first, pulls: facts }
  const reading = shareOfTimeLeft(session, DESCRIPTIONS_SHARE)
  const laidOut = digestSection(section, settings.contextLimit, () => reading.clock.now() < reading.deadline)
  for (const warning of laidOut.warnings) log.warning(warning)
  const sectionText = laidOut.text
  // `requester` in pr-reviewers stands for the authors of the covered pull requests.
  const reviewers = uniqueLogins(included.flatMap((pull) => reviewersFor(settings.prReviewers, pull.author)))
  return await startJob(settings, session, api, place, { mark, section: sectionText, skipped, reviewers })
}

/** The clock, and a deadline `share` of the way from now to the run's. */
function shareOfTimeLeft({ clock, deadline }: Session, share: number): { clock: Session['clock']; deadline: number } {
  const now = clock.now()
  return { clock, deadline: now + Math.max(0, deadline - now) * share }
}

/** What a digest signs: the range's instants (GitHub's committer dates), its end commit and the pull requests in its job. */
function markOf(gathered: GatheredRange, included: readonly { number: number }[], branch: string): DigestMark {
  const to = Math.max(gathered.end.committedAt, gathered.start.at, 1)
  const from = Math.max(0, Math.min(gathered.start.at, to))
  return { from, to, pulls: included.map((pull) => pull.number), branch, head: gathered.end.sha }
}

function commentLink(marker: ProgressMarker): string {
  return `comment ${marker.commentId ?? ''} on #${marker.threadNumber}`
}

/** The job of an earlier digest still runs: no second job; the thread and the summary say the merges wait. */
async function wait(settings: Settings, session: Session, place: DigestPlace, running: ProgressMarker): Promise<void> {
  const text = waitingText({ jobId: running.jobId ?? '', comment: commentLink(running) }, place.branch)
  const trigger = triggerOn(session, place.threadNumber ?? running.threadNumber)
  const thread = await openThread({ ...settings, comment: true }, session, trigger)
  await thread?.write(undefined, (marker) => renderThreadComment(marker, `⏸️ ${escapeMarkdown(text)}`))
  log.notice(text)
  await report({ kind: 'skipped', reason: text }, settings, session, thread?.url)
}

function triggerOn(session: Session, threadNumber: number) {
  const { serverUrl, owner, repo } = session.context
  return { request: '', threadNumber, url: `${serverUrl}/${owner}/${repo}/issues/${threadNumber}` }
}

/**
 * The digest's job: its comment on the digest thread (written and named before the create, so that a
 * digest GitHub cannot record starts no job), then the job, the report and the last edit. `mark`
 * alone: a re-run joining its earlier attempt's job.
 */
async function startJob(
  settings: Settings,
  session: Session,
  api: GitHubApi,
  place: DigestPlace,
  job: { mark: DigestMark; reviewers: string[]; section?: string; skipped?: DigestLeftOut }
): Promise<void> {
  const { context } = session
  const { mark } = job
  const repository = `${context.owner}/${context.repo}`
  const issueNumber = place.threadNumber ?? (await openDigestThread(api, place.writer))
  // The digest thread is where the request was made: the docs PR's comment links it.
  const trigger = triggerOn(session, issueNumber)
  // A digest comments whatever `comment` says: its thread is its memory, and its docs PR says what it covers.
  const thread = await openThread({ ...settings, comment: true }, session, trigger)
  const decision = thread && (await decidePlan({ ...settings, jobId: '', followUp: false }, session, trigger, thread))
  if (decision && 'refused' in decision) {
    const refusal = { kind: 'error', jobId: undefined, job: undefined, message: decision.refused } as const
    return await report(refusal, settings, session, thread?.url)
  }
  const { reviewers } = job
  // Signed as a waiting run would use them, so that the reconcile run that finishes the job writes the same words.
  const signed = { request: trigger.url, phrase: settings.triggerPhrase, reviewers, labels: settings.prLabels }
  thread?.signDecisions({ ...signed, digest: mark })
  const where = { serverUrl: context.serverUrl, repository }
  const comment = (state: DigestState) => (marker: string) =>
    renderDigestComment(marker, state, context.runUrl, where, mark)
  // A digest's trigger is no comment, so no other run answered it ('skipped' never comes).
  const jobPlan = decision && 'plan' in decision ? withContext(decision.plan, job.section ?? '') : undefined
  // The digest thread is the digests' memory: the comment that records this digest's range is
  // written, and names itself, before its job is created.
  const recorded =
    jobPlan?.kind !== 'create' ||
    ((await thread?.write(undefined, comment({ kind: 'starting' }))) && thread?.namesItself)
  if (!thread || !jobPlan || !recorded) {
    const message =
      `The digest could not be recorded on #${issueNumber} (the warning above says why), so no job was started: ` +
      'the next digest run covers these merges. The workflow needs `issues: write`.'
    return await report({ kind: 'error', jobId: undefined, job: undefined, message }, settings, session, thread?.url)
  }
  const prompt = jobPlan.kind === 'join' ? undefined : await showPrompt(jobPlan.prompt, settings.apiKey)
  const startedBy = {}
  const run = await runJob(settings, session, jobPlan, thread, comment, startedBy)
  const urlReported = thread.url
  const pullRequest = parsePullRequestLink(jobOf(run.result)?.prLink, context.serverUrl)
  const details = digestSummaryLines(
    where,
    mark,
    run.result,
    job.skipped ?? { numbers: [], label: settings.skipLabel, withCompanion: [], byBots: [] }
  )
  await report(run.result, settings, session, urlReported, { pullRequest, prompt, details })
  const runFacts = { settings: { ...settings, comment: true, prReviewers: reviewers }, context, trigger }
  // The last edit signs that the PRs are covered, so that no later digest depends on the job's record.
  if (endCovers(run.result)) thread.signDecisions({ ...signed, digest: { ...mark, done: true } })
  await finishAfterJob(session, run, thread, { facts: runFacts, comment, startedBy, pullRequest, urlReported })
}
