// Durations as people write them in workflow files: `90s`, `15m`, `1h30m`, `500ms`, or bare seconds.

const UNIT_MS: Record<string, number> = { h: 3_600_000, m: 60_000, s: 1000, ms: 1 }
const PART = /(\d+(?:\.\d+)?)(ms|h|m|s)/gy
const BARE_SECONDS = /^\d+(?:\.\d+)?$/

/** Whether `text` is a number without a unit, which parseDuration reads as seconds. */
export function isBareSeconds(text: string): boolean {
  return BARE_SECONDS.test(text.trim())
}

/** Milliseconds, or undefined when the text is not a duration. */
export function parseDuration(text: string): number | undefined {
  const trimmed = text.trim().toLowerCase()
  if (trimmed === '') return undefined
  if (BARE_SECONDS.test(trimmed)) return Math.round(Number(trimmed) * 1000)
  let total = 0
  let consumed = 0
  const seen = new Set<string>()
  PART.lastIndex = 0
  for (let match = PART.exec(trimmed); match; match = PART.exec(trimmed)) {
    const [whole, amount, unit] = match as unknown as [string, string, string]
    if (seen.has(unit)) return undefined
    seen.add(unit)
    total += Number(amount) * (UNIT_MS[unit] ?? 0)
    consumed += whole.length
  }
  return consumed === trimmed.length ? Math.round(total) : undefined
}

/** `1h 2m 3s` style, for logs and summaries. */
export function formatDuration(ms: number): string {
  if (ms < 1000) return `${Math.max(0, Math.round(ms))}ms`
  const totalSeconds = Math.round(ms / 1000)
  const hours = Math.floor(totalSeconds / 3600)
  const minutes = Math.floor((totalSeconds % 3600) / 60)
  const seconds = totalSeconds % 60
  const parts: string[] = []
  if (hours) parts.push(`${hours}h`)
  if (minutes) parts.push(`${minutes}m`)
  if (seconds || parts.length === 0) parts.push(`${seconds}s`)
  return parts.join(' ')
}

/**
 * How much of the "timeout" a run used before it stopped: the one wording for every timeout, from the
 * wait loop ending to a retry that would have started past the deadline or too close to it.
 */
export function timeoutSpent(waitedMs: number, timeoutMs: number): string {
  if (waitedMs >= timeoutMs) return `after ${formatDuration(timeoutMs)} ("timeout")`
  // Rounded down, so that 19.6 s of a 20 s timeout does not read as all of it.
  const waited = waitedMs < 1000 ? waitedMs : Math.floor(waitedMs / 1000) * 1000
  return `after ${formatDuration(waited)} of the ${formatDuration(timeoutMs)} "timeout": the next try would not have fit in it`
}

/** An instant (epoch ms) as people read it in a log or a comment, in UTC to the second: `2026-11-28 03:25:04 UTC`. */
export function formatInstant(ms: number): string {
  return `${new Date(ms).toISOString().slice(0, 19).replace('T', ' ')} UTC`
}
