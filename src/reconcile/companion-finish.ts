// The reconcile run that sees a companion job end, for what the close or merge run left to it
// (src/run/companion-end.ts): a companion the job opened after its code closed or merged is closed
// with its code, or told of the merge; and where the merge run signed companion-merge=auto (the job
// was at work then: landing earlier could merge docs before the job's last push), it is landed. Whether the code closed or merged is read
// from GitHub, never taken from the marker; the reviewers and labels were the docs-PR steps'.
import { tellCompanion } from '../companion/companion-pr.js'
import { notTheJobsCompanion } from '../companion/job-companion.js'
import { landCompanion } from '../companion/land-pr.js'
import { mayOweCompanion, owedAtJobEnd } from '../companion/landing.js'
import type { DocsPullRequestDeps, DocsPullRequestSettings } from '../docs-pr/docs-pr.js'
import type { RunContext } from '../event/run-context.js'
import { AFTER_JOB_BUDGET_MS, describeGitHubError } from '../github/api.js'
import type { PullRequestRef } from '../github/pull-request-link.js'
import type { PullRequest } from '../github/records.js'
import type { MarkerSigner } from '../thread/marker.js'
import type { JobOrigin } from './deps.js'

export interface LateCompanion {
  pullRequest: PullRequestRef
  /** The job whose record links `pullRequest`. */
  jobId: string
  origin: JobOrigin
  settings: DocsPullRequestSettings & { githubToken: string }
  context: RunContext
  signer: MarkerSigner
}

export async function finishLateCompanion(
  { pullRequest, jobId, origin, settings, context, signer }: LateCompanion,
  deps: DocsPullRequestDeps & { info: (message: string) => void }
): Promise<void> {
  const mark = origin.companion
  if (!mayOweCompanion(mark)) return
  const repository = `${context.owner}/${context.repo}`
  const notAfter = deps.clock.now() + AFTER_JOB_BUDGET_MS
  const github = deps.connect(repository, settings.githubToken)
  let codePull: PullRequest
  try {
    codePull = await github.getPullRequest(origin.thread, github.lastEditLimits(notAfter))
  } catch (error) {
    deps.warn(
      `Could not read whether #${origin.thread} closed or merged, so its companion ${pullRequest.repository}#${pullRequest.number} ` +
        `was not told: ${describeGitHubError(error)} The comment on #${origin.thread} says what to do by hand.`
    )
    return
  }
  const { news, land } = owedAtJobEnd(mark, codePull)
  const code = { name: `${repository}#${origin.thread}`, url: codePull.htmlUrl }
  const runUrl = context.runUrl
  // A close is checked as a merge is (landCompanion): only the pull request GitHub shows is the job's.
  if (news === 'closed' && settings.docsToken !== '') {
    const docs = deps.connect(pullRequest.repository, settings.docsToken)
    const claim = { pullRequest, jobId, signer }
    const foreign = await notTheJobsCompanion(claim, 'close', docs, () => docs.lastEditLimits(notAfter))
    if (foreign) return deps.warn(foreign)
  }
  if (news) await tellCompanion({ pullRequest, news, code, settings, runUrl, signer, notAfter }, deps)
  if (land) {
    await landCompanion({ pullRequest, jobId, code, docsToken: settings.docsToken, runUrl, signer, notAfter }, deps)
  }
}
