// Work a few at a time (src/base/pool.ts): a digest's reads, each sent only when a place is free,
// and none started once the time is up.
import { describe, expect, it } from '@jest/globals'
import { pooled, Slots } from '../src/base/pool.js'

describe('pooled work', () => {
  it('keeps at most `width` items in flight, and gives the results in order', async () => {
    let inFlight = 0
    let most = 0
    const results = await pooled([5, 1, 4, 2, 3], 2, async (item) => {
      inFlight++
      most = Math.max(most, inFlight)
      await new Promise((resolve) => setTimeout(resolve, item))
      inFlight--
      return item * 10
    })
    expect(results).toEqual([50, 10, 40, 20, 30])
    expect(most).toBe(2)
  })

  it('starts no item once goOn says stop, and gives the results of those started', async () => {
    const started: number[] = []
    const results = await pooled(
      [1, 2, 3, 4, 5],
      1,
      async (item) => {
        started.push(item)
        return item
      },
      () => started.length < 3
    )
    expect(started).toEqual([1, 2, 3])
    expect(results).toEqual([1, 2, 3])
  })
})

describe('slots', () => {
  it('start waiting work in the order it asked, as places free, and free a place whatever the work ends in', async () => {
    const slots = new Slots(1)
    const order: string[] = []
    let finishFirst!: () => void
    const first = slots.hold(async () => {
      order.push('first')
      await new Promise<void>((resolve) => (finishFirst = resolve))
      throw new Error('failed')
    })
    const second = slots.hold(async () => order.push('second'))
    const third = slots.hold(async () => order.push('third'))
    await new Promise((resolve) => setImmediate(resolve))
    expect(order).toEqual(['first'])
    finishFirst()
    await expect(first).rejects.toThrow('failed')
    await Promise.all([second, third])
    expect(order).toEqual(['first', 'second', 'third'])
  })
})
