// Fences and code spans must be longer than any run of backticks inside them, or the text inside
// could end them early. Counted in a loop: a diff can hold hundreds of thousands of runs, too many
// to spread into Math.max's arguments.
import { leavesBlockOpen } from './commonmark.js'

/** The length of the longest run of backticks in `text` (0 when there is none). */
export function longestBacktickRun(text: string): number {
  let longest = 0
  for (const run of text.matchAll(/`+/g)) longest = Math.max(longest, run[0].length)
  return longest
}

/** A code fence that nothing in `text` can close: at least three backticks, one more than its longest run. */
export function fenceFor(text: string): string {
  return '`'.repeat(Math.max(3, longestBacktickRun(text) + 1))
}

/** A fenced code block whose fence is longer than any run of backticks inside, so nothing ends it early. */
export function fenced(text: string, info = ''): string {
  const fence = fenceFor(text)
  return `${fence}${info}\n${text.endsWith('\n') || text === '' ? text : `${text}\n`}${fence}`
}

/**
 * The text as it is when nothing in it stays open past its end, else fenced: text that follows it
 * (the action's own sections) is then read on its own, never inside a block the text opened.
 */
export function sealed(text: string): string {
  return leavesBlockOpen(text) ? fenced(text) : text
}
