// The merged pull request of __fixtures__/events/pull_request.closed.merged.json, as the action reads
// it, and the changes the tests give it: one place, so that the payload, the fake's answers and
// what the tests expect agree.
import type { ChangedFile, PullRequest } from '../../src/github/records.js'
import type { FileChange } from '../../test/harness/changes.js'

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
