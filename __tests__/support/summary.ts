// What a job summary shows, read as state: the level its heading tells, in the action's own words
// (report/render.ts, pinned once by render.test.ts), so that a behaviour test names the level.
import type { Level } from '../../src/report/outcome.js'
import { renderWarnings, summary } from '../../src/report/render.js'

const LEVELS: Level[] = ['success', 'notice', 'warning', 'failure']

/** The level a job summary's heading shows; undefined when it opens with no heading of the action's. */
export function summaryLevel(markdown: string): Level | undefined {
  const heading = markdown.split('\n', 1)[0]
  return LEVELS.find((level) => summary(level, '', []).split('\n', 1)[0] === heading)
}

/**
 * How many warnings a job summary lists in its section raised `when` the result was written (before
 * or after it), read by the section's own heading (report/render.ts); 0 when it has no such section.
 */
export function warningsIn(markdown: string, when: 'before' | 'after'): number {
  const lines = new Set(markdown.split('\n'))
  const heading = (count: number) => renderWarnings(Array<string>(count).fill(''), when).split('\n')[1]!
  for (let count = 1; count <= 100; count++) if (lines.has(heading(count))) return count
  return 0
}
