// The ids this action handles. A project id is typed by a person from the dashboard, so only a
// plain identifier is taken. A job id is whatever the service returns (its schema says only
// "string"), so any string is taken that can be carried safely: it is percent-encoded in paths and
// encoded in the progress comment's marker. GitHub's ids and numbers are positive integers.

/** The characters of a plain identifier, for building larger patterns. */
const IDENTIFIER_CHARS = '[A-Za-z0-9._-]+'
const PLAIN = new RegExp(`^${IDENTIFIER_CHARS}$`)

/**
 * Whether `value` is `.` or `..`, which a URL parser reads as a move in the path (`labels/..` is
 * `issues/42/`) however they are percent-encoded (`%2E` too), so that no such name can be sent as one.
 */
export function namesAPathStep(value: string): boolean {
  return value === '.' || value === '..'
}

/**
 * `value`, to be sent as one segment of a URL path (octokit percent-encodes it); an error for a
 * name no segment can carry (see namesAPathStep).
 */
export function checkedPathSegment(value: string): string {
  if (value === '' || namesAPathStep(value)) {
    throw new Error(`${JSON.stringify(value)} cannot be named in a URL path: it would name another place.`)
  }
  return value
}

/** Letters, digits, `-`, `_`, `.`; never `.` or `..`, which would mean a path. */
export function isPlainIdentifier(value: string): boolean {
  return PLAIN.test(value) && !namesAPathStep(value)
}

const JOB_ID_MAX_LENGTH = 256
const CONTROL = /\p{Cc}/u

/**
 * Why `value` cannot be a job id, or undefined when it can. The one job-id rule, for the API's
 * answers and the "job-id" input alike: `.` and `..` would still mean a path once encoded, a control
 * character could break a log line, and no real id is longer than 256 characters.
 */
export function jobIdProblem(value: string): string | undefined {
  if (value === '') return 'it is empty'
  if (namesAPathStep(value)) return `${JSON.stringify(value)} would name a path, not a job`
  if (CONTROL.test(value)) return 'it contains a control character (such as a line break)'
  const length = [...value].length
  if (length > JOB_ID_MAX_LENGTH)
    return `it is ${length} characters long, over the ${JOB_ID_MAX_LENGTH} a job id may have`
  return undefined
}

/**
 * Whether `value` is a positive whole number that a double holds exactly: a GitHub comment id or
 * issue number (from a payload, or read back from a marker), or a run attempt.
 */
export function isPositiveInteger(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value > 0
}

/** Each GitHub login once, in the order given: GitHub does not tell logins apart by case. */
export function uniqueLogins(logins: readonly string[]): string[] {
  const seen = new Set<string>()
  return logins.filter((login) => {
    const key = login.toLowerCase()
    if (seen.has(key)) return false
    seen.add(key)
    return true
  })
}
