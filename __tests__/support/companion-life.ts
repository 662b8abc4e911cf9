// One code pull request's life through run() in process, for the tests of the `docs` check mode
// companion keeps on its heads: each event a companion run, the reconcile runs between them, and the
// check a reviewer sees on each head, all on one virtual clock.
import { VirtualClock } from '../../src/base/clock.js'
import { DOCS_CONTEXT } from '../../src/companion/docs-status.js'
import type { FakeGitHubOptions } from '../../test/harness/fake-github.js'
import type { Scenario } from '../../test/harness/simulator/server.js'
import {
  type CodeEvent,
  type CodePullRequestSeed,
  companionStep,
  heads,
  reconcileStep,
  seedCodePullRequest
} from './companion-fixture.js'
import { type ProcessRun, runInProcess } from './in-process.js'
import { type TwoRepositories, withTwoRepositories } from './two-repositories.js'

/** The working-label both workflows name, so that a run not waiting for its job leaves it to reconcile. */
export const WORKING_LABEL = 'docs-agent: working'

/** The companion recipe without waiting: the reconcile runs end the jobs. */
export const NOT_WAITING = { wait: 'false', 'working-label': WORKING_LABEL }

export interface Life {
  repositories: TwoRepositories
  companion: (event: CodeEvent, seed?: CodePullRequestSeed, inputs?: Record<string, string>) => Promise<ProcessRun>
  reconcile: () => Promise<ProcessRun>
  /** The check #61 shows on head `push`: its state and link. */
  check: (push: number) => { state: string; targetUrl: string | null } | undefined
  clock: VirtualClock
}

export function life(
  body: (life: Life) => Promise<void>,
  options: { scenario?: Scenario; github?: FakeGitHubOptions } = {}
): Promise<void> {
  const clock = new VirtualClock(Date.now())
  return withTwoRepositories(
    async (repositories) => {
      seedCodePullRequest(repositories)
      const { github } = repositories
      await body({
        repositories,
        clock,
        companion: (event, seed, inputs) =>
          runInProcess({ ...companionStep(repositories, event, seed, inputs), clock }),
        reconcile: () => {
          const step = reconcileStep(repositories)
          return runInProcess({ ...step, inputs: { ...step.inputs, 'working-label': WORKING_LABEL }, clock })
        },
        check: (push) => {
          const status = github.statuses.latest('acme', 'docs', heads(push), DOCS_CONTEXT)
          return status && { state: status.state, targetUrl: status.targetUrl }
        }
      })
    },
    { ...options, now: () => clock.now() }
  )
}
