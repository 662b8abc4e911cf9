// Mode companion when GitHub cancels a push run, through dist/index.js against the simulator and the
// GitHub fake: the real signals (SIGINT, then SIGKILL) reach the bundle's process, and the companion
// comment must not remember a head the job never took. What the next run sends then, and every other
// cut-short run, are told apart in process (main-companion-races.test.ts).
import type { ChildProcess } from 'node:child_process'
import { API_KEY, MESSAGE, PROJECT } from './support/agent-fixture.js'
import {
  CODE_PR,
  codeComments,
  companionStep,
  heads,
  seedComparison,
  seedCodePullRequest,
  sentPrompts
} from './support/companion-fixture.js'
import { withTwoRepositories } from './support/two-repositories.js'
import { runAction, runtimes } from '../test/harness/run-bundle.js'
import type { Route } from '../test/harness/simulator/scenario.js'
import { followUpRequest } from '../src/companion/words.js'

const [label, node] = runtimes().at(-1)!

describe(`mode companion after a cancelled run, under ${label}`, () => {
  it('remembers no head the job never took when GitHub cancels a push run (SIGINT, then SIGKILL)', async () => {
    // The run in flight and how GitHub's cancel ends it: SIGINT while the call hangs, and with
    // `kill`, SIGKILL the moment the step says it received SIGINT (before any last edit).
    let cut: { child?: ChildProcess; kill: boolean } | undefined
    await withTwoRepositories(
      async (repositories) => {
        const { simulator } = repositories
        seedCodePullRequest(repositories, 0)
        seedComparison(repositories, 0, 3)
        const push = (head: number, hang: Route | undefined, kill = false) => {
          simulator.setScenario({
            apiKey: API_KEY,
            projectId: PROJECT,
            prLink: repositories.prLink,
            durationMs: 400,
            faults: hang ? [{ route: hang, fault: { kind: 'hang' } }] : []
          })
          cut = hang ? { kill } : undefined
          const step = companionStep(repositories, { action: 'synchronize', head }, {}, { wait: 'false' })
          return runAction({
            ...step,
            node,
            onStart: (child) => cut && (cut.child = child),
            onLogLine: (line) => {
              if (cut?.kill && line.includes('Received SIGINT')) cut.child?.kill('SIGKILL')
            }
          })
        }
        await runAction({ ...companionStep(repositories, { action: 'opened', head: 0 }), node })
        const headOf = () => /companion-head=([0-9a-f]+)/.exec(codeComments(repositories)[0]!.body)?.[1]
        // Cancelled while it reads the job, before its message goes out: it ends and says so.
        await push(1, 'get')
        expect(headOf()).toBe(heads(0))
        // Cancelled with its message in flight, and killed before its last edit.
        const killed = await push(2, 'message', true)
        expect(killed.signal).toBe('SIGKILL')
        expect(headOf()).toBe(heads(0))

        const sent = await push(3, undefined)
        expect(sent.code).toBe(0)
        const last = sentPrompts(repositories, MESSAGE).at(-1)
        expect(last).toContain(followUpRequest(CODE_PR, { from: heads(0), to: heads(3) }))
        for (const pushed of [1, 2, 3]) expect(last).toContain(`Add timeoutMs${pushed} to the client options`)
        expect(headOf()).toBe(heads(3))
      },
      {
        onSimulatorRequest: (line) => {
          if (cut?.child && line.includes('-> hang')) cut.child.kill('SIGINT')
        }
      }
    )
  })
})
