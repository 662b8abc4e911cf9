// The HTTP side of GitHub calls, as octokit makes them over our transport (src/github/octokit.ts):
// what is sent, how answers and failures come back, and where the token may go when GitHub points
// elsewhere (a redirect, a Link to the next page).
import { afterEach, describe, expect, it } from '@jest/globals'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { Transport } from '../src/http/transport.js'
import { connectOctokit, failureOf, type OctokitTarget } from '../src/github/octokit.js'
import { callLimits, GitHubCallError, type RepositoryCalls, repositoryCalls } from '../src/github/calls.js'
import { VirtualClock } from '../src/base/clock.js'
import { connectGitHub, graphqlEndpoint } from '../src/github/api.js'
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

function client(target: Omit<OctokitTarget, 'transport'>) {
  return connectOctokit({ ...target, transport })
}

/** The bounded calls over a client of `apiUrl`, on a virtual clock. */
function callsOf(target: Omit<OctokitTarget, 'transport'>): RepositoryCalls {
  const clock = new VirtualClock(Date.now())
  return repositoryCalls({ client: client(target), owner: 'o', repo: 'r', clock, onRetry: () => undefined })
}

const limits = () => callLimits(new VirtualClock(Date.now()), 10_000)

/** Every page of an issue's comments from the GitHub at `apiUrl`, each item as it came. */
function listComments(apiUrl: string) {
  const calls = callsOf({ token: 't', apiUrl })
  return calls.list(
    'comment listing',
    limits(),
    (request) => calls.octokit.rest.issues.listComments({ ...calls.repo, issue_number: 1, request }),
    (item) => item
  )
}

describe('GitHub requests through octokit', () => {
  it('sends the token, the API version and JSON, under the API URL’s path', async () => {
    const github = await serve((_request, response) => json(response, 201, { id: 7 }))
    const { octokit } = client({ token: 'ghs_abc', apiUrl: `${github.url}/api/v3/` })
    const answer = await octokit.rest.issues.createComment({
      owner: 'o',
      repo: 'r',
      issue_number: 1,
      body: 'hi',
      request: { signal: signal() }
    })
    expect(answer.data).toEqual({ id: 7 })
    expect(github.seen[0]).toMatchObject({
      method: 'POST',
      url: '/api/v3/repos/o/r/issues/1/comments',
      body: '{"body":"hi"}',
      headers: {
        authorization: 'token ghs_abc',
        accept: 'application/vnd.github+json',
        'x-github-api-version': '2022-11-28',
        'content-type': 'application/json; charset=utf-8'
      }
    })
  })

  it('asks for the diff media type when told, and gives the text as it came', async () => {
    const github = await serve((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/vnd.github.diff' })
      response.end('diff --git a/x b/x\n')
    })
    const calls = callsOf({ token: 't', apiUrl: github.url })
    const answer = await calls.send(
      'diff read',
      true,
      limits(),
      (request) =>
        calls.octokit.rest.pulls.get({ ...calls.repo, pull_number: 1, mediaType: { format: 'diff' }, request }),
      { text: true }
    )
    expect(answer.data).toBe('diff --git a/x b/x\n')
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
    const { octokit } = client({ token: 't', apiUrl: github.url })
    const error: unknown = await octokit.request('POST /x', { request: { signal: signal() } }).catch((e: unknown) => e)
    expect(failureOf(error)).toMatchObject({
      kind: 'answer',
      status: 422,
      message: 'Validation Failed: name already_exists',
      headers: { 'x-ratelimit-remaining': '4999' }
    })
  })

  it('names the status when the failure has no JSON body (a proxy’s page)', async () => {
    const github = await serve((_request, response) => {
      response.writeHead(502, { 'content-type': 'text/html' })
      response.end('<html>Bad gateway</html>')
    })
    const { octokit } = client({ token: 't', apiUrl: github.url })
    const error: unknown = await octokit.request('GET /x', { request: { signal: signal() } }).catch((e: unknown) => e)
    expect(failureOf(error)).toMatchObject({ kind: 'answer', status: 502, message: 'Bad Gateway' })
  })

  it('follows a redirect on the API’s host (a renamed repository), never to another host', async () => {
    const elsewhere = await serve((_request, response) => json(response, 200, { stolen: true }))
    const github = await serve((request, response) => {
      if (request.url === '/repos/old/name/issues/1') {
        response.writeHead(301, { location: '/repos/new/name/issues/1' })
        response.end()
      } else if (request.url === '/repos/o/r') {
        response.writeHead(302, { location: `${elsewhere.url}/steal` })
        response.end()
      } else {
        json(response, 200, { number: 1 })
      }
    })
    const calls = callsOf({ token: 'ghs_secret', apiUrl: github.url })
    const issue = (request: { signal: AbortSignal }) =>
      calls.octokit.rest.issues.get({ owner: 'old', repo: 'name', issue_number: 1, request })
    expect((await calls.send('issue read', true, limits(), issue)).data).toEqual({ number: 1 })
    const away = calls.send('repository read', false, limits(), (request) =>
      calls.octokit.rest.repos.get({ ...calls.repo, request })
    )
    await expect(away).rejects.toMatchObject({ status: 302 })
    expect(elsewhere.seen).toEqual([])
  })

  it('does not send a request with a body again to where a redirect points', async () => {
    const github = await serve((_request, response) => {
      response.writeHead(307, { location: '/elsewhere' })
      response.end()
    })
    const calls = callsOf({ token: 't', apiUrl: github.url })
    const create = calls.send('comment create', false, limits(), (request) =>
      calls.octokit.rest.issues.createComment({ ...calls.repo, issue_number: 1, body: 'hi', request })
    )
    await expect(create).rejects.toMatchObject({ status: 307 })
    expect(github.seen).toHaveLength(1)
  })

  it('refuses a next-page URL on another host, so the token stays with GitHub', async () => {
    const elsewhere = await serve((_request, response) => json(response, 200, [{ stolen: true }]))
    const github = await serve((_request, response) =>
      json(response, 200, [{ id: 1 }], { link: `<${elsewhere.url}/next?page=2>; rel="next"` })
    )
    const listing = listComments(github.url)
    // A failed call, as any other: a digest reports it and ends, rather than "an unexpected error".
    await expect(listing).rejects.toBeInstanceOf(GitHubCallError)
    await expect(listing).rejects.toThrow(
      `GitHub named another host (${new URL(elsewhere.url).origin}) for its next page, and the token is sent only to ${new URL(github.url).origin}.`
    )
    expect(github.seen).toHaveLength(1)
    expect(elsewhere.seen).toEqual([])
  })

  it('sends GraphQL to GITHUB_GRAPHQL_URL only on the API’s origin: another gets no token, the endpoint beside the API does', async () => {
    const elsewhere = await serve((_request, response) => json(response, 200, { data: {} }))
    const github = await serve((_request, response) => json(response, 200, { data: {} }))
    // Another origin than the API's: localhost, another port.
    const given = `http://localhost:${new URL(elsewhere.url).port}/graphql`
    const endpoint = graphqlEndpoint(github.url, given)
    expect(endpoint).toEqual({ url: `${github.url}/graphql`, ignored: expect.stringContaining(JSON.stringify(given)) })
    const api = connectGitHub({
      token: 'ghs_docs_token_secret',
      apiUrl: github.url,
      graphqlUrl: given,
      owner: 'o',
      repo: 'r',
      clock: new VirtualClock(Date.now()),
      cancel: new AbortController().signal,
      onRetry: () => undefined,
      transport
    })
    await api.enableAutoMerge('PR_node', 'SQUASH', 'head-sha', api.limits())
    expect(elsewhere.seen).toEqual([])
    expect(github.seen.map(({ method, url, headers }) => [method, url, headers.authorization])).toEqual([
      ['POST', '/graphql', 'token ghs_docs_token_secret']
    ])
    // On the API's origin, the URL given is the one used.
    expect(graphqlEndpoint(github.url, `${github.url}/api/graphql`)).toEqual({ url: `${github.url}/api/graphql` })
  })

  it('says when nothing answered, so the caller can tell it from an answer', async () => {
    const closed = await holdClosedPort()
    const { octokit } = client({ token: 't', apiUrl: closed.url })
    const error: unknown = await octokit.request('GET /x', { request: { signal: signal() } }).catch((e: unknown) => e)
    await closed.release()
    expect(failureOf(error)).toMatchObject({ kind: 'no-answer', error: { sent: expect.any(Boolean) } })
  })

  it('reads an empty answer (204) as an empty object, and a broken JSON body as GitHub answering badly', async () => {
    const github = await serve((request, response) => {
      if (request.method === 'DELETE') {
        response.writeHead(204)
        response.end()
      } else {
        response.writeHead(200, { 'content-type': 'application/json' })
        response.end('{"truncated')
      }
    })
    const calls = callsOf({ token: 't', apiUrl: github.url })
    const removal = await calls.send('label removal', true, limits(), (request) =>
      calls.octokit.rest.issues.removeLabel({ ...calls.repo, issue_number: 1, name: 'x', request })
    )
    expect(removal.data).toEqual({})
    // Not tried again here only because a create never is: the 502 is GitHub's failure, not a bug.
    const create = calls.send('comment create', false, limits(), (request) =>
      calls.octokit.rest.issues.createComment({ ...calls.repo, issue_number: 1, body: 'hi', request })
    )
    await expect(create).rejects.toMatchObject({
      status: 502,
      message: 'GitHub answered 502 (GitHub answered 200 with a body that is not JSON)'
    })
  })

  it('gives up at once on an answer over the size it reads, rather than fetch it again', async () => {
    const github = await serve((_request, response) => json(response, 200, { body: 'x'.repeat(5000) }))
    const calls = callsOf({ token: 't', apiUrl: github.url, maxAnswerBytes: 1000 })
    const read = calls.json(
      'issue read',
      true,
      limits(),
      (request) => calls.octokit.rest.issues.get({ ...calls.repo, issue_number: 1, request }),
      (v) => v
    )
    const error = await read.catch((e: unknown) => e)
    expect(error).toBeInstanceOf(GitHubCallError)
    expect(error).toMatchObject({ message: expect.stringMatching(/^GitHub's answer to the issue read is too large/) })
    expect(github.seen).toHaveLength(1)
  })

  it('fails a listing whose page is not a list as an answer of another shape, never with a crash', async () => {
    const github = await serve((_request, response) => json(response, 200, { message: 'not a page' }))
    const listing = listComments(github.url)
    const error = await listing.catch((e: unknown) => e)
    expect(error).toBeInstanceOf(GitHubCallError)
    expect(error).toMatchObject({
      message: "GitHub's answer to the comment listing is not of the shape the action reads"
    })
  })
})
