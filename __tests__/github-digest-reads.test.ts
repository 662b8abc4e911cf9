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

async function connect(perPage?: number, options: FakeGitHubOptions = {}): Promise<FakeConnection> {
  connection = await connectToFake({ ...options, ...(perPage === undefined ? {} : { perPage }) })
  return connection
}

/** A call's limits, on the connection's clock. */
const limits = () => connection!.api.limits()
const merged = (github: FakeGitHub, number: number, mergedAt: string, base = 'main') =>
  github.changes.addPullRequest('acme', 'docs', { number, title: `Change ${number}`, mergedAt, base, changes: [] })

describe('digest reads', () => {
  it("reads the repository's default branch", async () => {
    const { api } = await connect()
    await expect(api.getDefaultBranch(limits())).resolves.toBe('main')
  })

  it('lists the closed pull requests into a branch, last updated first, with merge times and labels', async () => {
    const { api, github } = await connect()
    merged(github, 61, '2025-03-01T10:00:00Z')
    merged(github, 62, '2025-03-02T10:00:00Z')
    merged(github, 63, '2025-03-03T10:00:00Z', 'release')
    github.changes.addPullRequest('acme', 'docs', {
      number: 64,
      title: 'Closed',
      merged: false,
      state: 'closed',
      changes: []
    })
    github.label('acme', 'docs', 62, 'docs: none')
    const { pulls, complete } = await api.listClosedPulls('main', limits(), { maxPages: 10, enough: () => false })
    expect(complete).toBe(true)
    expect(pulls.map((pull) => [pull.number, pull.merged, pull.labels])).toEqual([
      [64, false, []],
      [62, true, ['docs: none']],
      [61, true, []]
    ])
    expect(pulls[1]?.mergedAt).toBe(Date.parse('2025-03-02T10:00:00Z'))
  })

  it('stops paging once a page ends before what is needed, and at the page limit', async () => {
    const { api, github } = await connect(2)
    for (let day = 1; day <= 6; day++) merged(github, 60 + day, `2025-03-0${day}T10:00:00Z`)
    const before = Date.parse('2025-03-04T12:00:00Z')
    const enough = (updatedAt: number) => updatedAt <= before
    const read = await api.listClosedPulls('main', limits(), { maxPages: 10, enough })
    expect(read.pulls.map((pull) => pull.number)).toEqual([66, 65, 64, 63])
    expect(read.complete).toBe(true)
    const cut = await api.listClosedPulls('main', limits(), { maxPages: 1, enough: () => false })
    expect(cut).toMatchObject({
      complete: false,
      listedAfter: Date.parse('2025-03-05T10:00:00Z'),
      pulls: [{ number: 66 }, { number: 65 }]
    })
  })

  it('finds a pull request that moved to the first page while later pages were read', async () => {
    // #62, on page 3, is labelled as page 2 is asked for: it moves to page 1, already read.
    const onRequest = ({ path }: { path: string }) => {
      if (path.includes('/pulls?') && path.includes('page=2')) {
        connection?.github.changes.touchPullRequest('acme', 'docs', 62, '2025-03-09T10:00:00Z')
      }
    }
    const { api, github } = await connect(2, { onRequest })
    for (let day = 1; day <= 6; day++) merged(github, 60 + day, `2025-03-0${day}T10:00:00Z`)
    const before = Date.parse('2025-03-01T12:00:00Z')
    const read = await api.listClosedPulls('main', limits(), {
      maxPages: 10,
      enough: (updatedAt) => updatedAt <= before
    })
    expect(read.complete).toBe(true)
    expect(read.pulls.map((pull) => pull.number).sort()).toEqual([61, 62, 63, 64, 65, 66])
    expect(read.pulls.filter((pull) => pull.number === 65)).toHaveLength(1)
  })

  it('opens a labelled issue once and finds it by its label, open or closed', async () => {
    const { api, github } = await connect()
    await expect(api.findIssueLabelled('docs-agent: digest', limits())).resolves.toBeUndefined()
    const opened = await api.openIssue(
      { title: 'Docs digests', body: 'Kept by the action.', label: 'docs-agent: digest' },
      limits()
    )
    expect(github.labels('acme', 'docs', opened)).toEqual(['docs-agent: digest'])
    await expect(api.findIssueLabelled('docs-agent: digest', limits())).resolves.toBe(opened)
    // Closed, it is still the digests' memory.
    github.addIssue('acme', 'docs', opened, { state: 'closed' })
    await expect(api.findIssueLabelled('docs-agent: digest', limits())).resolves.toBe(opened)
    // An open one comes first, even when an older closed one carries the label too.
    github.addIssue('acme', 'docs', opened + 1, { title: 'Docs digests, again' })
    github.label('acme', 'docs', opened + 1, 'docs-agent: digest')
    await expect(api.findIssueLabelled('docs-agent: digest', limits())).resolves.toBe(opened + 1)
  })
})
