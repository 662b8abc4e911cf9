// Work over a list, a few items at a time: GitHub answers a handful of requests at once no slower
// than one, and a request's own time limit then starts when it is sent, not while it waits behind
// hundreds of others (docs/design.md, "What a run in digest mode does").

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
