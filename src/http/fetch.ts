// The transport as a `fetch`, for a client that takes one (octokit: docs/adr/0008-octokit-over-our-transport.md).
// One exchange per call, so every rule of transport.ts holds for it: the proxy @actions/http-client
// would pick and never one for loopback, NODE_EXTRA_CA_CERTS, the fresh-connection rule, the answer
// size cap, the signal. A redirect is handed back as it came (`redirect: 'manual'`): where it may
// be followed is the caller's rule. A failure with no answer rejects with the transport's
// ExchangeError, which the caller reads through the client's wrapping (its `cause`).
import type { IncomingHttpHeaders } from 'node:http'
import { type BodyReader, type Exchange, type Transport } from './transport.js'

export interface FetchOptions {
  /** The largest answer read; a larger one fails the exchange (TOO_LARGE). */
  maxBodyBytes: number
  /** Reads a 2xx answer's body as it arrives (transport.ts's Exchange). */
  bodyReader?: () => BodyReader
}

/** Statuses whose answer has no body, which `Response` refuses to be given one. */
const NULL_BODY_STATUSES: ReadonlySet<number> = new Set([101, 204, 205, 304])

export function transportFetch(transport: Transport, options: FetchOptions): typeof fetch {
  return async (input, init = {}) => {
    const url = new URL(input instanceof Request ? input.url : String(input))
    // Every request is bounded by its call's time limit: one without a signal is a bug.
    if (!init.signal) throw new Error(`${url.origin}: a request without a signal`)
    // The transport sends text: a stream or bytes would be dropped silently.
    if (init.body != null && typeof init.body !== 'string') throw new Error(`${url.origin}: a body that is not text`)
    const answer = await transport.send({
      method: (init.method ?? 'GET').toUpperCase() as Exchange['method'],
      url,
      headers: Object.fromEntries(new Headers(init.headers).entries()),
      ...(typeof init.body === 'string' && { body: init.body }),
      signal: init.signal,
      maxBodyBytes: options.maxBodyBytes,
      ...(options.bodyReader && { bodyReader: options.bodyReader })
    })
    const body = NULL_BODY_STATUSES.has(answer.status) ? null : answer.body
    const response = new Response(body, { status: answer.status, headers: headersOf(answer.headers) })
    Object.defineProperty(response, 'url', { value: url.href })
    return response
  }
}

function headersOf(headers: IncomingHttpHeaders): Headers {
  const flat = new Headers()
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) flat.set(name, Array.isArray(value) ? value.join(', ') : value)
  }
  return flat
}
