// A pooled connection the server closed while the action was busy (issue 35): the next GET on it
// is sent again once on a new connection; a POST in the same situation is not sent again. Real
// sockets against a server in another thread, which closes the connection while this thread is
// blocked, as a run busy with its CPU is; the rule itself (src/http/fresh-connection.ts) case by case.
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals'
import { resendsOnNewConnection } from '../src/http/fresh-connection.js'
import { type Exchange, ExchangeError, Transport } from '../src/http/transport.js'
import { type IdleClosingServer, startIdleClosingServer } from '../test/harness/idle-closing-server.js'

describe('a pooled connection closed while the action was busy', () => {
  let server: IdleClosingServer
  let transport: Transport
  beforeEach(async () => {
    server = await startIdleClosingServer()
    transport = new Transport()
  })
  afterEach(async () => {
    transport.close()
    await server.stop()
  })

  const request = (method: Exchange['method'], path: string, body?: string): Exchange => ({
    method,
    url: new URL(path, server.url),
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    ...(body !== undefined && { body }),
    signal: new AbortController().signal
  })

  it('sends a GET again once, on a new connection, and gets its answer', async () => {
    await transport.send(request('GET', '/first'))
    server.closeIdleConnectionsNow()
    const answer = await transport.send(request('GET', '/second'))
    expect(answer).toMatchObject({ status: 200, body: 'answer to /second' })
    expect(await server.traffic()).toEqual({ requests: ['GET /first', 'GET /second'], connections: 2 })
  })

  it('does not send a POST again: it fails as a request that may have reached the service', async () => {
    await transport.send(request('GET', '/first'))
    server.closeIdleConnectionsNow()
    const failed = transport.send(request('POST', '/job', '{"prompt":"x"}'))
    await expect(failed).rejects.toBeInstanceOf(ExchangeError)
    await expect(failed).rejects.toMatchObject({ connection: { reusedSocket: true, answered: false } })
    expect(await server.traffic()).toEqual({ requests: ['GET /first'], connections: 1 })
  })
})

describe('which failures are sent again on a new connection', () => {
  const closedUnder = { method: 'GET', reusedSocket: true, answered: false, code: 'ECONNRESET' }

  it('a GET on a pooled connection that was reset or closed before any answer', () => {
    expect(resendsOnNewConnection(closedUnder)).toBe(true)
    expect(resendsOnNewConnection({ ...closedUnder, code: 'EPIPE' })).toBe(true)
  })

  it('nothing else: another method, a new connection, an answer begun, another failure', () => {
    for (const method of ['POST', 'PATCH', 'PUT', 'DELETE']) {
      expect(resendsOnNewConnection({ ...closedUnder, method })).toBe(false)
    }
    expect(resendsOnNewConnection({ ...closedUnder, reusedSocket: false })).toBe(false)
    expect(resendsOnNewConnection({ ...closedUnder, answered: true })).toBe(false)
    for (const code of ['ECONNREFUSED', 'ETIMEDOUT', 'ABORT_ERR', undefined]) {
      expect(resendsOnNewConnection({ ...closedUnder, code })).toBe(false)
    }
  })
})
