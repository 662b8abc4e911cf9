// What a job summary shows, read as state: the level its heading tells, in the action's own words
// (report/render.ts, pinned once by render.test.ts), so that a behaviour test names the level.
import type { Level } from '../../src/report/outcome.js'
import { summary } from '../../src/report/render.js'

const LEVELS: Level[] = ['success', 'notice', 'warning', 'failure']

/** The level a job summary's heading shows; undefined when it opens with no heading of the action's. */
export function summaryLevel(markdown: string): Level | undefined {
  const heading = markdown.split('\n', 1)[0]
  return LEVELS.find((level) => summary(level, '', []).split('\n', 1)[0] === heading)
}
