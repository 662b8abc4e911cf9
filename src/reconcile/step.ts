// The step in reconcile mode: the story of run.ts with the docs-PR steps of docs-pr.ts, then what the
// workflow reads of it (the `reconciled` output and the job summary), and the step's one failure, an
// API key the agent API refused.
import * as core from '@actions/core'
import type { Clock } from '../base/clock.js'
import type { GitHubApi } from '../github/api.js'
import type { RunContext } from '../event/run-context.js'
import { readPullRequestEvent } from '../event/pull-request-event.js'
import type { DocsPullRequestDeps } from '../docs-pr/docs-pr.js'
import { markerSigner } from '../thread/marker.js'
import { log } from '../base/log.js'
import type { Level } from '../report/outcome.js'
import { writeSummary } from '../report/report.js'
import type { Settings } from '../settings/settings.js'
import { reconciledEntries } from './decide.js'
import { disarmIfIdle } from './disarm.js'
import { docsPullRequestSteps } from './docs-pr.js'
import { signalOf } from './pull-request-signal.js'
import { reconcileThreads, type ReconcileDeps } from './run.js'
import { renderReconcileSummary } from './summary.js'

export interface ReconcileStep {
  /** The workflow's repository. */
  github: GitHubApi
  /** Any repository of this GitHub, for the agent's pull request. */
  connect: DocsPullRequestDeps['connect']
  jobs: ReconcileDeps['jobs']
  clock: Clock
  /** When the run started, and when its "timeout" ends (clock time). */
  started: number
  deadline: number
  /** Aborts when the workflow is cancelled. */
  cancel: AbortSignal
}

export async function reconcile(settings: Settings, context: RunContext, step: ReconcileStep): Promise<void> {
  let warnings = 0
  const warning = (text: string): void => {
    warnings++
    log.warning(text)
  }
  const { connect, cancel, started, ...rest } = step
  const event = readPullRequestEvent(context.eventName, context.payload)
  const decision = event && signalOf(event, context.serverUrl)
  const deps = {
    ...rest,
    key: markerSigner(context, settings).key,
    repository: `${context.owner}/${context.repo}`,
    serverUrl: context.serverUrl,
    label: settings.workingLabel,
    docsPullRequest: docsPullRequestSteps(settings, context, {
      connect,
      clock: step.clock,
      warn: warning,
      info: log.info
    }),
    log: { info: log.info, notice: log.notice, warning },
    ...(decision && { pullRequest: { decision, firstGapMs: settings.pollIntervalMs, cancel, runStarted: started } })
  }
  const report = await reconcileThreads(deps)
  // With reconcile-workflow set, a run that leaves nothing waiting switches its workflow off.
  const file = settings.reconcileWorkflow
  const workflow = file === '' ? undefined : { file, after: await disarmIfIdle(deps, report, file) }
  core.setOutput('reconciled', JSON.stringify(reconciledEntries(report.threads)))
  const level: Level = report.keyRefused ? 'failure' : warnings > 0 ? 'warning' : 'success'
  const facts = { label: settings.workingLabel, ...report, level, ...(workflow && { workflow }) }
  await writeSummary(renderReconcileSummary(facts), settings.apiKey)
  if (report.keyRefused) log.fail(report.keyRefused)
}
