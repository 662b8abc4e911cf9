// The merged pull request of __fixtures__/events/pull_request.closed.merged.json, as the action reads
// it, and the changes the tests give it: one place, so that the payload, the fake's answers and
// what the tests expect agree.
import type { ChangedFile, PullRequest } from '../../src/github/records.js'
import type { FileChange } from '../../test/harness/changes.js'
import type { FakeGitHub } from '../../test/harness/fake-github.js'

export const MERGED_PULL: PullRequest = {
  number: 61,
  title: 'Rename the retries option to maxRetries',
  body:
    'Renames `retries` to `maxRetries` in the client options. The old name still works for one release and logs ' +
    'a deprecation warning.\n\n<!-- Checklist: tests pass, changelog entry added -->\nCloses #60.',
  htmlUrl: 'https://github.com/acme/docs/pull/61',
  author: 'dev-dan',
  state: 'closed',
  merged: true,
  mergeCommit: '9c1f5e2a7b3d4c6e8f0a1b2c3d4e5f6a7b8c9d0e',
  base: 'main',
  head: 'rename-retries'
}

/** What pull request #61 changes. */
export const MERGED_CHANGES: FileChange[] = [
  {
    path: 'src/client/options.ts',
    removed: ['  /** How many times a failed request is tried again. */', '  retries?: number'],
    added: [
      '  /** How many times a failed request is tried again (default 3). */',
      '  maxRetries?: number',
      '  /** @deprecated Use maxRetries; removed in 2.0. */',
      '  retries?: number'
    ]
  },
  {
    path: 'src/client/retry.ts',
    removed: ['  const tries = options.retries ?? 3', '  for (let i = 0; i < tries; i++) {'],
    added: [
      '  if (options.retries !== undefined) warnOnce("retries is deprecated: use maxRetries")',
      '  const tries = options.maxRetries ?? options.retries ?? 3',
      '  for (let i = 0; i < tries; i++) {'
    ]
  },
  {
    path: 'CHANGELOG.md',
    added: ['### Changed', '', '- `retries` is now `maxRetries`; the old name works until 2.0.', '', '']
  }
]

/** The file list GitHub gives for `changes`. */
export function filesOf(changes: FileChange[]): ChangedFile[] {
  return changes.map((change) => ({
    path: change.path,
    status: change.status ?? 'modified',
    additions: change.added?.length ?? 0,
    deletions: change.removed?.length ?? 0,
    ...(change.previousPath === undefined ? {} : { previousPath: change.previousPath })
  }))
}

/** Pull request #61 on the GitHub fake, as the merged-PR payload describes it. */
export function seedMergedPull(github: FakeGitHub, changes = MERGED_CHANGES): Record<string, unknown> {
  return github.changes.addPullRequest('acme', 'docs', {
    number: MERGED_PULL.number,
    title: MERGED_PULL.title,
    body: MERGED_PULL.body,
    author: MERGED_PULL.author,
    head: MERGED_PULL.head,
    changes
  })
}

/** The range __fixtures__/events/push.json pushed, compared on the GitHub fake. */
export function seedPushedRange(github: FakeGitHub, changes = MERGED_CHANGES): void {
  const range = { base: 'c3d0be41ecbe669545ee3e94d31ed9a4bc91ee3c', head: '7d4b8e2f0c9a1b3d5e6f7a8b9c0d1e2f3a4b5c6d' }
  github.changes.addComparison('acme', 'docs', range, changes)
}

/** The releases before and of __fixtures__/events/release.published.json, and the changes between. */
export function seedReleases(github: FakeGitHub): void {
  github.changes.addRelease('acme', 'docs', { tag: 'v1.1.0', publishedAt: '2025-10-01T09:00:00Z' })
  github.changes.addRelease('acme', 'docs', { tag: 'v1.2.0-rc.1', prerelease: true, publishedAt: '2025-11-20T09:00:00Z' })
  github.changes.addRelease('acme', 'docs', { tag: 'v1.2.0', publishedAt: '2025-11-26T10:05:00Z' })
  github.changes.addComparison('acme', 'docs', { base: 'v1.1.0', head: 'v1.2.0' }, MERGED_CHANGES)
}
