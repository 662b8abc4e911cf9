// A run in digest mode (docs/design.md, "What a run in digest mode does"): what earlier digests
// covered, read from the digest thread; the pull requests merged since; one job for them, through the
// same thread, job and report steps as any run. Nothing merged: a notice, and nothing written.
import { AgentApiError } from '../agent/errors.js'
import { log } from '../base/log.js'
import { readContext } from '../context/read.js'
import { planDigest } from '../digest/range.js'
import {
  DIGEST_ISSUE,
  DIGEST_LABEL,
  jobStatusOrLost,
  readDigestJobStates,
  readDigestMarkers
} from '../digest/memory.js'
import { endCovers, pastDigests } from '../digest/past.js'
import { cutOff, listedPastRange, nextRange } from '../digest/range.js'
import { digestSectionWarnings, renderDigestSection } from '../digest/section.js'
import { reviewersFor } from '../docs-pr/docs-pr.js'
import { describeGitHubError, GitHubCallError, type GitHubApi, type ListedPull } from '../github/api.js'
import { parsePullRequestLink } from '../github/pull-request-link.js'
import { withContext } from '../job/plan.js'
import { isDoneStatus, jobOf } from '../job/result.js'
import {
  type DigestState,
  digestSummaryLines,
  nothingToCoverReason,
  renderDigestComment,
  unlistedMergesWarning
} from '../report/digest-comment.js'
import { showPrompt } from '../report/report.js'
import type { Settings } from '../settings/settings.js'
import { uniqueLogins } from '../base/identifier.js'
import { isWrittenBy, markerKey } from '../thread/marker.js'
import { finishAfterJob, report, runJob } from './job-step.js'
import { decidePlan } from './plan-step.js'
import type { Session } from './session.js'
import { openThread } from './thread-step.js'

/** The most pages of closed pull requests a digest lists: 1,000 pull requests closed since the last one. */
const LISTED_PAGES = 10
/**
 * The time the listing's pages take together (and page 1 read again), where one call has 10 s: GitHub
 * takes a second or more for a page of 100 pull requests, and a page may be tried again.
 */
const LISTING_BUDGET_MS = 60_000

type MergedPull = ListedPull & { mergedAt: number }

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

async function digest(settings: Settings, session: Session, api: GitHubApi): Promise<void> {
  const { context, clock } = session
  const repository = `${context.owner}/${context.repo}`
  const writer = {
    repository,
    runId: context.runId,
    workflowJob: context.workflowJob,
    step: context.step,
    key: markerKey(settings.apiKey, settings.projectId)
  }
  const branch = settings.digestBranch || (await api.getDefaultBranch(api.limits()))
  const found = settings.issueNumber ?? (await api.findIssueLabelled(DIGEST_LABEL, api.limits()))
  const markers = await readDigestMarkers(api, found, writer, branch).catch((error: unknown) => {
    if (!(error instanceof GitHubCallError && error.status === 404 && settings.issueNumber !== undefined)) throw error
    return undefined
  })
  if (!markers) {
    const message =
      `issue-number ${settings.issueNumber} names no issue in ${repository} that the token can read (GitHub answered 404), ` +
      'so no digest was gathered. Set it to the digest thread, or leave it empty for the action to open one.'
    return await report({ kind: 'error', jobId: undefined, job: undefined, message }, settings, session, undefined)
  }
  const states = await readDigestJobStates(markers, writer, session.agent)
  const { past, own } = pastDigests(markers, writer, (jobId) => states.get(jobId))
  // A re-run of a digest whose job ended well covers nothing twice; one whose job runs joins it
  // (decidePlan), one whose job failed tries its range again.
  const ownMarker = markers.find((marker) => isWrittenBy(marker, writer))
  const ownJobId = ownMarker?.jobId
  const ownDone = ownMarker?.digest?.done === true
  if (ownJobId !== undefined && (ownDone || isDoneStatus(await jobStatusOrLost(session.agent, ownJobId)))) {
    const reason = `This digest's job ${ownJobId} already covered its pull requests, so this re-run starts no second job.`
    return await report({ kind: 'skipped', reason }, settings, session, undefined)
  }
  // Gathered now: a PR merged after this belongs to the next digest, whatever the listing shows.
  const cutoff = cutOff(clock.now())
  const listedRange = own?.range ?? nextRange(past, cutoff).range
  const listing = await api.listClosedPulls(branch, api.limits(LISTING_BUDGET_MS), {
    maxPages: LISTED_PAGES,
    enough: (updatedAt) => listedPastRange(updatedAt, listedRange)
  })
  const merged = listing.pulls.filter((pull): pull is MergedPull => pull.mergedAt !== undefined)
  // A listing that stopped short covers what it reached, and gives up the merges before, saying so.
  const listedAfter = listing.complete ? undefined : listing.listedAfter
  const plan = planDigest({ past, own, listed: merged, cutoff, skipLabel: settings.skipLabel, listedAfter })
  const place = { serverUrl: context.serverUrl, repository }
  if (plan.unlisted)
    log.warning(unlistedMergesWarning(plan.unlisted, { branch, listedMost: LISTED_PAGES * 100, place }))
  if (plan.kind === 'nothing') {
    const reason =
      nothingToCoverReason(plan, settings.skipLabel, branch) ??
      `No pull request was merged into ${branch} since the last digest${plan.first ? ' (the first digest looks back 7 days)' : ''}: no job was started.`
    return await report({ kind: 'skipped', reason }, settings, session, undefined)
  }
  const skipped = { numbers: plan.skipped.map((pull) => pull.number), label: settings.skipLabel }
  for (const number of skipped.numbers)
    log.notice(`Pull request #${number} carries "${skipped.label}": left out of the digest.`)

  const issueNumber = found ?? (await api.openIssue({ ...DIGEST_ISSUE, label: DIGEST_LABEL }, api.limits()))
  // The digest thread is where the request was made: the docs PR's comment links it.
  const threadUrl = `${context.serverUrl}/${repository}/issues/${issueNumber}`
  const trigger = { request: '', threadNumber: issueNumber, url: threadUrl }
  // A digest comments whatever `comment` says: its thread is its memory, and its docs PR says what it covers.
  const thread = await openThread({ ...settings, comment: true }, session, trigger)
  const decision = thread && (await decidePlan({ ...settings, jobId: '', followUp: false }, session, trigger, thread))
  if (decision && 'refused' in decision) {
    const refusal = { kind: 'error', jobId: undefined, job: undefined, message: decision.refused } as const
    return await report(refusal, settings, session, thread?.url)
  }
  const readings = await Promise.all(plan.pulls.map((pull) => readContext({ kind: 'pull', pull }, repository, api)))
  for (const warning of readings.flatMap((reading) => reading.warnings)) log.warning(warning)
  const facts = { repository, branch, range: plan.range, first: plan.first, pulls: readings.map((r) => r.facts) }
  const section = renderDigestSection(facts, settings.contextLimit)
  for (const warning of digestSectionWarnings(facts, settings.contextLimit)) log.warning(warning)

  // `requester` in pr-reviewers stands for the authors of the covered pull requests.
  const reviewers = uniqueLogins(plan.pulls.flatMap((pull) => reviewersFor(settings.prReviewers, pull.author)))
  const mark = { ...plan.range, pulls: plan.pulls.map((pull) => pull.number), branch }
  const signed = { request: threadUrl, phrase: '', reviewers, labels: settings.prLabels }
  thread?.signFacts({ ...signed, digest: mark })
  const comment = (state: DigestState) => (marker: string) =>
    renderDigestComment(marker, state, context.runUrl, place, mark)
  const jobPlan = decision && withContext(decision.plan, section)
  // The digest thread is the digests' memory: the comment that records this digest's range is
  // written before its job is created, and a digest GitHub cannot record starts no job.
  const recorded = jobPlan?.kind !== 'create' || (await thread?.write(undefined, comment({ kind: 'starting' })))
  if (!thread || !jobPlan || !recorded) {
    const message =
      `The digest could not be recorded on #${issueNumber} (the warning above says why), so no job was started: ` +
      'the next digest run covers these merges. The workflow needs `issues: write`.'
    return await report({ kind: 'error', jobId: undefined, job: undefined, message }, settings, session, thread?.url)
  }
  const prompt = jobPlan.kind === 'join' ? undefined : await showPrompt(jobPlan.prompt, settings.apiKey)

  const occasion = {}
  const job = await runJob(settings, session, jobPlan, thread, comment, occasion)
  const urlReported = thread.url
  const pullRequest = parsePullRequestLink(jobOf(job.result)?.prLink, context.serverUrl)
  const details = digestSummaryLines(place, mark, job.result, skipped, plan.unlisted)
  await report(job.result, settings, session, urlReported, { pullRequest, prompt, details })
  const runFacts = { settings: { ...settings, comment: true, prReviewers: reviewers }, context, trigger }
  // The last edit signs that the PRs are covered, so that no later digest depends on the job's record.
  if (endCovers(job.result)) thread.signFacts({ ...signed, digest: { ...mark, done: true } })
  await finishAfterJob(session, job, thread, { facts: runFacts, comment, occasion, pullRequest, urlReported })
}
