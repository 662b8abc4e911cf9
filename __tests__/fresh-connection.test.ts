// A pooled connection the server closed (issue 35). Closed while the action was busy with its CPU:
// the next request, GET or POST, goes on a new connection. Closed just as a request arrives: a GET
// is sent again once on a new connection; a POST never took a pooled connection, so it cannot fail so.
// Behind a proxy too, and writes so sent are still only a few at once. Real sockets against a server
// in another thread, which closes the connection while this thread is blocked as a busy run is; the
// rule itself (src/http/fresh-connection.ts) case by case.
import * as http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals'
import { mayUsePooledConnection, resendsOnNewConnection } from '../src/http/fresh-connection.js'
import { connectOctokit } from '../src/github/octokit.js'
import { type Exchange, SOCKETS_PER_HOST, Transport } from '../src/http/transport.js'
import { type IdleClosingServer, startIdleClosingServer } from '../test/harness/idle-closing-server.js'
import { startProxy, type TestProxy } from './support/proxy.js'

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

  it('through octokit, as every GitHub call goes: a dropped GET is sent again, a POST takes a connection of its own', async () => {
    // @actions/github's own fetch (undici) fails both cases: docs/adr/0008-octokit-over-our-transport.md.
    const { octokit } = connectOctokit({ token: 't', apiUrl: server.url, transport })
    const request = { signal: new AbortController().signal }
    await octokit.request('GET /first', { request })
    await server.dropNextOnReusedConnection()
    expect((await octokit.request('GET /second', { request })).data).toBe('answer to /second')
    await server.dropNextOnReusedConnection()
    expect((await octokit.request('POST /job', { prompt: 'x', request })).data).toBe('answer to /job')
    expect(await server.traffic()).toEqual({
      requests: ['GET /first', 'GET /second', 'GET /second', 'POST /job'],
      connections: 3
    })
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

describe('behind a proxy (a real one, proxy-chain)', () => {
  let server: IdleClosingServer
  let proxy: TestProxy
  let transport: Transport
  const saved = process.env.HTTP_PROXY
  beforeEach(async () => {
    server = await startIdleClosingServer()
    // A name the proxy alone resolves: @actions/http-client never proxies loopback.
    proxy = await startProxy({ 'api.test': '127.0.0.1' })
    process.env.HTTP_PROXY = proxy.url
    transport = new Transport()
  })
  afterEach(async () => {
    transport.close()
    if (saved === undefined) delete process.env.HTTP_PROXY
    else process.env.HTTP_PROXY = saved
    await Promise.all([proxy.close(), server.stop()])
  })

  const request = (method: Exchange['method'], path: string): Exchange => ({
    method,
    url: new URL(path, `http://api.test:${new URL(server.url).port}`),
    headers: {},
    ...(method !== 'GET' && { body: '{}' }),
    signal: new AbortController().signal
  })

  it('a POST waiting behind busy connections still gets a tunnel of its own, never one a GET used', async () => {
    const reads = Array.from({ length: SOCKETS_PER_HOST }, (_, index) =>
      transport.send(request('GET', `/read${index}`))
    )
    const write = transport.send(request('POST', '/job'))
    await Promise.all([...reads, write])
    const { requests, connections } = await server.traffic()
    expect(requests).toHaveLength(SOCKETS_PER_HOST + 1)
    expect(requests).toContain('POST /job')
    expect(connections).toBe(SOCKETS_PER_HOST + 1)
    expect(proxy.log).toHaveLength(SOCKETS_PER_HOST + 1)
  })
})

describe('writes, each on a connection of its own', () => {
  it('are at most SOCKETS_PER_HOST at once to one host; the others wait for a place', async () => {
    const total = SOCKETS_PER_HOST + 2
    const held: http.ServerResponse[] = []
    let received = 0
    let most = 0
    // Holds every request until SOCKETS_PER_HOST are held (or all arrived), then answers them a few turns later.
    const server = http.createServer((incoming, response) => {
      incoming.resume()
      received++
      held.push(response)
      most = Math.max(most, held.length)
      if (held.length === SOCKETS_PER_HOST || received === total) {
        setImmediate(() => setImmediate(() => held.splice(0).forEach((waiting) => waiting.end('done'))))
      }
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const transport = new Transport()
    try {
      const { port } = server.address() as AddressInfo
      const writes = Array.from({ length: total }, (_, index) =>
        transport.send({
          method: 'POST',
          url: new URL(`http://127.0.0.1:${port}/comment${index}`),
          headers: {},
          body: '{}',
          signal: new AbortController().signal
        })
      )
      expect((await Promise.all(writes)).map((answer) => answer.status)).toEqual(Array(total).fill(200))
      expect(received).toBe(total)
      expect(most).toBe(SOCKETS_PER_HOST)
    } finally {
      transport.close()
      await new Promise((resolve) => server.close(resolve))
    }
  })
})
