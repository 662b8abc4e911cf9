// The two-repository setup for tests that run run() in process: one clock, shared by the runs and
// the simulator, so that a job's time passes as the runs skip ahead.
import type { ThreadStep } from './github-fixture.js'
import { runInProcess, SkippingClock } from './in-process.js'
import { type TwoRepositories, withTwoRepositories } from './two-repositories.js'

export function twoRepositoriesInProcess() {
  const clock = new SkippingClock()
  return {
    clock,
    run: (step: ThreadStep) => runInProcess({ ...step, clock }),
    inTwoRepositories: <T>(body: (repositories: TwoRepositories) => Promise<T>) =>
      withTwoRepositories(body, { now: () => clock.now() })
  }
}
