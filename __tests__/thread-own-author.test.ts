// Which comment carrying one of the action's markers the action may edit (hostile review, findings 1
// and 8): only one whose marker names it or whose author wrote such a comment. A stranger's copy of a
// marker that names no comment, alone in the pages read, is read but never edited, so the stranger
// never becomes one of the action's "own" authors, and a reader looking for the comment it edits
// reads on past the copy.
import type { CommentPages } from '../src/github/thread-calls.js'
import { formatMarker, markerKey, type ProgressMarker } from '../src/thread/marker.js'
import { holdsSought, threadMarkers } from '../src/thread/thread-markers.js'
import { Thread } from '../src/thread/thread.js'
import { type Author, MemoryGitHub } from './support/memory-github.js'
import { RUN } from './support/thread-writer.js'

const key = markerKey('k', 'p')
const place = { repository: 'o/r', threadNumber: 7 }
const writer = { repository: 'o/r', runId: '1', workflowJob: 'docs', step: 'agent', key }
const marker = (fields: Partial<ProgressMarker> & { runId: string }) =>
  formatMarker({ ...place, workflowJob: 'docs', step: 'agent', ...fields }, key)
const comment = (id: number, author: string, body: string) => ({ id, author, body, htmlUrl: `u${id}` })
const mallory: Author = { login: 'mallory', isBot: false }

describe("a stranger's copy of a marker that names no comment", () => {
  // The run's own comment (unnamed: its naming edit failed) is out of the pages read; the copy is on the newest.
  const copy = comment(5000, 'mallory', `${marker({ runId: '1', jobId: 'job-1' })}\nhi`)

  it('is read for its words but never taken as the comment the re-run edits', () => {
    const found = threadMarkers([copy], writer, 7)
    expect(found.own?.comment.id).toBe(5000)
    expect(found.own?.marker.jobId).toBe('job-1')
    expect(found.own?.notOurs).toBe(true)
  })

  it('does not end the reading of a re-run that looks for its own comment', () => {
    const pages: CommentPages = { first: [], newest: [copy], complete: false, pageCount: 2 }
    expect(holdsSought(pages, writer, 7, { own: true, latest: false })).toBe(false)
    const own = comment(150, 'github-actions[bot]', marker({ runId: '1', jobId: 'job-1' }))
    const reachingIt: CommentPages = { first: [own], newest: [copy], complete: false, pageCount: 3 }
    expect(holdsSought(reachingIt, writer, 7, { own: true, latest: false })).toBe(false)
    const named = comment(150, 'github-actions[bot]', marker({ runId: '1', jobId: 'job-1', commentId: 150 }))
    expect(holdsSought({ ...reachingIt, first: [named] }, writer, 7, { own: true, latest: false })).toBe(true)
  })

  it('is never the companion comment a companion run edits, nor ends its reading (finding 8)', () => {
    const head = 'a'.repeat(40)
    const companionCopy = comment(5000, 'mallory', marker({ runId: '9', jobId: 'job-1', companion: { head } }))
    const pages: CommentPages = { first: [], newest: [companionCopy], complete: false, pageCount: 10 }
    expect(holdsSought(pages, writer, 7, { own: false, companion: true, latest: true })).toBe(false)
    expect(threadMarkers([companionCopy], writer, 7).companion?.notOurs).toBe(true)
  })

  it('is read for past the ten pages a follow-up reads, on a flooded pull request (finding 8)', () => {
    // The companion comment is further back than the first page and the newest 900 comments.
    const flooded: CommentPages = { first: [], newest: [], complete: false, pageCount: 10 }
    expect(holdsSought(flooded, writer, 7, { own: false, latest: true })).toBe(true)
    expect(holdsSought(flooded, writer, 7, { own: false, companion: true, latest: true })).toBe(false)
  })

  it('is never the docs-PR comment a run edits', () => {
    const docsCopy = comment(5000, 'mallory', marker({ runId: '9', jobId: 'job-1', kind: 'docs-pr', origin: 'o' }))
    expect(threadMarkers([docsCopy], writer, 7).docs?.notOurs).toBe(true)
  })
})

describe('a re-run whose earlier comment is gone, on a thread where nothing shows whose token writes', () => {
  it("writes a comment of its own and leaves the stranger's copy as it was, though the copy tells it its job", async () => {
    const github = new MemoryGitHub()
    const warnings: string[] = []
    const first = new Thread(github.api(), 42, RUN, undefined, (message) => warnings.push(message))
    // The naming edit fails: the comment's marker names no comment, and a copy of it verifies.
    github.failNextUpdate = true
    await first.write('job-1', (text) => `${text}\nWorking on agent job job-1.`)
    const genuine = github.comments(42)[0]!
    const copy = github.post(42, genuine.body, mallory)
    github.remove(genuine.id)
    const rerun = new Thread(github.api(), 42, RUN, undefined, (message) => warnings.push(message), {
      earlierAttempts: true
    })
    expect(await rerun.readEarlier()).toEqual({ ownJobId: 'job-1' })
    await rerun.write('job-1', (text) => `${text}\nDone.`)
    expect(github.comments(42).map((one) => [one.author.login, one.body.split('\n')[1]])).toEqual([
      ['mallory', 'Working on agent job job-1.'],
      ['github-actions[bot]', 'Done.']
    ])
    expect(github.comments(42)[0]!.body).toBe(copy.body)
    expect(warnings).toEqual([expect.stringMatching(/^Could not write the progress comment on #42/)])
  })
})
