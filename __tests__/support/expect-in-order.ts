import { expect } from '@jest/globals'

/** Asserts that `text` holds each of `parts`, in this order; a failure names the part out of place. */
export function expectInOrder(text: string, ...parts: string[]): void {
  let from = 0
  for (const part of parts) {
    const at = text.indexOf(part, from)
    expect({ part, inOrder: at >= 0 }).toEqual({ part, inOrder: true })
    from = at + part.length
  }
}
