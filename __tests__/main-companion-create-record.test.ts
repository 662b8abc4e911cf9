// The record a companion create writes on its progress comment before the create is sent, so that a
// run killed before the answer (GitHub's cancel ends in SIGKILL) leaves it, and no later run creates a
// second job (the kill itself: e2e-companion-races.test.ts). Here, through run() in process, every
// other end of that record: taken back once answered, never sent without it, and what the run says
// when GitHub may keep it though the run knows better.
import { count, CREATE } from './support/agent-fixture.js'
import { CODE_PR, codeComments, sentPrompts } from './support/companion-fixture.js'
import { life, NOT_WAITING } from './support/companion-life.js'
import { codeMarkerOf } from './support/companion-shown.js'
import { cancelWorkflow } from './support/in-process.js'
import { staleCreateRecordMessage, unrecordedCreateMessage } from '../src/companion/words.js'

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

// The record a companion create writes ahead fails on a GitHub outage (a 502 on the comment create,
// twice: the try and the one after the look for it): no create is sent, and the run's last edit,
// once GitHub answers again, posts the progress comment with the reason and without the record.
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

// The record a companion create leaves on its comment before it is sent is taken off by the next edit
// that lands. When the agent API answers the create (here a 400: no job was made) and GitHub refuses
// every later edit, the record stays, and later runs would read it as an unanswered create: the run
// says so, and how to clear it.
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

// A companion create the agent API answered with a job, after which GitHub refused every edit of the
// progress comment: the comment still records the create as unanswered, so later runs start no job.
// The run names the job and says not to delete the comment, which would start a second job.
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

// A companion run cancelled (SIGINT, GitHub's first signal) while the comment that records its create
// ahead is on its way to GitHub: the comment may land with the record, though the run sent no create.
// Its last edit, made within its own time as after any cancel, finds that comment and takes the
// record back, so the next push creates the job.
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

// A companion run cancelled while the comment that records its create ahead is on its way, whose last
// edit (a few seconds after the cancel) cannot read the thread to find that comment: the record may
// stay though no create was sent, and later runs would start no job. The run says so, and what to do.
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
