// How long a server asked to wait: one reading of Retry-After for the agent API and GitHub alike.

/**
 * `Retry-After` as delay-seconds or as an HTTP date (RFC 9110 10.2.3). A date is on the service's
 * clock, so it is measured from the answer's own `Date` header when there is one: a server clock
 * that is off by an hour must not turn "retry in 2 s" into "retry in an hour".
 */
export function retryAfterMs(value: string | undefined, now: number, serverDate?: string): number | undefined {
  if (value === undefined) return undefined
  const text = value.trim()
  if (/^\d+$/.test(text)) return Number(text) * 1000
  const date = Date.parse(text)
  if (Number.isNaN(date)) return undefined
  const serverNow = serverDate === undefined ? Number.NaN : Date.parse(serverDate)
  return Math.max(0, date - (Number.isNaN(serverNow) ? now : serverNow))
}
