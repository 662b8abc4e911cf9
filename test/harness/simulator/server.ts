// A local stand-in for the agent API (the /v2/agent paths of the vendor's OpenAPI document; docs/design.md), for the
// demo, the end-to-end tests and the benchmark. node:http only, so it starts in milliseconds.

import { createServer as createHttpServer, STATUS_CODES } from 'node:http'
import type { IncomingMessage, Server, ServerResponse } from 'node:http'
import { createServer as createHttpsServer } from 'node:https'
import type { AddressInfo } from 'node:net'
import type { AgentJob } from '../../../src/agent/job.js'
import { JobStore } from './jobs.js'
import {
  FaultQueue,
  RateLimiter,
  resolveScenario,
  type FaultKind,
  type Route,
  type Scenario
} from './scenario.js'

export type { Fault, FaultKind, Scenario } from './scenario.js'

export interface RecordedRequest {
  method: string
  /** As sent: still URL-encoded, query included. */
  path: string
  headers: Record<string, string | string[] | undefined>
  body: string
  at: number
}

export interface Simulator {
  /** e.g. http://127.0.0.1:PORT (https://... with tls) */
  url: string
  /** Every request received, in order, faulted ones too. */
  requests: RecordedRequest[]
  /** Current records, live (status follows the clock). */
  jobs: Map<string, AgentJob>
  /** Replaces the scenario and its faults for what comes next; runs under way keep their timing. */
  setScenario(s: Scenario): void
  /** Stops listening and ends every open request, hanging ones included. Safe to call twice. */
  close(): Promise<void>
}

export interface SimulatorOptions {
  scenario?: Scenario
  /** Default 0: an ephemeral port. */
  port?: number
  host?: string
  tls?: { key: string | Buffer; cert: string | Buffer }
  now?: () => number
  /** One line per request and what it got, e.g. `POST /v2/agent/p/job -> 201`. Never the key. */
  log?: (line: string) => void
}

interface Target {
  route: Route
  projectId: string
  jobId?: string
}

export async function startSimulator(options: SimulatorOptions = {}): Promise<Simulator> {
  const now = options.now ?? Date.now
  const log = options.log ?? (() => {})
  const store = new JobStore(now)
  const rateLimiter = new RateLimiter()
  const requests: RecordedRequest[] = []
  let scenario = resolveScenario(options.scenario)
  let faults = new FaultQueue(scenario.faults)
  let jobIds = [...scenario.jobIds]

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const body = await readBody(req)
    const method = req.method ?? 'GET'
    const path = req.url ?? '/'
    requests.push({ method, path, headers: { ...req.headers }, body, at: now() })
    const target = matchRoute(method, path)

    // Faults come before authentication and routing on purpose: a test can fault any request,
    // even one with a wrong key or to an unknown route.
    const fault = faults.take(target?.route)
    if (fault) {
      log(`${method} ${path} -> ${applyFault(fault, target?.route, req, res)} (fault)`)
      return
    }
    const answer = respond(target, req.headers.authorization, body)
    send(res, answer.status, JSON.stringify(answer.body), answer.headers)
    log(`${method} ${path} -> ${answer.status}`)
  }

  const respond = (
    target: Target | undefined,
    authorization: string | undefined,
    body: string
  ): Answer => {
    if (!target) return errorAnswer(404, 'Not found')
    if (authorization !== `Bearer ${scenario.apiKey}`) return errorAnswer(401, 'Invalid API key')
    if (target.projectId !== scenario.projectId) return errorAnswer(404, 'Project not found')
    if (target.route === 'get') {
      const job = store.find(target.projectId, target.jobId ?? '')
      return job ? { status: 200, body: job } : errorAnswer(404, 'Job not found')
    }
    const badBody = promptProblem(body)
    if (badBody) return badBody
    const existing =
      target.route === 'message' ? store.find(target.projectId, target.jobId ?? '') : undefined
    if (target.route === 'message' && !existing) return errorAnswer(404, 'Job not found')
    const retryAfter = rateLimiter.retryAfterSeconds(
      target.projectId,
      scenario.rateLimitPerHour,
      now()
    )
    if (retryAfter > 0) {
      const limited = errorAnswer(429, 'Rate limit exceeded')
      return { ...limited, headers: { 'retry-after': String(retryAfter) } }
    }
    rateLimiter.record(target.projectId, now())
    if (existing) {
      store.followUp(existing.id, scenario)
      return { status: 200, body: store.snapshotJustStarted(existing) }
    }
    const created = store.create(target.projectId, scenario, jobIds.shift())
    return { status: 201, body: store.snapshotJustStarted(created) }
  }

  const server: Server = options.tls
    ? createHttpsServer({ key: options.tls.key, cert: options.tls.cert })
    : createHttpServer()
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    handle(req, res).catch((cause: unknown) => {
      if (req.socket.destroyed) return // the client went away mid-request: nobody to answer
      log(`${req.method} ${req.url} -> 500 (simulator bug: ${String(cause)})`)
      if (!res.headersSent) send(res, 500, JSON.stringify({ error: 'Simulator error' }))
    })
  })
  const host = options.host ?? '127.0.0.1'
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject)
      resolve()
    })
  })
  const { port } = server.address() as AddressInfo
  const urlHost = host.includes(':') ? `[${host}]` : host
  let closing: Promise<void> | undefined

  return {
    url: `${options.tls ? 'https' : 'http'}://${urlHost}:${port}`,
    requests,
    jobs: store.jobs,
    setScenario(next: Scenario) {
      scenario = resolveScenario(next)
      faults = new FaultQueue(scenario.faults)
      jobIds = [...scenario.jobIds]
    },
    close: () =>
      (closing ??= new Promise<void>((resolve, reject) => {
        server.close((cause) => (cause ? reject(cause) : resolve()))
        server.closeAllConnections()
      }))
  }
}

interface Answer {
  status: number
  body: unknown
  headers?: Record<string, string>
}

function errorAnswer(status: number, message: string): Answer {
  return { status, body: { error: message } }
}

/** The 400 answer for a body that is not {"prompt": non-empty string}, if it is not. */
function promptProblem(body: string): Answer | undefined {
  let parsed: unknown
  try {
    parsed = JSON.parse(body)
  } catch {
    return errorAnswer(400, 'Request body must be JSON: {"prompt": "..."}')
  }
  const prompt =
    typeof parsed === 'object' && parsed !== null
      ? (parsed as { prompt?: unknown }).prompt
      : undefined
  if (typeof prompt !== 'string' || prompt.length === 0) {
    return errorAnswer(400, 'prompt is required and must be a non-empty string')
  }
  return undefined
}

/** Which documented operation a request is, with its URL-decoded path parameters. */
function matchRoute(method: string, rawPath: string): Target | undefined {
  let segments: string[]
  try {
    segments = (rawPath.split('?')[0] ?? '').split('/').map(decodeURIComponent)
  } catch {
    return undefined // malformed percent-encoding: no route can match
  }
  const [empty, version, agent, projectId, job, jobId, message, ...rest] = segments
  const documentedShape =
    empty === '' && version === 'v2' && agent === 'agent' && job === 'job' && rest.length === 0
  if (!documentedShape || projectId === undefined) return undefined
  if (jobId === undefined) {
    return method === 'POST' ? { route: 'create', projectId } : undefined
  }
  if (message === undefined) {
    return method === 'GET' ? { route: 'get', projectId, jobId } : undefined
  }
  const isMessage = message === 'message' && method === 'POST'
  return isMessage ? { route: 'message', projectId, jobId } : undefined
}

/** Carries out a fault; returns what the client got, for the log. */
function applyFault(
  fault: FaultKind,
  route: Route | undefined,
  req: IncomingMessage,
  res: ServerResponse
): string {
  switch (fault.kind) {
    case 'status': {
      const reason = STATUS_CODES[fault.status] ?? 'Simulated fault'
      const body = fault.body ?? JSON.stringify({ error: reason })
      const headers: Record<string, string> = {
        ...(fault.retryAfter !== undefined && { 'retry-after': fault.retryAfter }),
        ...(fault.date !== undefined && { date: fault.date })
      }
      send(res, fault.status, body, headers)
      return String(fault.status)
    }
    case 'reset':
      req.socket.destroy()
      return 'reset'
    case 'hang':
      return 'hang' // left open; close() ends it
    case 'malformed': {
      const status = route === 'create' ? 201 : 200
      send(res, status, fault.body ?? '<html><body>502 proxy error</body></html>')
      return `${status} malformed`
    }
  }
}

function send(
  res: ServerResponse,
  status: number,
  body: string,
  headers: Record<string, string> = {}
): void {
  res.writeHead(status, { 'content-type': contentTypeOf(body), ...headers })
  res.end(body)
}

/** JSON answers say so; a raw fault body that is not JSON gets the type a proxy would send. */
function contentTypeOf(body: string): string {
  if (body.trimStart().startsWith('<')) return 'text/html'
  try {
    JSON.parse(body)
    return 'application/json'
  } catch {
    return 'text/plain'
  }
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')))
    req.on('error', reject)
  })
}
