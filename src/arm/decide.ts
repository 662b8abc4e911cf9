// When the reconcile workflow (`reconcile-workflow`) is switched on and off, as pure decisions: on
// once a run leaves a job for it on a labelled thread, off once a reconcile run leaves no thread
// waiting. docs/design.md ("Arming the reconcile workflow") says why, what it costs, and the race.
import { leavesWorkForReconcile, type RunResult } from '../job/result.js'

/**
 * What a run in run or digest mode does about the reconcile workflow after its last edit:
 * `enable` it, `advise` how to arm one (no `reconcile-workflow` is set), or nothing.
 */
export type ArmStep = 'enable' | 'advise' | 'none'

/**
 * A run that leaves work for a reconcile run (src/job/result.ts, the one rule) arms the workflow once
 * its thread carries the working-label, the one thing a reconcile run finds a thread by. Without the
 * label nothing would find the thread, and the comment says it will not be updated.
 */
export function armStep(result: RunResult, labelOn: boolean, workflow: string): ArmStep {
  if (!labelOn || !leavesWorkForReconcile(result)) return 'none'
  return workflow === '' ? 'advise' : 'enable'
}

/** The labelled threads as a reconcile run leaves them, or as it reads them again. */
export interface LabelledAfterRun {
  threads: readonly {
    /** No marker there verifies with this key: another project's thread, never ours to wait for. */
    unsigned?: true
    /** This run took the label off: nothing waits there any more. */
    labelRemoved: boolean
  }[]
  /** More threads carry the label than the run read. */
  more: boolean
  /** Why the threads could not be listed. */
  unlisted?: string
}

/**
 * Whether a thread may still wait for a reconcile run: one of ours that keeps the working-label
 * (a job left running, a comment or thread not read, a label that would not come off, a job started
 * there meanwhile), or labelled threads the run did not list. On doubt, yes: a workflow switched off
 * while a job waits strands its comment, one left on costs a run.
 */
export function threadsWait(after: LabelledAfterRun): boolean {
  return (
    after.unlisted !== undefined ||
    after.more ||
    after.threads.some((thread) => thread.unsigned === undefined && !thread.labelRemoved)
  )
}
