// When to poll next. Most jobs either fail fast or run for minutes, so the gaps start short (a
// failure within 10 s is seen within one first gap), stay at or under fixed 10 s polling for the
// first two minutes, then widen gradually to 20 s, which keeps a 30 minute job near 100 polls.

const FAST_PHASE_MS = 10_000
const GROWTH_PER_MS = 0.2 // each second of age adds 0.2 s to the gap
const EARLY_CAP_MS = 10_000
const EARLY_PHASE_MS = 120_000
const LATE_CAP_MS = 20_000

/** The gap before the next poll, for a job that has been waited on for `elapsedMs`. */
export function nextPollDelay(elapsedMs: number, firstGapMs: number): number {
  if (elapsedMs < FAST_PHASE_MS) return firstGapMs
  const grown = firstGapMs + (elapsedMs - FAST_PHASE_MS) * GROWTH_PER_MS
  const cap =
    elapsedMs < EARLY_PHASE_MS
      ? EARLY_CAP_MS
      : Math.min(LATE_CAP_MS, EARLY_CAP_MS + (elapsedMs - EARLY_PHASE_MS) * GROWTH_PER_MS)
  // A poll-interval above the caps is the user's explicit choice of a slower pace.
  return Math.max(firstGapMs, Math.min(grown, cap))
}
