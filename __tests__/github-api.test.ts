// The GitHub client against the local fake of GitHub, with waits between tries in virtual time.
import { afterEach, describe, expect, it } from '@jest/globals'
import { VirtualClock } from '../src/base/clock.js'
import {
  CALL_BUDGET_MS,
  callLimits,
  commentsRead,
  connectGitHub,
  GitHubCallError,
  httpStatusOf,
  type GitHubApi
} from '../src/github/api.js'
import { Transport } from '../src/http/transport.js'
import { type FakeGitHub, type FakeGitHubOptions, startFakeGitHub } from '../test/harness/fake-github.js'

let fake: FakeGitHub | undefined
const transports: Transport[] = []

afterEach(async () => {
  for (const transport of transports.splice(0)) transport.close()
  await fake?.close()
  fake = undefined
})

interface Connected {
  api: GitHubApi
  github: FakeGitHub
  clock: VirtualClock
  cancel: AbortController
  retries: string[]
}

async function connect(options: FakeGitHubOptions = {}, cancel = new AbortController()): Promise<Connected> {
  const github = await startFakeGitHub(options)
  fake = github
  const clock = new VirtualClock(Date.now())
  const retries: string[] = []
  const transport = new Transport()
  transports.push(transport)
  const api = connectGitHub({
    token: 'ghs_fake_token',
    apiUrl: github.url,
    owner: 'acme',
    repo: 'docs',
    clock,
    cancel: cancel.signal,
    onRetry: (message) => retries.push(message),
    transport
  })
  return { api, github, clock, cancel, retries }
}

const calls = (github: FakeGitHub) =>
  github.requests.map((request) => `${request.method} ${request.path.split('?')[0]}`)
const failure = (call: Promise<unknown>): Promise<unknown> =>
  call.then(
    () => {
      throw new Error('the call succeeded')
    },
    (error: unknown) => error
  )

describe('GitHub calls', () => {
  it('tries an edit that GitHub answers 500 to only while the call has time, then gives up', async () => {
    const { api, github, clock, retries } = await connect({
      failures: [{ method: 'PATCH', pathIncludes: '/issues/comments/', status: 500, times: 99 }]
    })
    const comment = github.addComment('acme', 'docs', 42, 'working')
    const started = clock.now()
    const error = await failure(api.updateComment(comment.id, 'done', api.limits()))
    expect(error).toBeInstanceOf(GitHubCallError)
    expect(error).toMatchObject({
      status: 500,
      message: expect.stringMatching(/^GitHub answered 500 \(Internal Server Error.*\) \(4 tries\)$/)
    })
    expect(clock.now() - started).toBeLessThan(CALL_BUDGET_MS)
    expect(retries).toHaveLength(3)
    expect(retries[0]).toMatch(/^GitHub comment edit: GitHub answered 500 .*; trying again in 1s\.$/)
    expect(calls(github)).toEqual(Array(4).fill(`PATCH /repos/acme/docs/issues/comments/${comment.id}`))
  })

  it('sends a comment create once when GitHub answers 5xx, saying the comment may exist', async () => {
    const { api, github } = await connect({
      failures: [{ method: 'POST', pathIncludes: '/issues/42/comments', status: 502, afterEffect: true }]
    })
    const error = await failure(api.createComment(42, 'working', api.limits()))
    expect(error).toMatchObject({ status: 502, mayHaveActed: true })
    expect(calls(github)).toEqual(['POST /repos/acme/docs/issues/42/comments'])
    expect(github.comments('acme', 'docs', 42)).toHaveLength(1)
  })

  it('creates again after a rate limit, having waited what GitHub asked', async () => {
    const { api, github, clock } = await connect({
      failures: [{ method: 'POST', pathIncludes: '/comments', status: 429 }]
    })
    const started = clock.now()
    const comment = await api.createComment(42, 'working', api.limits())
    expect(comment.body).toBe('working')
    expect(clock.now() - started).toBe(1000)
    expect(github.comments('acme', 'docs', 42).map((c) => c.body)).toEqual(['working'])
  })

  it('reads every page of a long thread, the first and then from the last back, trying a failed page again', async () => {
    const { api, github } = await connect({
      prefix: '/api/v3',
      perPage: 2,
      failures: [{ method: 'GET', pathIncludes: 'page=2', status: 500 }]
    })
    for (const n of [1, 2, 3, 4, 5, 6, 7]) github.addComment('acme', 'docs', 9, `c${n}`)
    const pages = await api.listComments(9, api.limits())
    expect(pages.complete).toBe(true)
    expect(commentsRead(pages).map((c) => c.body)).toEqual(['c1', 'c2', 'c3', 'c4', 'c5', 'c6', 'c7'])
    expect(github.requests.map((r) => r.path.replace(/^.*\?/, ''))).toEqual([
      'per_page=100',
      'per_page=100&page=4',
      'per_page=100&page=3',
      'per_page=100&page=2',
      'per_page=100&page=2'
    ])
  })

  it('reads a flooded thread from its newest comments back, only as far as the reader needs or may', async () => {
    const { api, github } = await connect({ perPage: 10 })
    github.addComment('acme', 'docs', 9, 'the first comment')
    for (let n = 2; n <= 300; n++) github.addComment('acme', 'docs', 9, n === 285 ? 'wanted' : `chatter ${n}`)
    const pages = await api.listComments(9, api.limits(), {
      enough: ({ newest }) => newest.some((comment) => comment.body === 'wanted')
    })
    expect(pages.complete).toBe(false)
    expect(pages.first[0]?.body).toBe('the first comment')
    expect(pages.newest.map((comment) => comment.body)).toEqual(
      Array.from({ length: 20 }, (_, i) => (i + 281 === 285 ? 'wanted' : `chatter ${i + 281}`))
    )
    expect(github.requests.map((r) => r.path.replace(/^.*\?/, ''))).toEqual([
      'per_page=100',
      'per_page=100&page=30',
      'per_page=100&page=29'
    ])
    const bounded = await api.listComments(9, api.limits(), { maxPages: 10 })
    expect(bounded.complete).toBe(false)
    expect(commentsRead(bounded)).toHaveLength(100)
    expect(commentsRead(bounded).at(-1)?.body).toBe('chatter 300')
    const all = await api.listComments(9, api.limits())
    expect(all.complete).toBe(true)
    expect(commentsRead(all)).toHaveLength(300)
  })

  it('reads each comment once when a page boundary moves while it reads', async () => {
    const { api, github } = await connect({
      perPage: 2,
      // The first comment is deleted after the last page was read: the page before it then starts one later.
      onRequest: (request) => {
        if (request.path.endsWith('page=2')) github.deleteComment(first.id)
      }
    })
    const first = github.addComment('acme', 'docs', 9, 'c1')
    for (const n of [2, 3, 4, 5]) github.addComment('acme', 'docs', 9, `c${n}`)
    const pages = await api.listComments(9, api.limits())
    expect(pages.newest.map((c) => c.body)).toEqual(['c4', 'c5', 'c5'])
    expect(commentsRead(pages).map((c) => c.body)).toEqual(['c1', 'c2', 'c4', 'c5'])
  })

  it('stops a listing whose later page never answers when the call runs out of time', async () => {
    let held = (): void => {}
    const { api, github, clock } = await connect({
      perPage: 2,
      failures: [{ method: 'GET', pathIncludes: 'page=2', status: 0, hang: true }],
      // The clock passes the call's limit only while the page is held: nothing else ends the call.
      onRequest: (request) => request.path.includes('page=2') && held()
    })
    held = () => clock.advance(300)
    for (const n of [1, 2, 3]) github.addComment('acme', 'docs', 9, `c${n}`)
    const error = await failure(api.listComments(9, callLimits(clock, 300)))
    expect(error).toMatchObject({ message: 'the comment listing did not finish within its time limit of 300ms' })
    expect(calls(github)).toHaveLength(2)
  })

  it('stops a call in flight at once when the run is cancelled, and says the create may have landed', async () => {
    const cancel = new AbortController()
    const { api } = await connect(
      {
        failures: [{ method: 'POST', pathIncludes: '/issues/42/comments', status: 0, hang: true }],
        onRequest: () => cancel.abort()
      },
      cancel
    )
    const error = await failure(api.createComment(42, 'working', api.limits()))
    expect(error).toMatchObject({
      message: 'the comment create was stopped: the workflow was cancelled',
      mayHaveActed: true
    })
  })

  it('gives the last edit of a cancelled run a time of its own', async () => {
    const { api, github, cancel } = await connect()
    const comment = github.addComment('acme', 'docs', 42, 'working')
    cancel.abort()
    await expect(api.updateComment(comment.id, 'stopped', api.limits())).rejects.toThrow(/cancelled/)
    expect((await api.updateComment(comment.id, 'stopped', api.lastEditLimits())).body).toBe('stopped')
  })

  it('tells a person who is not a collaborator (404) from a failed check', async () => {
    const { api } = await connect({
      permissions: { alice: 'write' },
      failures: [{ pathIncludes: '/collaborators/carol/', status: 503, times: 99 }]
    })
    expect(await api.permissionOf('alice', api.limits())).toBe('write')
    expect(await api.permissionOf('bob', api.limits())).toBeUndefined()
    await expect(api.permissionOf('carol', api.limits())).rejects.toMatchObject({ status: 503 })
  })
})

describe('GitHub labels', () => {
  const LABEL = 'docs-agent: working'

  it('puts a label on a thread and takes it off, and takes a label that is not there as off', async () => {
    const { api, github } = await connect()
    await api.addLabels(42, [LABEL], api.limits())
    expect(github.labels('acme', 'docs', 42)).toEqual([LABEL])
    await api.removeLabel(42, LABEL, api.limits())
    await api.removeLabel(42, LABEL, api.limits())
    expect(github.labels('acme', 'docs', 42)).toEqual([])
    expect(calls(github)).toEqual([
      'POST /repos/acme/docs/issues/42/labels',
      'DELETE /repos/acme/docs/issues/42/labels/docs-agent%3A%20working',
      'DELETE /repos/acme/docs/issues/42/labels/docs-agent%3A%20working'
    ])
  })

  it('never sends a label named "." or "..", which the URL would read as another place', async () => {
    const { api, github } = await connect()
    github.label('acme', 'docs', 42, 'docs')
    for (const name of ['.', '..']) {
      await expect(api.removeLabel(42, name, api.limits())).rejects.toThrow(
        `${JSON.stringify(name)} cannot be named in a URL path`
      )
    }
    expect(calls(github)).toEqual([])
    expect(github.labels('acme', 'docs', 42)).toEqual(['docs'])
  })

  it('lists the labelled threads of every state, the last updated first, with their comment counts, a page at a time', async () => {
    const { api, github } = await connect({ perPage: 2 })
    github.addIssue('acme', 'docs', 9, { createdAt: '2020-01-01T00:00:00Z', state: 'closed' })
    github.addIssue('acme', 'docs', 3, { pullRequest: true })
    for (const issue of [12, 3, 5, 9, 20]) github.label('acme', 'docs', issue, LABEL)
    github.label('acme', 'docs', 4, 'other')
    // A comment updates its thread: 12, labelled first, moves to the front.
    github.addComment('acme', 'docs', 12, 'Any news?', { login: 'someone' })
    const first = await api.listLabelledThreads(LABEL, api.limits())
    const all = [first]
    for (let next = first.next; next !== undefined; next = all.at(-1)!.next) {
      all.push(await api.listLabelledThreads(LABEL, api.limits(), next))
    }
    expect(all.flatMap((page) => page.threads)).toEqual(
      [12, 20, 9, 5, 3].map((number) => ({
        number,
        htmlUrl: `${github.serverUrl}/acme/docs/${number === 3 ? 'pull' : 'issues'}/${number}`,
        comments: number === 12 ? 1 : 0
      }))
    )
    expect(all.map((page) => page.threads.length)).toEqual([2, 2, 1])
    expect(all.at(-1)!.next).toBeUndefined()
    expect(github.requests[0]?.path).toBe(
      '/repos/acme/docs/issues?labels=docs-agent%3A%20working&state=all&sort=updated&direction=desc&per_page=100'
    )
    expect(github.requests).toHaveLength(3)
  })
})

describe('workflow switches', () => {
  const FILE = 'docs-reconcile.yml'

  it('disables and enables a workflow by its file name, and enabling twice changes nothing', async () => {
    const { api, github } = await connect()
    github.workflows.addWorkflow('acme', 'docs', FILE)
    await api.switchWorkflow(FILE, false, api.limits())
    expect(github.workflows.workflowState('acme', 'docs', FILE)).toBe('disabled_manually')
    await api.switchWorkflow(FILE, true, api.limits())
    await api.switchWorkflow(FILE, true, api.limits())
    expect(github.workflows.workflowState('acme', 'docs', FILE)).toBe('active')
    expect(calls(github)).toEqual([
      `PUT /repos/acme/docs/actions/workflows/${FILE}/disable`,
      `PUT /repos/acme/docs/actions/workflows/${FILE}/enable`,
      `PUT /repos/acme/docs/actions/workflows/${FILE}/enable`
    ])
  })

  it("fails with GitHub's 403 for a token without actions: write, without retrying", async () => {
    const { api, github } = await connect({ actionsReadOnly: ['ghs_fake_token'] })
    github.workflows.addWorkflow('acme', 'docs', FILE, 'disabled_manually')
    expect(httpStatusOf(await failure(api.switchWorkflow(FILE, true, api.limits())))).toBe(403)
    expect(github.workflows.workflowState('acme', 'docs', FILE)).toBe('disabled_manually')
    expect(github.requests).toHaveLength(1)
  })

  it("fails with GitHub's 404 for a file the repository lacks, without retrying", async () => {
    const { api, github } = await connect()
    github.workflows.addWorkflow('acme', 'docs', FILE)
    expect(httpStatusOf(await failure(api.switchWorkflow('docs-other.yml', false, api.limits())))).toBe(404)
    expect(github.workflows.workflowState('acme', 'docs', FILE)).toBe('active')
    expect(github.requests).toHaveLength(1)
  })
})

describe("calls on the agent's pull request", () => {
  it('reads the author, asks for reviews, adds labels and lists the comments of a review as GitHub answers', async () => {
    const { api, github, retries } = await connect({ permissions: { rita: 'read' }, perPage: 1 })
    github.addPullRequest('acme', 'docs', 7, 'docs-agent[bot]')
    const review = github.addReview('acme', 'docs', 7, {
      body: '/docs',
      user: { login: 'rita' },
      comments: [
        { path: 'a.mdx', body: 'shorter', diff_hunk: '@@ -1 +1,2 @@\n+a', line: 2, start_line: 1 },
        { path: 'b.mdx', body: 'gone', diff_hunk: '@@ -1 +1 @@\n-b', line: null, side: 'LEFT' }
      ]
    })
    expect((await api.getPullRequest(7, api.limits())).author).toBe('docs-agent[bot]')
    await api.requestReviewers(7, ['rita'], api.limits())
    await api.addLabels(7, ['docs', 'agent'], api.limits())
    expect(await api.listReviewComments(7, review.id, api.limits())).toEqual([
      {
        path: 'a.mdx',
        line: 2,
        startLine: 1,
        side: 'RIGHT',
        outdated: false,
        diffHunk: '@@ -1 +1,2 @@\n+a',
        body: 'shorter'
      },
      { path: 'b.mdx', line: 1, side: 'LEFT', outdated: true, diffHunk: '@@ -1 +1 @@\n-b', body: 'gone' }
    ])
    expect(github.requestedReviewers('acme', 'docs', 7)).toEqual(['rita'])
    expect(github.labels('acme', 'docs', 7)).toEqual(['docs', 'agent'])
    expect(calls(github)).toEqual([
      'GET /repos/acme/docs/pulls/7',
      'POST /repos/acme/docs/pulls/7/requested_reviewers',
      'POST /repos/acme/docs/issues/7/labels',
      `GET /repos/acme/docs/pulls/7/reviews/${review.id}/comments`,
      `GET /repos/acme/docs/pulls/7/reviews/${review.id}/comments`
    ])
    expect(retries).toEqual([])
  })

  it('gives up at once on a review that GitHub refuses with 422, saying why', async () => {
    const { api, github } = await connect()
    github.addPullRequest('acme', 'docs', 7, 'docs-agent[bot]')
    const error = await failure(api.requestReviewers(7, ['olga'], api.limits()))
    expect(error).toMatchObject({
      status: 422,
      message: expect.stringMatching(/^GitHub answered 422 \(Reviews may only/)
    })
    expect(calls(github)).toEqual(['POST /repos/acme/docs/pulls/7/requested_reviewers'])
  })
})
