// A pooled connection the server closed (issue 35). Closed while the action was busy with its CPU:
// the next request, GET or POST, goes on a new connection. Closed just as a request arrives: a GET
// is sent again once on a new connection; a POST never took a pooled connection, so it cannot fail so. Real sockets against a server in another
// thread, which closes the connection while this thread is blocked as a busy run is; the rule
// itself (src/http/fresh-connection.ts) case by case.
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals'
import { mayUsePooledConnection, resendsOnNewConnection } from '../src/http/fresh-connection.js'
import { type Exchange, Transport } from '../src/http/transport.js'
import { type IdleClosingServer, startIdleClosingServer } from '../test/harness/idle-closing-server.js'

describe('a pooled connection the server closed', () => {
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

  const request = (method: Exchange['method'], path: string): Exchange => ({
    method,
    url: new URL(path, server.url),
    headers: method === 'GET' ? {} : { 'content-type': 'application/json' },
    ...(method !== 'GET' && { body: '{"prompt":"x"}' }),
    signal: new AbortController().signal
  })

  it('while the action was busy: a GET and a POST each go once, on a new connection', async () => {
    await transport.send(request('GET', '/first'))
    server.closeIdleConnectionsNow()
    expect(await transport.send(request('GET', '/second'))).toMatchObject({ status: 200, body: 'answer to /second' })
    await transport.send(request('GET', '/third'))
    server.closeIdleConnectionsNow()
    expect(await transport.send(request('POST', '/job'))).toMatchObject({ status: 200, body: 'answer to /job' })
    expect(await server.traffic()).toEqual({
      requests: ['GET /first', 'GET /second', 'GET /third', 'POST /job'],
      connections: 3
    })
  })

  it('just as a GET arrives: it is sent again once, on a new connection, and gets its answer', async () => {
    await transport.send(request('GET', '/first'))
    await server.dropNextOnReusedConnection()
    expect(await transport.send(request('GET', '/second'))).toMatchObject({ status: 200, body: 'answer to /second' })
    expect(await server.traffic()).toEqual({ requests: ['GET /first', 'GET /second', 'GET /second'], connections: 2 })
  })

  it('just as a request arrives: a POST cannot be caught so, as it never takes a pooled connection', async () => {
    await transport.send(request('GET', '/first'))
    await server.dropNextOnReusedConnection()
    expect(await transport.send(request('POST', '/job'))).toMatchObject({ status: 200, body: 'answer to /job' })
    expect(await transport.send(request('PATCH', '/comment'))).toMatchObject({ status: 200 })
    expect(await server.traffic()).toEqual({ requests: ['GET /first', 'POST /job', 'PATCH /comment'], connections: 3 })
  })
})

describe('which failures are sent again on a new connection', () => {
  const closedUnder = { method: 'GET', reusedSocket: true, answered: false, code: 'ECONNRESET' }

  it('a GET on a pooled connection that was reset or closed before any answer', () => {
    expect(resendsOnNewConnection(closedUnder)).toBe(true)
    expect(resendsOnNewConnection({ ...closedUnder, code: 'EPIPE' })).toBe(true)
  })

  it('only a GET takes a pooled connection at all', () => {
    expect(mayUsePooledConnection('GET')).toBe(true)
    for (const method of ['POST', 'PATCH', 'PUT', 'DELETE']) expect(mayUsePooledConnection(method)).toBe(false)
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
