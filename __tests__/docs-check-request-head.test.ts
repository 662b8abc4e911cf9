// Which head a person's word on a code pull request with a companion settles, in mode run: a
// `/docs ...` request settles the head the companion job last got, never a newer head a reader
// pushed (not sent, so the job never saw it); `/docs skip` marks the head its run reads, and says which.
import { VirtualClock } from '../src/base/clock.js'
import { short } from '../src/companion/decide.js'
import { DOCS_CONTEXT } from '../src/companion/docs-status.js'
import type { FakeRole } from '../test/harness/fake-github.js'
import {
  commentOnCodeStep,
  companionStep,
  heads,
  reconcileStep,
  seedCodePullRequest,
  sentPrompts
} from './support/companion-fixture.js'
import { runInProcess } from './support/in-process.js'
import { type TwoRepositories, withTwoRepositories } from './support/two-repositories.js'

const NOT_WAITING = { wait: 'false', 'working-label': 'docs-agent: working' }
const PERMISSIONS: Record<string, FakeRole> = {
  'writer-wendy': 'write',
  'maintainer-max': 'maintain',
  'reader-rob': 'read'
}

function withCodePullRequest(body: (r: TwoRepositories, clock: VirtualClock) => Promise<void>) {
  const clock = new VirtualClock(Date.now())
  return withTwoRepositories(
    async (repositories) => {
      seedCodePullRequest(repositories)
      await body(repositories, clock)
    },
    { now: () => clock.now(), github: { permissions: PERMISSIONS } }
  )
}

/** reader-rob pushes head 2: a companion run that does not send it to the job. */
const readerPushesHead2 = (repositories: TwoRepositories, clock: VirtualClock) =>
  runInProcess({
    ...companionStep(repositories, { action: 'synchronize', head: 2 }, { sender: 'reader-rob' }, NOT_WAITING),
    clock
  })

const checkOf = (r: TwoRepositories, push: number) =>
  r.github.statuses.latest('acme', 'docs', heads(push), DOCS_CONTEXT)

describe("the head a person's word on a code pull request settles", () => {
  it("leaves a reader's unsent head pending when a writer's /docs request ends, and settles the head the job got", () =>
    withCodePullRequest(async (repositories, clock) => {
      const reconcile = () => {
        const step = reconcileStep(repositories)
        return runInProcess({ ...step, inputs: { ...step.inputs, 'working-label': 'docs-agent: working' }, clock })
      }
      await runInProcess({ ...companionStep(repositories, { action: 'opened', head: 0 }, {}, NOT_WAITING), clock })
      clock.advance(60_000)
      await reconcile()
      await readerPushesHead2(repositories, clock)
      expect(checkOf(repositories, 2)?.state).toBe('pending')
      const request = commentOnCodeStep(repositories, 'writer-wendy', '/docs fix the typo in the heading')
      await runInProcess({ ...request, inputs: { ...request.inputs, ...NOT_WAITING }, clock })
      clock.advance(60_000)
      await reconcile()
      expect(sentPrompts(repositories, /./).join('\n')).not.toContain('timeoutMs2')
      expect(checkOf(repositories, 2)?.state).toBe('pending')
      expect(checkOf(repositories, 0)?.state).toBe('success')
    }))

  // A known limit (docs/companion.md, "The docs check"): GitHub gives no unforgeable time a head was
  // pushed to compare with the comment's (a commit's dates are the pusher's), so a head pushed
  // between the comment and its run gets the skip; the notice names that head, for a writer to see.
  it('/docs skip marks the head its run reads, one pushed after the comment too, and names it', () =>
    withCodePullRequest(async (repositories, clock) => {
      await runInProcess({ ...companionStep(repositories, { action: 'opened', head: 1 }, {}, NOT_WAITING), clock })
      const skip = commentOnCodeStep(repositories, 'maintainer-max', '/docs skip')
      await readerPushesHead2(repositories, clock)
      const run = await runInProcess({ ...skip, clock })
      expect(checkOf(repositories, 1)?.state).toBe('pending')
      expect(checkOf(repositories, 2)?.state).toBe('success')
      expect(run.log).toContain(`the "docs" check of its head ${short(heads(2))} is now a success`)
    }))
})
