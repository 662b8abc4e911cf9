// Mode companion when GitHub cancels a push run, through dist/index.js against the simulator and the
// GitHub fake: the real signals (SIGINT, then SIGKILL) reach the bundle's process, and the companion
// comment must not remember a head the job never took, nor forget a create that may have made a job.
// What the next run sends then, and every other cut-short run, are told apart in process
// (main-companion-races.test.ts).
import type { ChildProcess } from 'node:child_process'
import { API_KEY, count, CREATE, MESSAGE, PROJECT } from './support/agent-fixture.js'
import {
  CODE_PR,
  type CodeEvent,
  codeComments,
  companionStep,
  heads,
  seedComparison,
  seedCodePullRequest,
  sentPrompts
} from './support/companion-fixture.js'
import { codeMarkerOf } from './support/companion-shown.js'
import { type TwoRepositories, withTwoRepositories } from './support/two-repositories.js'
import { type ActionRun, runAction, runtimes, visibleLog } from '../test/harness/run-bundle.js'
import type { Route } from '../test/harness/simulator/scenario.js'
import { followUpRequest, unsureCompanionMessage } from '../src/companion/words.js'

const [label, node] = runtimes().at(-1)!

/** One event of the code pull request (wait: false); with `hang`, GitHub cancels its run while that call hangs. */
type CancellableRun = (event: CodeEvent, hang?: Route, kill?: boolean) => Promise<ActionRun>

/**
 * The two repositories, and a run whose cancel is GitHub's: SIGINT while the hung call waits, and
 * with `kill`, SIGKILL the moment the step says it received SIGINT (before any last edit).
 */
async function withCancels(body: (repositories: TwoRepositories, run: CancellableRun) => Promise<void>) {
  let cut: { child?: ChildProcess; kill: boolean } | undefined
  await withTwoRepositories(
    async (repositories) => {
      const run: CancellableRun = (event, hang, kill = false) => {
        repositories.simulator.setScenario({
          apiKey: API_KEY,
          projectId: PROJECT,
          prLink: repositories.prLink,
          durationMs: 400,
          faults: hang ? [{ route: hang, fault: { kind: 'hang' } }] : []
        })
        cut = hang ? { kill } : undefined
        return runAction({
          ...companionStep(repositories, event, {}, { wait: 'false' }),
          node,
          onStart: (child) => cut && (cut.child = child),
          onLogLine: (line) => {
            if (cut?.kill && line.includes('Received SIGINT')) cut.child?.kill('SIGKILL')
          }
        })
      }
      await body(repositories, run)
    },
    {
      onSimulatorRequest: (line) => {
        if (cut?.child && line.includes('-> hang')) cut.child.kill('SIGINT')
      }
    }
  )
}

describe(`mode companion after a cancelled run, under ${label}`, () => {
  it('remembers no head the job never took when GitHub cancels a push run (SIGINT, then SIGKILL)', () =>
    withCancels(async (repositories, run) => {
      seedCodePullRequest(repositories, 0)
      seedComparison(repositories, 0, 3)
      await runAction({ ...companionStep(repositories, { action: 'opened', head: 0 }), node })
      const headOf = () => /companion-head=([0-9a-f]+)/.exec(codeComments(repositories)[0]!.body)?.[1]
      // Cancelled while it reads the job, before its message goes out: it ends and says so.
      await run({ action: 'synchronize', head: 1 }, 'get')
      expect(headOf()).toBe(heads(0))
      // Cancelled with its message in flight, and killed before its last edit.
      const killed = await run({ action: 'synchronize', head: 2 }, 'message', true)
      expect(killed.signal).toBe('SIGKILL')
      expect(headOf()).toBe(heads(0))

      const sent = await run({ action: 'synchronize', head: 3 })
      expect(sent.code).toBe(0)
      const last = sentPrompts(repositories, MESSAGE).at(-1)
      expect(last).toContain(followUpRequest(CODE_PR, { from: heads(0), to: heads(3) }))
      for (const pushed of [1, 2, 3]) expect(last).toContain(`Add timeoutMs${pushed} to the client options`)
      expect(headOf()).toBe(heads(3))
    }))

  // SIGKILL leaves no time to write: the create is recorded on the comment before it is sent.
  it('starts no second job after a review run is killed with its create in flight', () =>
    withCancels(async (repositories, run) => {
      const { simulator } = repositories
      seedCodePullRequest(repositories, 2)
      const killed = await run({ action: 'review_requested', head: 2 }, 'create', true)
      expect(killed.signal).toBe('SIGKILL')
      expect(count(simulator, 'POST', CREATE)).toBe(1)
      const comment = codeComments(repositories)[0]!
      expect(codeMarkerOf(comment)?.unsureCreate).toBe(1)

      // The next review request, pending in the concurrency group, runs next.
      const next = await run({ action: 'review_requested', head: 2 })
      expect(next.code).not.toBe(0)
      expect(visibleLog(next)).toContain(unsureCompanionMessage(CODE_PR, comment.html_url))
      expect(count(simulator, 'POST', CREATE)).toBe(1)
    }))
})
