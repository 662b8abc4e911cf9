// Hostile review: a review run whose create is cut by GitHub's cancel (SIGINT, then SIGKILL before
// the step's last edit), followed by the pending review_requested run of the same concurrency group.
import type { ChildProcess } from 'node:child_process'
import { API_KEY, count, CREATE, PROJECT } from './support/agent-fixture.js'
import { codeComments, companionStep, seedCodePullRequest } from './support/companion-fixture.js'
import { withTwoRepositories } from './support/two-repositories.js'
import { runAction, runtimes } from '../test/harness/run-bundle.js'

const [label, node] = runtimes().at(-1)!

describe(`review request after a cut create, under ${label}`, () => {
  it('sends no second create after a review run killed with its create in flight', async () => {
    let cut: { child?: ChildProcess } | undefined
    await withTwoRepositories(
      async (repositories) => {
        const { simulator } = repositories
        seedCodePullRequest(repositories, 2)
        const review = (hang: boolean, kill = true) => {
          simulator.setScenario({
            apiKey: API_KEY,
            projectId: PROJECT,
            prLink: repositories.prLink,
            durationMs: 400,
            faults: hang ? [{ route: 'create', fault: { kind: 'hang' } }] : []
          })
          cut = hang ? {} : undefined
          const step = companionStep(repositories, { action: 'review_requested', head: 2 }, {}, { wait: 'false' })
          return runAction({
            ...step,
            node,
            onStart: (child) => cut && (cut.child = child),
            onLogLine: (line) => {
              if (cut && kill && line.includes('Received SIGINT')) cut.child?.kill('SIGKILL')
            }
          })
        }
        // Reviewer 1's run: the create was read by the service (it may have made the job), then cut.
        const killed = await review(true)
        expect(killed.signal).toBe('SIGKILL')
        expect(count(simulator, 'POST', CREATE)).toBe(1)
        // eslint-disable-next-line no-console
        console.log('comments after the kill:', JSON.stringify(codeComments(repositories).map((c) => c.body)))
        // Reviewer 2's review_requested, pending in the group, runs next.
        await review(false)
        expect(count(simulator, 'POST', CREATE)).toBe(1)
      },
      {
        onSimulatorRequest: (line) => {
          if (cut?.child && line.includes('-> hang')) cut.child.kill('SIGINT')
        }
      }
    )
  })

  it('(control, passes) with the SIGINT grace honoured, the record stops the second create', async () => {
    let cut: { child?: ChildProcess } | undefined
    await withTwoRepositories(
      async (repositories) => {
        const { simulator } = repositories
        seedCodePullRequest(repositories, 2)
        const review = (hang: boolean) => {
          simulator.setScenario({
            apiKey: API_KEY,
            projectId: PROJECT,
            prLink: repositories.prLink,
            durationMs: 400,
            faults: hang ? [{ route: 'create', fault: { kind: 'hang' } }] : []
          })
          cut = hang ? {} : undefined
          const step = companionStep(repositories, { action: 'review_requested', head: 2 }, {}, { wait: 'false' })
          return runAction({ ...step, node, onStart: (child) => cut && (cut.child = child) })
        }
        await review(true)
        await review(false)
        expect(count(simulator, 'POST', CREATE)).toBe(1)
      },
      {
        onSimulatorRequest: (line) => {
          if (cut?.child && line.includes('-> hang')) cut.child.kill('SIGINT')
        }
      }
    )
  })
})
