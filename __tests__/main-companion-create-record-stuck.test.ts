// The record a companion create leaves on its comment before it is sent is taken off by the next edit
// that lands. When the agent API answers the create (here a 400: no job was made) and GitHub refuses
// every later edit, the record stays, and later runs would read it as an unanswered create: the run
// says so, and how to clear it.
import { count, CREATE } from './support/agent-fixture.js'
import { CODE_PR, codeComments } from './support/companion-fixture.js'
import { life, NOT_WAITING } from './support/companion-life.js'
import { codeMarkerOf } from './support/companion-shown.js'
import { staleCreateRecordMessage } from '../src/companion/words.js'

describe('mode companion, a create the agent API answered while GitHub refused the edits after it', () => {
  it('says the comment still records the create and to delete it; once deleted, the next push creates the job', () =>
    life(
      async ({ repositories, companion }) => {
        const { simulator, github } = repositories
        const opened = await companion({ action: 'opened', head: 0 }, {}, NOT_WAITING)
        expect(opened.failed).toBe(true)
        expect(count(simulator, 'POST', CREATE)).toBe(1)
        const [comment] = codeComments(repositories)
        expect(codeMarkerOf(comment!)?.unsureCreate).toBe(1)
        expect(opened.log).toContain(
          staleCreateRecordMessage(CODE_PR, comment!.html_url, { sent: true, jobId: undefined })
        )

        github.deleteComment(comment!.id)
        const pushed = await companion({ action: 'synchronize', head: 1 }, {}, NOT_WAITING)
        expect(pushed.failed).toBe(false)
        expect(count(simulator, 'POST', CREATE)).toBe(2)
      },
      {
        scenario: { faults: [{ route: 'create', fault: { kind: 'status', status: 400 } }] },
        // The first run's two comment edits (the naming edit and the last edit) are refused; later ones land.
        github: { failures: [{ method: 'PATCH', pathIncludes: '/issues/comments/', status: 403, times: 2 }] }
      }
    ))

  it('says nothing of a record once an edit took it off', () =>
    life(
      async ({ repositories, companion }) => {
        const opened = await companion({ action: 'opened', head: 0 }, {}, NOT_WAITING)
        expect(opened.failed).toBe(true)
        expect(codeMarkerOf(codeComments(repositories)[0]!)?.unsureCreate).toBeUndefined()
        expect(opened.log).not.toContain(
          staleCreateRecordMessage(CODE_PR, codeComments(repositories)[0]!.html_url, { sent: true, jobId: undefined })
        )
      },
      { scenario: { faults: [{ route: 'create', fault: { kind: 'status', status: 400 } }] } }
    ))
})
