// The bench models the reconcile recipe's own schedule: a cron line it misread would price every
// armed row of the billed-minutes table on the wrong interval.
import { parseSchedule } from '../tools/bench/schedule.js'

describe("the bench's reading of the reconcile recipe's schedule", () => {
  it('reads a stepped range as its first minute and its interval', () => {
    expect(parseSchedule('3-59/10 * * * *')).toEqual({ cron: '3-59/10 * * * *', firstMs: 180_000, intervalMs: 600_000 })
    expect(parseSchedule('*/5 * * * *')).toEqual({ cron: '*/5 * * * *', firstMs: 0, intervalMs: 300_000 })
  })

  it.each([
    '3,11,18 * * * *',
    '3-59/7 * * * *',
    '3-59/10 9-17 * * *',
    '3-40/5 * * * *',
    '13-59/10 * * * *',
    '50-59/10 * * * *'
  ])('refuses %s, whose ticks are not every N minutes around the clock, naming it', (cron) => {
    expect(() => parseSchedule(cron)).toThrow(`The schedule "${cron}" is not every N minutes`)
  })
})
