// A companion create the agent API answered with a job, after which GitHub refused every edit of the
// progress comment: the comment still records the create as unanswered, so later runs start no job.
// The run names the job and says not to delete the comment, which would start a second job.
import { count, CREATE } from './support/agent-fixture.js'
import { CODE_PR, codeComments } from './support/companion-fixture.js'
import { life, NOT_WAITING } from './support/companion-life.js'
import { codeMarkerOf } from './support/companion-shown.js'
import { staleCreateRecordMessage } from '../src/companion/words.js'

describe('mode companion, the record left after a create that made a job', () => {
  it('names the job and never leads to a second companion job for the pull request', () =>
    life(
      async ({ repositories, companion }) => {
        const { simulator } = repositories
        const opened = await companion({ action: 'opened', head: 0 }, {}, NOT_WAITING)
        expect(count(simulator, 'POST', CREATE)).toBe(1)
        const [comment] = codeComments(repositories)
        expect(codeMarkerOf(comment!)?.unsureCreate).toBe(1)
        const create = { sent: true, jobId: opened.outputs['job-id'] } as const
        expect(create.jobId).toBeTruthy()
        expect(opened.log).toContain(staleCreateRecordMessage(CODE_PR, comment!.html_url, create))

        // The comment kept, as the warning says: the next push starts no second job.
        await companion({ action: 'synchronize', head: 1 }, {}, NOT_WAITING)
        expect(count(simulator, 'POST', CREATE)).toBe(1)
      },
      // The record's naming edit, the "working" edit and the last edit are refused.
      { github: { failures: [{ method: 'PATCH', pathIncludes: '/issues/comments/', status: 403, times: 3 }] } }
    ))
})
