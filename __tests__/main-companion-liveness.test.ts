// A head the `docs` check leaves pending always has something that ends it: the companion comment
// waiting for the reconcile run that sees the job end, or the job's end set on it now. A close,
// reopen or merge of the code pull request while the job works must keep one of the two, or a
// required check blocks the pull request until someone pushes again. Through run() in process.
import { CODE_PR } from './support/companion-fixture.js'
import { type Life, life, NOT_WAITING, WORKING_LABEL } from './support/companion-life.js'

/** The first job ended (head 0 succeeded), then push 1 sent to it: head 1 pending, the job at work. */
async function pushedWhileTheJobWorks({ companion, reconcile, check, clock }: Life): Promise<void> {
  await companion({ action: 'opened', head: 0 }, {}, NOT_WAITING)
  clock.advance(60_000)
  await reconcile()
  expect(check(0)?.state).toBe('success')
  await companion({ action: 'synchronize', head: 1 }, {}, NOT_WAITING)
  expect(check(1)?.state).toBe('pending')
}

describe('the docs check of the head a job last got, when its pull request closes, reopens or merges', () => {
  it('is ended by a reconcile run after a close and a reopen, the comment waiting all along', () =>
    life(async (codeLife) => {
      const { repositories, companion, reconcile, check, clock } = codeLife
      const labels = () => repositories.github.labels('acme', 'docs', CODE_PR)
      await pushedWhileTheJobWorks(codeLife)

      await companion({ action: 'closed', head: 1, merged: false }, {}, NOT_WAITING)
      expect(labels()).toContain(WORKING_LABEL)
      await companion({ action: 'reopened', head: 1 }, {}, NOT_WAITING)
      expect(check(1)?.state).toBe('pending')
      expect(labels()).toContain(WORKING_LABEL)

      clock.advance(60_000)
      await reconcile()
      expect(check(1)).toEqual({ state: 'success', targetUrl: repositories.prLink })
      expect(labels()).not.toContain(WORKING_LABEL)
    }))

  it("is set from the job's end by a reopen that finds the job ended, before any reconcile run", () =>
    life(async (codeLife) => {
      const { repositories, companion, check, clock } = codeLife
      await pushedWhileTheJobWorks(codeLife)
      await companion({ action: 'closed', head: 1, merged: false }, {}, NOT_WAITING)
      clock.advance(60_000)

      await companion({ action: 'reopened', head: 1 }, {}, NOT_WAITING)
      expect(check(1)).toEqual({ state: 'success', targetUrl: repositories.prLink })
      expect(repositories.github.labels('acme', 'docs', CODE_PR)).not.toContain(WORKING_LABEL)
    }))

  it("is set from the job's end by a close that finds the job ended before any reconcile run saw it", () =>
    life(async (codeLife) => {
      const { repositories, companion, check, clock } = codeLife
      await pushedWhileTheJobWorks(codeLife)
      clock.advance(60_000)

      await companion({ action: 'closed', head: 1, merged: false }, {}, NOT_WAITING)
      expect(check(1)).toEqual({ state: 'success', targetUrl: repositories.prLink })
    }))

  it('is ended by a reconcile run after a merge that sent the job nothing, its companion known', () =>
    life(async ({ repositories, companion, reconcile, check, clock }) => {
      // A run that waits for the job's end signs the companion it opened, so the merge tells it at once.
      await companion({ action: 'opened', head: 0 }, {}, { 'working-label': WORKING_LABEL })
      expect(check(0)?.state).toBe('success')
      await companion({ action: 'synchronize', head: 1 }, {}, NOT_WAITING)

      await companion({ action: 'closed', head: 1, merged: true }, {}, NOT_WAITING)
      expect(check(1)?.state).toBe('pending')
      clock.advance(60_000)
      await reconcile()
      expect(check(1)).toEqual({ state: 'success', targetUrl: repositories.prLink })
    }))
})
