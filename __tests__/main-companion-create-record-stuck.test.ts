// Review finding: the record written before a companion create (recordCreateAhead) is taken back only
// in memory once the agent API answers; the comment on GitHub loses it only when a later edit lands.
// When the agent API refuses the create outright (a 400: no job was made) and that last edit does not
// land, the comment keeps saying "Starting the companion agent job … a job may exist" with the record
// signed, and every later run of the pull request refuses to create, though the API made nothing.
import { count, CREATE } from './support/agent-fixture.js'
import { codeComments } from './support/companion-fixture.js'
import { life, NOT_WAITING } from './support/companion-life.js'
import { codeMarkerOf } from './support/companion-shown.js'

describe('mode companion, a create the agent API refused while GitHub refused the last edit', () => {
  it('does not stop the next push from creating the job', () =>
    life(
      async ({ repositories, companion }) => {
        const opened = await companion({ action: 'opened', head: 0 }, {}, NOT_WAITING)
        expect(opened.failed).toBe(true)
        expect(count(repositories.simulator, 'POST', CREATE)).toBe(1)
        // The agent API answered, and made nothing: the comment must not record an unanswered create.
        const [comment] = codeComments(repositories)
        const recorded = comment && codeMarkerOf(comment)?.unsureCreate
        const pushed = await companion({ action: 'synchronize', head: 1 }, {}, NOT_WAITING)
        expect({ recorded, creates: count(repositories.simulator, 'POST', CREATE), failed: pushed.failed }).toEqual({
          recorded: undefined,
          creates: 2,
          failed: false
        })
      },
      {
        scenario: { faults: [{ route: 'create', fault: { kind: 'status', status: 400 } }] },
        // The first run's two comment edits (the naming edit and the last edit) are refused; later ones land.
        github: { failures: [{ method: 'PATCH', pathIncludes: '/issues/comments/', status: 403, times: 2 }] }
      }
    ))
})
