// The plain HTTP side of GitHub calls: what is sent, how answers and failures come back, and where
// the token may go when GitHub points elsewhere.
import { afterEach, describe, expect, it } from '@jest/globals'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { Transport } from '../src/http/transport.js'
import { GitHubHttpError, isNoAnswer, jsonOf, restClient } from '../src/github/rest.js'
import { callLimits, GitHubCallError, repositoryCalls } from '../src/github/calls.js'
import { VirtualClock } from '../src/base/clock.js'
import { holdClosedPort } from './support/closed-port.js'

interface Seen {
  method: string
  url: string
  headers: IncomingMessage['headers']
  body: string
}

type Handler = (request: Seen, response: ServerResponse) => void

const servers: Server[] = []
const transport = new Transport()

afterEach(async () => {
  transport.close()
  await Promise.all(servers.splice(0).map((server) => new Promise((done) => server.close(done))))
})

async function serve(handler: Handler): Promise<{ url: string; seen: Seen[] }> {
  const seen: Seen[] = []
  const server = createServer((request, response) => {
    let body = ''
    request.on('data', (chunk: Buffer) => (body += chunk.toString()))
    request.on('end', () => {
      const entry = { method: request.method ?? '', url: request.url ?? '', headers: request.headers, body }
      seen.push(entry)
      handler(entry, response)
    })
  })
  servers.push(server)
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening))
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen }
}

const signal = () => AbortSignal.timeout(5000)
const json = (response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
  response.writeHead(status, { 'content-type': 'application/json', ...headers })
  response.end(JSON.stringify(body))
}

describe('restClient', () => {
  it('sends the token, the API version and JSON, under the API URL’s path', async () => {
    const github = await serve((_request, response) => json(response, 201, { id: 7 }))
    const rest = restClient({ token: 'ghs_abc', apiUrl: `${github.url}/api/v3/`, transport })
    const answer = await rest({
      method: 'POST',
      path: '/repos/o/r/issues/1/comments',
      body: { body: 'hi' },
      signal: signal()
    })
    expect(jsonOf(answer)).toEqual({ id: 7 })
    expect(github.seen[0]).toMatchObject({
      method: 'POST',
      url: '/api/v3/repos/o/r/issues/1/comments',
      body: '{"body":"hi"}',
      headers: {
        authorization: 'Bearer ghs_abc',
        accept: 'application/vnd.github+json',
        'x-github-api-version': '2022-11-28',
        'content-type': 'application/json; charset=utf-8'
      }
    })
  })

  it('asks for another media type when told, and gives the text as it came', async () => {
    const github = await serve((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/plain' })
      response.end('diff --git a/x b/x\n')
    })
    const rest = restClient({ token: 't', apiUrl: github.url, transport })
    const answer = await rest({ method: 'GET', path: '/d', accept: 'application/vnd.github.diff', signal: signal() })
    expect(answer.text).toBe('diff --git a/x b/x\n')
    expect(github.seen[0]!.headers.accept).toBe('application/vnd.github.diff')
  })

  it('turns a failure into GitHub’s own words, with what was invalid and the headers', async () => {
    const github = await serve((_request, response) =>
      json(
        response,
        422,
        { message: 'Validation Failed', errors: [{ resource: 'Label', code: 'already_exists', field: 'name' }] },
        { 'x-ratelimit-remaining': '4999' }
      )
    )
    const rest = restClient({ token: 't', apiUrl: github.url, transport })
    const error = await rest({ method: 'POST', path: '/x', body: {}, signal: signal() }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(GitHubHttpError)
    expect(error).toMatchObject({
      status: 422,
      message: 'Validation Failed: name already_exists',
      headers: { 'x-ratelimit-remaining': '4999' }
    })
  })

  it('names the status when the failure has no JSON body (a proxy’s page)', async () => {
    const github = await serve((_request, response) => {
      response.writeHead(502)
      response.end('<html>Bad gateway</html>')
    })
    const rest = restClient({ token: 't', apiUrl: github.url, transport })
    await expect(rest({ method: 'GET', path: '/x', signal: signal() })).rejects.toMatchObject({
      status: 502,
      message: 'HTTP 502'
    })
  })

  it('follows a redirect on the API’s host (a renamed repository), never to another host', async () => {
    const elsewhere = await serve((_request, response) => json(response, 200, { stolen: true }))
    const github = await serve((request, response) => {
      if (request.url === '/repos/old/name/issues/1') {
        response.writeHead(301, { location: '/repos/new/name/issues/1' })
        response.end()
      } else if (request.url === '/away') {
        response.writeHead(302, { location: `${elsewhere.url}/steal` })
        response.end()
      } else {
        json(response, 200, { number: 1 })
      }
    })
    const rest = restClient({ token: 'ghs_secret', apiUrl: github.url, transport })
    expect(jsonOf(await rest({ method: 'GET', path: '/repos/old/name/issues/1', signal: signal() }))).toEqual({
      number: 1
    })
    await expect(rest({ method: 'GET', path: '/away', signal: signal() })).rejects.toMatchObject({ status: 302 })
    expect(elsewhere.seen).toEqual([])
  })

  it('does not send a request with a body again to where a redirect points', async () => {
    const github = await serve((request, response) => {
      response.writeHead(307, { location: '/elsewhere' })
      response.end()
    })
    const rest = restClient({ token: 't', apiUrl: github.url, transport })
    await expect(rest({ method: 'POST', path: '/x', body: { a: 1 }, signal: signal() })).rejects.toMatchObject({
      status: 307
    })
    expect(github.seen).toHaveLength(1)
  })

  it('refuses a next-page URL on another host, so the token stays with GitHub', async () => {
    const github = await serve((_request, response) => json(response, 200, []))
    const rest = restClient({ token: 't', apiUrl: github.url, transport })
    await expect(rest({ method: 'GET', path: 'http://127.0.0.2:1/next', signal: signal() })).rejects.toThrow(
      /another host/
    )
    expect(github.seen).toEqual([])
  })

  it('says when nothing answered, so the caller can tell it from an answer', async () => {
    const closed = await holdClosedPort()
    const rest = restClient({ token: 't', apiUrl: closed.url, transport })
    const error = await rest({ method: 'GET', path: '/x', signal: signal() }).catch((e: unknown) => e)
    await closed.release()
    expect(isNoAnswer(error)).toBe(true)
    expect(error).not.toBeInstanceOf(GitHubHttpError)
  })

  it('reads an empty answer (204) as an empty object, and a broken JSON body as a failure', async () => {
    const github = await serve((request, response) => {
      if (request.method === 'DELETE') {
        response.writeHead(204)
        response.end()
      } else {
        response.writeHead(200, { 'content-type': 'application/json' })
        response.end('{"truncated')
      }
    })
    const rest = restClient({ token: 't', apiUrl: github.url, transport })
    expect(jsonOf(await rest({ method: 'DELETE', path: '/x', signal: signal() }))).toEqual({})
    const answer = await rest({ method: 'GET', path: '/x', signal: signal() })
    expect(() => jsonOf(answer)).toThrow(/not JSON/)
  })

  it('gives up at once on an answer over the size it reads, rather than fetch it again', async () => {
    const github = await serve((_request, response) => json(response, 200, { body: 'x'.repeat(5000) }))
    const rest = restClient({ token: 't', apiUrl: github.url, transport, maxAnswerBytes: 1000 })
    const clock = new VirtualClock(Date.now())
    const calls = repositoryCalls({ rest, owner: 'o', repo: 'r', clock, onRetry: () => undefined })
    const read = calls.json('issue read', true, callLimits(clock, 10_000), { method: 'GET', path: '/x' }, (v) => v)
    const error = await read.catch((e: unknown) => e)
    expect(error).toBeInstanceOf(GitHubCallError)
    expect(error).toMatchObject({ message: expect.stringMatching(/^GitHub's answer to the issue read is too large/) })
    expect(github.seen).toHaveLength(1)
  })

  it('fails a listing whose page is not a list as an answer of another shape, never with a crash', async () => {
    const github = await serve((_request, response) => json(response, 200, { message: 'not a page' }))
    const rest = restClient({ token: 't', apiUrl: github.url, transport })
    const clock = new VirtualClock(Date.now())
    const calls = repositoryCalls({ rest, owner: 'o', repo: 'r', clock, onRetry: () => undefined })
    const listing = calls.list('comment listing', callLimits(clock, 10_000), '/x', (item) => item)
    const error = await listing.catch((e: unknown) => e)
    expect(error).toBeInstanceOf(GitHubCallError)
    expect(error).toMatchObject({
      message: "GitHub's answer to the comment listing is not of the shape the action reads"
    })
  })
})
