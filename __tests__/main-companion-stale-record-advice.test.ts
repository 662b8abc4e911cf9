// Review finding (a688f28): when the agent API answered a companion create with a job and GitHub then
// refused every edit of the progress comment, the run warns that the comment "still records its create
// as unanswered … delete that comment". Following that advice starts a SECOND companion job for the
// pull request on its next push: the job the run created (its id is known, the companion label is on)
// is still running, and nothing ties it to the pull request once its comment is gone.
import { count, CREATE } from './support/agent-fixture.js'
import { CODE_PR, codeComments } from './support/companion-fixture.js'
import { life, NOT_WAITING } from './support/companion-life.js'
import { codeMarkerOf } from './support/companion-shown.js'
import { staleCreateRecordMessage } from '../src/companion/words.js'

describe('mode companion, the stale-record warning after a create that made a job', () => {
  it('never leads to a second companion job for the pull request', () =>
    life(
      async ({ repositories, companion }) => {
        const { simulator, github } = repositories
        const opened = await companion({ action: 'opened', head: 0 }, {}, NOT_WAITING)
        expect(opened.failed).toBe(false)
        expect(count(simulator, 'POST', CREATE)).toBe(1)
        const [comment] = codeComments(repositories)
        expect(codeMarkerOf(comment!)?.unsureCreate).toBe(1)
        expect(opened.log).toContain(staleCreateRecordMessage(CODE_PR, comment!.html_url))

        // What the warning says to do.
        github.deleteComment(comment!.id)
        await companion({ action: 'synchronize', head: 1 }, {}, NOT_WAITING)
        expect(count(simulator, 'POST', CREATE)).toBe(1)
      },
      // The record's naming edit, the "working" edit and the last edit are refused.
      { github: { failures: [{ method: 'PATCH', pathIncludes: '/issues/comments/', status: 403, times: 3 }] } }
    ))
})
