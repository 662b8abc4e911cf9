// The agent job as the vendor documents it (the AgentJob schema of its OpenAPI document; docs/design.md),
// and the one place an answer body is turned into one.
import { jobIdProblem } from '../base/identifier.js'
import { redactKey } from './redact.js'

const KNOWN_STATUSES = ['active', 'completed', 'archived', 'failed'] as const
export type KnownStatus = (typeof KNOWN_STATUSES)[number]

export interface AgentJob {
  id: string
  /** A documented status, or one the vendor added later: those are treated as still running. */
  status: KnownStatus | (string & {})
  source?: { repository?: string; ref?: string | null }
  model?: string
  /** Null while active, and on completion when the agent changed no files. */
  prLink?: string | null
  createdAt?: string
  archivedAt?: string | null
}

const TERMINAL: ReadonlySet<string> = new Set(['completed', 'archived', 'failed'])

export function isTerminal(status: string): boolean {
  return TERMINAL.has(status)
}

export function isKnownStatus(status: string): status is KnownStatus {
  return (KNOWN_STATUSES as readonly string[]).includes(status)
}

/** A job record, or why the body is not one (a proxy's HTML page, a truncated body, an unusable id...). */
export type ParsedJob = { job: AgentJob } | { problem: string }

/**
 * The job record in an answer body, without `apiKey` in any field or quote: it goes on to comments,
 * summaries and outputs, where the runner does not mask it. `expectedId` is the job that was asked
 * for: a record that names another job is an answer about the wrong thing, and is treated as
 * malformed. A record whose id holds the key is refused, not masked: the id goes into request paths,
 * markers and outputs, where a masked id would name no job.
 */
export function parseJob(body: unknown, apiKey: string, expectedId?: string): ParsedJob {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return { problem: 'it is not a JSON object' }
  const record = body as Record<string, unknown>
  const redact = (text: string) => redactKey(text, apiKey)
  const quote = (text: string) => quoteShort(redact(text))
  if (typeof record.id !== 'string') return { problem: 'it has no "id" string' }
  const idProblem = jobIdProblem(record.id)
  if (idProblem) return { problem: `its "id" ${quote(record.id)} cannot be used: ${idProblem}` }
  if (expectedId !== undefined && record.id !== expectedId) {
    return { problem: `it is the record of job ${quote(record.id)}, not of ${quote(expectedId)}` }
  }
  if (redact(record.id) !== record.id) return { problem: 'its "id" contains the API key' }
  if (typeof record.status !== 'string' || record.status === '') return { problem: 'it has no "status"' }
  const job: AgentJob = { id: record.id, status: redact(record.status) }
  const source = record.source
  if (typeof source === 'object' && source !== null) {
    const { repository, ref } = source as Record<string, unknown>
    job.source = {}
    if (typeof repository === 'string') job.source.repository = redact(repository)
    if (typeof ref === 'string' || ref === null) job.source.ref = ref && redact(ref)
  }
  if (typeof record.model === 'string') job.model = redact(record.model)
  if (typeof record.prLink === 'string' || record.prLink === null) job.prLink = record.prLink && redact(record.prLink)
  if (typeof record.createdAt === 'string') job.createdAt = redact(record.createdAt)
  if (typeof record.archivedAt === 'string' || record.archivedAt === null) {
    job.archivedAt = record.archivedAt && redact(record.archivedAt)
  }
  return { job }
}

/**
 * A value for a message, cut short when it is long. Only text with the key already taken out may be
 * cut: a cut key would no longer match it.
 */
function quoteShort(value: string): string {
  const points = [...value]
  return JSON.stringify(points.length > 60 ? `${points.slice(0, 60).join('')}…` : value)
}

/** The service's own words from an error body ({"error": string}), if it gave any. */
export function parseErrorText(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined
  const text = (body as Record<string, unknown>).error
  return typeof text === 'string' && text.trim() !== '' ? text.trim() : undefined
}
