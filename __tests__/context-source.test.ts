import { describeSource, previousRelease, previousTag } from '../src/context/source.js'
import type { Release } from '../src/github/records.js'
import { MERGED_PULL } from './support/context-fixture.js'
import { loadEvent } from './support/github-fixture.js'

describe('describeSource', () => {
  it('takes a merged pull request from its event, with what the payload says about it', () => {
    const payload = loadEvent('pull_request.closed.merged')
    const { sha } = (payload.pull_request as { head: { sha: string } }).head
    expect(describeSource({ eventName: 'pull_request_target', payload, issueNumber: 5 })).toEqual({
      kind: 'pull',
      pull: { ...MERGED_PULL, headSha: sha }
    })
  })

  it('names a fork branch with its owner', () => {
    const event = loadEvent('pull_request.closed.merged')
    const pull = event.pull_request as { head: { label: string; repo: { full_name: string } } }
    pull.head.label = 'outsider:rename-retries'
    pull.head.repo.full_name = 'outsider/docs'
    const source = describeSource({ eventName: 'pull_request', payload: event, issueNumber: undefined })
    expect(source).toMatchObject({ kind: 'pull', pull: { head: 'outsider:rename-retries', base: 'main' } })
  })

  it('takes the pushed commits, oldest first, with their authors', () => {
    expect(describeSource({ eventName: 'push', payload: loadEvent('push'), issueNumber: undefined })).toEqual({
      kind: 'push',
      push: {
        branch: 'main',
        before: 'c3d0be41ecbe669545ee3e94d31ed9a4bc91ee3c',
        after: '7d4b8e2f0c9a1b3d5e6f7a8b9c0d1e2f3a4b5c6d',
        compareUrl: 'https://github.com/acme/docs/compare/c3d0be41ecbe...7d4b8e2f0c9a',
        commits: [
          {
            sha: '1f2e3d4c5b6a79880716253443526170819a2b3c',
            author: 'dev-dan',
            message: expect.stringMatching(/^Add maxRetries/)
          },
          {
            sha: '2a3b4c5d6e7f8091a2b3c4d5e6f708192a3b4c5d',
            author: 'dev-dan',
            message: 'Log a deprecation warning for retries'
          },
          {
            sha: '7d4b8e2f0c9a1b3d5e6f7a8b9c0d1e2f3a4b5c6d',
            author: 'maintainer-max',
            message: 'Document the backoff in the code comments'
          }
        ]
      }
    })
  })

  it('names a commit author without a GitHub account by the name in the commit', () => {
    const event = loadEvent('push')
    const [first] = event.commits as { author: Record<string, unknown> }[]
    first!.author = { name: 'Jane Doe', email: 'jane@example.com' }
    expect(describeSource({ eventName: 'push', payload: event, issueNumber: undefined })).toMatchObject({
      push: { commits: [{ author: 'Jane Doe' }, {}, {}] }
    })
  })

  it('takes a published release', () => {
    expect(
      describeSource({ eventName: 'release', payload: loadEvent('release.published'), issueNumber: undefined })
    ).toEqual({
      kind: 'release',
      release: {
        tag: 'v1.2.0',
        name: 'v1.2.0: maxRetries',
        htmlUrl: 'https://github.com/acme/docs/releases/tag/v1.2.0',
        body: expect.stringContaining('Rename the retries option'),
        draft: false,
        prerelease: false,
        publishedAt: '2025-11-26T10:05:00Z'
      }
    })
  })

  it.each([
    ['issue_comment', 'issue_comment.created', 42, false],
    ['issue_comment', 'issue_comment.created.pr', 57, true],
    ['issues', 'issues.opened', 43, false],
    ['pull_request', 'pull_request.opened', 58, true],
    ['pull_request_review_comment', 'pull_request_review_comment.created', 58, true],
    ['pull_request_review', 'pull_request_review.submitted', 58, true]
  ])('takes the thread of %s (%s) from the payload', (eventName, event, number, isPullRequest) => {
    const source = describeSource({ eventName, payload: loadEvent(event), issueNumber: 7 })
    expect(source).toMatchObject({ kind: 'thread', thread: { number, isPullRequest } })
  })

  it('takes issue-number only for an event without changes of its own', () => {
    const dispatch = loadEvent('workflow_dispatch')
    expect(describeSource({ eventName: 'workflow_dispatch', payload: dispatch, issueNumber: 61 })).toEqual({
      kind: 'numbered',
      number: 61
    })
    expect(describeSource({ eventName: 'schedule', payload: {}, issueNumber: 3 })).toEqual({
      kind: 'numbered',
      number: 3
    })
    expect(describeSource({ eventName: 'push', payload: loadEvent('push'), issueNumber: 3 })).toMatchObject({
      kind: 'push'
    })
    expect(
      describeSource({ eventName: 'workflow_dispatch', payload: dispatch, issueNumber: undefined })
    ).toBeUndefined()
  })

  it('tells nothing from a payload without what it needs', () => {
    expect(
      describeSource({ eventName: 'push', payload: { ref: 'refs/heads/main' }, issueNumber: undefined })
    ).toBeUndefined()
    expect(
      describeSource({ eventName: 'release', payload: { release: { name: 'x' } }, issueNumber: undefined })
    ).toBeUndefined()
  })
})

describe('previousRelease', () => {
  const release = (tag: string, publishedAt: string | undefined, more: Partial<Release> = {}): Release => ({
    tag,
    name: '',
    htmlUrl: `https://github.com/acme/app/releases/tag/${tag}`,
    body: '',
    draft: false,
    prerelease: false,
    publishedAt,
    ...more
  })
  const v120 = release('v1.2.0', '2025-06-01T00:00:00Z')
  const list = [
    release('v1.3.0-rc.1', '2025-06-10T00:00:00Z', { prerelease: true }),
    v120,
    release('v1.2.0-rc.1', '2025-05-20T00:00:00Z', { prerelease: true }),
    release('v1.1.1-draft', undefined, { draft: true }),
    release('v1.1.0', '2025-05-01T00:00:00Z'),
    release('v1.0.0', '2025-04-01T00:00:00Z')
  ]

  it('counts a release from the last release before it, not from its release candidate or a draft', () => {
    expect(previousRelease(list, v120)?.tag).toBe('v1.1.0')
  })

  it('counts a pre-release from whatever was published before it', () => {
    expect(previousRelease(list, list[0]!)?.tag).toBe('v1.2.0')
    expect(previousRelease(list, list[2]!)?.tag).toBe('v1.1.0')
  })

  it('finds none for the first release', () => {
    expect(previousRelease(list, list.at(-1)!)).toBeUndefined()
  })
})

describe('previousTag', () => {
  it('counts a version from the highest version below it, a full version skipping pre-releases', () => {
    const tags = ['v2.0.0', 'v1.10.0', 'v1.10.0-rc.2', 'v1.10.0-rc.10', 'v1.9.1', 'v1.2.0', 'nightly']
    expect(previousTag(tags, 'v1.10.0')).toBe('v1.9.1')
    expect(previousTag(tags, 'v1.10.0-rc.10')).toBe('v1.10.0-rc.2')
    expect(previousTag(tags, 'v1.10.0-rc.2')).toBe('v1.9.1')
    // A tag pushed out of order counts from what is below it, not from the newest.
    expect(previousTag(tags, 'v1.9.1')).toBe('v1.2.0')
    expect(previousTag(tags, 'v1.2.0')).toBeUndefined()
  })

  it('counts a tag without a version from the one after it in GitHub’s listing', () => {
    expect(previousTag(['nightly-3', 'nightly-2', 'v1.0.0'], 'nightly-3')).toBe('nightly-2')
    expect(previousTag(['nightly-3'], 'nightly-3')).toBeUndefined()
  })

  it('counts a package’s tag only from the same package’s tags, as a monorepo names them', () => {
    const tags = ['web@2.1.0', 'api@1.4.0', 'web@2.0.0', 'api@1.3.0']
    expect(previousTag(tags, 'web@2.1.0')).toBe('web@2.0.0')
    expect(previousTag(tags, 'api@1.4.0')).toBe('api@1.3.0')
    expect(previousTag(tags, 'web@2.0.0')).toBeUndefined()
  })
})
