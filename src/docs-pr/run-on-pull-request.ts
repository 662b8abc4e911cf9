// What a run does once its job ends with a pull request on this GitHub: the docs-PR steps there
// (docs-pr.ts), unless the thread is that pull request and its comment already is the docs-PR comment.
import type { RunResult } from '../job/result.js'
import type { PullRequestRef } from '../github/pull-request-link.js'
import { requestPlace, type RunSetup } from '../report/thread-comment.js'
import { type DocsPullRequestDeps, updateDocsPullRequest } from './docs-pr.js'
import { markerSigner } from '../thread/marker.js'
import type { Thread } from '../thread/thread.js'

/** The docs-PR steps once the job has ended `completed` with a pull request on this GitHub host. */
export async function finishOnPullRequest(
  result: RunResult,
  pullRequest: PullRequestRef | undefined,
  thread: Thread | undefined,
  { settings, context, trigger }: RunSetup,
  deps: DocsPullRequestDeps & { notAfter: number }
): Promise<void> {
  if (result.kind !== 'finished' || result.job.status !== 'completed' || !pullRequest) return
  // When the thread is that pull request, its comment already is the docs-PR comment.
  const here = `${context.owner}/${context.repo}`.toLowerCase()
  const held =
    thread?.docsComment !== undefined &&
    thread.issueNumber === pullRequest.number &&
    pullRequest.repository.toLowerCase() === here
  await updateDocsPullRequest(
    {
      pullRequest,
      job: result.job,
      request: requestPlace(trigger, context),
      settings: { ...settings, comment: settings.comment && !held },
      runUrl: context.runUrl,
      signer: markerSigner(context, settings),
      notAfter: deps.notAfter
    },
    deps
  )
}
