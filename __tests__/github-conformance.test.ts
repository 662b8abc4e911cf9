// The check of the GitHub fake's traffic against GitHub's OpenAPI description: what it refuses in a
// request and in an answer, and that a fake whose traffic does not conform fails its test.
import { afterEach, describe, expect, it } from '@jest/globals'
import { ACTION_USER_AGENT } from '../test/harness/fake-github-conformance.js'
import { type FakeGitHub, startFakeGitHub } from '../test/harness/fake-github.js'
import { checkExchange, type Exchange } from '../test/harness/openapi/conformance.js'

const JSON_ANSWER = 'application/json; charset=utf-8'

function exchange(fields: Partial<Exchange> & { headers?: Exchange['headers'] }): Exchange {
  return {
    method: 'GET',
    path: '/repos/acme/docs/issues/42/comments?per_page=100',
    body: '',
    ...fields,
    headers: { accept: 'application/vnd.github+json', ...fields.headers },
    answer: 'answer' in fields ? fields.answer : { status: 200, contentType: JSON_ANSWER, json: '[]' }
  }
}

const problems = (fields: Partial<Exchange>) => checkExchange(exchange(fields), { request: true }).problems

describe("a request, against GitHub's description", () => {
  it('names the operation of a request that conforms, and finds nothing wrong', () => {
    expect(checkExchange(exchange({}), { request: true })).toEqual({ operation: 'issues/list-comments', problems: [] })
    const created = exchange({
      method: 'POST',
      path: '/repos/acme/docs/issues/42/comments',
      headers: { 'content-type': 'application/json; charset=utf-8' },
      body: '{"body":"⏳ Working"}',
      answer: undefined
    })
    expect(checkExchange(created, { request: true })).toEqual({ operation: 'issues/create-comment', problems: [] })
  })

  it('refuses a path or method GitHub has no operation for', () => {
    expect(problems({ path: '/repos/acme/docs/issues/42/replies' })).toEqual([
      'request: no operation GET /repos/acme/docs/issues/42/replies'
    ])
    expect(problems({ method: 'PUT' })).toEqual(['request: no operation PUT /repos/acme/docs/issues/42/comments'])
  })

  it('refuses a query parameter the operation lacks, a value of the wrong type and a path parameter of the wrong type', () => {
    expect(problems({ path: '/repos/acme/docs/issues/42/comments?per_page=100&direction=asc' })).toEqual([
      'request query: no parameter "direction"'
    ])
    expect(problems({ path: '/repos/acme/docs/issues/42/comments?per_page=lots' })).toEqual([
      'request query "per_page" "lots": must be integer'
    ])
    expect(problems({ path: '/repos/acme/docs/issues?state=any' })).toEqual([
      expect.stringMatching(/^request query "state" "any": must be equal to one of the allowed values/)
    ])
    expect(problems({ path: '/repos/acme/docs/issues/42/labels/done', method: 'DELETE' })).toEqual([])
    expect(problems({ path: '/repos/acme/docs/issues/comments/first', method: 'PATCH', answer: undefined })).toEqual(
      expect.arrayContaining(['request path "comment_id" "first": must be integer'])
    )
  })

  it('refuses a body of the wrong shape or media type, a missing one, and one where the operation takes none', () => {
    const create = (body: string, contentType = 'application/json') =>
      problems({
        method: 'POST',
        path: '/repos/acme/docs/issues/42/comments',
        headers: { 'content-type': contentType },
        body,
        answer: undefined
      })
    expect(create('{"text":"hi"}')).toEqual(["request body /: must have required property 'body'"])
    expect(create('{"body":7}')).toEqual(['request body /body: must be string'])
    expect(create('')).toEqual(['request body: issues/create-comment requires one'])
    expect(create('body=hi', 'application/x-www-form-urlencoded')).toEqual([
      'request body: Content-Type application/x-www-form-urlencoded is not one of application/json'
    ])
    expect(problems({ body: '{"body":"hi"}' })).toEqual([
      'request body: issues/list-comments takes none, and one was sent'
    ])
  })

  it('takes a media type the operation serves, and refuses one it does not', () => {
    const diff = { accept: 'application/vnd.github.diff' }
    const answer = { status: 200, contentType: 'application/vnd.github.diff; charset=utf-8', json: undefined }
    expect(problems({ path: '/repos/acme/docs/pulls/7', headers: diff, answer })).toEqual([])
    expect(problems({ headers: diff, answer })).toEqual([
      'request: Accept "application/vnd.github.diff" names no media type issues/list-comments serves',
      'answer 200: issues/list-comments does not serve application/vnd.github.diff'
    ])
  })
})

describe("an answer, against GitHub's description", () => {
  const answer = (status: number, json: unknown) => ({ status, contentType: JSON_ANSWER, json: JSON.stringify(json) })

  it('refuses an object that lacks a field GitHub always gives, naming where', () => {
    const comment = { id: 1, node_id: 'IC_1', url: 'https://x/1', html_url: 'https://x/1', issue_url: 'https://x/i' }
    expect(problems({ answer: answer(200, [{ ...comment, created_at: '2024-01-01T00:00:00Z' }]) })).toEqual([
      "answer 200 /0: must have required property 'user'",
      "answer 200 /0: must have required property 'updated_at'"
    ])
  })

  it("refuses a status the operation does not have, and takes GitHub's error for any refusal or outage", () => {
    expect(problems({ answer: answer(418, { message: 'teapot' }) })).toEqual([
      'answer 418: issues/list-comments has no such answer'
    ])
    for (const status of [401, 403, 404, 429, 500, 502, 503]) {
      expect(
        problems({ answer: answer(status, { message: 'no', documentation_url: 'https://docs.github.com' }) })
      ).toEqual([])
    }
    expect(problems({ answer: answer(503, { message: 7 }) })).toEqual(['answer 503 /message: must be string'])
  })
})

describe('the GitHub fake', () => {
  let fake: FakeGitHub | undefined
  afterEach(async () => {
    await fake?.close().catch(() => undefined)
    fake = undefined
  })

  const list = (github: FakeGitHub, userAgent: string) =>
    fetch(`${github.url}/repos/acme/docs/issues/42/comments?per_page=100&sort=newest`, {
      headers: {
        authorization: 'Bearer ghs_fake_token',
        accept: 'application/vnd.github+json',
        'user-agent': userAgent
      }
    })

  it("fails its close with each way the action's request does not conform", async () => {
    // The problem is this test's subject: its fake leaves no record for the run's count of problems.
    const recorded = process.env.GITHUB_CONFORMANCE_DIR
    delete process.env.GITHUB_CONFORMANCE_DIR
    fake = await startFakeGitHub().finally(() => {
      if (recorded !== undefined) process.env.GITHUB_CONFORMANCE_DIR = recorded
    })
    expect((await list(fake, ACTION_USER_AGENT)).status).toBe(200)
    const closing = fake.close()
    fake = undefined
    await expect(closing).rejects.toThrow(
      "The GitHub fake's traffic does not conform to GitHub's OpenAPI description:\n" +
        'issues/list-comments: request query: no parameter "sort"'
    )
  })

  it("checks only the answers to a test's own requests, which may be wrong on purpose", async () => {
    fake = await startFakeGitHub()
    expect((await list(fake, 'a test')).status).toBe(200)
    const closing = fake.close()
    fake = undefined
    await expect(closing).resolves.toBeUndefined()
  })
})
