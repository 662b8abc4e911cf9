import { nextPollDelay } from '../src/job/schedule.js'

/** Poll times for a wait that lasts `durationMs`, as the wait loop would space them. */
function pollTimes(durationMs: number, firstGapMs = 2000): number[] {
  const times: number[] = []
  for (let t = 0; t < durationMs;) {
    t += nextPollDelay(t, firstGapMs)
    times.push(t)
  }
  return times
}

describe('nextPollDelay', () => {
  it('polls at the first gap for the first ten seconds, so fast failures show at once', () => {
    expect(pollTimes(10_000)).toEqual([2000, 4000, 6000, 8000, 10_000])
  })

  it('grows gradually, never above 10 s in the first two minutes and never above 20 s', () => {
    let previous = 2000
    for (let t = 0; t < 3_600_000; t += 500) {
      const gap = nextPollDelay(t, 2000)
      expect(gap).toBeLessThanOrEqual(t < 120_000 ? 10_000 : 20_000)
      expect(gap).toBeGreaterThanOrEqual(previous)
      expect(gap - previous).toBeLessThanOrEqual(1000)
      previous = gap
    }
    expect(nextPollDelay(600_000, 2000)).toBe(20_000)
  })

  it('costs at most 110 polls for a 30 minute job', () => {
    expect(pollTimes(30 * 60_000).length).toBeLessThanOrEqual(110)
  })

  it('respects a poll-interval larger than the cap', () => {
    expect(nextPollDelay(0, 45_000)).toBe(45_000)
    expect(nextPollDelay(3_600_000, 45_000)).toBe(45_000)
  })

  it('starts from a smaller poll-interval too', () => {
    expect(nextPollDelay(0, 500)).toBe(500)
    expect(nextPollDelay(9000, 500)).toBe(500)
  })
})
