// Review finding: a companion run cancelled (SIGINT, GitHub's first signal) while the comment that
// records its create ahead is on its way to GitHub. The comment lands, unsure-create signed, but the
// run takes its write for failed: it sends no create, says "could not be written … nothing was
// started. The next event of the pull request tries again; the workflow needs `pull-requests: write`
// …", and writes nothing more. The record stays: every later run of the pull request refuses to
// create ("a job may exist"), though no create was ever sent.
import { count, CREATE } from './support/agent-fixture.js'
import { codeComments } from './support/companion-fixture.js'
import { life, NOT_WAITING } from './support/companion-life.js'
import { codeMarkerOf } from './support/companion-shown.js'
import { cancelWorkflow } from './support/in-process.js'

describe('mode companion, a run cancelled while its create is recorded ahead', () => {
  let cancelAtCommentCreate = false

  it('leaves no record of a create it never sent, and the next push creates the job', () =>
    life(
      async ({ repositories, companion }) => {
        const { simulator } = repositories
        cancelAtCommentCreate = true
        await companion({ action: 'opened', head: 0 }, {}, NOT_WAITING)
        cancelAtCommentCreate = false
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
