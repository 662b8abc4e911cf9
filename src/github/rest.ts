// The GitHub REST API as plain HTTP: one request, its JSON or text answer, and GitHub's error for
// anything but 2xx. It goes through the same transport as the agent API (one proxy rule, one TLS
// setup); docs/adr/0003-own-github-client.md says why it is not octokit. Retries and time limits
// are api.ts's.
import type { IncomingHttpHeaders } from 'node:http'
import { type BodyReader, type Exchange, ExchangeError, type Transport } from '../http/transport.js'

export interface RestRequest {
  method: Exchange['method']
  /** A path under the API URL (`/repos/o/r/issues/1/comments?per_page=100`), or a full URL GitHub gave (a Link). */
  path: string
  /** Sent as JSON. */
  body?: unknown
  /** Default: GitHub's JSON media type; e.g. `application/vnd.github.diff` for a diff. */
  accept?: string
  /** Reads a successful answer's body as it arrives (a diff); the answer's `text` is what it kept. */
  bodyReader?: () => BodyReader
  signal: AbortSignal
}

export interface RestAnswer {
  status: number
  headers: Record<string, string | undefined>
  /** The body as text ('' for none). */
  text: string
}

/** GitHub answered, but not with success. */
export class GitHubHttpError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly headers: Record<string, string | undefined>
  ) {
    super(message)
    this.name = 'GitHubHttpError'
  }
}

export interface RestTarget {
  token: string
  /** e.g. https://api.github.com, or https://ghe.example/api/v3. */
  apiUrl: string
  transport: Transport
  /** The largest answer read (default 32 MiB); a larger one fails the request. */
  maxAnswerBytes?: number
}

export type Rest = (request: RestRequest) => Promise<RestAnswer>

const JSON_MEDIA_TYPE = 'application/vnd.github+json'
/** The REST API version this client was written against; GitHub keeps its answers stable per version. */
const API_VERSION = '2022-11-28'
/** A page of 100 comments of up to 65,536 characters each, or a large diff, is far over the agent's 1 MiB. */
const MAX_ANSWER_BYTES = 32 * 1024 * 1024
const MAX_REDIRECTS = 3

export function restClient(target: RestTarget): Rest {
  const base = new URL(target.apiUrl.replace(/\/*$/, '/'))
  return async (request) => {
    let url = resolve(base, request.path)
    for (let redirects = 0; ; redirects++) {
      const answer = await target.transport.send({
        method: request.method,
        url,
        headers: headersFor(target.token, request),
        ...(request.body !== undefined && { body: JSON.stringify(request.body) }),
        signal: request.signal,
        maxBodyBytes: target.maxAnswerBytes ?? MAX_ANSWER_BYTES,
        ...(request.bodyReader && { bodyReader: request.bodyReader })
      })
      const headers = flatten(answer.headers)
      const location = headers.location
      // GitHub redirects a renamed repository or a transferred issue. The token goes only to the API's
      // own host, and a request with a body is not repeated to a new place.
      if (isRedirect(answer.status) && location && redirects < MAX_REDIRECTS && request.body === undefined) {
        const next = new URL(location, url)
        if (next.origin === base.origin) {
          url = next
          continue
        }
      }
      if (answer.status >= 200 && answer.status < 300) return { status: answer.status, headers, text: answer.body }
      throw new GitHubHttpError(errorMessage(answer.status, answer.body), answer.status, headers)
    }
  }
}

/** The body of a JSON answer, not yet read into any shape; `{}` for an empty one (204). */
export function jsonOf(answer: RestAnswer): unknown {
  if (answer.text === '') return {}
  try {
    return JSON.parse(answer.text) as unknown
  } catch {
    throw new GitHubHttpError(`GitHub answered ${answer.status} with a body that is not JSON`, 502, answer.headers)
  }
}

/** No answer at all: the request failed on the way (connection, TLS, proxy, time). */
export function isNoAnswer(error: unknown): error is ExchangeError {
  return error instanceof ExchangeError
}

function resolve(base: URL, path: string): URL {
  if (/^https?:\/\//i.test(path)) {
    const url = new URL(path)
    // A Link URL names the API's own host; anything else is not where the token may go.
    if (url.origin !== base.origin) throw new Error(`GitHub named another host to continue at: ${url.origin}`)
    return url
  }
  return new URL(path.replace(/^\/+/, ''), base)
}

function headersFor(token: string, request: RestRequest): Record<string, string> {
  const headers: Record<string, string> = {
    accept: request.accept ?? JSON_MEDIA_TYPE,
    authorization: `Bearer ${token}`,
    'user-agent': 'docs-agent-action',
    'x-github-api-version': API_VERSION
  }
  if (request.body !== undefined) headers['content-type'] = 'application/json; charset=utf-8'
  return headers
}

function isRedirect(status: number): boolean {
  return status === 301 || status === 302 || status === 307 || status === 308
}

function flatten(headers: IncomingHttpHeaders): Record<string, string | undefined> {
  const flat: Record<string, string | undefined> = {}
  for (const [name, value] of Object.entries(headers)) flat[name] = Array.isArray(value) ? value.join(', ') : value
  return flat
}

/** GitHub's own words for a failure (`message`, and what was invalid), else the status's name. */
function errorMessage(status: number, body: string): string {
  let message: string | undefined
  try {
    const data = JSON.parse(body) as { message?: unknown; errors?: unknown }
    if (typeof data.message === 'string') message = data.message
    const details = Array.isArray(data.errors) ? data.errors.map(describeValidationError).filter(Boolean) : []
    if (message && details.length > 0) message = `${message}: ${details.join('; ')}`
  } catch {
    // Not JSON (a proxy's page, say): the status alone.
  }
  return message ?? `HTTP ${status}`
}

function describeValidationError(error: unknown): string {
  if (typeof error === 'string') return error
  const { message, code, field } = (error ?? {}) as { message?: unknown; code?: unknown; field?: unknown }
  if (typeof message === 'string') return message
  return [field, code].filter((part) => typeof part === 'string').join(' ')
}
