// The companion create is recorded on the code pull request's companion comment before it is sent
// (a run killed before the answer leaves the record: e2e-companion-races.test.ts). Here, through
// run() in process, the two other ends of that record: a create answered takes it back, and a create
// that cannot be recorded first is not sent.
import { unrecordedCreateMessage } from '../src/companion/words.js'
import { CREATE } from './support/agent-fixture.js'
import { CODE_PR, codeComments, sentPrompts } from './support/companion-fixture.js'
import { life, NOT_WAITING } from './support/companion-life.js'
import { codeMarkerOf } from './support/companion-shown.js'

describe('mode companion, the record of a create before it is sent', () => {
  it('is taken back once the create is answered, so the comment names the job and nothing unsure', () =>
    life(async ({ repositories, companion }) => {
      const opened = await companion({ action: 'opened', head: 0 }, {}, NOT_WAITING)
      expect(opened.failed).toBe(false)
      const marker = codeMarkerOf(codeComments(repositories)[0]!)
      expect(marker?.jobId).toBeDefined()
      expect(marker?.unsureCreate).toBeUndefined()
    }))

  it('sends no create when the companion comment cannot be written, and says why', () =>
    life(
      async ({ repositories, companion }) => {
        const opened = await companion({ action: 'opened', head: 0 }, {}, NOT_WAITING)
        expect(opened.failed).toBe(true)
        expect(sentPrompts(repositories, CREATE)).toEqual([])
        expect(opened.log).toContain(unrecordedCreateMessage(CODE_PR, false))
        expect(repositories.github.labels('acme', 'docs', CODE_PR)).toEqual([])
      },
      {
        github: {
          failures: [{ method: 'POST', pathIncludes: `/issues/${CODE_PR}/comments`, status: 403, times: 10 }]
        }
      }
    ))
})
