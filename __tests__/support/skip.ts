// Which skip a run logged, read as its cause rather than its words: the step's notice is the words
// skipText gives a SkipReason (pinned once, in skip-wording.test.ts), so that a behaviour test names
// the cause and a change of wording edits src/event/skip-reason.ts and that test alone.
import { type SkipReason, skipText } from '../../src/event/skip-reason.js'

/** The notice an in-process run (support/in-process.ts) logs when it is skipped for `reason`. */
export function skipNotice(reason: SkipReason): string {
  return `notice (Docs agent): ${skipText(reason)}`
}
