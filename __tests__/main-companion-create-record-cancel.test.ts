// A companion run cancelled (SIGINT, GitHub's first signal) while the comment that records its create
// ahead is on its way to GitHub: the comment may land with the record, though the run sent no create.
// Its last edit, made within its own time as after any cancel, finds that comment and takes the
// record back, so the next push creates the job.
import { count, CREATE } from './support/agent-fixture.js'
import { CODE_PR, codeComments } from './support/companion-fixture.js'
import { life, NOT_WAITING } from './support/companion-life.js'
import { codeMarkerOf } from './support/companion-shown.js'
import { cancelWorkflow } from './support/in-process.js'
import { unrecordedCreateMessage } from '../src/companion/words.js'

describe('mode companion, a run cancelled while its create is recorded ahead', () => {
  let cancelAtCommentCreate = false

  it('leaves no record of a create it never sent, and the next push creates the job', () =>
    life(
      async ({ repositories, companion }) => {
        const { simulator } = repositories
        cancelAtCommentCreate = true
        const cancelled = await companion({ action: 'opened', head: 0 }, {}, NOT_WAITING)
        cancelAtCommentCreate = false
        expect(cancelled.log).toContain(unrecordedCreateMessage(CODE_PR, true))
        expect(count(simulator, 'POST', CREATE)).toBe(0)
        const [comment] = codeComments(repositories)
        const recorded = comment && codeMarkerOf(comment)?.unsureCreate

        const pushed = await companion({ action: 'synchronize', head: 1 }, {}, NOT_WAITING)
        expect({ recorded, creates: count(simulator, 'POST', CREATE), failed: pushed.failed }).toEqual({
          recorded: undefined,
          creates: 1,
          failed: false
        })
      },
      {
        github: {
          // GitHub's cancel reaches the run the moment its comment create reaches GitHub.
          onRequest: (request) => {
            if (!cancelAtCommentCreate || request.method !== 'POST') return
            if (!request.path.includes(`/issues/61/comments`)) return
            cancelAtCommentCreate = false
            cancelWorkflow()
          }
        }
      }
    ))
})
