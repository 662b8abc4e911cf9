// A digest's GitHub calls against the local fake of GitHub, which checks every request and answer
// against GitHub's OpenAPI description when it closes.
import { afterEach, describe, expect, it } from '@jest/globals'
import type { FakeGitHub, FakeGitHubOptions } from '../test/harness/fake-github.js'
import { connectToFake, type FakeConnection } from './support/fake-connection.js'

let connection: FakeConnection | undefined

afterEach(async () => {
  await connection?.close()
  connection = undefined
})

async function connect(options: FakeGitHubOptions = {}): Promise<FakeConnection> {
  connection = await connectToFake(options)
  return connection
}

/** A call's limits, on the connection's clock. */
const limits = () => connection!.api.limits()
const merged = (github: FakeGitHub, number: number, mergedAt: string, base = 'main') =>
  github.changes.addPullRequest('acme', 'docs', { number, title: `Change ${number}`, mergedAt, base, changes: [] })

describe('digest reads', () => {
  it("reads the repository's default branch and a branch's head commit with its committer date", async () => {
    const { api, github } = await connect()
    await expect(api.getDefaultBranch(limits())).resolves.toBe('main')
    merged(github, 61, '2025-03-01T10:00:00Z')
    const head = await api.getCommit('main', limits())
    expect(head.committedAt).toBe(Date.parse('2025-03-01T10:00:00Z'))
    expect(head.parents).toHaveLength(1)
  })

  it('compares two commits page by page, oldest first, and maps each commit to the pull request that merged it', async () => {
    const { api, github } = await connect({ perPage: 2 })
    merged(github, 61, '2025-03-01T10:00:00Z')
    const start = (await api.getCommit('main', limits())).sha
    merged(github, 62, '2025-03-02T10:00:00Z')
    merged(github, 63, '2025-03-03T10:00:00Z')
    const head = (await api.getCommit('main', limits())).sha
    const compared = await api.compareCommits(start, head, limits(), 10)
    expect(compared?.complete).toBe(true)
    // Each merge is two commits: the pull request's own and the merge.
    expect(compared?.commits).toHaveLength(4)
    expect(compared?.commits.at(-1)?.sha).toBe(head)
    const pulls = await api.pullsOfCommit(head, limits())
    expect(pulls.map((pull) => [pull.number, pull.base, pull.mergedAt])).toEqual([
      [63, 'main', Date.parse('2025-03-03T10:00:00Z')]
    ])
    // Cut short at one page of two.
    await expect(api.compareCommits(start, head, limits(), 1)).resolves.toMatchObject({ complete: false })
  })

  it("reads who opened each pull request of a commit, with GitHub's type for a bot", async () => {
    const { api, github } = await connect()
    const byAuthor = (number: number, author: string) =>
      github.changes.addPullRequest('acme', 'docs', { number, title: `Bump ${number}`, author, changes: [] })
    byAuthor(61, 'dependabot[bot]')
    const bump = (await api.getCommit('main', limits())).sha
    byAuthor(62, 'dev-dan')
    const change = (await api.getCommit('main', limits())).sha
    const [bot] = await api.pullsOfCommit(bump, limits())
    const [person] = await api.pullsOfCommit(change, limits())
    expect(bot?.authorAccount).toEqual({ login: 'dependabot[bot]', type: 'Bot' })
    expect(person?.authorAccount).toEqual({ login: 'dev-dan', type: 'User' })
  })

  it('answers undefined for a start GitHub does not know', async () => {
    const { api, github } = await connect()
    merged(github, 61, '2025-03-01T10:00:00Z')
    await expect(api.compareCommits('f'.repeat(40), 'main', limits(), 10)).resolves.toBeUndefined()
  })

  it('lists the commits reachable from a head since an instant, newest first', async () => {
    const { api, github } = await connect()
    merged(github, 61, '2025-03-01T10:00:00Z')
    merged(github, 62, '2025-03-05T10:00:00Z')
    const { commits, complete } = await api.listCommitsSince('main', Date.parse('2025-03-04T00:00:00Z'), limits(), 10)
    expect(complete).toBe(true)
    expect(commits.map((commit) => commit.committedAt)).toEqual([
      Date.parse('2025-03-05T10:00:00Z'),
      Date.parse('2025-03-05T10:00:00Z')
    ])
  })

  it('lists the labelled issues, open ones first, with their text, and edits one', async () => {
    const { api, github } = await connect()
    github.addIssue('acme', 'docs', 5, { state: 'closed', body: 'closed one' })
    github.addIssue('acme', 'docs', 9, { body: 'open one' })
    for (const number of [5, 9]) github.label('acme', 'docs', number, 'docs-agent: digest')
    await expect(api.listLabelledIssues('docs-agent: digest', limits())).resolves.toEqual([
      { number: 9, body: 'open one' },
      { number: 5, body: 'closed one' }
    ])
    const opened = await api.openIssue({ title: 'Docs digests', body: 'text', label: 'docs-agent: digest' }, limits())
    await api.editIssueBody(opened, 'signed text', limits())
    const listed = await api.listLabelledIssues('docs-agent: digest', limits())
    expect(listed.find((issue) => issue.number === opened)?.body).toBe('signed text')
  })
})
