// Mode companion when GitHub cuts a run short, a stranger pushes, or events of the pull request are
// lost in its concurrency group, in process on one virtual clock: a cancelled run gets SIGINT while a
// call to the agent API is in flight (the simulator holds it unanswered); the real signals, SIGKILL
// too, reach the bundle in e2e-companion-races.test.ts. What the progress comment
// records must be what the job and the companion got, so that the next run sends every commit.
import { VirtualClock } from '../src/base/clock.js'
import type { Route } from '../test/harness/simulator/scenario.js'
import { API_KEY, count, CREATE, MESSAGE, PROJECT } from './support/agent-fixture.js'
import {
  CODE_PR,
  type CodeEvent,
  type CodePullRequestSeed,
  codeComments,
  companionStep,
  heads,
  seedCodePullRequest,
  seedComparison,
  sentPrompts
} from './support/companion-fixture.js'
import { cancelWorkflow, type ProcessRun, runInProcess } from './support/in-process.js'
import { codeMarkerOf, companionEndFor, refusedStartFor } from './support/companion-shown.js'
import { skipText } from '../src/event/skip-reason.js'
import {
  behindParagraph,
  followUpRequest,
  pushLeftBehind,
  pushStartsNothing,
  unsureCompanionMessage
} from '../src/companion/words.js'
import { DOCS_PR, type TwoRepositories, withTwoRepositories } from './support/two-repositories.js'

const headOf = (body: string) => /companion-head=([0-9a-f]+)/.exec(body)?.[1]

type Companion = (event: CodeEvent, seed?: CodePullRequestSeed, inputs?: Record<string, string>) => Promise<ProcessRun>

/** #61 seeded with `pushes` pushes to come; `companion` runs its step for one event, all on one virtual clock. */
function codeLife(
  body: (repositories: TwoRepositories, companion: Companion) => Promise<void>,
  { pushes = 2, onSimulatorRequest }: { pushes?: number; onSimulatorRequest?: (line: string) => void } = {}
): Promise<void> {
  const clock = new VirtualClock(Date.now())
  return withTwoRepositories(
    (repositories) => {
      seedCodePullRequest(repositories, pushes)
      return body(repositories, (event, seed, inputs) =>
        runInProcess({ ...companionStep(repositories, event, seed, inputs), clock })
      )
    },
    { now: () => clock.now(), ...(onSimulatorRequest && { onSimulatorRequest }) }
  )
}

describe('mode companion, a run cut short or pushed to by a stranger', () => {
  it('records a head as sent only once the service took the message, so a burst of cancelled pushes loses no commit', async () => {
    // The call that is in flight when the run is cancelled; undefined: the run is not cancelled.
    let cancelDuring: Route | undefined
    await codeLife(
      async (repositories, companion) => {
        const { simulator } = repositories
        const scenario = (route: Route | undefined) =>
          simulator.setScenario({
            apiKey: API_KEY,
            projectId: PROJECT,
            prLink: repositories.prLink,
            durationMs: 400,
            faults: route ? [{ route, fault: { kind: 'hang' } }] : []
          })
        const push = async (head: number, cancelled: Route | undefined) => {
          scenario(cancelled)
          cancelDuring = cancelled
          return companion({ action: 'synchronize', head }, {}, { wait: 'false' })
        }
        await companion({ action: 'opened', head: 0 })

        // Pushes 1-3 are each cancelled while the run reads the job, before its message goes out.
        for (const head of [1, 2, 3]) await push(head, 'get')
        expect(count(simulator, 'POST', MESSAGE)).toBe(0)
        expect(headOf(codeComments(repositories)[0]!.body)).toBe(heads(0))

        // Push 4 is cancelled with its message sent and unanswered: the job may or may not have it.
        seedComparison(repositories, 0, 4)
        const unsure = await push(4, 'message')
        expect(unsure.failed).toBe(true)
        const [progress] = codeComments(repositories)
        expect(headOf(progress!.body)).toBe(heads(0))
        expect(progress!.body).toContain(behindParagraph({ from: heads(0), to: heads(4) }, true))

        // Push 5 runs to its end: everything since the last head the job is known to have.
        seedComparison(repositories, 0, 5)
        const sent = await push(5, undefined)
        expect(sent.failed).toBe(false)
        expect(sentPrompts(repositories, MESSAGE).at(-1)).toContain(
          followUpRequest(CODE_PR, { from: heads(0), to: heads(5) })
        )
        for (const pushed of [1, 2, 3, 4, 5])
          expect(sentPrompts(repositories, MESSAGE).at(-1)).toContain(`Add timeoutMs${pushed} to the client options`)
        expect(headOf(codeComments(repositories)[0]!.body)).toBe(heads(5))
        expect(count(simulator, 'POST', CREATE)).toBe(1)
      },
      {
        pushes: 0,
        onSimulatorRequest: (line) => {
          if (cancelDuring === undefined || !line.includes('-> hang')) return
          cancelDuring = undefined
          cancelWorkflow('SIGINT')
        }
      }
    )
  })

  it('starts no job with the content of a push by someone who may not ask for docs, and says so', () =>
    codeLife(async (repositories, companion) => {
      const { simulator } = repositories
      // No companion job exists (the opening run was cancelled or the pull request predates the
      // workflow): a fork's owner, a stranger here, pushes to the writer's pull request.
      const pushed = await companion({ action: 'synchronize', head: 1 }, { sender: 'outsider-olga' })
      expect(pushed.failed).toBe(false)
      expect(pushed.outputs.status).toBe('skipped')
      const refused = { kind: 'not-permitted', login: 'outsider-olga', role: undefined, required: 'write' } as const
      expect(pushed.log).toContain(`${skipText(refused)} ${pushStartsNothing(CODE_PR)}`)
      expect(simulator.requests).toEqual([])
      // The author, whose own event this push may have replaced in the concurrency group, sees why.
      const [told] = codeComments(repositories)
      expect(told!.body).toBe(refusedStartFor(told!, refused))

      // The author's own push starts it, under the same checks.
      const authors = await companion({ action: 'synchronize', head: 2 })
      expect(authors.failed).toBe(false)
      expect(count(simulator, 'POST', CREATE)).toBe(1)
      const [progress, ...others] = codeComments(repositories)
      expect(others).toEqual([])
      expect(progress!.id).toBe(told!.id)
      expect(headOf(progress!.body)).toBe(heads(2))
    }))

  it("sends the job no push of someone who may not ask for docs, saying so, and the author's next push sends it all", () =>
    codeLife(async (repositories, companion) => {
      const { simulator } = repositories
      seedComparison(repositories, 0, 2)
      const opened = await companion({ action: 'opened', head: 0 })
      expect(opened.failed).toBe(false)

      // A writer's pull request from a fork: the fork's owner, a stranger here, pushes to its branch.
      const strangers = await companion({ action: 'synchronize', head: 1 }, { sender: 'outsider-olga' })
      expect(strangers.outputs.status).toBe('skipped')
      const refused = skipText({ kind: 'not-permitted', login: 'outsider-olga', role: undefined, required: 'write' })
      expect(strangers.log).toContain(`${refused} ${pushLeftBehind(CODE_PR, { from: heads(0), to: heads(1) })}`)
      expect(count(simulator, 'POST', MESSAGE)).toBe(0)
      expect(headOf(codeComments(repositories)[0]!.body)).toBe(heads(0))

      const authors = await companion({ action: 'synchronize', head: 2 })
      expect(authors.outputs['job-id']).toBe(opened.outputs['job-id'])
      expect(count(simulator, 'POST', MESSAGE)).toBe(1)
      expect(sentPrompts(repositories, MESSAGE)[0]).toContain(
        followUpRequest(CODE_PR, { from: heads(0), to: heads(2) })
      )
    }))

  it('tells the job that the head went back when a force-push returns it to an older head', () =>
    codeLife(async (repositories, companion) => {
      const { github } = repositories
      await companion({ action: 'opened', head: 0 })
      seedComparison(repositories, 0, 2)
      await companion({ action: 'synchronize', head: 2 })
      // Push 1 is an ancestor of push 2: the comparison from the head sent lists no commit.
      github.changes.addComparison('acme', 'docs', { base: heads(2), head: heads(1) }, [], [])
      const back = await companion({ action: 'synchronize', head: 1 })
      expect(back.failed).toBe(false)
      const [, wentBack] = sentPrompts(repositories, MESSAGE)
      expect(wentBack).toContain(followUpRequest(CODE_PR, { from: heads(2), to: heads(1) }, true))
      expect(headOf(codeComments(repositories)[0]!.body)).toBe(heads(1))
    }))

  it('reopens the companion on a push when the reopen of its code never ran', () =>
    codeLife(async (repositories, step) => {
      const { github } = repositories
      await step({ action: 'opened', head: 0 })
      await step({ action: 'closed', head: 0, merged: false })
      expect(github.changes.pullRequestState('acme', 'site', DOCS_PR)).toBe('closed')
      // The reopen waited in the concurrency group behind a run and a push replaced it there.
      const pushed = await step({ action: 'synchronize', head: 1 })
      expect(pushed.failed).toBe(false)
      expect(github.changes.pullRequestState('acme', 'site', DOCS_PR)).toBe('open')
      expect(sentPrompts(repositories, MESSAGE).at(-1)).toContain(
        followUpRequest(CODE_PR, { from: heads(0), to: heads(1) })
      )
      const [progress] = codeComments(repositories)
      const docs = { name: 'acme/site#7', url: repositories.prLink }
      expect(progress!.body).toBe(companionEndFor(progress!, 'reopened', { kind: 'done', pullRequest: docs }))
    }))

  it("keeps an unanswered create's record through a stranger's push, so that no second job starts", () =>
    codeLife(async (repositories, companion) => {
      const { simulator } = repositories
      simulator.setScenario({
        apiKey: API_KEY,
        projectId: PROJECT,
        prLink: repositories.prLink,
        durationMs: 400,
        faults: [{ route: 'create', fault: { kind: 'reset', afterEffect: true } }]
      })
      const opened = await companion({ action: 'opened', head: 0 })
      expect(opened.failed).toBe(true)
      expect(codeMarkerOf(codeComments(repositories)[0]!)?.unsureCreate).toBeDefined()
      const stranger = await companion({ action: 'synchronize', head: 1 }, { sender: 'outsider-olga' })
      expect(stranger.outputs.status).toBe('skipped')
      expect(codeMarkerOf(codeComments(repositories)[0]!)?.unsureCreate).toBeDefined()
      const authors = await companion({ action: 'synchronize', head: 2 })
      expect(authors.failed).toBe(true)
      expect(authors.log).toContain(unsureCompanionMessage(CODE_PR, codeComments(repositories)[0]!.html_url))
      expect(count(simulator, 'POST', CREATE)).toBe(1)
    }))
})
