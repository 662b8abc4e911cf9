// Whether the pull request a job's record links is the companion that job opened, asked before the
// action merges or closes it with docs-token (companion-merge: auto; a companion opened after its
// code closed). The record alone is no proof: a wrong or prompt-injected record may link anyone's
// pull request, and the docs-PR steps, which follow the same record, then comment there too. So two
// facts GitHub holds must agree: its author is an app (the agent's GitHub App opens its pull requests;
// GitHub keeps the `[bot]` suffix for apps, so no person authors one), and it carries the action's
// docs-PR comment whose signed marker names this job (no one without the key signs one, and a copy
// from another thread does not verify).
import { accessHint, pullRequestName } from '../docs-pr/docs-pr.js'
import { isBot } from '../event/bots.js'
import { type CallLimits, commentsRead, describeGitHubError, type GitHubApi } from '../github/api.js'
import type { PullRequestRef } from '../github/pull-request-link.js'
import { COMMENT_PAGES } from '../github/thread-calls.js'
import type { MarkerSigner } from '../thread/marker.js'
import { threadMarkers } from '../thread/thread-markers.js'

export interface CompanionClaim {
  pullRequest: PullRequestRef
  /** The job whose record links it. */
  jobId: string
  signer: MarkerSigner
}

/**
 * Undefined when `pullRequest` is the companion job `jobId` opened; else the one warning that says
 * why the action leaves it as it is rather than `act` on it.
 */
export async function notTheJobsCompanion(
  { pullRequest, jobId, signer }: CompanionClaim,
  act: 'merge' | 'close',
  api: GitHubApi,
  limits: () => CallLimits
): Promise<string | undefined> {
  const writer = { ...signer, repository: pullRequest.repository }
  const docsJob = (pages: Parameters<typeof commentsRead>[0]) =>
    threadMarkers(commentsRead(pages), writer, pullRequest.number).docs?.marker.jobId
  const name = pullRequestName(pullRequest)
  const done = act === 'merge' ? 'merged' : 'closed'
  let why: string | undefined
  try {
    const { author } = await api.getPullRequest(pullRequest.number, limits())
    const pages = await api.listComments(pullRequest.number, limits(), {
      maxPages: COMMENT_PAGES,
      enough: (read) => docsJob(read) !== undefined
    })
    why = whyNotTheJobs(author, docsJob(pages), jobId)
  } catch (error) {
    return (
      `Could not read ${name} to check that it is the pull request agent job ${jobId} opened, so it was not ${done}: ` +
      describeGitHubError(error, accessHint(pullRequest))
    )
  }
  return (
    why &&
    `Did not ${act} ${name}, which the record of agent job ${jobId} links: GitHub does not show it is the pull ` +
      `request that job opened (${why}). ${act === 'merge' ? 'Merge' : 'Close'} it by hand if it is.`
  )
}

/** Pure: why a pull request by `author`, whose docs-PR comment names `docsJobId`, is not job `jobId`'s companion. */
export function whyNotTheJobs(
  author: string | undefined,
  docsJobId: string | undefined,
  jobId: string
): string | undefined {
  const notAnApp = whyNotAnApp(author)
  if (notAnApp !== undefined) return notAnApp
  if (docsJobId === undefined) return 'it carries no docs-PR comment of the action'
  return docsJobId === jobId ? undefined : `its docs-PR comment names agent job ${docsJobId}`
}

/**
 * Pure: why a pull request by `author` is not one the agent opened (its GitHub App does); undefined
 * for an app. Alone it guards a close or reopen with the code, which must not wait for the docs-PR comment.
 */
export function whyNotAnApp(author: string | undefined): string | undefined {
  if (author === undefined) return 'its author is a deleted account, not an app'
  return isBot({ login: author }) ? undefined : `@${author} opened it, not an app as the agent does`
}
