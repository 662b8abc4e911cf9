// Mode companion end to end, one smoke story through dist/index.js as a runner runs it (GITHUB_GRAPHQL_URL
// set, as on every runner): a code pull request opened, pushed to and merged, the companion docs pull
// request acme/site#7 following it, and with companion-merge: auto the merge asks GitHub's GraphQL API
// to auto-merge it. The bundle's wiring of the mode, nothing more: each moment, the `docs` check and
// the landing are told apart in process (main-companion*.test.ts), the signals in e2e-companion-races.test.ts.
import { count, CREATE, MESSAGE } from './support/agent-fixture.js'
import {
  CODE_PR,
  type CodeEvent,
  codeComments,
  companionStep,
  heads,
  seedCodePullRequest,
  sentPrompts
} from './support/companion-fixture.js'
import { DOCS_PR, markedComments, withTwoRepositories } from './support/two-repositories.js'
import { runAction, runtimes } from '../test/harness/run-bundle.js'
import { progressOf } from './support/progress.js'
import { companionEndFor, companionOf, newsIn } from './support/companion-shown.js'
import { followUpRequest } from '../src/companion/words.js'

const [label, node] = runtimes().at(-1)!

describe(`mode companion under ${label}`, () => {
  it('follows a code pull request from open to merge with one job, and asks GitHub to auto-merge its companion', async () => {
    await withTwoRepositories(async (repositories) => {
      const { github, simulator, prLink } = repositories
      github.merges.allowAutoMerge('acme', 'site')
      github.merges.setMergeState('acme', 'site', DOCS_PR, { mergeableState: 'blocked' })
      seedCodePullRequest(repositories)
      const companion = (event: CodeEvent) => {
        const step = companionStep(repositories, event, {}, { 'companion-merge': 'auto' })
        return runAction({ ...step, env: { ...step.env, GITHUB_GRAPHQL_URL: `${github.url}/graphql` }, node })
      }

      const opened = await companion({ action: 'opened', head: 0 })
      expect(opened.code).toBe(0)
      const jobId = opened.outputs['job-id']
      const [created] = sentPrompts(repositories, CREATE)
      expect(created).toContain('Rename the retries option to maxRetries')
      const [progress, ...others] = codeComments(repositories)
      expect(others).toEqual([])
      expect(progressOf(progress!, CODE_PR)).toMatchObject({ note: 'companion', pullRequest: prLink })
      expect(github.labels('acme', 'docs', CODE_PR)).toEqual(['docs-agent: companion'])
      const docsComment = progressOf(markedComments(repositories)[0]!, DOCS_PR, { repository: 'acme/site' })
      expect(docsComment).toMatchObject({ kind: 'docs-pr', jobId })

      const pushed = await companion({ action: 'synchronize', head: 1 })
      expect(pushed.code).toBe(0)
      expect(pushed.outputs['job-id']).toBe(jobId)
      const [followUp, ...moreMessages] = sentPrompts(repositories, MESSAGE)
      expect(moreMessages).toEqual([])
      expect(followUp).toContain(followUpRequest(CODE_PR, { from: heads(0), to: heads(1) }))
      expect(companionOf(codeComments(repositories)[0]!)).toMatchObject({ head: heads(1) })

      const merged = await companion({ action: 'closed', head: 1, merged: true })
      expect(merged.code).toBe(0)
      expect(merged.stdout).not.toContain('::warning')
      expect(count(simulator, 'POST', CREATE)).toBe(1)
      expect(github.labels('acme', 'site', DOCS_PR)).toEqual(['docs'])
      expect(github.requestedReviewers('acme', 'site', DOCS_PR)).toEqual(['writer-wendy'])
      expect(github.merges.autoMerge('acme', 'site', DOCS_PR)).toBe('squash')
      expect(newsIn(markedComments(repositories).at(-1)!)).toEqual(['merged'])
      const [ended] = codeComments(repositories)
      expect(ended!.body).toBe(
        companionEndFor(ended!, 'merged', { kind: 'done', pullRequest: { name: 'acme/site#7', url: prLink } } as const)
      )
    })
  })
})
