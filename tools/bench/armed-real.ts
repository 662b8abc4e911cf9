// One point of the billed-month model checked by real runs of the bundle, scaled down 60 times: a 15
// minute job as 15 s and the recipe's 10 minute schedule as 10 s. The reconcile workflow starts disabled; a
// /docs comment starts the job with wait: false and reconcile-workflow, which enables it; a
// scheduled reconcile run comes on each tick only while the GitHub fake says the workflow is
// enabled, until one disables it. Beside it, the model's count at the same scale.
import { markerKey, readMarker } from '../../src/thread/marker.js'
import { API_KEY, preciseNow, PROJECT } from './processes.js'
import { repository, sleepUntil } from './reconcile-real.js'
import { recipeSchedule } from './schedule.js'

export const ARMED_SCALE = 60
export const ARMED_JOB_MS = 900_000 / ARMED_SCALE
export const ARMED_INTERVAL_MS = recipeSchedule().intervalMs / ARMED_SCALE
/** When the /docs comment comes, after the schedule's last tick. */
export const ARMED_START_MS = 1_000
/** The reconcile workflow's file, as in examples/reconcile.yml. */
export const ARMED_WORKFLOW = 'docs-reconcile.yml'

export interface ArmedPoint {
  /** The /docs run and each reconcile run the enabled workflow got. */
  runs: number
  /** The workflow's state at the end, as the GitHub fake tells it. */
  state: string | undefined
  /** The final comment shows the job's end. */
  finished: boolean
}

export async function armedPoint(node: string): Promise<ArmedPoint> {
  const repo = await repository(node, ARMED_JOB_MS)
  try {
    const { github } = repo
    github.workflows.addWorkflow('acme', 'docs', ARMED_WORKFLOW, 'disabled_manually')
    const state = () => github.workflows.workflowState('acme', 'docs', ARMED_WORKFLOW)
    const scheduleAt = preciseNow()
    await sleepUntil(scheduleAt + ARMED_START_MS)
    await repo.step({ wait: 'false', 'reconcile-workflow': ARMED_WORKFLOW })
    let runs = 1
    for (let tick = 1; state() === 'active'; tick++) {
      if (tick > 20) throw new Error('Twenty ticks did not disable the reconcile workflow.')
      await sleepUntil(scheduleAt + tick * ARMED_INTERVAL_MS)
      const inputs = { mode: 'reconcile', 'trigger-phrase': '', 'reconcile-workflow': ARMED_WORKFLOW }
      await repo.step(inputs, { GITHUB_RUN_ID: String(3000 + tick) })
      runs++
    }
    // The end is in the comment's signed marker (a job, no longer waiting), not in its words, which
    // progress-wording.test.ts alone pins.
    const key = markerKey(API_KEY, PROJECT)
    const finished = github.comments('acme', 'docs', 42).some((comment) => {
      const marker = readMarker(comment.body, key, { repository: 'acme/docs', threadNumber: 42, commentId: comment.id })
      return marker?.jobId !== undefined && marker.state === undefined
    })
    return { runs, state: state(), finished }
  } finally {
    await repo.close()
  }
}
