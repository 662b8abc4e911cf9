// A local stand-in for the agent API (the /v2/agent paths of the vendor's OpenAPI document, written out
// in schema.ts), for the demo, the end-to-end tests and the benchmark. node:http only, so it starts in
// milliseconds. Every answer but an injected fault is checked against schema.ts before it is sent: one
// that breaks it is the simulator's own bug, answered 500 and reported by close().

import { createServer as createHttpServer, STATUS_CODES } from 'node:http'
import type { IncomingMessage, Server, ServerResponse } from 'node:http'
import { createServer as createHttpsServer } from 'node:https'
import type { AddressInfo } from 'node:net'
import { JobStore } from './jobs.js'
import { FaultQueue, RateLimiter, resolveScenario, type FaultKind, type Route, type Scenario } from './scenario.js'
import { answerProblems, operationOf, requestProblem, type JobField, type JobRecord } from './schema.js'

export type { Fault, FaultKind, Scenario } from './scenario.js'
export type { JobField, JobRecord } from './schema.js'

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
  jobs: Map<string, JobRecord>
  /** Replaces the scenario and its faults for what comes next; runs under way keep their timing. */
  setScenario(s: Scenario): void
  /**
   * Stops listening and ends every open request, hanging ones included. Safe to call twice. Rejects,
   * naming them, when the simulator answered any request 500 for its own bug (an answer that broke
   * the vendor's schema, or a crash): a test that passed against it would prove nothing.
   */
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
  const bugs: string[] = []
  let scenario = resolveScenario(options.scenario)
  let faults = new FaultQueue(scenario.faults)
  let jobIds = [...scenario.jobIds]

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const body = await readBody(req)
    const method = req.method ?? 'GET'
    const path = req.url ?? '/'
    requests.push({ method, path, headers: { ...req.headers }, body, at: now() })
    const target = targetOf(method, path)

    // Faults come before authentication and routing on purpose: a test can fault any request,
    // even one with a wrong key or to an unknown route.
    const fault = faults.take(target?.route)
    if (fault) {
      // An after-effect fault carries the request out first: the service acted, only its answer is lost.
      const acted = isAfterEffect(fault) ? ` after ${respond(target, req.headers.authorization, body).status}` : ''
      log(`${method} ${path} -> ${applyFault(fault, target?.route, req, res)} (fault${acted})`)
      return
    }
    const answer = respond(target, req.headers.authorization, body)
    const text = JSON.stringify(answer.body)
    const problems = answerProblems(target?.route, answer.status, JSON.parse(text), answer.undocumented)
    if (problems.length > 0) {
      const hint = "a scenario that means to serve a field off the document lists it in 'undocumented'"
      const broken = `its ${answer.status} answer breaks the vendor's schema: ${problems.join('; ')}`
      answerOwnBug(req, res, `${broken} (${hint})`)
      return
    }
    send(res, answer.status, text, answer.headers)
    log(`${method} ${path} -> ${answer.status}`)
  }

  /** A request the simulator cannot answer as documented: a 500 saying why, recorded for close(). */
  const answerOwnBug = (req: IncomingMessage, res: ServerResponse, problem: string): void => {
    bugs.push(`${req.method} ${req.url}: ${problem}`)
    log(`${req.method} ${req.url} -> 500 (simulator bug: ${problem})`)
    if (!res.headersSent) send(res, 500, JSON.stringify({ error: `Simulator bug: ${problem}` }))
  }

  const respond = (target: Target | undefined, authorization: string | undefined, body: string): Answer => {
    if (!target) return errorAnswer(404, 'Not found')
    if (authorization !== `Bearer ${scenario.apiKey}`) return errorAnswer(401, 'Invalid API key')
    if (target.projectId !== scenario.projectId) return errorAnswer(404, 'Project not found')
    if (target.route === 'get') {
      const job = store.find(target.projectId, target.jobId ?? '')
      return job ? jobAnswer(200, job) : errorAnswer(404, 'Job not found')
    }
    const badBody = requestProblem(target.route, body)
    if (badBody) return errorAnswer(400, `Invalid request: ${badBody}`)
    const existing = target.route === 'message' ? store.find(target.projectId, target.jobId ?? '') : undefined
    if (target.route === 'message' && !existing) return errorAnswer(404, 'Job not found')
    const retryAfter = rateLimiter.retryAfterSeconds(target.projectId, scenario.rateLimitPerHour, now())
    if (retryAfter > 0) {
      const limited = errorAnswer(429, 'Rate limit exceeded')
      return { ...limited, headers: { 'retry-after': String(retryAfter) } }
    }
    rateLimiter.record(target.projectId, now())
    if (existing) {
      store.followUp(existing.id, scenario)
      return jobAnswer(200, store.snapshotJustStarted(existing))
    }
    const created = store.create(target.projectId, scenario, jobIds.shift())
    return jobAnswer(201, store.snapshotJustStarted(created))
  }

  const jobAnswer = (status: number, job: JobRecord): Answer => ({
    status,
    body: job,
    undocumented: store.undocumentedFields(job.id)
  })

  const server: Server = options.tls
    ? createHttpsServer({ key: options.tls.key, cert: options.tls.cert })
    : createHttpServer()
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    handle(req, res).catch((cause: unknown) => {
      if (req.socket.destroyed) return // the client went away mid-request: nobody to answer
      answerOwnBug(req, res, cause instanceof Error ? cause.message : String(cause))
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
      }).then(() => {
        if (bugs.length === 0) return
        const list = bugs.map((bug) => `  ${bug}`).join('\n')
        const count = `${bugs.length} request(s)`
        throw new Error(`the simulator answered ${count} 500 for its own bug:\n${list}`)
      }))
  }
}

interface Answer {
  status: number
  body: unknown
  headers?: Record<string, string>
  /** For a job: the fields its scenario deliberately serves outside the document. */
  undocumented?: readonly JobField[]
}

function errorAnswer(status: number, message: string): Answer {
  return { status, body: { error: message } }
}

/** A fault that comes after the request was carried out, as if only the answer were lost. */
function isAfterEffect(fault: FaultKind): boolean {
  return fault.kind === 'reset' && fault.afterEffect === true
}

/** Which documented operation a request is, with its URL-decoded path parameters. */
function targetOf(method: string, rawPath: string): Target | undefined {
  const match = operationOf(method, rawPath)
  const projectId = match?.params.projectId
  if (!match || projectId === undefined) return undefined
  return { route: match.operation, projectId, jobId: match.params.id }
}

/** Carries out a fault; returns what the client got, for the log. */
function applyFault(fault: FaultKind, route: Route | undefined, req: IncomingMessage, res: ServerResponse): string {
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

function send(res: ServerResponse, status: number, body: string, headers: Record<string, string> = {}): void {
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
