// A companion run cancelled while the comment that records its create ahead is on its way, whose last
// edit (a few seconds after the cancel) cannot read the thread to find that comment: the record may
// stay though no create was sent, and later runs would start no job. The run says so, and what to do.
import { count, CREATE } from './support/agent-fixture.js'
import { CODE_PR, codeComments } from './support/companion-fixture.js'
import { life, NOT_WAITING } from './support/companion-life.js'
import { codeMarkerOf } from './support/companion-shown.js'
import { cancelWorkflow } from './support/in-process.js'
import { staleCreateRecordMessage, unrecordedCreateMessage } from '../src/companion/words.js'

describe('mode companion, cancelled during the record of its create, its last edit unable to read the thread', () => {
  it('warns that the comment may keep the record and to delete it; once deleted, the next push creates the job', () => {
    let cancelAtCommentCreate = false
    let cancelled = false
    return life(
      async ({ repositories, companion }) => {
        const { simulator, github } = repositories
        cancelAtCommentCreate = true
        const stopped = await companion({ action: 'opened', head: 0 }, {}, NOT_WAITING)
        cancelled = false
        const [comment] = codeComments(repositories)
        expect(codeMarkerOf(comment!)?.unsureCreate).toBe(1)
        expect(stopped.log).toContain(unrecordedCreateMessage(CODE_PR, true))
        // The run never learned the comment's address: the warning names the pull request.
        expect(stopped.log).toContain(staleCreateRecordMessage(CODE_PR, undefined, { sent: false }))

        github.deleteComment(comment!.id)
        const pushed = await companion({ action: 'synchronize', head: 1 }, {}, NOT_WAITING)
        expect(pushed.failed).toBe(false)
        expect(count(simulator, 'POST', CREATE)).toBe(1)
      },
      {
        github: {
          failures: [{ method: 'GET', pathIncludes: 'per_page=99', status: 500, times: 10 }],
          onRequest: (request) => {
            // GitHub's comment listing fails from the cancel on (an outage while the run stops).
            if (cancelled && request.method === 'GET' && request.path.includes('/issues/61/comments')) {
              request.path = request.path.replace('per_page=100', 'per_page=99')
            }
            if (!cancelAtCommentCreate || request.method !== 'POST') return
            if (!request.path.includes(`/issues/61/comments`)) return
            cancelAtCommentCreate = false
            cancelled = true
            cancelWorkflow()
          }
        }
      }
    )
  })
})
