// __fixtures__/events/push.json as the push of a new tag, and the tags and changes the fake holds
// for it: a release by tag, as docs-on-tag.yml runs on it.
import type { FakeGitHub } from '../../test/harness/fake-github.js'
import { MERGED_CHANGES } from '../../test/harness/merged-pull.js'

/** push.json as the push of a new tag: no commits, created, `after` the tag's (an annotated tag's own object). */
export function tagPush(tag: string) {
  return (event: Record<string, unknown>) => {
    event.ref = `refs/tags/${tag}`
    event.before = '0000000000000000000000000000000000000000'
    event.after = 'a1b2c3d4e5f60718293a4b5c6d7e8f9012345678'
    event.created = true
    event.commits = []
    event.compare = `https://github.com/acme/docs/compare/${tag}`
  }
}

/** Tags v1.1.0, v1.2.0-rc.1 and v1.2.0, and the changes from v1.1.0 to v1.2.0. */
export function seedTags(github: FakeGitHub): void {
  github.tags.addTag('acme', 'docs', 'v1.1.0', [{ message: 'Start' }])
  github.tags.addTag('acme', 'docs', 'v1.2.0-rc.1')
  github.tags.addTag('acme', 'docs', 'v1.2.0')
  github.changes.addComparison('acme', 'docs', { base: 'v1.1.0', head: 'v1.2.0' }, MERGED_CHANGES, [
    { message: 'Rename the retries option to maxRetries', author: 'dev-dan' },
    { message: 'Document the backoff', author: 'maintainer-max' }
  ])
}
