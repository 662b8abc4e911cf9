// Where a digest's range starts (src/digest/past.ts): read from the newest digest back to the newest
// that finished covering; failed ones are passed over, a running one holds the next, and a copy of a
// marker is not a digest.
import { describe, expect, it } from '@jest/globals'
import { digestJobState, digestsOf, holdsFinished, jobsToRead, rememberDigests } from '../src/digest/past.js'
import type { ProgressMarker } from '../src/thread/marker.js'

const place = { repository: 'acme/app', threadNumber: 7, workflowJob: 'digest', step: '__run' }
const HEAD = (n: number) => String(n).repeat(40).slice(0, 40)
const digest = (
  run: number,
  options: { job?: string; done?: true; head?: boolean; named?: boolean } = {}
): ProgressMarker => ({
  ...place,
  runId: String(run),
  ...(options.named !== false && { commentId: 100 + run }),
  ...(options.job !== undefined && { jobId: options.job }),
  digest: {
    from: run * 10,
    to: run * 10 + 10,
    pulls: [run],
    branch: 'main',
    ...(options.head !== false && { head: HEAD(run) }),
    ...(options.done && { done: true })
  }
})
const thisRun = { runId: '99', workflowJob: 'digest', step: '__run' }

describe('where the next digest starts', () => {
  it('is the head of the newest digest that finished, passing over the failed ones after it', () => {
    const digests = [digest(1, { job: 'j1', done: true }), digest(2, { job: 'j2' }), digest(3)]
    expect(jobsToRead(digests)).toEqual(['j2'])
    const memory = rememberDigests(digests, (job) => (job === 'j2' ? 'failed' : undefined))
    expect(memory).toEqual({ kind: 'after', start: { kind: 'commit', sha: HEAD(1), at: 20, covered: [1] } })
  })

  it('is a digest whose job the agent API says completed, though its comment was not signed done', () => {
    const memory = rememberDigests([digest(1, { job: 'j1', done: true }), digest(2, { job: 'j2' })], () => 'done')
    expect(memory).toMatchObject({ kind: 'after', start: { sha: HEAD(2), covered: [2] } })
  })

  it('is held while the newest digest job still runs: never two digest jobs at once', () => {
    const running = digest(2, { job: 'j2' })
    expect(rememberDigests([digest(1, { job: 'j1', done: true }), running], () => 'running')).toEqual({
      kind: 'running',
      digest: running
    })
  })

  it("after a digest written before heads were recorded, is its end's instant, less its pull requests", () => {
    const memory = rememberDigests([digest(1, { job: 'j1', done: true, head: false })], () => undefined)
    expect(memory).toEqual({ kind: 'after', start: { kind: 'instant', at: 20, covered: [1], first: false } })
  })

  it('with no finished digest, is a first digest', () => {
    expect(rememberDigests([digest(1), digest(2, { job: 'j2' })], () => 'failed')).toEqual({ kind: 'first' })
  })

  it('takes the job states as the agent API gives them: a lost job failed', () => {
    expect(['completed', 'archived', 'failed', 'lost', 'active'].map(digestJobState)).toEqual([
      'done',
      'done',
      'failed',
      'failed',
      'running'
    ])
  })
})

describe("the digest thread's digests", () => {
  it("are the markers that name their own comment, this step's own apart", () => {
    const copy = digest(5, { job: 'j5', done: true, named: false })
    const own = { ...digest(99), ...thisRun }
    const genuine = digest(4, { job: 'j4' })
    expect(digestsOf([genuine, copy, own], thisRun)).toEqual([genuine])
  })

  it('are read back to the newest one signed done, and no further', () => {
    expect(holdsFinished([digest(1, { job: 'j1' })])).toBe(false)
    expect(holdsFinished([digest(1, { job: 'j1', done: true }), digest(2)])).toBe(true)
  })
})
