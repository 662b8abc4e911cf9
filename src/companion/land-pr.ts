// Lands the companion docs pull request once its code merged (companion-merge: auto), with
// docs-token, as landing.ts decides: auto-merge asked (GraphQL), else a merge at once where GitHub
// says it may, else a comment there saying why not and what to click. Every fault is one warning;
// nothing here throws.
import { accessHint, type DocsPullRequestDeps, pullRequestName } from '../docs-pr/docs-pr.js'
import {
  type CallLimits,
  describeGitHubError,
  type GitHubApi,
  type MergeMethod,
  type MergeState
} from '../github/api.js'
import type { PullRequestRef } from '../github/pull-request-link.js'
import { renderThreadComment } from '../report/render.js'
import { Thread } from '../thread/thread.js'
import {
  type AutoMergeRefusal,
  autoMergeRefusal,
  type Landing,
  landingLine,
  type LeftBecause,
  leftParagraph,
  mayMergeNow,
  mergeMethodOf,
  notOpen
} from './landing.js'
import { type CompanionClaim, notTheJobsCompanion } from './job-companion.js'
import type { NamedPullRequest } from './words.js'

/** The pull request the record of job `jobId` links: landed only once GitHub shows it is that job's (job-companion.ts). */
export interface LandRequest extends CompanionClaim {
  /** The code pull request, which the comment links. */
  code: NamedPullRequest
  docsToken: string
  runUrl: string
  notAfter: number
}

export interface LandDeps extends DocsPullRequestDeps {
  info: (message: string) => void
}

export async function landCompanion(request: LandRequest, deps: LandDeps): Promise<Landing> {
  const landing = await land(request, deps)
  const line = landingLine(landing, pullRequestName(request.pullRequest))
  // A fault is one warning: 'failed' warned already; a companion merged by hand is none.
  const fault = landing.kind === 'left' || (landing.kind === 'not-open' && landing.why === 'closed')
  if (fault) deps.warn(line)
  else deps.info(line)
  return landing
}

async function land(request: LandRequest, deps: LandDeps): Promise<Landing> {
  const { pullRequest, docsToken, notAfter } = request
  const name = pullRequestName(pullRequest)
  const failed = (what: string, error: unknown): Landing => {
    deps.warn(`Could not ${what} ${name}: ${describeGitHubError(error, mergeAccessHint(pullRequest))}`)
    return { kind: 'failed' }
  }
  if (docsToken === '') return failed('merge', new Error('no docs-token or github-token was given.'))
  const api = deps.connect(pullRequest.repository, docsToken)
  const limits = () => api.lastEditLimits(notAfter)
  const foreign = await notTheJobsCompanion(request, 'merge', api, limits)
  if (foreign) {
    deps.warn(foreign)
    return { kind: 'failed' }
  }
  let state: MergeState
  try {
    state = await api.readMergeState(pullRequest.number, limits())
  } catch (error) {
    return failed('read the merge state of', error)
  }
  const closed = notOpen(state)
  if (closed) return { kind: 'not-open', why: closed }
  // A token that may not read the repository's settings leaves the method to the default.
  const method = mergeMethodOf(await api.readMergeMethods(limits()).catch(() => undefined))
  if (state.autoMerge) return { kind: 'asked', method }
  let refusal: AutoMergeRefusal
  try {
    const answer = await api.enableAutoMerge(state.nodeId, method, state.headSha, limits())
    if (answer.done) return { kind: 'asked', method }
    refusal = autoMergeRefusal(answer.errors)
  } catch (error) {
    return failed('ask auto-merge of', error)
  }
  // What GitHub says now, after its refusal: a merge at once only on its word.
  const now = await api.readMergeState(pullRequest.number, limits()).catch(() => state)
  let because: LeftBecause = { kind: 'auto-merge-refused', refusal, mergeableState: now.mergeableState }
  if (refusal.kind !== 'other' && mayMergeNow(now)) {
    const refused = await mergeNow(api, pullRequest.number, now, method, limits())
    if (refused === undefined) return { kind: 'merged', method, refusal: refusal.kind }
    because = { kind: 'merge-refused', words: refused }
  }
  await explain(request, api, because, deps)
  return { kind: 'left', because }
}

/** Merges while the head is the one GitHub called clean: undefined once merged, else GitHub's refusal (405 not mergeable, 409 head moved). */
async function mergeNow(
  api: GitHubApi,
  pullNumber: number,
  state: MergeState,
  method: MergeMethod,
  limits: CallLimits
): Promise<string | undefined> {
  try {
    await api.mergePullRequest(pullNumber, state.headSha, method, limits)
    return undefined
  } catch (error) {
    return describeGitHubError(error)
  }
}

/** A comment of its own on the companion: why it was not merged, and what to click. */
async function explain(
  { pullRequest, code, runUrl, signer, notAfter }: LandRequest,
  api: GitHubApi,
  because: LeftBecause,
  deps: LandDeps
): Promise<void> {
  const writer = { ...signer, repository: pullRequest.repository }
  const thread = new Thread(api, pullRequest.number, writer, undefined, deps.warn, {
    name: pullRequestName(pullRequest),
    accessHint: accessHint(pullRequest)
  })
  const paragraph = leftParagraph(because, code, runUrl)
  await thread.write(undefined, (marker) => renderThreadComment(marker, paragraph), api.lastEditLimits(notAfter))
}

/** Merging writes the companion's branch: GitHub asks contents write of the token as well. */
function mergeAccessHint(pullRequest: PullRequestRef): string {
  return `${accessHint(pullRequest)} To merge it, docs-token also needs "Contents: Read and write" there.`
}
