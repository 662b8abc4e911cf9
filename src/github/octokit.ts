// GitHub's REST API through @actions/github's octokit: its endpoint methods build each request
// (paths, encoding, the GHES base URL) and type each answer by GitHub's description. What octokit
// does not do as this action must stays here, once (docs/adr/0008-octokit-over-our-transport.md):
// every request goes over our transport (src/http/fetch.ts), and a redirect is followed only on the
// API's own origin. Retries, time limits and paging are calls.ts's.
import { STATUS_CODES } from 'node:http'
import { getOctokit } from '@actions/github'
import { type BodyReader, ExchangeError, type Transport } from '../http/transport.js'
import { transportFetch } from '../http/fetch.js'

export type Octokit = ReturnType<typeof getOctokit>

/** What every call passes as octokit's `request` option: its signal, and a fetch of its own when it reads as it goes. */
export interface RequestOptions {
  signal: AbortSignal
  fetch?: typeof fetch
}

/** An answer as octokit gives it: `data` typed by the endpoint method that asked. */
export interface Answer<T> {
  status: number
  headers: Record<string, string | number | undefined>
  data: T
}

/** One request, made with the options the call gives: e.g. `(request) => octokit.rest.issues.get({ ..., request })`. */
export type Call<T> = (request: RequestOptions) => Promise<Answer<T>>

export interface OctokitTarget {
  token: string
  /** e.g. https://api.github.com, or https://ghe.example/api/v3. */
  apiUrl: string
  transport: Transport
  /** The largest answer read (default 32 MiB); a larger one fails the request. */
  maxAnswerBytes?: number
}

export interface GitHubClient {
  octokit: Octokit
  /** The `request` option for one try: the try's signal, and a fetch that reads the body by `bodyReader`. */
  requestOptions(signal: AbortSignal, bodyReader?: () => BodyReader): RequestOptions
  /** A call for the page at `url`, a URL GitHub gave in a Link header; undefined when not on the API's own origin. */
  follow<T>(url: string): Call<T> | undefined
  /** The API's origin: the one place the token goes. */
  origin: string
}

/** GitHub's JSON media type; a diff is asked for by octokit's `mediaType: { format: 'diff' }`. */
const JSON_MEDIA_TYPE = 'application/vnd.github+json'
/** The REST API version this client was written against; GitHub keeps its answers stable per version. */
const API_VERSION = '2022-11-28'
/** A page of 100 comments of up to 65,536 characters each, or a large diff, is far over the agent's 1 MiB. */
const MAX_ANSWER_BYTES = 32 * 1024 * 1024
const MAX_REDIRECTS = 3

export function connectOctokit(target: OctokitTarget): GitHubClient {
  const base = new URL(target.apiUrl.replace(/\/*$/, '/'))
  const fetchWith = (bodyReader?: () => BodyReader): typeof fetch =>
    followingRedirects(
      base,
      transportFetch(target.transport, {
        maxBodyBytes: target.maxAnswerBytes ?? MAX_ANSWER_BYTES,
        ...(bodyReader && { bodyReader })
      })
    )
  const octokit = getOctokit(target.token, {
    baseUrl: base.href.replace(/\/$/, ''),
    userAgent: 'docs-agent-action',
    // Replaces @actions/github's undici fetch and proxy agent (ADR 0008 says why).
    request: { fetch: fetchWith() }
  })
  octokit.hook.before('request', (options) => {
    options.headers.accept = JSON_MEDIA_TYPE
    options.headers['x-github-api-version'] = API_VERSION
  })
  return {
    octokit,
    requestOptions: (signal, bodyReader) => ({ signal, ...(bodyReader && { fetch: fetchWith(bodyReader) }) }),
    follow: <T>(url: string): Call<T> | undefined => {
      const next = new URL(url)
      // A Link URL names the API's own host; anything else is not where the token may go.
      if (next.origin !== base.origin) return undefined
      return (request) => octokit.request({ method: 'GET', url: next.href, request })
    },
    origin: base.origin
  }
}

/**
 * GitHub redirects a renamed repository or a transferred issue. The token goes only to the API's own
 * origin, and a request with a body is not repeated to a new place: any other redirect is the answer.
 */
function followingRedirects(base: URL, fetchOnce: typeof fetch): typeof fetch {
  return async (input, init = {}) => {
    let url = new URL(input instanceof Request ? input.url : String(input))
    for (let redirects = 0; ; redirects++) {
      const response = await fetchOnce(url, init)
      const location = response.headers.get('location')
      if (!isRedirect(response.status) || !location || redirects >= MAX_REDIRECTS || init.body != null) return response
      const next = new URL(location, url)
      if (next.origin !== base.origin) return response
      url = next
    }
  }
}

function isRedirect(status: number): boolean {
  return status === 301 || status === 302 || status === 307 || status === 308
}

/** A try that failed, as octokit reports it: GitHub's answer, or none (the transport's failure). */
export type Failure =
  | { kind: 'answer'; status: number; message: string; headers: Record<string, string | number | undefined> }
  | { kind: 'no-answer'; error: ExchangeError }

/** What octokit's error (or an answer octokit took for success, a redirect not followed) says; anything else is a bug, thrown on. */
export function failureOf(error: unknown): Failure {
  const { response, cause } = (error ?? {}) as { response?: Answer<unknown>; cause?: unknown }
  if (error instanceof Error && error.name === 'HttpError') {
    if (response) return answerFailure(response)
    if (cause instanceof ExchangeError) return { kind: 'no-answer', error: cause }
  }
  throw error
}

/** An answer that is not a success: octokit takes a redirect it was handed back for one. */
export function answerFailure(answer: Answer<unknown>): Failure {
  return { kind: 'answer', status: answer.status, message: errorMessage(answer), headers: answer.headers }
}

/** GitHub's own words for a failure (`message`, and what was invalid), else the status's name ("Bad Gateway"). */
function errorMessage({ status, data }: Answer<unknown>): string {
  let parsed = data
  if (typeof data === 'string') {
    try {
      parsed = JSON.parse(data) as unknown
    } catch {
      // Not JSON (a proxy's page, say): the status alone.
    }
  }
  const { message, errors } = (parsed ?? {}) as { message?: unknown; errors?: unknown }
  if (typeof message !== 'string') return STATUS_CODES[status] ?? 'no message'
  const details = Array.isArray(errors) ? errors.map(describeValidationError).filter(Boolean) : []
  return details.length > 0 ? `${message}: ${details.join('; ')}` : message
}

function describeValidationError(error: unknown): string {
  if (typeof error === 'string') return error
  const { message, code, field } = (error ?? {}) as { message?: unknown; code?: unknown; field?: unknown }
  if (typeof message === 'string') return message
  return [field, code].filter((part) => typeof part === 'string').join(' ')
}
