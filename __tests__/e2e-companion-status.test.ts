// The `docs` check of mode companion end to end, through dist/index.js as a runner runs it, against
// the simulator and the GitHub fake: the state a required check reads on the code pull request's
// head across its life, a job that changes nothing, a failed job, `/docs skip` by a writer and by a
// reader, and a bot's pull request. The decisions are told apart in main-companion-status.test.ts.
import { DOCS_CONTEXT } from '../src/companion/docs-status.js'
import type { Scenario } from '../test/harness/simulator/server.js'
import { runAction, runtimes } from '../test/harness/run-bundle.js'
import {
  type CodeEvent,
  type CodePullRequestSeed,
  commentOnCodeStep,
  companionStep,
  heads,
  reconcileStep,
  seedCodePullRequest
} from './support/companion-fixture.js'
import type { ThreadStep } from './support/github-fixture.js'
import { type TwoRepositories, withTwoRepositories } from './support/two-repositories.js'

const [label, node] = runtimes().at(-1)!
const run = (step: ThreadStep) => runAction({ ...step, node })

interface Life {
  repositories: TwoRepositories
  companion: (event: CodeEvent, seed?: CodePullRequestSeed) => Promise<unknown>
  /** A reconcile run `minutes` after the start. */
  reconcileAt: (minutes: number) => Promise<{ code: number | null }>
  /** The state of the check on head `push`, as the pull request shows it. */
  state: (push: number) => string | undefined
}

async function life(body: (life: Life) => Promise<void>, scenario: Scenario = {}): Promise<void> {
  let minutesLater = 0
  const now = () => Date.now() + minutesLater * 60_000
  await withTwoRepositories(
    async (repositories) => {
      seedCodePullRequest(repositories)
      await body({
        repositories,
        companion: (event, seed) => run(companionStep(repositories, event, seed, { wait: 'false' })),
        reconcileAt: (minutes) => {
          minutesLater = minutes
          return run(reconcileStep(repositories))
        },
        state: (push) => repositories.github.statuses.latest('acme', 'docs', heads(push), DOCS_CONTEXT)?.state
      })
    },
    {
      scenario: { durationMs: 5 * 60_000, ...scenario },
      now,
      github: { permissions: { 'writer-wendy': 'write', 'maintainer-max': 'maintain', 'reader-rob': 'read' } }
    }
  )
}

describe(`the docs check under ${label}`, () => {
  it('is pending through open and two pushes, succeeds once the job ends, and stays so at the merge', () =>
    life(async ({ companion, reconcileAt, state, repositories }) => {
      await companion({ action: 'opened', head: 0 })
      expect(state(0)).toBe('pending')
      await companion({ action: 'synchronize', head: 1 })
      expect(state(1)).toBe('pending')
      await companion({ action: 'synchronize', head: 2 })
      expect(state(2)).toBe('pending')
      expect((await reconcileAt(10)).code).toBe(0)
      expect(state(2)).toBe('success')
      const status = repositories.github.statuses.latest('acme', 'docs', heads(2), DOCS_CONTEXT)
      expect(status?.targetUrl).toBe(repositories.prLink)
      await companion({ action: 'closed', head: 2, merged: true })
      expect(state(2)).toBe('success')
    }))

  it('succeeds when the job changed nothing', () =>
    life(
      async ({ companion, reconcileAt, state }) => {
        await companion({ action: 'opened', head: 0 })
        await reconcileAt(10)
        expect(state(0)).toBe('success')
      },
      { prLink: null }
    ))

  it('fails when the job failed', () =>
    life(
      async ({ companion, reconcileAt, state }) => {
        await companion({ action: 'opened', head: 0 })
        await reconcileAt(10)
        expect(state(0)).toBe('failure')
      },
      { finalStatus: 'failed' }
    ))

  it('succeeds for /docs skip by a writer, not by a reader, and sends the agent nothing', () =>
    life(async ({ repositories, companion, state }) => {
      await companion({ action: 'opened', head: 2 })
      const sent = repositories.simulator.requests.length
      await run(commentOnCodeStep(repositories, 'reader-rob', '/docs skip'))
      expect(state(2)).toBe('pending')
      await run(commentOnCodeStep(repositories, 'maintainer-max', '/docs skip'))
      expect(state(2)).toBe('success')
      expect(repositories.simulator.requests).toHaveLength(sent)
    }))

  it("ends a bot's pull request with a final state, not pending", () =>
    life(async ({ repositories, companion, state }) => {
      await companion({ action: 'opened', head: 0 }, { author: 'renovate[bot]', bot: true })
      expect(state(0)).toBe('success')
      expect(repositories.simulator.requests).toEqual([])
    }))
})
