// Fences and code spans must be longer than any run of backticks inside them, or the text inside
// could end them early. Counted in a loop: a diff can hold hundreds of thousands of runs, too many
// to spread into Math.max's arguments.

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
