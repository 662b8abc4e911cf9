// The steps on the agent's pull request once its job has ended with it: the docs-PR comment (found
// again by its signed marker and edited, never made twice), the reviewers and the labels. The pull
// request is often in another repository than the workflow's, reached with docs-token. Every failure
// here is a warning: the job's outcome and the step's outputs stand.
import type { AgentJob } from '../agent/job.js'
import type { Clock } from '../base/clock.js'
import { type DocsCommentFacts, renderDocsPullRequestComment, type RequestPlace } from '../report/docs-pr-comment.js'
import type { PullRequestRef } from '../github/pull-request-link.js'
import type { Settings } from '../settings/settings.js'
import { AFTER_JOB_BUDGET_MS, type GitHubApi, httpStatusOf } from '../github/api.js'
import type { MarkerSigner } from '../thread/marker.js'
import { describeGitHubError } from '../github/calls.js'
import { Thread } from '../thread/thread.js'
import { reviewersFor } from '../settings/github-name-inputs.js'

export type DocsPullRequestSettings = Pick<
  Settings,
  'docsToken' | 'comment' | 'prReviewers' | 'prLabels' | 'triggerPhrase'
>

export interface DocsPullRequestUpdate {
  pullRequest: PullRequestRef
  /** The job, ended `completed` with a PR link naming `pullRequest`. */
  job: AgentJob
  /** Where this request was made, and who asked: the origin of a new comment, and `requester` in pr-reviewers. */
  request: RequestPlace
  settings: DocsPullRequestSettings
  runUrl: string
  /** This workflow step and the key its markers are signed with. */
  signer: MarkerSigner
  /** Clock time by which every call is over; by default AFTER_JOB_BUDGET_MS from now. */
  notAfter?: number
}

export interface DocsPullRequestDeps {
  /** A connection to `repository` (owner/name) with `token`. */
  connect: (repository: string, token: string) => GitHubApi
  clock: Clock
  warn: (message: string) => void
}

/** Comments on the agent's pull request, requests its reviewers and adds its labels, as the settings ask. */
export async function updateDocsPullRequest(update: DocsPullRequestUpdate, deps: DocsPullRequestDeps): Promise<void> {
  const { pullRequest, settings } = update
  const reviewers = reviewersFor(settings.prReviewers, update.request.requester)
  const asked = reviewers.length > 0 || settings.prLabels.length > 0
  if (settings.docsToken === '') {
    // Only what the workflow asked for by name is worth a warning: the comment is on by default.
    const what = `no reviewers or labels were added to ${pullRequestName(pullRequest)}`
    if (asked) deps.warn(`No docs-token or github-token was given, so ${what}.`)
    return
  }
  if (!settings.comment && !asked) return
  const api = deps.connect(pullRequest.repository, settings.docsToken)
  const notAfter = update.notAfter ?? deps.clock.now() + AFTER_JOB_BUDGET_MS
  const step = { api, pullRequest, notAfter, warn: deps.warn }
  // The comment's marker lists only the reviewers GitHub took: the gate answers a refused request of
  // theirs, and someone GitHub would not ask (an outside author as `requester`) must stay a stranger.
  const requested = reviewers.length > 0 ? requestReviews(reviewers, step) : Promise.resolve([])
  await Promise.all([
    settings.comment ? requested.then((taken) => writeComment(update, taken, step)) : requested,
    settings.prLabels.length > 0 ? addLabels(settings.prLabels, step) : undefined
  ])
}

interface Step {
  api: GitHubApi
  pullRequest: PullRequestRef
  notAfter: number
  warn: (message: string) => void
}

/**
 * The pull request's one docs-PR comment, edited when it exists: it is looked for first, and not made
 * when it cannot be. Its marker lists the reviewers asked for, so that the gate can answer one of them
 * whose request there is refused.
 */
async function writeComment(
  update: DocsPullRequestUpdate,
  reviewers: string[],
  { api, pullRequest, notAfter, warn }: Step
): Promise<void> {
  const writer = { ...update.signer, repository: pullRequest.repository }
  const thread = new Thread(api, pullRequest.number, writer, undefined, warn, {
    docsComment: { origin: update.request.url, reviewers },
    name: pullRequestName(pullRequest),
    accessHint: accessHint(pullRequest)
  })
  const limits = api.lastEditLimits(notAfter)
  if (!(await thread.readEarlier(limits))) return
  const facts: Omit<DocsCommentFacts, 'origin'> = {
    pullRequest,
    request: update.request,
    triggerPhrase: update.settings.triggerPhrase,
    runUrl: update.runUrl
  }
  const origin = thread.docsComment?.origin ?? ''
  const state = { kind: 'ended', result: { kind: 'finished', job: update.job } } as const
  const body = (marker: string) => renderDocsPullRequestComment(marker, { ...facts, origin }, state)
  const made = thread.url === undefined
  await thread.write(update.job.id, body, limits)
  // A new comment's marker cannot name the comment; the edit that signs its id in makes a copy of it
  // in another comment untrusted, as a progress comment's last edit does.
  if (made && thread.url !== undefined) await thread.write(update.job.id, body, limits)
}

/**
 * GitHub refuses a whole request (422) when one login cannot review: then each is asked alone, so
 * that the others still are. The author is never asked: GitHub refuses that too.
 */
async function requestReviews(logins: string[], { api, pullRequest, notAfter, warn }: Step): Promise<string[]> {
  const where = pullRequestName(pullRequest)
  let author: string | undefined
  try {
    author = (await api.getPullRequest(pullRequest.number, api.lastEditLimits(notAfter))).author?.toLowerCase()
  } catch (error) {
    warn(`Could not read ${where} to request reviews: ${describeGitHubError(error, accessHint(pullRequest))}`)
    return []
  }
  const reviewers = logins.filter((login) => login.toLowerCase() !== author)
  if (reviewers.length === 0) return []
  try {
    await api.requestReviewers(pullRequest.number, reviewers, api.lastEditLimits(notAfter))
    return reviewers
  } catch (error) {
    if (httpStatusOf(error) !== 422 || reviewers.length === 1) {
      warn(refusedReview(reviewers, where, error, pullRequest))
      return []
    }
  }
  const requested: string[] = []
  for (const login of reviewers) {
    try {
      await api.requestReviewers(pullRequest.number, [login], api.lastEditLimits(notAfter))
      requested.push(login)
    } catch (error) {
      warn(refusedReview([login], where, error, pullRequest))
    }
  }
  return requested
}

function refusedReview(logins: string[], where: string, error: unknown, pullRequest: PullRequestRef): string {
  const who = logins.map((login) => `@${login}`).join(', ')
  if (httpStatusOf(error) === 422) {
    return (
      `Could not request a review from ${who} on ${where}: ${describeGitHubError(error)} ` +
      `GitHub asks for reviews only from people who can read ${pullRequest.repository} and did not open the pull ` +
      'request: give them access or take them out of pr-reviewers.'
    )
  }
  return `Could not request a review from ${who} on ${where}: ${describeGitHubError(error, accessHint(pullRequest))}`
}

async function addLabels(labels: readonly string[], { api, pullRequest, notAfter, warn }: Step): Promise<void> {
  try {
    await api.addLabels(pullRequest.number, labels, api.lastEditLimits(notAfter))
  } catch (error) {
    const list = labels.map((label) => JSON.stringify(label)).join(', ')
    warn(
      `Could not add the labels ${list} to ${pullRequestName(pullRequest)}: ${describeGitHubError(error, accessHint(pullRequest))}`
    )
  }
}

/** How warnings name the pull request: a reader who sees only its number cannot tell it is the agent's. */
export function pullRequestName(pullRequest: PullRequestRef): string {
  return `the agent's pull request ${pullRequest.repository}#${pullRequest.number}`
}

/** What to do when GitHub refuses docs-token on the pull request's repository. */
export function accessHint({ repository }: PullRequestRef): string {
  return (
    `docs-token (github-token when unset) needs "Pull requests: Read and write" on ${repository}; a workflow's ` +
    `GITHUB_TOKEN reaches only its own repository, where \`pull-requests: write\` in \`permissions:\` gives it that.`
  )
}
