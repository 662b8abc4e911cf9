// The merged pull request of __fixtures__/events/pull_request.closed.merged.json as the action
// reads the payload, and the file list GitHub gives for changes. What the pull request changes, and
// the fake's seeds, are in test/harness/merged-pull.ts.
import type { ChangedFile, PullRequest } from '../../src/github/records.js'
import type { FileChange } from '../../test/harness/changes.js'
import type { FakeGitHub } from '../../test/harness/fake-github.js'
import { MERGED_BODY, seedMergedPull } from '../../test/harness/merged-pull.js'

export const PROMPT = 'Update the docs for this change.'

/** A run on the saved merged-PR event, with that pull request seeded in the GitHub fake. */
export const MERGED_RUN = {
  event: 'pull_request.closed.merged',
  eventName: 'pull_request_target',
  inputs: { prompt: PROMPT },
  before: (github: FakeGitHub) => void seedMergedPull(github)
}

export const MERGED_PULL: PullRequest = {
  number: 61,
  title: 'Rename the retries option to maxRetries',
  body: MERGED_BODY,
  htmlUrl: 'https://github.com/acme/docs/pull/61',
  author: 'dev-dan',
  state: 'closed',
  merged: true,
  mergeCommit: '9c1f5e2a7b3d4c6e8f0a1b2c3d4e5f6a7b8c9d0e',
  base: 'main',
  head: 'rename-retries'
}

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
