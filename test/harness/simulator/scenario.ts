// What the simulated agent API does: timings, statuses and injected faults. Plain data, so a
// scenario can live in a JSON file (cli.ts --scenario) as well as in a test.

import { JOB_FIELDS, type JobField, type Operation } from './schema.js'

export type FaultKind =
  /**
   * Answer with this status; body is sent raw, default {"error": "<reason phrase>"}. `date` replaces
   * the Date header, for a service whose clock is off.
   */
  | { kind: 'status'; status: number; body?: string; retryAfter?: string; date?: string }
  /**
   * Read the request fully, then destroy the socket without answering. With `afterEffect`, carry the
   * request out first (a job is made or messaged): the service acted and the answer was lost.
   */
  | { kind: 'reset'; afterEffect?: boolean }
  /** Read the request and never answer (until the simulator closes). */
  | { kind: 'hang' }
  /** 2xx (201 on create, else 200) whose body is not a job; default an HTML proxy page. */
  | { kind: 'malformed'; body?: string }

export type Route = Operation

export interface Fault {
  /** 'any' matches every request, unknown routes included. */
  route: Route | 'any'
  /** How many matching requests this fault takes, default 1. */
  times?: number
  fault: FaultKind
}

export interface Scenario {
  /** Accepted bearer key, default 'mint_demo_key'. */
  apiKey?: string
  /** Accepted project, default 'demo-project'. */
  projectId?: string
  /** How long a job stays running after create or after a follow-up message, default 3000. */
  durationMs?: number
  /** Status once the run is over: 'completed' (default), 'failed', 'archived'; see undocumented. */
  finalStatus?: string
  /** PR link on completion; default `<repository>/pull/<n>`; null = the agent changed no files. */
  prLink?: string | null
  /** Statuses shown instead of 'active' from afterMs into a run (e.g. 'queued', with undocumented). */
  interimStatuses?: { afterMs: number; status: string }[]
  /** Consumed in order: a request takes the first fault whose route matches. */
  faults?: Fault[]
  /**
   * Ids for the jobs created next, consumed in order; then random UUIDs. Any string, for serving ids
   * the client must carry through paths and logs (or refuse).
   */
  jobIds?: string[]
  /** Creates + messages per project per rolling hour, default 100. */
  rateLimitPerHour?: number
  model?: string
  repository?: string
  ref?: string | null
  /**
   * Job fields this scenario deliberately serves outside the vendor's document (an undocumented
   * status, a PR link that is not a URI...), still as strings. Any other departure from the document
   * is a simulator bug: the answer becomes a 500 and close() fails (server.ts).
   */
  undocumented?: JobField[]
}

export type ResolvedScenario = Required<Omit<Scenario, 'prLink'>> & { prLink?: string | null }

export function resolveScenario(scenario: Scenario = {}): ResolvedScenario {
  return {
    apiKey: 'mint_demo_key',
    projectId: 'demo-project',
    durationMs: 3000,
    finalStatus: 'completed',
    faults: [],
    jobIds: [],
    rateLimitPerHour: 100,
    model: 'simulated-model',
    repository: 'https://github.com/acme/docs',
    ref: 'main',
    undocumented: [],
    ...scenario,
    interimStatuses: [...(scenario.interimStatuses ?? [])].sort((a, b) => a.afterMs - b.afterMs)
  }
}

/** The status a run shows `elapsedMs` after it started. */
export function statusAt(scenario: ResolvedScenario, elapsedMs: number): string {
  if (elapsedMs >= scenario.durationMs) return scenario.finalStatus
  return runningStatusAt(scenario, elapsedMs)
}

/** What a run shows while not over: the latest interim status that has begun, else 'active'. */
export function runningStatusAt(scenario: ResolvedScenario, elapsedMs: number): string {
  const begun = scenario.interimStatuses.filter((interim) => interim.afterMs <= elapsedMs)
  return begun.at(-1)?.status ?? 'active'
}

/** The scenario's faults with their remaining counts. */
export class FaultQueue {
  private readonly pending: { route: Fault['route']; remaining: number; fault: FaultKind }[]

  constructor(faults: readonly Fault[]) {
    this.pending = faults.map((f) => ({ route: f.route, remaining: f.times ?? 1, fault: f.fault }))
  }

  /** The fault this request gets, if any; it uses up one of that fault's times. */
  take(route: Route | undefined): FaultKind | undefined {
    const match = this.pending.find((f) => f.remaining > 0 && (f.route === 'any' || f.route === route))
    if (!match) return undefined
    match.remaining -= 1
    return match.fault
  }
}

const HOUR_MS = 3_600_000

/** Creates and messages accepted per project over the last rolling hour. */
export class RateLimiter {
  private readonly accepted = new Map<string, number[]>()

  /** Seconds until another call is allowed, or 0 when one is allowed now. */
  retryAfterSeconds(projectId: string, limit: number, now: number): number {
    const recent = (this.accepted.get(projectId) ?? []).filter((at) => at > now - HOUR_MS)
    this.accepted.set(projectId, recent)
    if (recent.length < limit) return 0
    const freedAt = (recent[recent.length - limit] ?? now) + HOUR_MS
    return Math.max(1, Math.ceil((freedAt - now) / 1000))
  }

  record(projectId: string, now: number): void {
    this.accepted.set(projectId, [...(this.accepted.get(projectId) ?? []), now])
  }
}

/** A scenario read from JSON, checked enough that a typo fails loudly instead of being ignored. */
export function parseScenario(value: unknown, origin: string): Scenario {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new Error(`${origin}: a scenario must be a JSON object`)
  }
  const known = new Set([
    'apiKey',
    'projectId',
    'durationMs',
    'finalStatus',
    'prLink',
    'interimStatuses',
    'faults',
    'jobIds',
    'rateLimitPerHour',
    'model',
    'repository',
    'ref',
    'undocumented'
  ])
  const unknown = Object.keys(value).filter((key) => !known.has(key))
  if (unknown.length > 0) {
    throw new Error(`${origin}: unknown scenario field(s) ${unknown.join(', ')}; known: ${[...known].join(', ')}`)
  }
  const scenario = value as Scenario
  if (scenario.faults !== undefined && !Array.isArray(scenario.faults)) {
    throw new Error(`${origin}: "faults" must be an array`)
  }
  const badFault = (scenario.faults ?? []).find(
    (f) => typeof f?.route !== 'string' || typeof f.fault?.kind !== 'string'
  )
  if (badFault !== undefined) {
    throw new Error(
      `${origin}: each fault needs {"route": ..., "fault": {"kind": ...}}, ` + `got ${JSON.stringify(badFault)}`
    )
  }
  const fields = scenario.undocumented
  const notFields = Array.isArray(fields) ? fields.filter((f) => !JOB_FIELDS.includes(f)) : [fields]
  if (fields !== undefined && notFields.length > 0) {
    throw new Error(
      `${origin}: "undocumented" lists job fields, any of ${JOB_FIELDS.join(', ')}; ` + `got ${JSON.stringify(fields)}`
    )
  }
  return scenario
}
