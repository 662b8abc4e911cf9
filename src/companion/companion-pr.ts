// The steps on the companion docs pull request when its code pull request closes, reopens or merges:
// its state set to match (with docs-token, as it often lives in the docs repository), a comment
// saying why, and on a merge the reviewers and labels of the docs-PR steps (docs-pr.ts). Every
// failure is a warning, and the answer says whether all went through.
import type { AgentJob } from '../agent/job.js'
import {
  accessHint,
  type DocsPullRequestDeps,
  type DocsPullRequestSettings,
  pullRequestName,
  updateDocsPullRequest
} from '../docs-pr/docs-pr.js'
import { renderDocsPullRequestNews, type RequestPlace } from '../report/docs-pr-comment.js'
import { describeGitHubError, type GitHubApi } from '../github/api.js'
import type { PullRequestRef } from '../github/pull-request-link.js'
import type { MarkerKey, WorkflowStep } from '../thread/marker.js'
import { Thread } from '../thread/thread.js'
import { renderThreadComment } from '../report/render.js'
import { whyNotAnApp } from './job-companion.js'
import { type CompanionNews, companionNewsParagraph, type NamedPullRequest } from './words.js'

export interface CompanionNewsUpdate {
  pullRequest: PullRequestRef
  news: CompanionNews
  /** The code pull request, which the comment links. */
  code: NamedPullRequest
  settings: DocsPullRequestSettings
  /** On a merge: the job, and the request whose `requester` stands for `requester` in pr-reviewers. */
  merged?: { job: AgentJob; request: RequestPlace }
  runUrl: string
  signer: WorkflowStep & { key: MarkerKey }
  notAfter: number
}

/** Closes, reopens or readies the companion docs pull request, and says why there; whether all of it was done. */
export async function tellCompanion(update: CompanionNewsUpdate, deps: DocsPullRequestDeps): Promise<boolean> {
  const { pullRequest, news, settings, notAfter } = update
  let done = true
  const warn = (message: string): void => {
    done = false
    deps.warn(message)
  }
  if (settings.docsToken === '') {
    warn(
      `No docs-token or github-token was given, so ${pullRequestName(pullRequest)} could not be told that its code ${news}.`
    )
    return false
  }
  const api = deps.connect(pullRequest.repository, settings.docsToken)
  if (news !== 'merged') {
    const state = news === 'closed' ? 'closed' : 'open'
    const verb = news === 'closed' ? 'close' : 'reopen'
    try {
      // The job's record is no proof (job-companion.ts): a person's pull request it links is never
      // closed or reopened. The agent's GitHub App opens its pull requests.
      const { author } = await api.getPullRequest(pullRequest.number, api.lastEditLimits(notAfter))
      const notAnApp = whyNotAnApp(author)
      if (notAnApp !== undefined) {
        warn(
          `Did not ${verb} ${pullRequestName(pullRequest)}, which the agent job's record links: ${notAnApp}. ` +
            `${verb === 'close' ? 'Close' : 'Reopen'} it by hand if it is the companion.`
        )
        return false
      }
      await api.setPullRequestState(pullRequest.number, state, api.lastEditLimits(notAfter))
    } catch (error) {
      warn(`Could not ${verb} ${pullRequestName(pullRequest)}: ${describeGitHubError(error, accessHint(pullRequest))}`)
      return false
    }
  }
  const comment = writeNews(update, api, warn)
  // The reviewers and labels, as the docs-PR steps give them to any agent pull request; its comment
  // tells the news.
  const ready =
    update.merged &&
    updateDocsPullRequest(
      {
        pullRequest,
        job: update.merged.job,
        request: update.merged.request,
        settings: { ...settings, comment: false },
        runUrl: update.runUrl,
        signer: update.signer,
        notAfter
      },
      { ...deps, warn }
    )
  await Promise.all([comment, ready])
  return done
}

/**
 * The news on the companion: in its docs-PR comment, which then no longer reads as the end of its
 * latest request ("ready for review" on a closed pull request); in a comment of its own when it has
 * none (the workflow that opened it wrote none, or it is not found). On a merge, the job at hand
 * writes that comment when it is missing (its job ended with no run to follow it through): what ties
 * the companion to its job before it is landed (job-companion.ts).
 */
async function writeNews(
  { pullRequest, news, code, settings, merged, runUrl, signer, notAfter }: CompanionNewsUpdate,
  api: GitHubApi,
  warn: (message: string) => void
): Promise<void> {
  const writer = { ...signer, repository: pullRequest.repository }
  const thread = new Thread(api, pullRequest.number, writer, undefined, warn, {
    ...(merged && { docsComment: { origin: merged.request.url } }),
    name: pullRequestName(pullRequest),
    accessHint: accessHint(pullRequest)
  })
  const limits = api.lastEditLimits(notAfter)
  const earlier = await thread.readEarlier(limits)
  // Unread comments may hold the docs-PR comment: none is made twice.
  if (!earlier && merged) return
  const paragraph = companionNewsParagraph(news, code, runUrl)
  const docs = thread.docsComment
  const jobId = earlier?.docsJobId ?? merged?.job.id ?? earlier?.latestJobId
  if (docs && jobId) {
    const facts = { pullRequest, origin: docs.origin, triggerPhrase: settings.triggerPhrase, runUrl }
    const told = { jobId, paragraph, open: news !== 'closed' }
    await thread.write(jobId, (marker) => renderDocsPullRequestNews(marker, facts, told), limits)
  } else await thread.write(undefined, (marker) => renderThreadComment(marker, paragraph), limits)
}
