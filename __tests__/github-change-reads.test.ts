// The change reads of the GitHub client (pull requests, files, diffs, comparisons, issues,
// releases) against the local fake, which serves them as api.github.com does.
import { afterEach, describe, expect, it } from '@jest/globals'
import { GitHubCallError } from '../src/github/api.js'
import { type FileChange, unifiedDiff } from '../test/harness/changes.js'
import type { FakeGitHub } from '../test/harness/fake-github.js'
import { connectToFake, type FakeConnection } from './support/fake-connection.js'
import { filesOf, MERGED_PULL } from './support/context-fixture.js'
import { MERGED_CHANGES, seedMergedPull } from '../test/harness/merged-pull.js'

let connection: FakeConnection | undefined

afterEach(async () => {
  await connection?.close()
  connection = undefined
})

async function connect(): Promise<FakeConnection> {
  connection = await connectToFake()
  return connection
}

/** A call's limits, on the connection's clock. */
const limits = () => connection!.api.limits()
const paths = (github: FakeGitHub) => github.requests.map((request) => `${request.method} ${request.path}`)
const manyFiles = (count: number): FileChange[] =>
  Array.from({ length: count }, (_, i) => ({ path: `src/file-${String(i).padStart(3, '0')}.ts`, added: ['x'] }))

describe('reading a pull request', () => {
  it('reads it, and as an issue learns that it is one', async () => {
    const { api, github } = await connect()
    seedMergedPull(github)
    const pull = await api.getPullRequest(61, limits())
    expect(pull).toEqual({
      ...MERGED_PULL,
      htmlUrl: `${github.serverUrl}/acme/docs/pull/61`,
      mergeCommit: expect.stringMatching(/^[0-9a-f]{40}$/),
      headSha: expect.stringMatching(/^[0-9a-f]{40}$/)
    })
    expect(await api.getIssue(61, limits())).toMatchObject({ number: 61, isPullRequest: true, author: 'dev-dan' })
  })

  it('lists its files over every page GitHub gives, 100 at a time', async () => {
    const { api, github } = await connect()
    seedMergedPull(github, manyFiles(250))
    const files = await api.listPullRequestFiles(61, limits())
    expect(files).toEqual(filesOf(manyFiles(250)))
    expect(paths(github)).toEqual([
      'GET /repos/acme/docs/pulls/61/files?per_page=100',
      'GET /repos/acme/docs/pulls/61/files?per_page=100&page=2',
      'GET /repos/acme/docs/pulls/61/files?per_page=100&page=3'
    ])
  })

  it('reads its diff in the diff media type', async () => {
    const { api, github } = await connect()
    seedMergedPull(github)
    expect(await api.getPullRequestDiff(61, limits())).toBe(unifiedDiff(MERGED_CHANGES))
    expect(github.requests[0]?.headers.accept).toBe('application/vnd.github.diff')
  })

  it("fails at once on GitHub's 406 for a diff past 300 files, with GitHub's words", async () => {
    const { api, github } = await connect()
    seedMergedPull(github, manyFiles(301))
    const error = await api.getPullRequestDiff(61, limits()).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(GitHubCallError)
    expect((error as GitHubCallError).message).toBe(
      "GitHub answered 406 (Sorry, the diff exceeded the maximum number of files (300). Consider using 'List pull requests files' API or locally cloning the repository instead.: diff too_large)"
    )
    expect(github.requests).toHaveLength(1)
  })

  it('reads an issue whose author was deleted (user: null) or that comes without a body', async () => {
    const { api, github } = await connect()
    github.changes.addIssue('acme', 'docs', { number: 12, title: 'Old bug', body: 'Still there.', author: null })
    github.changes.addIssue('acme', 'docs', { number: 13, title: 'Terse bug', withoutBody: true })
    expect(await api.getIssue(12, limits())).toMatchObject({ number: 12, author: undefined, body: 'Still there.' })
    expect(await api.getIssue(13, limits())).toMatchObject({ number: 13, author: 'writer-wendy', body: '' })
  })

  it('answers 404 for a number that is no issue', async () => {
    const { api } = await connect()
    await expect(api.getIssue(404, limits())).rejects.toMatchObject({ status: 404 })
  })
})

describe('reading a comparison and releases', () => {
  it('reads the files and the diff of base...head', async () => {
    const { api, github } = await connect()
    github.changes.addComparison('acme', 'docs', { base: 'v1.1.0', head: 'v1.2.0' }, MERGED_CHANGES, [
      { message: 'Rename the retries option' }
    ])
    expect(await api.listComparedFiles('v1.1.0', 'v1.2.0', limits())).toEqual(filesOf(MERGED_CHANGES))
    expect(await api.getComparisonDiff('v1.1.0', 'v1.2.0', limits())).toBe(unifiedDiff(MERGED_CHANGES))
    expect(paths(github)).toEqual([
      'GET /repos/acme/docs/compare/v1.1.0...v1.2.0?per_page=1',
      'GET /repos/acme/docs/compare/v1.1.0...v1.2.0'
    ])
  })

  it('lists the newest releases first', async () => {
    const { api, github } = await connect()
    github.changes.addRelease('acme', 'docs', { tag: 'v1.1.0', publishedAt: '2025-05-01T00:00:00Z' })
    github.changes.addRelease('acme', 'docs', { tag: 'v1.2.0-draft', draft: true })
    github.changes.addRelease('acme', 'docs', { tag: 'v1.2.0', body: 'Notes', publishedAt: '2025-06-01T00:00:00Z' })
    const releases = await api.listReleases(limits())
    expect(releases.map((release) => [release.tag, release.draft, release.publishedAt])).toEqual([
      ['v1.2.0', false, '2025-06-01T00:00:00Z'],
      ['v1.2.0-draft', true, undefined],
      ['v1.1.0', false, '2025-05-01T00:00:00Z']
    ])
  })
})

describe('the fake, as api.github.com', () => {
  it('serves a diff as text in the media type asked for, with the media type header', async () => {
    const { github } = await connect()
    seedMergedPull(github)
    const response = await fetch(`${github.url}/repos/acme/docs/pulls/61`, {
      headers: { authorization: 'Bearer ghs_fake_token', accept: 'application/vnd.github.v3.diff' }
    })
    expect(response.headers.get('content-type')).toBe('application/vnd.github.v3.diff; charset=utf-8')
    expect(response.headers.get('x-github-media-type')).toBe('github.v3; param=diff')
    expect(await response.text()).toBe(unifiedDiff(MERGED_CHANGES))
  })

  it('lists 30 files a page unless asked for more', async () => {
    const { github } = await connect()
    seedMergedPull(github, manyFiles(45))
    const response = await fetch(`${github.url}/repos/acme/docs/pulls/61/files`, {
      headers: { authorization: 'Bearer ghs_fake_token' }
    })
    expect(((await response.json()) as unknown[]).length).toBe(30)
    expect(response.headers.get('link')).toContain('rel="next"')
  })
})
