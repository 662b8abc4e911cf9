// The docs-PR steps of a reconcile run, for a job that ended with a pull request on this GitHub:
// what a waiting run does once its job ends (docs-pr/docs-pr.ts), the comment on the pull request, its
// reviewers and labels, as the run that started the job decided them: its marker signs its trigger
// phrase, reviewers (with `requester` resolved) and labels, and they win over this step's inputs,
// since they are what the person asked for. A marker written before they were signed falls back on
// this step's pr-reviewers, pr-labels and trigger-phrase, with `requester` replaced by who asked
// when the marker names them (else left out).
import type { RunContext } from '../event/run-context.js'
import { type DocsPullRequestDeps, updateDocsPullRequest } from '../docs-pr/docs-pr.js'
import { markerSigner } from '../thread/marker.js'
import { parsePullRequestLink } from '../github/pull-request-link.js'
import type { Settings } from '../settings/settings.js'
import type { DocsPullRequestSteps } from './run.js'
import { finishLateCompanion } from './companion-finish.js'

export function docsPullRequestSteps(
  settings: Settings,
  context: RunContext,
  deps: DocsPullRequestDeps & { info: (message: string) => void }
): DocsPullRequestSteps {
  return {
    async followThrough(job, origin) {
      const { requestUrl, requester, runUrl, decided } = origin
      const pullRequest = parsePullRequestLink(job.prLink, context.serverUrl)
      if (job.status !== 'completed' || !pullRequest) return
      const signer = markerSigner(context, settings)
      const asked = decided
        ? {
            ...settings,
            triggerPhrase: decided.triggerPhrase,
            prReviewers: decided.reviewers,
            prLabels: decided.labels
          }
        : settings
      const request = { url: requestUrl, ...(requester !== undefined && { requester }) }
      // A companion always carries its docs-PR comment, as mode companion writes it: what ties it to
      // its job before it is closed or merged (companion/job-companion.ts).
      const steps = origin.companion ? { ...asked, comment: true } : asked
      await updateDocsPullRequest({ pullRequest, job, request, settings: steps, runUrl, signer }, deps)
      await finishLateCompanion({ pullRequest, jobId: job.id, origin, settings, context, signer }, deps)
    }
  }
}
