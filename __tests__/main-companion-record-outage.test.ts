// The record a companion create writes ahead fails on a GitHub outage (a 502 on the comment create,
// twice: the try and the one after the look for it): no create is sent, and the run's last edit,
// once GitHub answers again, posts the progress comment with the reason and without the record.
import { count, CREATE } from './support/agent-fixture.js'
import { CODE_PR, codeComments } from './support/companion-fixture.js'
import { life, NOT_WAITING } from './support/companion-life.js'
import { codeMarkerOf } from './support/companion-shown.js'
import { staleCreateRecordMessage, unrecordedCreateMessage } from '../src/companion/words.js'

describe('mode companion, a record ahead of a create lost to a GitHub outage', () => {
  it('sends no create, and posts the reason without a record, so the next push creates the job', () =>
    life(
      async ({ repositories, companion }) => {
        const { simulator } = repositories
        const opened = await companion({ action: 'opened', head: 0 }, {}, NOT_WAITING)
        expect(opened.failed).toBe(true)
        expect(count(simulator, 'POST', CREATE)).toBe(0)
        const [comment] = codeComments(repositories)
        expect(opened.log).toContain(unrecordedCreateMessage(CODE_PR, false))
        // The comment tells the end (the reason, its words pinned in companion-wording.test.ts), no record.
        const marker = codeMarkerOf(comment!)
        expect(marker?.jobId).toBeUndefined()
        expect(marker?.companion?.head).toBeDefined()
        expect([marker?.state, marker?.unsureCreate]).toEqual([undefined, undefined])
        expect(opened.log).not.toContain(staleCreateRecordMessage(CODE_PR, comment!.html_url, { sent: false }))

        const pushed = await companion({ action: 'synchronize', head: 1 }, {}, NOT_WAITING)
        expect(pushed.failed).toBe(false)
        expect(count(simulator, 'POST', CREATE)).toBe(1)
      },
      { github: { failures: [{ method: 'POST', pathIncludes: '/issues/61/comments', status: 502, times: 2 }] } }
    ))
})
