// Work a few at a time, over a list (`pooled`) or as it comes (`Slots`): GitHub answers a handful of
// requests at once no slower than one, and a request's own time limit then starts when it is sent,
// not while it waits behind hundreds of others (docs/design.md, "What a run in digest mode does").

/**
 * `work` for each item, at most `width` at once, in order; an item is started only while `goOn()`
 * says so, and once one is not, no later one is. The results of the items started, in order.
 */
export async function pooled<T, R>(
  items: readonly T[],
  width: number,
  work: (item: T) => Promise<R>,
  goOn: () => boolean = () => true
): Promise<R[]> {
  const results: R[] = []
  let next = 0
  let stopped = false
  const worker = async (): Promise<void> => {
    while (!stopped && next < items.length) {
      if (!goOn()) {
        stopped = true
        return
      }
      const index = next++
      results[index] = await work(items[index] as T)
    }
  }
  await Promise.all(Array.from({ length: Math.min(width, items.length) }, worker))
  return results.slice(0, next)
}

/** At most `size` pieces of work at once, each started as soon as a place is free, in the order they asked. */
export class Slots {
  private free: number
  private readonly waiting: (() => void)[] = []

  constructor(size: number) {
    this.free = size
  }

  async hold<R>(work: () => Promise<R>): Promise<R> {
    if (this.free > 0) this.free--
    else await new Promise<void>((resolve) => this.waiting.push(resolve))
    try {
      return await work()
    } finally {
      const next = this.waiting.shift()
      if (next) next()
      else this.free++
    }
  }
}
