// A companion the job opened after its code closed or merged (the job was still at work when that
// run came): the reconcile run that sees the job end tells it what no run could, as the close or
// merge run would have (src/run/companion-end.ts): closed with its code, or told of the merge and,
// where that run signed companion-merge: auto, landed. Whether the code closed or merged is read
// from GitHub, never taken from the marker; the reviewers and labels were the docs-PR steps'.
import { tellCompanion } from '../companion/companion-pr.js'
import { landCompanion } from '../companion/land-pr.js'
import { awaitsLateNews, lateNews } from '../companion/landing.js'
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
  if (!awaitsLateNews(mark)) return
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
  const news = lateNews(codePull)
  if (!news) return
  const code = { name: `${repository}#${origin.thread}`, url: codePull.htmlUrl }
  const update = { pullRequest, news, code, settings, runUrl: context.runUrl, signer, notAfter }
  await tellCompanion(update, deps)
  if (news === 'merged' && mark.landing === 'auto') {
    await landCompanion(
      { pullRequest, code, docsToken: settings.docsToken, runUrl: context.runUrl, signer, notAfter },
      deps
    )
  }
}
