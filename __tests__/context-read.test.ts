// readContext against the GitHub API in memory: what it reads for each source, and what a failed
// read leaves for the agent and the log.
import { GitHubCallError } from '../src/github/api.js'
import { readContext } from '../src/context/read.js'
import type { ContextSource } from '../src/context/source.js'
import type { ChangedFile, Issue, Release } from '../src/github/records.js'
import { type FileChange, unifiedDiff } from '../test/harness/changes.js'
import { MERGED_PULL } from './support/context-fixture.js'
import { MemoryGitHub } from './support/memory-github.js'

const CHANGES: FileChange[] = [{ path: 'src/config.ts', removed: ['retries'], added: ['maxRetries'] }]
const FILES: ChangedFile[] = [{ path: 'src/config.ts', status: 'modified', additions: 1, deletions: 1 }]
const DIFF = unifiedDiff(CHANGES)

const PULL = MERGED_PULL

const ISSUE: Issue = {
  number: 61,
  title: PULL.title,
  body: '',
  htmlUrl: PULL.htmlUrl,
  author: 'dev-dan',
  isPullRequest: true
}

function release(tag: string, publishedAt: string): Release {
  return {
    tag,
    name: tag,
    htmlUrl: `https://github.com/acme/docs/releases/tag/${tag}`,
    body: '',
    draft: false,
    prerelease: false,
    publishedAt
  }
}

function github(): MemoryGitHub {
  const memory = new MemoryGitHub()
  memory.pulls.set(61, { pull: PULL, files: FILES, diff: DIFF })
  memory.issues.set(61, ISSUE)
  return memory
}

const read = (source: ContextSource, memory: MemoryGitHub | undefined, diffBudget = 20_000) =>
  readContext(source, 'acme/docs', memory?.api(), diffBudget)

describe('readContext', () => {
  it("reads a merged pull request's files and diff; the rest comes from the event", async () => {
    const memory = github()
    const { facts, warnings } = await read({ kind: 'pull', pull: PULL }, memory)
    expect(facts).toEqual({
      repository: 'acme/docs',
      subject: { kind: 'pull', pull: PULL },
      files: FILES,
      diff: DIFF,
      notes: []
    })
    expect(warnings).toEqual([])
    expect([...memory.calls].sort()).toEqual(['getPullRequestDiff', 'listPullRequestFiles'])
  })

  it('keeps of a diff only what the part may hold, as it arrives, and names the files it let pass', async () => {
    const memory = github()
    const big: FileChange[] = [
      { path: 'dist/index.js', added: ['var a=1;'.repeat(10_000)] },
      { path: 'src/config.ts', removed: ['retries'], added: ['maxRetries'] }
    ]
    memory.pulls.set(61, { pull: PULL, files: FILES, diff: unifiedDiff(big) })
    const { facts, warnings } = await read({ kind: 'pull', pull: PULL }, memory, 5_000)
    expect(facts.diff).toBe(unifiedDiff(big.slice(1)))
    expect(facts.notes).toEqual([
      'Not read: the diffs of 1 file of pull request #61, longer than this part of the prompt may hold ' +
        '(context-limit, 5000 characters): "dist/index.js".'
    ])
    expect(warnings).toEqual([])
  })

  it('tells a tag with no earlier tag listed as the first only when the listing held every tag', async () => {
    const tagged = (tags: string[]) => {
      const memory = github()
      memory.tags = tags
      return read(
        { kind: 'tag', tag: { tag: 'v1.0.0', compareUrl: 'https://github.com/acme/docs/compare/v1.0.0' } },
        memory
      )
    }
    expect((await tagged(['v1.0.0'])).facts.notes.join('\n')).toContain('No tag came before v1.0.0')
    // A full page of newer tags: the one before v1.0.0 may be on a page not read.
    const full = Array.from({ length: 99 }, (_, at) => `v2.${at}.0`).concat('v1.0.0')
    const notes = (await tagged(full)).facts.notes.join('\n')
    expect(notes).toContain('No tag before v1.0.0 was found among the newest 100 tags GitHub listed')
    expect(notes).not.toContain('No tag came before')
  })

  it('reads the pull request issue-number names, after learning from the issue that it is one', async () => {
    const memory = github()
    const { facts } = await read({ kind: 'numbered', number: 61 }, memory)
    expect(facts).toMatchObject({ subject: { kind: 'pull', pull: PULL }, files: FILES, diff: DIFF })
    expect(memory.calls.slice(0, 2)).toEqual(['getIssue', 'getPullRequest'])
  })

  it('reads an issue issue-number names: its title and body, no files', async () => {
    const memory = github()
    const issue: Issue = { ...ISSUE, number: 12, isPullRequest: false, title: 'Document webhooks' }
    memory.issues.set(12, issue)
    const { facts } = await read({ kind: 'numbered', number: 12 }, memory)
    expect(facts).toEqual({ repository: 'acme/docs', subject: { kind: 'issue', issue }, notes: [] })
    expect(memory.calls).toEqual(['getIssue'])
  })

  it('says what could not be read, for the agent and the log, and goes on with the rest', async () => {
    const memory = github()
    memory.failingReads.set(
      'listPullRequestFiles',
      new GitHubCallError('GitHub answered 502 (Bad Gateway) (4 tries)', 502, false)
    )
    const { facts, warnings } = await read({ kind: 'pull', pull: PULL }, memory)
    expect(facts.files).toBeUndefined()
    expect(facts.diff).toBe(DIFF)
    expect(facts.notes).toEqual([
      'Not read: the changed files of pull request #61 (GitHub answered 502 (Bad Gateway) (4 tries)).'
    ])
    expect(warnings).toEqual([
      "Could not read the changed files of pull request #61 for the agent's context: GitHub answered 502 (Bad Gateway) (4 tries). The job starts without it."
    ])
  })

  it('names the number when the issue cannot be read at all', async () => {
    const { facts, warnings } = await read({ kind: 'numbered', number: 404 }, github())
    expect(facts).toEqual({
      repository: 'acme/docs',
      subject: { kind: 'unread', number: 404 },
      notes: ['Not read: issue or pull request #404 (GitHub answered 404 (Not Found)).']
    })
    expect(warnings).toHaveLength(1)
  })

  it('without a github-token, reads nothing, says so once, and keeps what the event says', async () => {
    const { facts, warnings } = await read({ kind: 'pull', pull: PULL }, undefined)
    expect(facts.subject).toEqual({ kind: 'pull', pull: PULL })
    expect(facts.notes).toEqual([
      'Not read: the changed files of pull request #61 (no github-token was given).',
      'Not read: the diff of pull request #61 (no github-token was given).'
    ])
    expect(warnings).toEqual([
      expect.stringMatching(/^No github-token was given, .* Pass github-token, or set context: none\.$/)
    ])
  })

  it('compares a push from its first to its last commit', async () => {
    const memory = github()
    const push = { branch: 'main', before: 'a'.repeat(40), after: 'b'.repeat(40), compareUrl: 'https://x', commits: [] }
    memory.comparisons.set(`${push.before}...${push.after}`, { files: FILES, diff: DIFF })
    const { facts } = await read({ kind: 'push', push }, memory)
    expect(facts).toMatchObject({ subject: { kind: 'push', push }, files: FILES, diff: DIFF, notes: [] })
  })

  it('compares nothing for a push that created its branch, and says why', async () => {
    const memory = github()
    const push = { branch: 'docs', before: '0'.repeat(40), after: 'b'.repeat(40), compareUrl: 'https://x', commits: [] }
    const { facts, warnings } = await read({ kind: 'push', push }, memory)
    expect(facts.notes).toEqual([
      'The push created the branch, so there is no earlier commit to compare with: no files or diff.'
    ])
    expect(warnings).toEqual([])
    expect(memory.calls).toEqual([])
  })

  it('compares a release with the one before it', async () => {
    const memory = github()
    const v110 = release('v1.1.0', '2025-05-01T00:00:00Z')
    const v120 = release('v1.2.0', '2025-06-01T00:00:00Z')
    memory.releases = [v120, v110]
    memory.comparisons.set('v1.1.0...v1.2.0', { files: FILES, diff: DIFF })
    const { facts } = await read({ kind: 'release', release: v120 }, memory)
    expect(facts).toMatchObject({
      subject: { kind: 'release', release: v120, previous: v110 },
      files: FILES,
      diff: DIFF
    })
  })

  it("says when GitHub lists a comparison's files to its maximum, and only then", async () => {
    const memory = github()
    const before = 'a'.repeat(40)
    const listed = (count: number): ChangedFile[] =>
      Array.from({ length: count }, (_, at) => ({ path: `f${at}.ts`, status: 'added', additions: 1, deletions: 0 }))
    const push = { branch: 'main', before, after: 'b'.repeat(40), compareUrl: 'https://x', commits: [] }
    memory.comparisons.set(`${before}...${'b'.repeat(40)}`, { files: listed(300), diff: DIFF })
    expect((await read({ kind: 'push', push }, memory)).facts.notes).toEqual([
      'GitHub lists at most 300 files of a comparison: aaaaaaa...bbbbbbb may change more.'
    ])
    memory.comparisons.set(`${before}...${'b'.repeat(40)}`, { files: listed(299), diff: DIFF })
    expect((await read({ kind: 'push', push }, memory)).facts.notes).toEqual([])
  })

  it('says a first release has nothing to compare with', async () => {
    const memory = github()
    const v100 = release('v1.0.0', '2025-05-01T00:00:00Z')
    memory.releases = [v100]
    const { facts } = await read({ kind: 'release', release: v100 }, memory)
    expect(facts).toEqual({
      repository: 'acme/docs',
      subject: { kind: 'release', release: v100, previous: undefined },
      notes: ['No release was published before v1.0.0, so there are no changes to compare with.']
    })
  })
})
