import { afterEach, describe, expect, it } from '@jest/globals'
import { startFakeGitHub, type FakeGitHub, type FakeGitHubOptions } from '../test/harness/fake-github.js'

const TOKEN = 'ghs_fake_token'
let fake: FakeGitHub | undefined

async function start(options: FakeGitHubOptions = {}): Promise<FakeGitHub> {
  fake = await startFakeGitHub(options)
  return fake
}

afterEach(async () => {
  await fake?.close()
  fake = undefined
})

async function call(
  target: FakeGitHub,
  method: string,
  path: string,
  body?: unknown,
  authorization = `token ${TOKEN}`
): Promise<{ status: number; json: unknown; headers: Headers }> {
  const response = await fetch(`${target.url}${path}`, {
    method,
    headers: { authorization, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body)
  })
  return { status: response.status, json: await response.json(), headers: response.headers }
}

function parseLinks(header: string | null): Record<string, string> {
  const links: Record<string, string> = {}
  for (const part of (header ?? '').split(',').filter(Boolean)) {
    const match = /<([^>]+)>;\s*rel="([^"]+)"/.exec(part)
    if (match?.[1] && match[2]) links[match[2]] = match[1]
  }
  return links
}

const bodies = (json: unknown): string[] => (json as { body: string }[]).map((c) => c.body)

describe('fake GitHub', () => {
  it('paginates comments over three pages with GitHub-style absolute Link headers', async () => {
    const gh = await start()
    for (const n of [1, 2, 3, 4, 5]) gh.addComment('acme', 'docs', 7, `comment ${n}`)
    gh.addComment('acme', 'docs', 8, 'another thread')

    const first = await call(gh, 'GET', '/repos/acme/docs/issues/7/comments?per_page=2')
    expect(first.status).toBe(200)
    expect(bodies(first.json)).toEqual(['comment 1', 'comment 2'])
    const firstLinks = parseLinks(first.headers.get('link'))
    expect(firstLinks).toEqual({
      next: `${gh.url}/repos/acme/docs/issues/7/comments?per_page=2&page=2`,
      last: `${gh.url}/repos/acme/docs/issues/7/comments?per_page=2&page=3`
    })

    const second = await fetch(firstLinks.next as string, { headers: { authorization: `token ${TOKEN}` } })
    expect(bodies(await second.json())).toEqual(['comment 3', 'comment 4'])
    expect(Object.keys(parseLinks(second.headers.get('link')))).toEqual(['prev', 'next', 'last', 'first'])

    const third = await call(gh, 'GET', '/repos/acme/docs/issues/7/comments?per_page=2&page=3')
    expect(bodies(third.json)).toEqual(['comment 5'])
    const thirdLinks = parseLinks(third.headers.get('link'))
    expect(thirdLinks.next).toBeUndefined()
    expect(thirdLinks.prev).toBe(`${gh.url}/repos/acme/docs/issues/7/comments?per_page=2&page=2`)
  })

  it('serves 30 comments a page by default, no Link header on a single page, and caps pages at perPage', async () => {
    const gh = await start({ perPage: 2 })
    for (const n of [1, 2, 3]) gh.addComment('acme', 'docs', 1, `c${n}`)
    const capped = await call(gh, 'GET', '/repos/acme/docs/issues/1/comments?per_page=100')
    expect(bodies(capped.json)).toEqual(['c1', 'c2'])
    await gh.close()

    const roomy = await start()
    for (const n of [1, 2, 3]) roomy.addComment('acme', 'docs', 1, `c${n}`)
    const single = await call(roomy, 'GET', '/repos/acme/docs/issues/1/comments')
    expect(bodies(single.json)).toEqual(['c1', 'c2', 'c3'])
    expect(single.headers.get('link')).toBeNull()
    expect(single.headers.get('x-ratelimit-remaining')).not.toBe('0')
  })

  it('answers permission checks with the legacy permission and the real role, 404 for unknown logins', async () => {
    const gh = await start({ permissions: { maintainer: 'maintain', reader: 'read' } })
    const maintainer = await call(gh, 'GET', '/repos/acme/docs/collaborators/maintainer/permission')
    expect(maintainer.status).toBe(200)
    expect(maintainer.json).toMatchObject({ permission: 'write', role_name: 'maintain', user: { login: 'maintainer' } })
    const reader = await call(gh, 'GET', '/repos/acme/docs/collaborators/reader/permission')
    expect(reader.json).toMatchObject({ permission: 'read', role_name: 'read' })
    const stranger = await call(gh, 'GET', '/repos/acme/docs/collaborators/stranger/permission')
    expect(stranger).toMatchObject({ status: 404, json: { message: 'Not Found' } })
  })

  it('refuses a wrong or missing token and accepts Bearer', async () => {
    const gh = await start({ permissions: { alice: 'admin' } })
    const path = '/repos/acme/docs/collaborators/alice/permission'
    expect(await call(gh, 'GET', path, undefined, 'token ghs_wrong')).toMatchObject({
      status: 401,
      json: { message: 'Bad credentials' }
    })
    expect((await call(gh, 'GET', path, undefined, '')).status).toBe(401)
    expect((await call(gh, 'GET', path, undefined, `Bearer ${TOKEN}`)).status).toBe(200)
  })

  it('consumes injected failures in order, only on matching requests', async () => {
    const gh = await start({
      failures: [
        {
          method: 'POST',
          pathIncludes: '/issues/3/comments',
          status: 403,
          message: 'Resource not accessible by integration'
        },
        { pathIncludes: '/issues/3/comments', status: 500, times: 2 }
      ]
    })
    const post = () => call(gh, 'POST', '/repos/acme/docs/issues/3/comments', { body: 'hi' })
    const forbidden = await post()
    expect(forbidden).toMatchObject({ status: 403, json: { message: 'Resource not accessible by integration' } })
    // Not a rate limit: the client must not wait for a reset.
    expect(forbidden.headers.get('x-ratelimit-remaining')).not.toBe('0')
    expect((await call(gh, 'GET', '/repos/acme/docs/issues/3/comments')).status).toBe(500)
    expect((await post()).status).toBe(500)
    expect((await post()).status).toBe(201)
    expect(gh.comments('acme', 'docs', 3).map((c) => c.body)).toEqual(['hi'])
    expect(gh.requests.map((r) => r.method)).toEqual(['POST', 'GET', 'POST', 'POST'])
  })

  it('can carry a request out and still fail it, as a GitHub that errs after acting', async () => {
    const gh = await start({
      failures: [{ method: 'POST', pathIncludes: '/comments', status: 502, afterEffect: true }]
    })
    const post = () => call(gh, 'POST', '/repos/acme/docs/issues/3/comments', { body: 'hi' })
    expect((await post()).status).toBe(502)
    expect((await post()).status).toBe(201)
    expect(gh.comments('acme', 'docs', 3).map((c) => c.body)).toEqual(['hi', 'hi'])
  })

  it('names a short retry-after on an injected rate limit, as GitHub does', async () => {
    const gh = await start({ failures: [{ pathIncludes: '/reactions', status: 429 }] })
    const limited = await call(gh, 'POST', '/repos/acme/docs/issues/1/reactions', { content: 'eyes' })
    expect(limited.status).toBe(429)
    expect(limited.headers.get('retry-after')).toBe('1')
  })

  it('creates comments as the token actor, reads and updates them in place', async () => {
    const gh = await start()
    const created = await call(gh, 'POST', '/repos/acme/docs/issues/4/comments', { body: 'working on it' })
    expect(created.status).toBe(201)
    const comment = created.json as { id: number; html_url: string; user: object }
    expect(comment.user).toMatchObject({ login: 'github-actions[bot]', type: 'Bot' })
    expect(comment.html_url).toBe(`${gh.serverUrl}/acme/docs/issues/4#issuecomment-${comment.id}`)
    const seeded = gh.addComment('acme', 'other', 4, 'elsewhere', { login: 'alice' })
    expect(seeded.id).not.toBe(comment.id)
    expect(seeded.user).toEqual({ login: 'alice', type: 'User' })

    const patched = await call(gh, 'PATCH', `/repos/acme/docs/issues/comments/${comment.id}`, { body: 'done' })
    expect(patched).toMatchObject({ status: 200, json: { id: comment.id, body: 'done' } })
    expect(await call(gh, 'GET', `/repos/acme/docs/issues/comments/${comment.id}`)).toMatchObject({
      status: 200,
      json: { body: 'done' }
    })
    expect(gh.comments('acme', 'docs', 4).map((c) => c.body)).toEqual(['done'])
    expect((await call(gh, 'PATCH', '/repos/acme/docs/issues/comments/999', { body: 'x' })).status).toBe(404)
    // A comment id only exists in its own repository.
    expect((await call(gh, 'GET', `/repos/acme/docs/issues/comments/${seeded.id}`)).status).toBe(404)
  })

  it('refuses a comment body over 65,536 characters, created or edited, as GitHub does', async () => {
    const gh = await start()
    const longest = '😀'.repeat(65_536) // characters, not UTF-16 units
    const created = await call(gh, 'POST', '/repos/acme/docs/issues/4/comments', { body: longest })
    expect(created.status).toBe(201)
    const { id } = created.json as { id: number }
    for (const [method, path] of [
      ['POST', '/repos/acme/docs/issues/4/comments'],
      ['PATCH', `/repos/acme/docs/issues/comments/${id}`]
    ] as const) {
      expect(await call(gh, method, path, { body: `${longest}x` })).toMatchObject({
        status: 422,
        json: { errors: [{ message: 'Body is too long (maximum is 65536 characters)' }] }
      })
    }
    expect(gh.comments('acme', 'docs', 4).map((c) => c.body)).toEqual([longest])
  })

  it('records reactions on issues, issue comments and review comments', async () => {
    const gh = await start()
    const trigger = gh.addComment('acme', 'docs', 5, '/docs add a page', { login: 'alice' })
    const path = `/repos/acme/docs/issues/comments/${trigger.id}/reactions`
    expect((await call(gh, 'POST', path, { content: 'eyes' })).status).toBe(201)
    expect((await call(gh, 'POST', path, { content: 'eyes' })).status).toBe(200)
    const react = async (target: string, content: string) => (await call(gh, 'POST', target, { content })).status
    expect(await react('/repos/acme/docs/issues/5/reactions', 'rocket')).toBe(201)
    expect(await react('/repos/acme/docs/pulls/comments/77/reactions', 'eyes')).toBe(201)
    expect(await react(path, 'party')).toBe(422)
    expect(await react('/repos/acme/docs/issues/comments/999/reactions', 'eyes')).toBe(404)
    expect(gh.reactions).toEqual([
      { subject: 'issue_comment', id: trigger.id, content: 'eyes' },
      { subject: 'issue', id: 5, content: 'rocket' },
      { subject: 'pull_request_review_comment', id: 77, content: 'eyes' }
    ])
  })

  it('serves the GHES layout under /api/v3 and nothing outside it', async () => {
    const gh = await start({ prefix: '/api/v3', permissions: { alice: 'write' } })
    expect(gh.url).toBe(`${gh.serverUrl}/api/v3`)
    expect((await call(gh, 'GET', '/repos/acme/docs/collaborators/alice/permission')).status).toBe(200)
    const outside = await fetch(`${gh.serverUrl}/repos/acme/docs/collaborators/alice/permission`, {
      headers: { authorization: `token ${TOKEN}` }
    })
    expect(outside.status).toBe(404)
    expect(await outside.json()).toEqual({ message: 'Not Found', documentation_url: 'https://docs.github.com/rest' })
    for (const n of [1, 2, 3]) gh.addComment('acme', 'docs', 2, `c${n}`)
    const page = await call(gh, 'GET', '/repos/acme/docs/issues/2/comments?per_page=1')
    const next = parseLinks(page.headers.get('link')).next
    expect(next).toBe(`${gh.url}/repos/acme/docs/issues/2/comments?per_page=1&page=2`)
  })

  it('gives a token only the repositories it reaches, as a fine-grained token on private repositories', async () => {
    const gh = await start({ tokens: { ghs_docs_only: ['acme/site'] }, permissions: { alice: 'write' } })
    const path = (repo: string) => `/repos/acme/${repo}/collaborators/alice/permission`
    expect((await call(gh, 'GET', path('site'), undefined, 'token ghs_docs_only')).status).toBe(200)
    expect((await call(gh, 'GET', path('docs'), undefined, 'token ghs_docs_only')).status).toBe(404)
    expect((await call(gh, 'GET', path('docs'))).status).toBe(200)
    expect((await call(gh, 'GET', path('docs'), undefined, 'token ghs_other')).status).toBe(401)
  })

  it('requests reviewers all or nothing, refusing an outsider and the author with 422 as GitHub does', async () => {
    const gh = await start({
      permissions: { alice: 'write' },
      repositoryPermissions: { 'acme/site': { rita: 'read', olga: 'none' } }
    })
    gh.addPullRequest('acme', 'site', 7, 'docs-agent[bot]')
    const request = (reviewers: unknown) =>
      call(gh, 'POST', '/repos/acme/site/pulls/7/requested_reviewers', { reviewers })
    const refused = await request(['rita', 'alice'])
    expect(refused.status).toBe(422)
    expect(refused.json).toMatchObject({
      message: expect.stringMatching(/^Reviews may only be requested from collaborators\./)
    })
    expect((await request(['olga'])).status).toBe(422)
    expect((await request(['docs-agent[bot]'])).json).toMatchObject({
      message: 'Review cannot be requested from pull request author.'
    })
    expect(gh.requestedReviewers('acme', 'site', 7)).toEqual([])
    const accepted = await request(['rita'])
    expect(accepted.status).toBe(201)
    expect(accepted.json).toMatchObject({ number: 7, requested_reviewers: [{ login: 'rita' }] })
    expect((await request('rita')).status).toBe(422)
    expect(
      (await call(gh, 'POST', '/repos/acme/site/pulls/8/requested_reviewers', { reviewers: ['rita'] })).status
    ).toBe(404)
    const pull = await call(gh, 'GET', '/repos/acme/site/pulls/7')
    expect(pull.json).toMatchObject({ number: 7, user: { login: 'docs-agent[bot]', type: 'Bot' } })
  })

  it('adds labels once each and answers with all the labels of the issue', async () => {
    const gh = await start()
    const add = (labels: unknown) => call(gh, 'POST', '/repos/acme/site/issues/7/labels', { labels })
    expect((await add(['docs'])).status).toBe(200)
    const both = await add(['docs', 'agent'])
    expect((both.json as { name: string }[]).map((label) => label.name)).toEqual(['docs', 'agent'])
    expect((await add('docs')).status).toBe(422)
    expect(gh.labels('acme', 'site', 7)).toEqual(['docs', 'agent'])
  })

  it("lists a review's comments on lines page by page, and nothing for a review of another pull request", async () => {
    const gh = await start()
    const review = gh.addReview('acme', 'site', 7, {
      body: '/docs tighten',
      user: { login: 'rita' },
      comments: [
        { path: 'a.mdx', body: 'one', diff_hunk: '@@ -1 +1 @@\n+a', line: 3 },
        { path: 'b.mdx', body: 'two', diff_hunk: '@@ -1 +1 @@\n+b', line: null }
      ]
    })
    const first = await call(gh, 'GET', `/repos/acme/site/pulls/7/reviews/${review.id}/comments?per_page=1`)
    expect(first.json).toEqual([
      expect.objectContaining({
        id: review.commentIds[0],
        path: 'a.mdx',
        line: 3,
        side: 'RIGHT',
        user: expect.objectContaining({ login: 'rita' })
      })
    ])
    const next = parseLinks(first.headers.get('link')).next ?? ''
    const second = await fetch(next, { headers: { authorization: `token ${TOKEN}` } })
    expect(await second.json()).toEqual([expect.objectContaining({ path: 'b.mdx', line: null, original_line: 1 })])
    expect((await call(gh, 'GET', `/repos/acme/site/pulls/8/reviews/${review.id}/comments`)).status).toBe(404)
  })
})

describe('fake GitHub labels', () => {
  const LABEL = 'docs-agent: working'
  const PATH_LABEL = encodeURIComponent(LABEL)

  it('creates a label once, answering 422 already_exists to a second create in any case', async () => {
    const gh = await start()
    const created = await call(gh, 'POST', '/repos/acme/docs/labels', {
      name: LABEL,
      color: 'fbca04',
      description: 'why'
    })
    expect(created.status).toBe(201)
    expect(created.json).toMatchObject({ name: LABEL, color: 'fbca04', description: 'why', default: false })
    expect((created.json as { url: string }).url).toBe(`${gh.url}/repos/acme/docs/labels/${PATH_LABEL}`)
    const again = await call(gh, 'POST', '/repos/acme/docs/labels', { name: LABEL.toUpperCase() })
    expect(again).toMatchObject({
      status: 422,
      json: { message: 'Validation Failed', errors: [{ resource: 'Label', code: 'already_exists', field: 'name' }] }
    })
    expect((await call(gh, 'POST', '/repos/acme/docs/labels', { name: 'x', color: '#fff' })).status).toBe(422)
    expect(gh.repositoryLabels('acme', 'docs')).toEqual([{ name: LABEL, color: 'fbca04', description: 'why' }])
  })

  it('adds labels to an issue, making a missing one with the default colour, and removes them by name', async () => {
    const gh = await start()
    const added = await call(gh, 'POST', '/repos/acme/docs/issues/42/labels', { labels: [LABEL, 'docs'] })
    expect(added.status).toBe(200)
    expect((added.json as { name: string }[]).map((label) => label.name)).toEqual([LABEL, 'docs'])
    expect(gh.repositoryLabels('acme', 'docs')).toContainEqual({ name: 'docs', color: 'ededed', description: null })
    expect(gh.labels('acme', 'docs', 42)).toEqual([LABEL, 'docs'])
    const removed = await call(gh, 'DELETE', `/repos/acme/docs/issues/42/labels/${PATH_LABEL}`)
    expect(removed.status).toBe(200)
    expect((removed.json as { name: string }[]).map((label) => label.name)).toEqual(['docs'])
    expect(await call(gh, 'DELETE', `/repos/acme/docs/issues/42/labels/${PATH_LABEL}`)).toMatchObject({
      status: 404,
      json: { message: 'Label does not exist' }
    })
    expect((await call(gh, 'POST', '/repos/acme/docs/issues/42/labels', { labels: 'docs' })).status).toBe(422)
  })

  it('lists issues and pull requests by label: open only by default, all states, oldest or newest first, page by page', async () => {
    const gh = await start({ perPage: 2 })
    gh.addIssue('acme', 'docs', 9, { createdAt: '2020-01-01T00:00:00Z', state: 'closed' })
    gh.addIssue('acme', 'docs', 3, { pullRequest: true })
    for (const issue of [3, 5, 9, 12]) gh.label('acme', 'docs', issue, LABEL)
    gh.label('acme', 'docs', 7, 'other')
    gh.label('acme', 'other-repo', 1, LABEL)
    const numbers = (json: unknown) => (json as { number: number }[]).map((issue) => issue.number)

    const open = await call(gh, 'GET', `/repos/acme/docs/issues?labels=${PATH_LABEL}`)
    expect(numbers(open.json)).toEqual([12, 5])
    const first = await call(
      gh,
      'GET',
      `/repos/acme/docs/issues?labels=${PATH_LABEL}&state=all&sort=created&direction=asc`
    )
    expect(numbers(first.json)).toEqual([9, 3])
    const next = parseLinks(first.headers.get('link')).next as string
    const second = await fetch(next, { headers: { authorization: `token ${TOKEN}` } })
    expect(numbers(await second.json())).toEqual([5, 12])

    const [closed, pull] = first.json as Record<string, unknown>[]
    expect(closed).toMatchObject({ number: 9, state: 'closed', html_url: `${gh.serverUrl}/acme/docs/issues/9` })
    expect(closed).not.toHaveProperty('pull_request')
    expect(pull).toMatchObject({
      number: 3,
      html_url: `${gh.serverUrl}/acme/docs/pull/3`,
      labels: [expect.objectContaining({ name: LABEL })],
      pull_request: { url: `${gh.url}/repos/acme/docs/pulls/3` }
    })
    expect((await call(gh, 'GET', '/repos/acme/docs/issues?state=any')).status).toBe(422)
  })

  it('orders by the last update when asked, as a new comment or a label moves a thread, and counts comments', async () => {
    const gh = await start()
    for (const issue of [3, 5, 9]) gh.label('acme', 'docs', issue, LABEL)
    gh.addComment('acme', 'docs', 3, 'Any news?', { login: 'someone' })
    gh.addIssue('acme', 'docs', 9, { updatedAt: '2021-06-01T00:00:00Z' })
    const listed = await call(gh, 'GET', `/repos/acme/docs/issues?labels=${PATH_LABEL}&sort=updated&direction=desc`)
    const issues = listed.json as { number: number; comments: number; updated_at: string }[]
    expect(issues.map(({ number, comments }) => [number, comments])).toEqual([
      [3, 1],
      [5, 0],
      [9, 0]
    ])
    expect(issues[2]!.updated_at).toBe('2021-06-01T00:00:00Z')
    gh.label('acme', 'docs', 9, 'other')
    const after = await call(gh, 'GET', `/repos/acme/docs/issues?labels=${PATH_LABEL}&sort=updated&direction=desc`)
    expect((after.json as { number: number }[]).map((issue) => issue.number)).toEqual([9, 3, 5])
  })
})

describe("the token's permissions", () => {
  it('lets through what the permissions block grants, issues apart from pull requests, and refuses the rest as GitHub does', async () => {
    const github = await start({ tokenPermissions: { contents: 'read', issues: 'write', 'pull-requests': 'read' } })
    github.addPullRequest('acme', 'docs', 7, 'docs-agent[bot]')
    const onPullRequest = github.addComment('acme', 'docs', 7, 'on the pull request')
    const refused = {
      status: 403,
      json: expect.objectContaining({ message: 'Resource not accessible by integration' })
    }
    expect(await call(github, 'POST', '/repos/acme/docs/issues/42/comments', { body: 'x' })).toMatchObject({
      status: 201
    })
    expect(await call(github, 'GET', '/repos/acme/docs/issues/7/comments')).toMatchObject({ status: 200 })
    expect(await call(github, 'POST', '/repos/acme/docs/issues/7/comments', { body: 'x' })).toMatchObject(refused)
    expect(
      await call(github, 'PATCH', `/repos/acme/docs/issues/comments/${onPullRequest.id}`, { body: 'y' })
    ).toMatchObject(refused)
    // Metadata is always readable; a scope left out of the block is none.
    expect(await call(github, 'GET', '/repos/acme/docs')).toMatchObject({ status: 200 })
    await github.close()
    const none = await start({ tokenPermissions: { contents: 'read' } })
    expect(await call(none, 'GET', '/repos/acme/docs/issues/42/comments')).toMatchObject(refused)
  })
})
