// The GitHub fake's HTTP side, apart from what it stores: the server, the tokens and the
// repositories each reaches, injected failures, routing a request below /repos/{owner}/{repo} to a
// store's route, and answering with api.github.com's headers. Every exchange goes to the
// conformance check, which runs when the server closes.
import { createServer, type IncomingMessage, STATUS_CODES, type ServerResponse } from 'node:http'
import { createServer as createTlsServer } from 'node:https'
import type { AddressInfo } from 'node:net'
import { conformance } from './fake-github-conformance.js'
import { error, notFound, type Payload, type Reply, type Route } from './fake-github-reply.js'
import { permits, scopeOf, type ThreadKinds, type TokenPermissions } from './fake-github-permissions.js'

export interface FakeFailure {
  method?: string
  /** Matched against the request path as received (prefix and query string included). */
  pathIncludes: string
  status: number
  /** Never answer (until close): a GitHub that hangs. `status` is then unused. */
  hang?: boolean
  /**
   * Carry the request out, then answer with the failure anyway: GitHub failing after it acted,
   * e.g. a create that made the comment and still answered 502.
   */
  afterEffect?: boolean
  /** How many matching requests fail (default 1). */
  times?: number
  message?: string
}

export interface FakeRequest {
  method: string
  /** As received: prefix and query string included. */
  path: string
  body: string
  headers: Record<string, string | string[] | undefined>
}

export interface FakeServerOptions {
  /** '' (default, like api.github.com) or '/api/v3' (GitHub Enterprise Server). */
  prefix?: string
  /** Serves https with this PEM key and certificate (a GitHub Enterprise Server under a private CA); default http. */
  tls?: { key: string; cert: string }
  /** The one accepted token (default 'ghs_fake_token'); any other answers 401. */
  token?: string
  /**
   * More tokens, each with the repositories (owner/name) it reaches, as a fine-grained or GitHub App
   * token does; a request to another repository answers 404, as GitHub does for a private one.
   */
  tokens?: Record<string, string[]>
  /**
   * What the accepted token may do, as a workflow's `permissions:` block grants GITHUB_TOKEN (a scope
   * left out is none); unset, everything. A request beyond it answers 403 "Resource not accessible
   * by integration", as GitHub does.
   */
  tokenPermissions?: TokenPermissions
  /** Injected failures: a request takes the first one that matches and has uses left. */
  failures?: FakeFailure[]
  /** Told of every request as it arrives, before it is answered: a test can act at that moment. */
  onRequest?: (request: FakeRequest) => void
  /** How long the answer to a request takes, in milliseconds (default: none). GitHub takes a few hundred for a page of 100 comments. */
  latencyMs?: (request: FakeRequest) => number
}

export interface FakeServer {
  /** http://127.0.0.1:PORT */
  serverUrl: string
  requests: FakeRequest[]
  /** Stops serving, then checks every exchange against GitHub's OpenAPI description. */
  close: () => Promise<void>
}

const RATE_LIMIT = 5000

function parseObject(text: string): Payload | undefined {
  try {
    const parsed: unknown = text ? JSON.parse(text) : {}
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as Payload) : undefined
  } catch {
    return undefined
  }
}

/** Serves `routes` (paths below /repos/{owner}/{repo}, the first that matches answers) on a free port. */
/** Answers a GraphQL request (POST /graphql, or GHES's /api/graphql); `reaches` says which repositories its token reaches. */
export type GraphQLHandler = (payload: Payload, reaches: (repository: string) => boolean) => Reply

export async function startFakeServer(
  options: FakeServerOptions,
  routes: Route[],
  threads: ThreadKinds,
  graphql?: GraphQLHandler
): Promise<FakeServer> {
  const prefix = options.prefix ?? ''
  const token = options.token ?? 'ghs_fake_token'
  const failures = (options.failures ?? []).map((failure) => ({ ...failure, left: failure.times ?? 1 }))
  // Beside the REST API: /graphql on api.github.com, /api/graphql beside GHES's /api/v3.
  const graphqlPath = prefix === '' ? '/graphql' : prefix.replace(/\/v3$/, '/graphql')
  const isGraphQL = (path: string): boolean => new URL(path, 'http://fake').pathname === graphqlPath
  const rateLimitReset = String(Math.floor(Date.now() / 1000) + 3600)
  const requests: FakeRequest[] = []
  /** Answers held back by their latency, cleared when the server closes. */
  const delayed = new Set<NodeJS.Timeout>()
  const checked = conformance()
  let serverUrl = ''

  const injectedFailure = (method: string, path: string): FakeFailure | undefined => {
    const failure = failures.find(
      (f) => f.left > 0 && path.includes(f.pathIncludes) && (!f.method || f.method.toUpperCase() === method)
    )
    if (failure) failure.left -= 1
    return failure
  }

  const failureReply = (failure: FakeFailure): Reply => {
    if (failure.hang) return { status: 0, body: null, hang: true }
    const reply = error(failure.status, failure.message ?? STATUS_CODES[failure.status] ?? 'Error')
    // Without retry-after, a secondary rate limit asks for a 60 s wait, longer than any test wants.
    const limited = failure.status === 429 || /secondary rate/i.test(failure.message ?? '')
    return limited ? { ...reply, headers: { 'retry-after': '1' } } : reply
  }

  const answer = (request: FakeRequest): Reply => {
    const { method, path, body: rawBody, headers } = request
    const authorization = typeof headers.authorization === 'string' ? headers.authorization : ''
    const presented = /^(?:token|bearer)\s+(\S+)$/i.exec(authorization)?.[1]
    if (presented === undefined) return error(401, 'Requires authentication')
    const reach = presented === token ? '*' : options.tokens?.[presented]
    if (reach === undefined) return error(401, 'Bad credentials')
    const reaches = (repository: string): boolean =>
      reach === '*' || reach.some((name) => name.toLowerCase() === repository.toLowerCase())
    if (graphql && method === 'POST' && isGraphQL(path)) {
      const payload = parseObject(rawBody)
      return payload ? graphql(payload, reaches) : error(400, 'Problems parsing JSON')
    }
    const repository = /^\/repos\/([^/]+\/[^/?]+)/.exec(new URL(path, serverUrl).pathname.slice(prefix.length))?.[1]
    if (repository !== undefined && !reaches(repository)) return notFound()
    if (presented === token && options.tokenPermissions && !allowed(options.tokenPermissions, method, path)) {
      return error(403, 'Resource not accessible by integration')
    }
    const failure = injectedFailure(method, path)
    if (failure?.afterEffect) serve(method, path, rawBody, headers)
    return failure ? failureReply(failure) : serve(method, path, rawBody, headers)
  }

  const allowed = (permissions: TokenPermissions, method: string, path: string): boolean => {
    const repoPath = /^\/repos\/([^/]+)\/([^/?]+)([^?]*)/.exec(new URL(path, serverUrl).pathname.slice(prefix.length))
    if (!repoPath) return true
    const [, owner = '', repo = '', rest = ''] = repoPath
    return permits(permissions, scopeOf(rest, owner, repo, threads), method)
  }

  const serve = (method: string, path: string, rawBody: string, headers: FakeRequest['headers']): Reply => {
    const url = new URL(path, serverUrl)
    const repoPath = /^\/repos\/([^/]+)\/([^/]+)(\/.*)?$/.exec(url.pathname.slice(prefix.length))
    if (!url.pathname.startsWith(`${prefix}/`) || !repoPath) return notFound()
    const [, owner = '', repo = '', rest = ''] = repoPath.map((segment = '') => decodeURIComponent(segment))
    for (const [routeMethod, pattern, handle] of routes) {
      const match = routeMethod === method ? pattern.exec(rest) : null
      if (!match) continue
      const payload = parseObject(rawBody)
      return payload
        ? handle(owner, repo, match[1] ?? '', url, payload, headers, match.slice(1))
        : error(400, 'Problems parsing JSON')
    }
    return notFound()
  }

  const send = (res: ServerResponse, reply: Reply, request: FakeRequest): void => {
    const below = request.path.startsWith(`${prefix}/`) ? request.path.slice(prefix.length) : request.path
    const exchange = { method: request.method, path: below, headers: request.headers, body: request.body }
    // GraphQL is not in GitHub's REST description: the fake answers it as GitHub does, unchecked.
    if (isGraphQL(request.path)) return respond(res, reply)
    if (reply.hang) return checked.record(exchange)
    const text = reply.text ?? JSON.stringify(reply.body)
    const contentType = reply.contentType ?? 'application/json; charset=utf-8'
    const json = reply.text === undefined ? text : undefined
    checked.record({ ...exchange, answer: { status: reply.status, contentType, json } })
    respond(res, reply)
  }

  const respond = (res: ServerResponse, reply: Reply): void => {
    if (reply.hang) return
    const text = reply.text ?? JSON.stringify(reply.body)
    const contentType = reply.contentType ?? 'application/json; charset=utf-8'
    const used = Math.min(requests.length, RATE_LIMIT - 1)
    res.writeHead(reply.status, {
      'content-type': contentType,
      'content-length': String(Buffer.byteLength(text)),
      'x-github-media-type': 'github.v3; format=json',
      'x-ratelimit-limit': String(RATE_LIMIT),
      'x-ratelimit-remaining': String(RATE_LIMIT - used),
      'x-ratelimit-reset': rateLimitReset,
      'x-ratelimit-used': String(used),
      'x-ratelimit-resource': 'core',
      ...reply.headers
    })
    res.end(text)
  }

  const handle = (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      const method = (req.method ?? 'GET').toUpperCase()
      const path = req.url ?? '/'
      const body = Buffer.concat(chunks).toString('utf8')
      const request = { method, path, body, headers: { ...req.headers } }
      requests.push(request)
      options.onRequest?.(request)
      let reply: Reply
      try {
        reply = answer(request)
      } catch (cause) {
        // e.g. a malformed %-escape in the path: answer rather than crash the test process.
        reply = error(400, `fake GitHub could not handle ${method} ${path}: ${String(cause)}`)
      }
      const latency = options.latencyMs?.(request) ?? 0
      if (latency > 0) {
        const timer = setTimeout(() => {
          delayed.delete(timer)
          send(res, reply, request)
        }, latency)
        delayed.add(timer)
      } else send(res, reply, request)
    })
  }
  const server = options.tls ? createTlsServer(options.tls, handle) : createServer(handle)
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', resolve)
  })
  serverUrl = `${options.tls ? 'https' : 'http'}://127.0.0.1:${(server.address() as AddressInfo).port}`

  return {
    serverUrl,
    requests,
    close: async () => {
      // An answer still held back by its latency goes nowhere once the server closes.
      for (const timer of delayed) clearTimeout(timer)
      await new Promise<void>((resolve, reject) => {
        server.close((err) => (err ? reject(err) : resolve()))
        // Clients keep connections alive; without this, close waits for them to time out.
        server.closeAllConnections()
      })
      checked.verify()
    }
  }
}
