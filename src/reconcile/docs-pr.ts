// The docs-PR steps of a reconcile run, for a job that ended with a pull request on this GitHub:
// what a waiting run does once its job ends (docs-pr/docs-pr.ts), the comment on the pull request, its
// reviewers and labels, as this step's inputs ask. Who asked is not known here (the marker does not
// say), so `requester` in pr-reviewers is left out.
import type { RunContext } from '../event/run-context.js'
import { type DocsPullRequestDeps, updateDocsPullRequest } from '../docs-pr/docs-pr.js'
import { markerKey } from '../thread/marker.js'
import { parsePullRequestLink } from '../github/pull-request-link.js'
import type { Settings } from '../settings/settings.js'
import type { DocsPullRequestSteps } from './run.js'

export function docsPullRequestSteps(
  settings: Settings,
  context: RunContext,
  deps: DocsPullRequestDeps
): DocsPullRequestSteps {
  return {
    async followThrough(job, { requestUrl, runUrl }) {
      const pullRequest = parsePullRequestLink(job.prLink, context.serverUrl)
      if (job.status !== 'completed' || !pullRequest) return
      const signer = {
        runId: context.runId,
        workflowJob: context.workflowJob,
        step: context.step,
        key: markerKey(settings.apiKey, settings.projectId)
      }
      await updateDocsPullRequest({ pullRequest, job, request: { url: requestUrl }, settings, runUrl, signer }, deps)
    }
  }
}
