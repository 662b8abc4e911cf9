// Mode companion on review requests, through run() in process: the lean workflow (the reusable
// workflow's default, examples/docs-companion.yml) runs on no opening and no push, only when a review
// is requested (and on a reopen, the skip-label and the close). A review request does what a push
// does: the job is created if none exists, else the head is sent if the job lacks it, and the `docs`
// check follows the head the job got.
import { count, CREATE, MESSAGE } from './support/agent-fixture.js'
import { CODE_PR, codeComments, heads, seedComparison, sentPrompts } from './support/companion-fixture.js'
import { life, NOT_WAITING } from './support/companion-life.js'
import { companionOf } from './support/companion-shown.js'
import { skipNotice } from './support/skip.js'
import { followUpRequest } from '../src/companion/words.js'

const review = (head: number) => ({ action: 'review_requested' as const, head })

describe('mode companion on a review request', () => {
  it('creates the job with the latest head when no run saw the opening or the pushes, and checks that head', () =>
    life(async ({ repositories, companion, reconcile, check, clock }) => {
      const { simulator, prLink } = repositories
      // Opened at head 0 and pushed to twice: the lean workflow started no run.
      const asked = await companion(review(2), {}, NOT_WAITING)
      expect(asked.failed).toBe(false)
      expect(count(simulator, 'POST', CREATE)).toBe(1)
      expect(count(simulator, 'POST', MESSAGE)).toBe(0)
      const [progress] = codeComments(repositories)
      expect(companionOf(progress!)).toMatchObject({ head: heads(2) })
      expect(check(2)?.state).toBe('pending')
      // Heads no run saw have no state (docs/companion.md, The docs check).
      expect(check(0)).toBeUndefined()
      expect(check(1)).toBeUndefined()

      clock.advance(60_000)
      await reconcile()
      expect(check(2)).toEqual({ state: 'success', targetUrl: prLink })
    }))

  it('calls the agent API not at all on a second review request with the same head', () =>
    life(async ({ repositories, companion, check }) => {
      const { simulator } = repositories
      const first = await companion(review(2), {}, NOT_WAITING)
      const jobId = first.outputs['job-id']!
      const calls = simulator.requests.length
      const before = check(2)

      const second = await companion(review(2), {}, NOT_WAITING)
      expect(second.outputs.status).toBe('skipped')
      expect(second.log).toContain(
        skipNotice({ kind: 'companion-head-sent', number: CODE_PR, jobId, head: heads(2).slice(0, 7) })
      )
      expect(simulator.requests.length).toBe(calls)
      expect(check(2)).toEqual(before)
    }))

  it('sends a push made after the review request to the same job at the next one', () =>
    life(async ({ repositories, companion, reconcile, check, clock }) => {
      const { simulator, prLink } = repositories
      const first = await companion(review(2), {}, NOT_WAITING)
      clock.advance(60_000)
      await reconcile()
      seedComparison(repositories, 2, 3)
      // The push itself started no run: head 3 has no state until a run sees it.
      expect(check(3)).toBeUndefined()

      const again = await companion(review(3), {}, NOT_WAITING)
      expect(again.outputs['job-id']).toBe(first.outputs['job-id'])
      expect(count(simulator, 'POST', CREATE)).toBe(1)
      const [followUp, ...more] = sentPrompts(repositories, MESSAGE)
      expect(more).toEqual([])
      expect(followUp).toContain(followUpRequest(CODE_PR, { from: heads(2), to: heads(3) }))
      expect(followUp).toContain('Add timeoutMs3 to the client options')
      expect(companionOf(codeComments(repositories)[0]!)).toMatchObject({ head: heads(3) })
      expect(check(3)?.state).toBe('pending')

      clock.advance(60_000)
      await reconcile()
      expect(check(3)).toEqual({ state: 'success', targetUrl: prLink })
    }))

  it('checks who asked for the review as a pusher, and the author of a draft as on a push', () =>
    life(
      async ({ repositories, companion, check }) => {
        const { simulator } = repositories
        const draft = await companion(review(2), { draft: true })
        expect(draft.log).toContain(skipNotice({ kind: 'companion-draft', number: CODE_PR }))
        expect(simulator.requests).toEqual([])

        await companion(review(1), {}, NOT_WAITING)
        const reader = await companion(review(2), { sender: 'reader-rob' }, NOT_WAITING)
        expect(reader.outputs.status).toBe('skipped')
        expect(reader.log).toContain(
          skipNotice({ kind: 'not-permitted', login: 'reader-rob', role: 'read', required: 'write' })
        )
        expect(count(simulator, 'POST', MESSAGE)).toBe(0)
        // Not sent, so not done: pending until someone who may ask sends it.
        expect(check(2)?.state).toBe('pending')
      },
      { github: { permissions: { 'writer-wendy': 'write', 'reader-rob': 'read' } } }
    ))
})
