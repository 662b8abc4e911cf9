// The step in reconcile mode: the story of run.ts, then what the workflow reads of it (the
// `reconciled` output and the job summary), and the step's one failure, an API key the agent API
// refused.
import type { Clock } from '../clock.js'
import type { GitHubApi } from '../github/api.js'
import type { RunContext } from '../github/context.js'
import { markerKey } from '../github/marker.js'
import { log } from '../log.js'
import { writeReconciled, writeSummary } from '../report.js'
import type { Settings } from '../settings.js'
import { reconciledEntries } from './decide.js'
import { type DocsPullRequestSteps, reconcileThreads, type ReconcileDeps } from './run.js'
import { renderReconcileSummary } from './summary.js'

export interface ReconcileStep {
  github: GitHubApi
  jobs: ReconcileDeps['jobs']
  clock: Clock
  deadline: number
  docsPullRequest: DocsPullRequestSteps
}

export async function reconcile(settings: Settings, context: RunContext, step: ReconcileStep): Promise<void> {
  let warnings = 0
  const report = await reconcileThreads({
    ...step,
    key: markerKey(settings.apiKey),
    repository: `${context.owner}/${context.repo}`,
    serverUrl: context.serverUrl,
    label: settings.workingLabel,
    log: {
      info: log.info,
      warning: (text) => {
        warnings++
        log.warning(text)
      }
    }
  })
  writeReconciled(reconciledEntries(report.threads))
  const level = report.keyRefused ? 'failure' : warnings > 0 ? 'warning' : 'success'
  await writeSummary(renderReconcileSummary({ label: settings.workingLabel, ...report, level }))
  if (report.keyRefused) log.fail(report.keyRefused)
}
