// Reconcile mode's decisions, without GitHub or the agent API: which jobs are read, what each
// waiting comment gets, when the label goes, and what the `reconciled` output lists.
import type { AgentJob } from '../src/agent/job.js'
import {
  endedWithPullRequest,
  jobsToRead,
  labelGoes,
  reconciledEntries,
  standingOf,
  stepFor,
  takesAPlace,
  tallyComments,
  threadsToRead,
  type ThreadFinding,
  type ThreadOutcome
} from '../src/reconcile/decide.js'

const thread = (number: number, jobIds: string[], unreadable?: string): ThreadFinding => ({
  number,
  url: `https://github.com/acme/docs/issues/${number}`,
  waiting: jobIds.map((jobId, i) => ({ commentId: number * 100 + i, jobId })),
  ...(unreadable !== undefined && { unreadable })
})
const completed: AgentJob = { id: 'job-a', status: 'completed', prLink: 'https://github.com/acme/docs-site/pull/9' }

describe('jobsToRead', () => {
  it('reads each job once, in the order the threads were listed, and none of a thread that could not be read', () => {
    const threads = [
      thread(3, ['job-a', 'job-b']),
      thread(5, ['job-c'], 'GitHub answered 500'),
      thread(7, ['job-b', 'job-d'])
    ]
    expect(jobsToRead(threads)).toEqual(['job-a', 'job-b', 'job-d'])
  })
})

describe('threadsToRead', () => {
  const listed = (comments: (number | undefined)[]) => comments.map((count, number) => ({ number, comments: count }))

  it('passes over threads without comments, which hold no progress comment', () => {
    const picked = threadsToRead(listed([0, 2, 0, 0, 1, undefined, 4]), new Set())
    expect(picked.threads.map((thread) => thread.number)).toEqual([1, 4, 5, 6])
    expect(picked.withoutComments).toBe(3)
  })

  it('reads a thread listed twice once: an update while the run paged moved it', () => {
    const twice = [...listed([1, 1, 1]), { number: 0, comments: 2 }]
    expect(threadsToRead(twice, new Set()).threads.map((thread) => thread.number)).toEqual([0, 1, 2])
    const again = threadsToRead(listed([1, 1, 0, 1]), new Set([1, 2]))
    expect(again).toEqual({
      threads: [
        { number: 0, comments: 1 },
        { number: 3, comments: 1 }
      ],
      withoutComments: 0
    })
  })
})

describe('takesAPlace', () => {
  it('counts every thread read but one found foreign, which may keep its label and its lead for ever', () => {
    const thread = { number: 1, url: 'u', waiting: [] }
    expect(takesAPlace({ ...thread, waiting: [{ commentId: 2, jobId: 'job-a' }] })).toBe(true)
    expect(takesAPlace(thread)).toBe(true)
    expect(takesAPlace({ ...thread, unreadable: 'GitHub answered 502' })).toBe(true)
    expect(takesAPlace({ ...thread, unsigned: true })).toBe(false)
  })
})

describe('stepFor', () => {
  it('writes the end of a job that ended, whatever the end', () => {
    for (const status of ['completed', 'failed', 'archived']) {
      const job = { id: 'job-a', status }
      expect(stepFor('job-a', { kind: 'read', job })).toEqual({ kind: 'finish', job })
    }
  })

  it('leaves a running job alone, a status the API does not document included', () => {
    expect(stepFor('job-a', { kind: 'read', job: { id: 'job-a', status: 'active' } })).toEqual({
      kind: 'leave',
      why: 'running'
    })
    expect(stepFor('job-a', { kind: 'read', job: { id: 'job-a', status: 'queued' } }).kind).toBe('leave')
  })

  it('reports a job the API no longer knows as lost, and leaves one it did not read for the next run', () => {
    expect(stepFor('job-a', { kind: 'lost' })).toEqual({ kind: 'report-lost', jobId: 'job-a' })
    expect(stepFor('job-a', { kind: 'unread', why: 'out of time' })).toEqual({ kind: 'leave', why: 'unread' })
    expect(stepFor('job-a', undefined)).toEqual({ kind: 'leave', why: 'unread' })
  })
})

describe('labelGoes', () => {
  it('goes once every waiting comment on the thread was written, and not before', () => {
    const two = thread(3, ['job-a', 'job-b'])
    expect(labelGoes(two, new Set([300]))).toBe(false)
    expect(labelGoes(two, new Set([300, 301]))).toBe(true)
  })

  it('goes from a thread where no comment waits, and stays on one that could not be read', () => {
    expect(labelGoes(thread(3, []), new Set())).toBe(true)
    expect(labelGoes(thread(3, [], 'GitHub answered 500'), new Set())).toBe(false)
  })

  it('stays on a thread read only in part, all it read written: another may wait among the rest', () => {
    expect(labelGoes({ ...thread(3, ['job-a']), partlyRead: true }, new Set([300]))).toBe(false)
  })
})

describe('reconciledEntries and endedWithPullRequest', () => {
  const failed: AgentJob = { id: 'job-b', status: 'failed', prLink: null }
  const outcomes: ThreadOutcome[] = [
    {
      number: 3,
      url: 'https://github.com/acme/docs/issues/3',
      labelRemoved: true,
      jobs: [
        {
          jobId: 'job-a',
          reading: { kind: 'read', job: completed },
          step: { kind: 'finish', job: completed },
          reported: true
        },
        {
          jobId: 'job-b',
          reading: { kind: 'read', job: failed },
          step: { kind: 'finish', job: failed },
          reported: true
        }
      ]
    },
    {
      number: 4,
      url: 'https://github.com/acme/docs/pull/4',
      labelRemoved: false,
      jobs: [
        { jobId: 'job-c', reading: { kind: 'lost' }, step: { kind: 'report-lost', jobId: 'job-c' }, reported: true },
        {
          jobId: 'job-d',
          reading: { kind: 'read', job: { id: 'job-d', status: 'active' } },
          step: { kind: 'leave', why: 'running' },
          reported: false
        },
        {
          jobId: 'job-a',
          reading: { kind: 'read', job: completed },
          step: { kind: 'finish', job: completed },
          reported: true
        },
        {
          jobId: 'job-e',
          reading: { kind: 'read', job: { ...completed, id: 'job-e' } },
          step: { kind: 'finish', job: { ...completed, id: 'job-e' } },
          reported: false
        }
      ]
    }
  ]

  it('lists every job whose end or loss was written, with its thread, status and PR link', () => {
    expect(reconciledEntries(outcomes)).toEqual([
      { thread: 3, jobId: 'job-a', status: 'completed', prLink: 'https://github.com/acme/docs-site/pull/9' },
      { thread: 3, jobId: 'job-b', status: 'failed', prLink: null },
      { thread: 4, jobId: 'job-c', status: 'lost', prLink: null },
      { thread: 4, jobId: 'job-a', status: 'completed', prLink: 'https://github.com/acme/docs-site/pull/9' }
    ])
  })

  it('follows through on each job that ended with a pull request once, from the first thread that waited for it', () => {
    expect(endedWithPullRequest(outcomes).map(({ job, thread }) => [job.id, thread.number])).toEqual([['job-a', 3]])
  })
})

describe("placing labelled threads by the repository's recent comments", () => {
  const comment = (id: number, threadNumber: number, marker: 'none' | 'signed' | 'waiting') => ({
    id,
    threadNumber,
    marker
  })
  const tallies = tallyComments(
    [
      comment(1, 7, 'none'),
      comment(2, 7, 'none'),
      // Listed twice: a comment updated while the pages were read.
      comment(2, 7, 'none'),
      comment(3, 8, 'none'),
      comment(4, 9, 'signed'),
      comment(5, 10, 'none'),
      comment(6, 10, 'waiting')
    ],
    (seen) => seen.marker
  )

  it('counts each comment once, and notes a marker of this key and one that waits', () => {
    expect(Object.fromEntries(tallies)).toEqual({
      7: { seen: 2, signed: false, waiting: false },
      8: { seen: 1, signed: false, waiting: false },
      9: { seen: 1, signed: true, waiting: false },
      10: { seen: 2, signed: true, waiting: true }
    })
  })

  it('places a thread as ours, foreign only when all its comments were seen, else leaves it to a read', () => {
    expect(standingOf({ comments: 2 }, tallies.get(7))).toBe('foreign')
    // One of its three comments was not seen: it may be ours.
    expect(standingOf({ comments: 3 }, tallies.get(8))).toBe('unplaced')
    expect(standingOf({ comments: 5 }, tallies.get(9))).toBe('ours')
    expect(standingOf({ comments: 2 }, tallies.get(10))).toBe('ours')
    expect(standingOf({ comments: 1 }, undefined)).toBe('unplaced')
    // A listing that does not count the comments places nothing as foreign.
    expect(standingOf({ comments: undefined }, tallies.get(7))).toBe('unplaced')
  })
})
