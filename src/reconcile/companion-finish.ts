// The reconcile run that sees a companion job end, for what the close or merge run left to it
// (src/run/companion-end.ts): a companion the job opened after its code closed or merged is closed
// with its code, or told of the merge; and where the merge run signed companion-merge=auto (the job
// was at work then: landing earlier could merge docs before the job's last push), it is landed. Whether the code closed or merged is read
// from GitHub, never taken from the marker; the reviewers and labels were the docs-PR steps'.
import { tellCompanion } from '../companion/companion-pr.js'
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
  origin: JobOrigin
  settings: DocsPullRequestSettings & { githubToken: string }
  context: RunContext
  signer: MarkerSigner
}

export async function finishLateCompanion(
  { pullRequest, origin, settings, context, signer }: LateCompanion,
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
  if (news) await tellCompanion({ pullRequest, news, code, settings, runUrl, signer, notAfter }, deps)
  if (land) await landCompanion({ pullRequest, code, docsToken: settings.docsToken, runUrl, signer, notAfter }, deps)
}
