import { AgentApiError } from '../src/agent/errors.js'
import type { AgentJob } from '../src/agent/job.js'
import { VirtualClock } from '../src/base/clock.js'
import { waitForJob, type WaitLog } from '../src/job/wait.js'

/** A job that is `active` until `endsAt` (virtual ms), then `finalStatus`; counts the reads. */
function scriptedJob(
  clock: VirtualClock,
  endsAt: number,
  finalStatus = 'completed',
  interim?: { until: number; status: string }
) {
  const reads: number[] = []
  const getJob = async (id: string): Promise<AgentJob> => {
    reads.push(clock.now())
    if (clock.now() >= endsAt) return { id, status: finalStatus, prLink: 'https://github.com/acme/docs/pull/1' }
    if (interim && clock.now() < interim.until) return { id, status: interim.status }
    return { id, status: 'active', prLink: null }
  }
  return { getJob, reads }
}

function recordingLog() {
  const lines: string[] = []
  const log: WaitLog = {
    statusChanged: (job, elapsed) => lines.push(`status ${job.status} @${elapsed}`),
    heartbeat: (job, elapsed) => lines.push(`heartbeat ${job.status} @${elapsed}`),
    unknownStatus: (status) => lines.push(`unknown ${status}`),
    polled: () => undefined
  }
  return { log, lines }
}

describe('waitForJob (virtual time)', () => {
  it('sees a job that ends after 7 s within 2 s, logging only the status changes', async () => {
    const clock = new VirtualClock(1000)
    const { getJob, reads } = scriptedJob(clock, 1000 + 7000)
    const { log, lines } = recordingLog()
    const outcome = await waitForJob(
      { jobId: 'j1', initial: { id: 'j1', status: 'active' }, firstGapMs: 2000, deadline: 1000 + 60_000 },
      { getJob, clock, log }
    )
    expect(outcome).toMatchObject({ kind: 'finished', job: { status: 'completed' } })
    expect(clock.now() - 8000).toBeLessThanOrEqual(2000)
    expect(reads).toHaveLength(4)
    expect(lines).toEqual(['status active @0', 'status completed @8000'])
  })

  it('polls at once when joining a job it has no record of', async () => {
    const clock = new VirtualClock()
    const { getJob, reads } = scriptedJob(clock, 0, 'failed')
    const { log } = recordingLog()
    const outcome = await waitForJob({ jobId: 'j', firstGapMs: 2000, deadline: 60_000 }, { getJob, clock, log })
    expect(outcome).toMatchObject({ kind: 'finished', job: { status: 'failed' }, polls: 1 })
    expect(reads).toEqual([0])
  })

  it('returns at once when the first record is already final', async () => {
    const clock = new VirtualClock()
    const { getJob, reads } = scriptedJob(clock, 0)
    const outcome = await waitForJob(
      { jobId: 'j', initial: { id: 'j', status: 'completed' }, firstGapMs: 2000, deadline: 60_000 },
      { getJob, clock, log: recordingLog().log }
    )
    expect(outcome.kind).toBe('finished')
    expect(reads).toEqual([])
  })

  it('treats an undocumented status as running, warning once', async () => {
    const clock = new VirtualClock()
    const { getJob } = scriptedJob(clock, 30_000, 'completed', { until: 12_000, status: 'queued' })
    const { log, lines } = recordingLog()
    const outcome = await waitForJob({ jobId: 'j', firstGapMs: 2000, deadline: 600_000 }, { getJob, clock, log })
    expect(outcome.kind).toBe('finished')
    expect(lines.filter((line) => line.startsWith('unknown'))).toEqual(['unknown queued'])
    expect(lines[0]).toBe('status queued @0')
  })

  it('times out at the deadline without sleeping past it', async () => {
    const clock = new VirtualClock()
    const { getJob } = scriptedJob(clock, Infinity)
    const outcome = await waitForJob(
      { jobId: 'j', firstGapMs: 2000, deadline: 45_500 },
      { getJob, clock, log: recordingLog().log }
    )
    expect(outcome).toMatchObject({ kind: 'timed-out', job: { status: 'active' } })
    expect(clock.now()).toBe(45_500)
  })

  it('writes a heartbeat about once a minute while nothing changes', async () => {
    const clock = new VirtualClock()
    const { getJob } = scriptedJob(clock, 10 * 60_000)
    const { log, lines } = recordingLog()
    await waitForJob({ jobId: 'j', firstGapMs: 2000, deadline: 3_600_000 }, { getJob, clock, log })
    const beats = lines.filter((line) => line.startsWith('heartbeat'))
    expect(beats.length).toBeGreaterThanOrEqual(8)
    expect(beats.length).toBeLessThanOrEqual(10)
  })

  it('stops when cancelled, keeping the last record', async () => {
    const clock = new VirtualClock()
    const controller = new AbortController()
    const { getJob: read } = scriptedJob(clock, Infinity)
    let polls = 0
    const getJob = async (id: string) => {
      if (++polls === 3) controller.abort()
      return read(id)
    }
    const outcome = await waitForJob(
      { jobId: 'j', firstGapMs: 2000, deadline: 600_000, signal: controller.signal },
      { getJob, clock, log: recordingLog().log }
    )
    expect(outcome).toMatchObject({ kind: 'cancelled', job: { status: 'active' }, polls: 3 })
  })

  it('turns a request cut off by the deadline into a timeout, and passes other failures on', async () => {
    const clock = new VirtualClock()
    const failing = (reason: 'deadline' | 'rejected') => async () => {
      throw new AgentApiError('boom', {
        operation: 'get',
        reason,
        url: 'https://x',
        tries: 1,
        waitedMs: 1000,
        timeoutMs: 60_000
      })
    }
    const request = { jobId: 'j', firstGapMs: 2000, deadline: 60_000 }
    const log = recordingLog().log
    await expect(waitForJob(request, { getJob: failing('deadline'), clock, log })).resolves.toMatchObject({
      kind: 'timed-out'
    })
    await expect(waitForJob(request, { getJob: failing('rejected'), clock, log })).rejects.toThrow('boom')
  })
})
