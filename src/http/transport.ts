// One HTTP exchange, with the agent API or with GitHub, over node:http(s), through the proxy that
// @actions/http-client would pick (HTTPS_PROXY/HTTP_PROXY/NO_PROXY, either case). Extra CAs come
// from NODE_EXTRA_CA_CERTS, which Node applies to every TLS connection itself.
import * as http from 'node:http'
import * as https from 'node:https'
import { StringDecoder } from 'node:string_decoder'
import { getProxyUrl } from '@actions/http-client/lib/proxy'
import * as tunnel from 'tunnel'
import { isLoopbackHost } from '../base/loopback.js'
import { Slots } from '../base/pool.js'
import { mayUsePooledConnection, resendsOnNewConnection } from './fresh-connection.js'

export interface Exchange {
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE'
  url: URL
  headers: Record<string, string>
  body?: string
  signal: AbortSignal
  /** A larger answer is cut off and fails the exchange (default 1 MiB); not one a `bodyReader` reads. */
  maxBodyBytes?: number
  /** Reads a 2xx answer's body as it arrives, so that a large one is never held whole; others are read whole. */
  bodyReader?: () => BodyReader
}

/** Makes an answer's body of its text piece by piece: what it keeps is all of the body held. */
export interface BodyReader {
  push(text: string): void
  /** The body as the reader kept it, once all of it arrived. */
  end(): string
}

export interface Answer {
  status: number
  headers: http.IncomingHttpHeaders
  body: string
}

/** Why an exchange produced no answer, and whether the request could have reached the service. */
export class ExchangeError extends Error {
  constructor(
    message: string,
    readonly sent: boolean,
    readonly code: string | undefined,
    /** How the connection stood when it failed: pooled (`reusedSocket`), some of an answer read (`answered`). */
    readonly connection = { reusedSocket: false, answered: false }
  ) {
    super(message)
    this.name = 'ExchangeError'
  }
}

const DEFAULT_MAX_BODY_BYTES = 1024 * 1024
/** The code of an ExchangeError for an answer over `maxBodyBytes`: trying again would fetch it again. */
export const TOO_LARGE = 'ANSWER_TOO_LARGE'
const CERTIFICATE_CODES = new Set([
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'CERT_HAS_EXPIRED',
  'CERT_NOT_YET_VALID',
  'ERR_TLS_CERT_ALTNAME_INVALID'
])

export function isCertificateError(code: string | undefined): boolean {
  return code !== undefined && CERTIFICATE_CODES.has(code)
}

export class Transport {
  private readonly agents = new Map<string, http.Agent>()
  private readonly newConnectionSlots = new Map<string, Slots>()

  async send(exchange: Exchange): Promise<Answer> {
    // A pooled connection the server closed while this run was busy with its CPU is still in the
    // pool until the event loop reads the close: let it, before the pool chooses a connection.
    await closesTakenIn()
    if (!mayUsePooledConnection(exchange.method)) return await this.onNewConnection(exchange)
    try {
      return await this.exchange(exchange, this.pooledAgent(exchange.url))
    } catch (error) {
      const failure = error instanceof ExchangeError && {
        method: exchange.method,
        code: error.code,
        ...error.connection
      }
      if (!failure || !resendsOnNewConnection(failure)) throw error
      return await this.onNewConnection(exchange)
    }
  }

  /**
   * On a connection no other request used or will use: an agent of its own, for this request alone
   * (a pooled tunnel agent hands a socket that just carried an answer to a request waiting for one).
   * At most SOCKETS_PER_HOST at once to a host, as the pool allows.
   */
  private onNewConnection(exchange: Exchange): Promise<Answer> {
    const { url } = exchange
    let slots = this.newConnectionSlots.get(url.host)
    if (!slots) {
      slots = new Slots(SOCKETS_PER_HOST)
      this.newConnectionSlots.set(url.host, slots)
    }
    return slots.hold(() => {
      const proxy = proxyFor(url)
      return this.exchange(exchange, proxy ? tunnelAgent(url, proxy) : false)
    })
  }

  private exchange(exchange: Exchange, agent: http.Agent | false): Promise<Answer> {
    const { url, signal } = exchange
    const maxBodyBytes = exchange.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES
    const module = url.protocol === 'https:' ? https : http
    return new Promise((resolve, reject) => {
      let sent = false
      let answered = false
      const request = module.request(url, { method: exchange.method, headers: exchange.headers, agent, signal })
      request.on('finish', () => (sent = true))
      request.on('error', (error: NodeJS.ErrnoException) => {
        const connection = { reusedSocket: request.reusedSocket, answered }
        reject(new ExchangeError(error.message, sent, tunnelFailure(error) ?? error.code, connection))
      })
      request.on('response', (response) => {
        answered = true
        const status = response.statusCode ?? 0
        const reader = status >= 200 && status < 300 ? exchange.bodyReader?.() : undefined
        const decoder = new StringDecoder('utf8')
        const chunks: Buffer[] = []
        let size = 0
        response.on('data', (chunk: Buffer) => {
          if (reader) return reader.push(decoder.write(chunk))
          size += chunk.length
          if (size > maxBodyBytes) {
            response.destroy(Object.assign(new Error(`answer larger than ${maxBodyBytes} bytes`), { code: TOO_LARGE }))
          } else {
            chunks.push(chunk)
          }
        })
        response.on('error', (error: NodeJS.ErrnoException) => {
          const connection = { reusedSocket: request.reusedSocket, answered: true }
          reject(new ExchangeError(error.message, true, error.code, connection))
        })
        response.on('end', () => {
          reader?.push(decoder.end())
          const body = reader ? reader.end() : Buffer.concat(chunks).toString('utf8')
          resolve({ status, headers: response.headers, body })
        })
      })
      request.end(exchange.body)
    })
  }

  /** Lets the process exit: keep-alive sockets would otherwise hold it open. */
  close(): void {
    // tunnel's agents have no destroy(); they keep no idle sockets, so there is nothing to end.
    for (const agent of this.agents.values()) if (typeof agent.destroy === 'function') agent.destroy()
    this.agents.clear()
  }

  /** The pooled agent for `url`. */
  private pooledAgent(url: URL): http.Agent {
    const proxy = proxyFor(url)
    const key = `${url.protocol}|${proxy?.href ?? ''}`
    let agent = this.agents.get(key)
    if (!agent) {
      agent = proxy ? tunnelAgent(url, proxy) : directAgent(url)
      this.agents.set(key, agent)
    }
    return agent
  }
}

/** The proxy to reach `url` through, if any. */
function proxyFor(url: URL): URL | undefined {
  // @actions/http-client bypasses the proxy for names that merely start like loopback; the key may
  // only go over plain http to what settings.ts accepted as loopback, so that never goes to a proxy.
  return isLoopbackHost(url.hostname) ? undefined : getProxyUrl(url)
}

/** Two turns of the event loop: one reads what arrived while it was blocked, the next sees the sockets it closed. */
function closesTakenIn(): Promise<void> {
  return new Promise((resolve) => setImmediate(() => setImmediate(resolve)))
}

/** Requests in flight to one host at once; more wait for a socket (a caller that sends many paces itself by this). */
export const SOCKETS_PER_HOST = 4

function directAgent(url: URL): http.Agent {
  const options = { keepAlive: true, maxSockets: SOCKETS_PER_HOST }
  return url.protocol === 'https:' ? new https.Agent(options) : new http.Agent(options)
}

/** tunnel reports every proxy failure as ECONNRESET; say that it was the proxy, and why. */
function tunnelFailure(error: Error): string | undefined {
  const match = /^tunneling socket could not be established, (?:cause=(.+)|statusCode=(\d+))$/.exec(error.message)
  if (!match) return undefined
  return match[2] ? `proxy: CONNECT answered ${match[2]}` : `proxy: ${match[1]}`
}

/** The same CONNECT tunnel choice as @actions/http-client's HttpClient. */
function tunnelAgent(url: URL, proxy: URL): http.Agent {
  const proxyAuth =
    proxy.username || proxy.password
      ? `${decodeURIComponent(proxy.username)}:${decodeURIComponent(proxy.password)}`
      : undefined
  const options = {
    maxSockets: SOCKETS_PER_HOST,
    keepAlive: true,
    proxy: {
      host: proxy.hostname,
      port: Number(proxy.port || (proxy.protocol === 'https:' ? 443 : 80)),
      ...(proxyAuth && { proxyAuth })
    }
  }
  const targetIsTls = url.protocol === 'https:'
  const proxyIsTls = proxy.protocol === 'https:'
  if (targetIsTls) return proxyIsTls ? tunnel.httpsOverHttps(options) : tunnel.httpsOverHttp(options)
  return proxyIsTls ? tunnel.httpOverHttps(options) : tunnel.httpOverHttp(options)
}
