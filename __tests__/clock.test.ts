// The clocks a run's waits and time limits are told by: the system's, and the virtual one of the
// tests and the benchmark, whose time limits run out only as its time moves.
import { systemClock, VirtualClock } from '../src/base/clock.js'

describe('VirtualClock', () => {
  it('runs out a time limit only once its time has passed, however long the work between took', async () => {
    const clock = new VirtualClock(1000)
    const limit = clock.timeout(500)
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(limit.aborted).toBe(false)
    clock.advance(499)
    expect(limit.aborted).toBe(false)
    clock.advance(1)
    expect(limit.aborted).toBe(true)
    expect((limit.reason as Error).name).toBe('TimeoutError')
  })

  it('ends a sleep at the limit that aborts its signal, and runs out the limits on the way in order', async () => {
    const clock = new VirtualClock(0)
    const ran: number[] = []
    const early = clock.timeout(100)
    const own = clock.timeout(300)
    const late = clock.timeout(900)
    early.addEventListener('abort', () => ran.push(clock.now()))
    own.addEventListener('abort', () => ran.push(clock.now()))
    await clock.sleep(1000, own)
    expect(clock.now()).toBe(300)
    expect(ran).toEqual([100, 300])
    expect(late.aborted).toBe(false)
    // A sleep on a signal already aborted moves no time.
    await clock.sleep(1000, own)
    expect(clock.now()).toBe(300)
    await clock.sleep(1000)
    expect(clock.now()).toBe(1300)
    expect(late.aborted).toBe(true)
  })
})

describe('systemClock', () => {
  it('ends a sleep when its signal aborts, and at once when it already has', async () => {
    const controller = new AbortController()
    const sleeping = systemClock.sleep(60_000, controller.signal)
    controller.abort()
    // Neither waits its minute: the test would outlive its own time limit.
    await expect(sleeping).resolves.toBeUndefined()
    await expect(systemClock.sleep(60_000, controller.signal)).resolves.toBeUndefined()
  })
})
