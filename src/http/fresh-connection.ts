// Which requests go on a pooled connection, and when one that failed on it is sent again on a new
// one: two small rules, kept apart from node:http so that they can wrap another client's requests
// too (octokit's, issue 34).
//
// GitHub, proxies and Node's own servers close a keep-alive connection that sat idle a few seconds.
// A run busy with its CPU (a large diff, a long description) may not see that close before it takes
// the connection from the pool for its next request, and a starved server may close it just as the
// request arrives: the request then fails before any answer (a reset, a hang-up, EPIPE). A GET is
// sent again once, on a connection of its own. A write is never sent again (a duplicate job or
// comment; the retry tables of docs/adr/0001 decide about it as before), so it never goes on a
// pooled connection, nor on a proxy tunnel another request used (Transport gives each its own):
// a new connection costs a handshake, and a run makes few writes.

/** Whether a request may take a connection from the pool. */
export function mayUsePooledConnection(method: string): boolean {
  return method === 'GET'
}

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
