// When a request that failed on a pooled connection is sent again on a new one: one rule, kept apart
// from node:http so that it can wrap another client's requests too (octokit's, issue 34).
//
// GitHub, proxies and Node's own servers close a keep-alive connection that sat idle a few seconds.
// A run busy with its CPU (a large diff, a long description) does not see that close before it takes
// the connection from the pool for its next request, which then fails before any answer: a reset, a
// hang-up, EPIPE. Nothing reached the service but the request's bytes on a closed socket, so a GET is
// sent again once, on a connection of its own. Nothing else is: a POST may have reached the service
// (a duplicate job or comment), and the retry tables of docs/adr/0001 decide about it as before.

/** How a request failed, as far as this rule needs to know. */
export interface ConnectionFailure {
  method: string
  /** The connection came from the pool: it had carried an earlier exchange. */
  reusedSocket: boolean
  /** Some of an answer had arrived. */
  answered: boolean
  code: string | undefined
}

/** What a connection closed under the request looks like: Node says "socket hang up" with ECONNRESET. */
const CLOSED_CODES: ReadonlySet<string> = new Set(['ECONNRESET', 'EPIPE'])

export function resendsOnNewConnection(failure: ConnectionFailure): boolean {
  return (
    failure.method === 'GET' &&
    failure.reusedSocket &&
    !failure.answered &&
    failure.code !== undefined &&
    CLOSED_CODES.has(failure.code)
  )
}
