// When the comments read of a long thread hold what a run looks for there, so that it reads no
// further: pages read from the newest back, pure, without GitHub.
import { formatMarker, type ProgressMarker } from '../src/thread/marker.js'
import { COMMENT_PAGES, type CommentPages, type IssueComment } from '../src/github/thread-calls.js'
import { holdsSought } from '../src/thread/thread-markers.js'
import { RUN } from './support/thread-writer.js'

const THREAD = 42
let nextId = 1

/** A comment whose body starts with a marker of `fields` signed for this thread and comment (bound). */
function marked(fields: Partial<ProgressMarker>): IssueComment {
  const id = nextId++
  const marker: ProgressMarker = {
    repository: 'acme/docs',
    threadNumber: THREAD,
    runId: '777',
    workflowJob: 'docs',
    step: '__other',
    commentId: id,
    ...fields
  }
  return {
    id,
    body: `${formatMarker(marker, RUN.key)}\n✅`,
    htmlUrl: `https://github.com/acme/docs/issues/42#issuecomment-${id}`
  }
}
const chatter = (): IssueComment => ({ id: nextId++, body: '+1', htmlUrl: 'https://github.com/acme/docs/issues/42' })
const pages = (first: IssueComment[], newest: IssueComment[], pageCount = 2): CommentPages => ({
  first,
  newest,
  complete: false,
  pageCount
})

describe('holdsSought', () => {
  const latest = { own: false, latest: true }

  it('knows the newest job named only from the pages read back from the newest', () => {
    expect(holdsSought(pages([marked({ jobId: 'job-old' })], [chatter()]), RUN, THREAD, latest)).toBe(false)
    expect(holdsSought(pages([chatter()], [marked({ jobId: 'job-new' }), chatter()]), RUN, THREAD, latest)).toBe(true)
  })

  it('stops looking for it after the pages a reader reads, and at once for the docs-PR comment, wherever it is', () => {
    expect(holdsSought(pages([chatter()], [chatter()], COMMENT_PAGES), RUN, THREAD, latest)).toBe(true)
    const docs = marked({ jobId: 'job-pr', kind: 'docs-pr' })
    expect(holdsSought(pages([docs], [chatter()]), RUN, THREAD, latest)).toBe(true)
  })

  it("looks for this step's own comment among all comments read, as far as it takes", () => {
    const own = { own: true, latest: false }
    const mine = marked({ runId: RUN.runId, step: RUN.step, jobId: 'job-1' })
    expect(holdsSought(pages([chatter()], [chatter()], COMMENT_PAGES), RUN, THREAD, own)).toBe(false)
    expect(holdsSought(pages([mine], [chatter()]), RUN, THREAD, own)).toBe(true)
    // Its own comment names no other step's job: a re-run still looks for the newest one named.
    expect(holdsSought(pages([chatter()], [mine]), RUN, THREAD, { own: true, latest: true })).toBe(false)
  })
})
