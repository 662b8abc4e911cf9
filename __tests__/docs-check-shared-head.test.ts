// A commit status belongs to a commit, not to a pull request: every open pull request whose head is
// that commit shows it. A stranger who opens a pull request of their own (from a fork) with the head
// of a writer's #61 is refused as its author, and that refusal must not end, or reopen, #61's check.
import { VirtualClock } from '../src/base/clock.js'
import { DOCS_CONTEXT } from '../src/companion/docs-status.js'
import type { FakeRole } from '../test/harness/fake-github.js'
import { type CodeEvent, companionStep, heads, seedCodePullRequest } from './support/companion-fixture.js'
import { runInProcess } from './support/in-process.js'
import { type TwoRepositories, withTwoRepositories } from './support/two-repositories.js'

const NOT_WAITING = { wait: 'false', 'working-label': 'docs-agent: working' }
const PERMISSIONS: Record<string, FakeRole> = { 'writer-wendy': 'write', mallory: 'read' }

/** mallory's pull request #99, from her fork, whose head is the commit of #61's head. */
function strangersEvent(repositories: TwoRepositories, event: CodeEvent) {
  const step = companionStep(repositories, event, { author: 'mallory' }, NOT_WAITING)
  const pull = step.event.pull_request as Record<string, unknown>
  const head = pull.head as Record<string, unknown>
  return {
    ...step,
    event: {
      ...step.event,
      number: 99,
      pull_request: {
        ...pull,
        number: 99,
        html_url: (pull.html_url as string).replace(/61$/, '99'),
        labels: [],
        head: { ...head, ref: 'evil', repo: { ...(head.repo as object), full_name: 'mallory/docs' } }
      }
    }
  }
}

/** #61, opened by writer-wendy with head 0 (GitHub's record says so), then whatever `body` plays. */
function withWritersPullRequest(body: (r: TwoRepositories, clock: VirtualClock) => Promise<void>, scenario = {}) {
  const clock = new VirtualClock(Date.now())
  return withTwoRepositories(
    async (repositories) => {
      seedCodePullRequest(repositories, 0)
      await body(repositories, clock)
    },
    { github: { permissions: PERMISSIONS }, scenario, now: () => clock.now() }
  )
}

const checkOfHead = (r: TwoRepositories) => r.github.statuses.latest('acme', 'docs', heads(0), DOCS_CONTEXT)

describe('the docs check of a head two open pull requests share', () => {
  it("stays pending while #61's job works, though a stranger's pull request with that head is refused", () =>
    withWritersPullRequest(async (repositories, clock) => {
      await runInProcess({ ...companionStep(repositories, { action: 'opened', head: 0 }, {}, NOT_WAITING), clock })
      expect(checkOfHead(repositories)?.state).toBe('pending')
      const run = await runInProcess({ ...strangersEvent(repositories, { action: 'opened', head: 0 }), clock })
      expect(run.failed).toBe(false)
      expect(checkOfHead(repositories)?.state).toBe('pending')
      expect(run.log).toContain('also the head of the open pull request #61')
    }))

  it("stays failed once #61's job failed", () =>
    withWritersPullRequest(
      async (repositories, clock) => {
        await runInProcess({ ...companionStep(repositories, { action: 'opened', head: 0 }), clock })
        expect(checkOfHead(repositories)?.state).toBe('failure')
        await runInProcess({ ...strangersEvent(repositories, { action: 'opened', head: 0 }), clock })
        expect(checkOfHead(repositories)?.state).toBe('failure')
      },
      { finalStatus: 'failed' }
    ))

  it("is not ended by a push to the stranger's pull request, nor by its close", () =>
    withWritersPullRequest(async (repositories, clock) => {
      await runInProcess({ ...companionStep(repositories, { action: 'opened', head: 0 }, {}, NOT_WAITING), clock })
      await runInProcess({ ...strangersEvent(repositories, { action: 'synchronize', head: 0 }), clock })
      expect(checkOfHead(repositories)?.state).toBe('pending')
      await runInProcess({ ...strangersEvent(repositories, { action: 'closed', head: 0, merged: false }), clock })
      expect(checkOfHead(repositories)?.state).toBe('pending')
    }))
})
