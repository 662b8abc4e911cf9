// The benchmark's lag arithmetic in virtual time: if it is wrong, every figure `npm run bench`
// prints about detection lag and polls is wrong with it.
import {
  checkLagGoals,
  DEFAULT_SCHEDULE,
  detect,
  fixedSchedule,
  meanLag,
  pollTimes,
  profile,
  worstLag
} from '../tools/bench/lag.js'

const fixed10s = fixedSchedule(10_000)

describe('detect', () => {
  it('sees a job at once when it ends on a poll, and one gap later when it ends just after one', async () => {
    expect(await detect(30_000, fixed10s)).toEqual({ lagMs: 0, polls: 3, requests: 4 })
    expect(await detect(30_100, fixed10s)).toEqual({ lagMs: 9900, polls: 4, requests: 5 })
  })

  it('runs the action’s own schedule: 2 s gaps at first, so a 7 s job is seen at 8 s', async () => {
    expect(await detect(7000, DEFAULT_SCHEDULE)).toEqual({ lagMs: 1000, polls: 4, requests: 5 })
  })

  it('refuses a job that ends before it was created', async () => {
    await expect(detect(0, fixed10s)).rejects.toThrow('endMs must be > 0')
  })
})

describe('worstLag', () => {
  const times = [2000, 4000, 10_000]

  it('is the longest gap a job ending in the range can fall into, counted from where the range starts', () => {
    expect(worstLag(times, 0, 5000)).toBe(6000)
    expect(worstLag(times, 0, 3000)).toBe(2000)
    expect(worstLag(times, 4500, 5000)).toBe(5500)
  })

  it('refuses a trace that stops before the range ends', () => {
    expect(() => worstLag(times, 0, 12_000)).toThrow('trace further')
  })
})

describe('profile', () => {
  it('reports fixed 10 s polling at 30 s as lag 0 at D, but 10 s worst and ~5 s mean across the phase', async () => {
    const lag = await profile(30_000, fixed10s)
    expect(lag.atNominal.lagMs).toBe(0)
    expect(lag.worstLagMs).toBe(10_000)
    // Ends every 100 ms across [30 s, 40 s): 0, 9.9, 9.8, ... 0.1 s.
    expect(lag.meanLagMs).toBeCloseTo(4950, 6)
  })

  it('gives an exact worst that the 100 ms grid approaches from below, for the default schedule', async () => {
    const times = await pollTimes(DEFAULT_SCHEDULE, 200_000)
    let gridWorst = 0
    for (let end = 120_000; end < 130_000; end += 100)
      gridWorst = Math.max(gridWorst, (await detect(end, DEFAULT_SCHEDULE)).lagMs)
    const exact = worstLag(times, 120_000, 130_000)
    expect(exact).toBeGreaterThanOrEqual(gridWorst)
    expect(exact - gridWorst).toBeLessThan(100)
  })

  it('averages lags over the ends it is given', async () => {
    // fixed 5 s, ends 0.1, 0.2 ... 5.0 s: all seen at 5 s, so lags 4.9, 4.8 ... 0 s, mean 2.45 s.
    expect(await meanLag(fixedSchedule(5000), 100, 5100, 100)).toBeCloseTo(2450, 6)
  })
})

describe('checkLagGoals', () => {
  it('passes every detection goal with the action’s schedule', async () => {
    const checks = await checkLagGoals(DEFAULT_SCHEDULE)
    expect(checks.map((check) => check.pass)).toEqual([true, true, true, true])
    expect(checks[3]?.measured).toMatch(/^\d+ polls \(\d+ requests with the create call\)$/)
  })

  it('fails the lag goals for slow fixed polling and the poll budget for fast fixed polling', async () => {
    expect((await checkLagGoals(fixedSchedule(30_000))).map((check) => check.pass)).toEqual([false, false, false, true])
    expect((await checkLagGoals(fixedSchedule(5000))).map((check) => check.pass)).toEqual([false, true, true, false])
  })
})
