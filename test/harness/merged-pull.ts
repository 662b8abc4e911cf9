// Pull request #61 of the saved payload __fixtures__/events/pull_request.closed.merged.json, what it
// changes, and the push and release payloads beside it, seeded on the GitHub fake: one place for the
// demo and the tests, so that the payloads and the fake's answers agree.
import type { FileChange } from './changes.js'
import type { FakeGitHub } from './fake-github.js'

/** The description, as the payload has it. */
export const MERGED_BODY =
  'Renames `retries` to `maxRetries` in the client options. The old name still works for one release and logs ' +
  'a deprecation warning.\n\n<!-- Checklist: tests pass, changelog entry added -->\nCloses #60.'

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
    added: ['### Changed', '', '- `retries` is now `maxRetries`; the old name works until 2.0.', '']
  }
]

/**
 * Pull request #61 on the GitHub fake, as the merged-PR payload describes it; in acme/`repo` for a
 * payload moved to another repository of acme (the demo's code repository).
 */
export function seedMergedPull(github: FakeGitHub, changes = MERGED_CHANGES, repo = 'docs'): Record<string, unknown> {
  return github.changes.addPullRequest('acme', repo, {
    number: 61,
    title: 'Rename the retries option to maxRetries',
    body: MERGED_BODY,
    author: 'dev-dan',
    head: 'rename-retries',
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
  github.changes.addRelease('acme', 'docs', {
    tag: 'v1.2.0-rc.1',
    prerelease: true,
    publishedAt: '2025-11-20T09:00:00Z'
  })
  github.changes.addRelease('acme', 'docs', { tag: 'v1.2.0', publishedAt: '2025-11-26T10:05:00Z' })
  github.changes.addComparison('acme', 'docs', { base: 'v1.1.0', head: 'v1.2.0' }, MERGED_CHANGES)
}

/**
 * Pull request #`number` of acme/docs, by `author` (dev-dan), merged into main `hoursAgo` hours ago (negative:
 * in hours to come), changing one file of its own: the merges a digest gathers.
 */
export function seedMergeHoursAgo(github: FakeGitHub, number: number, hoursAgo: number, author = 'dev-dan'): void {
  github.changes.addPullRequest('acme', 'docs', {
    number,
    title: `Change ${number}`,
    body: `What change ${number} does.`,
    author,
    mergedAt: new Date(Date.now() - hoursAgo * 60 * 60 * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z'),
    changes: [{ path: `src/change-${number}.ts`, added: [`export const change${number} = true`] }]
  })
}
