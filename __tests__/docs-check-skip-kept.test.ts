// A person's `/docs skip` said while the companion job still works on the head is their word on
// that head: the reconcile run that later sees the job end (here, fail) leaves the skip's success.
import { VirtualClock } from '../src/base/clock.js'
import { DOCS_CONTEXT } from '../src/companion/docs-status.js'
import {
  commentOnCodeStep,
  companionStep,
  heads,
  reconcileStep,
  seedCodePullRequest
} from './support/companion-fixture.js'
import { runInProcess } from './support/in-process.js'
import { withTwoRepositories } from './support/two-repositories.js'

const NOT_WAITING = { wait: 'false', 'working-label': 'docs-agent: working' }

describe('a skip said while the job works', () => {
  it('stands when a reconcile run sees the job fail', () => {
    const clock = new VirtualClock(Date.now())
    return withTwoRepositories(
      async (repositories) => {
        seedCodePullRequest(repositories)
        const check = () => repositories.github.statuses.latest('acme', 'docs', heads(2), DOCS_CONTEXT)
        await runInProcess({ ...companionStep(repositories, { action: 'opened', head: 2 }, {}, NOT_WAITING), clock })
        expect(check()?.state).toBe('pending')
        await runInProcess({ ...commentOnCodeStep(repositories, 'maintainer-max', '/docs skip'), clock })
        expect(check()?.state).toBe('success')
        clock.advance(60_000)
        const step = reconcileStep(repositories)
        await runInProcess({ ...step, inputs: { ...step.inputs, 'working-label': 'docs-agent: working' }, clock })
        expect(check()).toMatchObject({ state: 'success', description: expect.stringContaining('@maintainer-max') })
      },
      {
        now: () => clock.now(),
        scenario: { finalStatus: 'failed' },
        github: { permissions: { 'writer-wendy': 'write', 'maintainer-max': 'maintain' } }
      }
    )
  })
})
