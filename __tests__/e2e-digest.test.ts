// Digest mode end to end, its smoke story: dist/index.js as a scheduled run, against the simulator
// and the GitHub fake. Three merges make one job; the digest thread records them, and the docs-PR
// steps ask their author to review. What each digest covers, run after run (nothing twice, a failed
// digest's merges to the next, the skip-label, wait: false and reconcile), is driven in process:
// main-digest*.test.ts.
import { runtimes } from '../test/harness/run-bundle.js'
import { seedMergeHoursAgo } from '../test/harness/merged-pull.js'
import { count, CREATE } from './support/agent-fixture.js'
import { createdPrompt, digest, THREAD, withFakes } from './support/digest-runs.js'
import { progressOf } from './support/progress.js'

const merge = seedMergeHoursAgo

describe.each(runtimes())('digests under %s', (_label, node) => {
  it('covers three merges in one job, and records them on the digest thread', () =>
    withFakes(async (github, simulator) => {
      merge(github, 61, 30)
      merge(github, 62, 20)
      merge(github, 63, 10)
      const first = await digest(node, github, simulator, '3001')
      expect(first.code).toBe(0)
      expect(first.outputs.status).toBe('completed')
      expect(count(simulator, 'POST', CREATE)).toBe(1)
      const prompt = createdPrompt(simulator, 0)
      expect(prompt).toMatch(/^Update the docs for these changes\./)
      for (const number of [61, 62, 63]) expect(prompt).toContain(`Change ${number}`)
      expect(prompt).toContain('the first digest: the last 7 days')
      expect(github.openedIssues()).toEqual([THREAD])
      expect(github.labels('acme', 'docs', THREAD)).toContain('docs-agent: digest')
      const [recorded] = github.comments('acme', 'docs', THREAD)
      const covered = progressOf(recorded!, THREAD)
      expect(covered).toMatchObject({ state: 'ended', digest: { pulls: [61, 62, 63], done: true } })
      expect(covered!.links).toEqual(
        expect.arrayContaining(['https://github.com/acme/docs/pull/61', 'https://github.com/acme/docs/pull/63'])
      )
      // `requester` in pr-reviewers: the authors of the covered pull requests.
      expect(github.requestedReviewers('acme', 'docs', 1)).toEqual(['dev-dan'])
      // The docs PR's comment links the digest thread, where the covered pull requests are listed.
      const [docsComment] = github.comments('acme', 'docs', 1)
      const thread = 'https://github.com/acme/docs/issues/1000'
      expect(progressOf(docsComment!, 1)).toMatchObject({
        kind: 'docs-pr',
        origin: thread,
        links: [thread, expect.any(String)]
      })
    }))
})
