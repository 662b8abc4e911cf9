import { describe, expect, it } from '@jest/globals'
import { DIGEST_JOBS_READ, jobsToRead, pastDigests } from '../src/digest/past.js'
import { planDigest } from '../src/digest/range.js'
import type { ProgressMarker } from '../src/thread/marker.js'

const DAY = 86_400_000
const place = { repository: 'acme/app', threadNumber: 7, workflowJob: 'digest', step: '__run' }
const digestMarker = (run: number, day: number, pulls: number[], jobId?: string): ProgressMarker => ({
  ...place,
  runId: String(run),
  ...(jobId !== undefined && { jobId }),
  digest: { from: day * DAY, to: (day + 1) * DAY, pulls, branch: 'main' }
})
const thisRun = { runId: '99', workflowJob: 'digest', step: '__run' }

describe('what the digest thread says was covered', () => {
  it('counts a digest whose job did not fail, and leaves a failed or jobless one to the next run', () => {
    const markers = [
      digestMarker(1, 1, [1], 'job-1'),
      digestMarker(2, 2, [2], 'job-2'),
      digestMarker(3, 3, [3]),
      { ...place, runId: '4', jobId: 'job-4' }
    ]
    const { past, own } = pastDigests(markers, thisRun, (jobId) => (jobId === 'job-2' ? 'failed' : 'covering'))
    expect(own).toBeUndefined()
    expect(past.map((digest) => digest.counts)).toEqual([true, false, false])
    const listed = [1, 2, 3, 4].map((number) => ({ number, mergedAt: number * DAY + 1000, labels: [] }))
    const plan = planDigest({ past, listed, cutoff: 5 * DAY, skipLabel: '' })
    expect(plan.kind === 'digest' && plan.pulls.map((pull) => pull.number)).toEqual([2, 3, 4])
  })

  it('counts a digest signed done without reading its job, even one the agent API no longer knows', () => {
    const done = digestMarker(1, 1, [1], 'job-1')
    done.digest = { ...done.digest!, done: true }
    const markers = [done, digestMarker(2, 2, [2], 'job-2')]
    expect(jobsToRead(markers, thisRun)).toEqual(['job-2'])
    const { past } = pastDigests(markers, thisRun, () => 'lost')
    expect(past.map((digest) => digest.counts)).toEqual([true, false])
  })

  it("takes this step's comment of an earlier attempt as its own", () => {
    const { past, own } = pastDigests([digestMarker(99, 1, [5], 'job-5')], thisRun, () => 'covering')
    expect(past).toEqual([])
    expect(own).toEqual({ range: { from: DAY, to: 2 * DAY }, pulls: [5], counts: true })
  })

  it('reads the jobs of the newest digests only, newest first', () => {
    const markers = Array.from({ length: DIGEST_JOBS_READ + 3 }, (_, day) =>
      digestMarker(day + 1, day, [day + 1], `job-${day}`)
    )
    const read = jobsToRead(markers, thisRun)
    expect(read).toHaveLength(DIGEST_JOBS_READ)
    expect(read[0]).toBe(`job-${DIGEST_JOBS_READ + 2}`)
  })
})
