// GitHub's pace for writes, in virtual time: about 80 a minute, and after a rate limit's refusal
// no write before the wait GitHub asked for.
import { VirtualClock } from '../src/base/clock.js'
import { GitHubCallError } from '../src/github/calls.js'
import { WRITES_PER_MINUTE, WritePace } from '../src/github/write-pace.js'

describe('WritePace', () => {
  it(`lets no more than ${WRITES_PER_MINUTE} writes go in a minute`, async () => {
    const clock = new VirtualClock(0)
    const pace = new WritePace(clock)
    const times: number[] = []
    while (await pace.turn(60_000)) times.push(clock.now())
    expect(times).toHaveLength(WRITES_PER_MINUTE)
    expect(times.slice(0, 3)).toEqual([0, 750, 1500])
    expect(pace.refused).toBe(1)
  })

  it('gives no turn that would come after the time left, and takes none then', async () => {
    const clock = new VirtualClock(0)
    const pace = new WritePace(clock)
    expect(await pace.turn(1000)).toBe(true)
    expect(await pace.turn(700)).toBe(false)
    expect(clock.now()).toBe(0)
    expect(await pace.turn(1000)).toBe(true)
    expect(clock.now()).toBe(750)
  })

  it("holds every later write back for a rate limit's wait, and not for another failure", async () => {
    const clock = new VirtualClock(0)
    const pace = new WritePace(clock)
    await pace.turn(Number.POSITIVE_INFINITY)
    pace.failed(new GitHubCallError('GitHub answered 502 (Bad Gateway)', 502, false))
    await pace.turn(Number.POSITIVE_INFINITY)
    expect(clock.now()).toBe(750)
    const limited = 'GitHub answered 403 (You have exceeded a secondary rate limit)'
    pace.failed(new GitHubCallError(limited, 403, false, 30_000))
    expect(await pace.turn(20_000)).toBe(false)
    await pace.turn(Number.POSITIVE_INFINITY)
    expect(clock.now()).toBe(30_750)
  })
})
