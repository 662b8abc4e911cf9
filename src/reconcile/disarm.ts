// A reconcile run's last step with `reconcile-workflow` set: when it leaves no thread waiting, its
// own workflow is disabled, so that the schedule bills nothing until a run leaves a job again; the
// labelled threads are then read once more, and a thread labelled meanwhile enables it again
// (src/arm/arm.ts, docs/design.md "Arming the reconcile workflow").
import { type Disarmed, disarmWhenIdle, ReconcileWorkflow, threadsWait } from '../arm/arm.js'
import type { ReconcileDeps } from './deps.js'
import { readLabelledThreads } from './labelled-threads.js'
import type { ReconcileReport } from './run.js'

/** What became of the workflow: as `Disarmed` says, or `waiting` (left on: a thread waits). */
export type WorkflowAfterRun = Disarmed | 'waiting'

/** The time the read after the disable has, even when the run's "timeout" is spent. */
const READ_AGAIN_MS = 30_000

export async function disarmIfIdle(
  deps: ReconcileDeps,
  report: ReconcileReport,
  file: string
): Promise<WorkflowAfterRun> {
  if (threadsWait(report)) {
    deps.log.info(`A thread still waits for a reconcile run: the workflow ${file} stays enabled.`)
    return 'waiting'
  }
  const workflow = new ReconcileWorkflow(deps.github, file, deps.log)
  return disarmWhenIdle(
    workflow,
    () => labelledMeanwhile(deps),
    () => deps.github.limits()
  )
}

/**
 * Whether a thread waits now, read as the run began (threads of ours that carry the label), quietly:
 * the run has said once what it found of each thread.
 */
async function labelledMeanwhile(deps: ReconcileDeps): Promise<boolean> {
  const quiet = () => {}
  const again = await readLabelledThreads({
    ...deps,
    deadline: Math.max(deps.deadline, deps.clock.now() + READ_AGAIN_MS),
    log: { info: quiet, notice: quiet, warning: deps.log.warning }
  })
  // None of ours carries the label after this run, unless labelled since: each one listed waits.
  const threads = again.findings.map((finding) => ({ ...finding, labelRemoved: false }))
  const waits = threadsWait({ ...again, threads })
  if (waits) deps.log.info('A thread was labelled while the workflow was disabled: it is enabled again.')
  return waits
}
