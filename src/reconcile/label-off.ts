// Taking the working-label off a thread where nothing waits any more. A run with wait: false may
// write its waiting comment there at any moment, so each side writes its own fact, then reads the
// other's: that run puts the label on again after its last working write (src/thread/label-upkeep.ts),
// and this one reads the comments before taking the label off and again after, putting it back when
// a comment waits by then. Whichever order the calls land in, a waiting comment keeps its label.
import type { WorkingLabel } from '../thread/working-label.js'
import type { ReconcileDeps } from './deps.js'
import { type Finding, startedSince } from './thread-reads.js'

/** Whether the label is off the thread now (after a warning when a call failed). */
export async function takeLabelOff(
  deps: ReconcileDeps,
  finding: Finding,
  /** The comments this run finished. */
  finished: ReadonlySet<number>,
  label: WorkingLabel,
  notAfter: number
): Promise<boolean> {
  // Back on after a removal even when that fails: the thread counts as waiting, so an armed
  // workflow stays on.
  return label.removeUnlessWaiting(
    finding.number,
    () => deps.github.lastEditLimits(notAfter),
    (state) => startedSince(deps, finding, finished, notAfter, state)
  )
}
