// The agent job as the vendor documents it (components.schemas.AgentJob in admin-openapi.json),
// and the one place an answer body is turned into one.
import { isPlainIdentifier } from '../identifier.js'

export const KNOWN_STATUSES = ['active', 'completed', 'archived', 'failed'] as const
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

/** A job record, or undefined when the body is not one (a proxy's HTML page, a truncated body...). */
export function parseJob(body: unknown): AgentJob | undefined {
  if (typeof body !== 'object' || body === null) return undefined
  const record = body as Record<string, unknown>
  // The id goes into URL paths and the progress comment's marker: anything else is not a job.
  if (typeof record.id !== 'string' || !isPlainIdentifier(record.id)) return undefined
  if (typeof record.status !== 'string' || record.status === '') return undefined
  const job: AgentJob = { id: record.id, status: record.status }
  const source = record.source
  if (typeof source === 'object' && source !== null) {
    const { repository, ref } = source as Record<string, unknown>
    job.source = {}
    if (typeof repository === 'string') job.source.repository = repository
    if (typeof ref === 'string' || ref === null) job.source.ref = ref
  }
  if (typeof record.model === 'string') job.model = record.model
  if (typeof record.prLink === 'string' || record.prLink === null) job.prLink = record.prLink
  if (typeof record.createdAt === 'string') job.createdAt = record.createdAt
  if (typeof record.archivedAt === 'string' || record.archivedAt === null) {
    job.archivedAt = record.archivedAt
  }
  return job
}

/** The service's own words from an error body ({"error": string}), if it gave any. */
export function parseErrorText(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined
  const text = (body as Record<string, unknown>).error
  return typeof text === 'string' && text.trim() !== '' ? text.trim() : undefined
}
