import { formatDuration, parseDuration } from '../src/base/duration.js'

describe('parseDuration', () => {
  it.each([
    ['90s', 90_000],
    ['15m', 900_000],
    ['1h30m', 5_400_000],
    ['500ms', 500],
    ['45', 45_000],
    ['1.5', 1500],
    ['2m30s', 150_000],
    ['1h2m3s4ms', 3_723_004],
    [' 10S ', 10_000]
  ])('reads %j as %i ms', (text, ms) => {
    expect(parseDuration(text)).toBe(ms)
  })

  it.each(['', 'abc', '10x', '5 m', 'm5', '1m1m', '-5s', '1h30', 's'])('rejects %j', (text) => {
    expect(parseDuration(text)).toBeUndefined()
  })
})

describe('formatDuration', () => {
  it.each([
    [250, '250ms'],
    [45_000, '45s'],
    [90_000, '1m 30s'],
    [3_600_000, '1h'],
    [5_430_000, '1h 30m 30s']
  ])('writes %i ms as %j', (ms, text) => {
    expect(formatDuration(ms)).toBe(text)
  })
})
