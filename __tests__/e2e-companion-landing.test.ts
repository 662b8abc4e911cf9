// companion-merge: auto end to end, through dist/index.js as a runner runs it (GITHUB_GRAPHQL_URL set,
// as on every runner): the merge asks GitHub to auto-merge the companion acme/site#7; where the docs
// repository does not allow auto-merge, it is merged at once when GitHub says it is clean; and a
// companion the job opens after the merge, or after a close, is finished by the reconcile run.
// The decisions are told apart in main-companion-landing.test.ts.
import {
  CODE_PR,
  type CodeEvent,
  codeComments,
  companionStep,
  reconcileStep,
  seedCodePullRequest
} from './support/companion-fixture.js'
import { codeMarkerOf, runLinkIn } from './support/companion-shown.js'
import type { ThreadStep } from './support/github-fixture.js'
import { DOCS_PR, markedComments, type TwoRepositories, withTwoRepositories } from './support/two-repositories.js'
import { runAction, runtimes } from '../test/harness/run-bundle.js'
import { type CompanionNews, companionNewsParagraph } from '../src/companion/words.js'

const [label, node] = runtimes().at(-1)!
/** As a runner sets it: GitHub's GraphQL endpoint beside its REST API. */
const onRunner = (step: ThreadStep, { github }: TwoRepositories): ThreadStep => ({
  ...step,
  env: { ...step.env, GITHUB_GRAPHQL_URL: `${github.url}/graphql` }
})
const run = (step: ThreadStep, repositories: TwoRepositories) => runAction({ ...onRunner(step, repositories), node })
const auto = (inputs: Record<string, string> = {}) => ({ 'companion-merge': 'auto', ...inputs })
const companion = (repositories: TwoRepositories, event: CodeEvent, inputs = auto()) =>
  run(companionStep(repositories, event, {}, inputs), repositories)

/** The news told on the companion; the code's link as the event or GitHub gives it. */
function newsOn(repositories: TwoRepositories, codeUrl: string): CompanionNews[] {
  const code = { name: `acme/docs#${CODE_PR}`, url: codeUrl }
  const bodies = markedComments(repositories).map((comment) => comment.body)
  return (['closed', 'reopened', 'merged'] as const).filter((news) =>
    bodies.some((body) => body.includes(companionNewsParagraph(news, code, runLinkIn(body))))
  )
}

describe(`companion-merge: auto under ${label}`, () => {
  it('asks GitHub to auto-merge the companion when the code merges', async () => {
    await withTwoRepositories(async (repositories) => {
      const { github } = repositories
      github.merges.allowAutoMerge('acme', 'site')
      github.merges.setMergeState('acme', 'site', DOCS_PR, { mergeableState: 'blocked' })
      seedCodePullRequest(repositories)
      expect((await companion(repositories, { action: 'opened', head: 0 })).code).toBe(0)
      const merged = await companion(repositories, { action: 'closed', head: 0, merged: true })
      expect(merged.code).toBe(0)
      expect(github.merges.autoMerge('acme', 'site', DOCS_PR)).toBe('squash')
      expect(github.merges.merged('acme', 'site', DOCS_PR)).toBe(false)
      expect(github.labels('acme', 'site', DOCS_PR)).toEqual(['docs'])
      expect(merged.stdout).not.toContain('::warning')
    })
  })

  it('merges at once where the docs repository does not allow auto-merge and the companion is clean', async () => {
    await withTwoRepositories(async (repositories) => {
      const { github } = repositories
      seedCodePullRequest(repositories)
      await companion(repositories, { action: 'opened', head: 0 })
      const merged = await companion(repositories, { action: 'closed', head: 0, merged: true })
      expect(merged.code).toBe(0)
      expect(github.requests.filter((request) => request.path === '/graphql')).toHaveLength(1)
      expect(github.merges.merged('acme', 'site', DOCS_PR)).toBe(true)
      expect(merged.stdout).not.toContain('::warning')
    })
  })

  describe('a companion the job opens after its code merged or closed', () => {
    const MINUTE_MS = 60_000
    let minutesLater = 0
    const now = () => Date.now() + minutesLater * 60_000
    beforeEach(() => (minutesLater = 0))
    const noWait = auto({ wait: 'false' })

    it('gets the merge labels, reviewers and merge request from the reconcile run that sees the job end', async () => {
      await withTwoRepositories(
        async (repositories) => {
          const { github } = repositories
          github.merges.allowAutoMerge('acme', 'site')
          github.merges.setMergeState('acme', 'site', DOCS_PR, { mergeableState: 'blocked' })
          seedCodePullRequest(repositories)
          await companion(repositories, { action: 'opened', head: 0 }, noWait)
          Object.assign(github.changes.pullRecord('acme', 'docs', CODE_PR)!.pull, { state: 'closed', merged: true })
          const merged = await companion(repositories, { action: 'closed', head: 0, merged: true }, noWait)
          expect(merged.code).toBe(0)
          expect(github.labels('acme', 'site', DOCS_PR)).toEqual([])
          expect(codeMarkerOf(codeComments(repositories)[0]!)?.state).toBe('working')

          minutesLater = 10
          const reconciled = await run(reconcileStep(repositories), repositories)
          expect(reconciled.code).toBe(0)
          expect(github.labels('acme', 'site', DOCS_PR)).toEqual(['docs'])
          expect(github.requestedReviewers('acme', 'site', DOCS_PR)).toEqual(['writer-wendy'])
          expect(newsOn(repositories, `${github.serverUrl}/acme/docs/pull/${CODE_PR}`)).toEqual(['merged'])
          expect(github.merges.autoMerge('acme', 'site', DOCS_PR)).toBe('squash')
          expect(reconciled.stdout).not.toContain('::warning')
        },
        { scenario: { durationMs: 5 * MINUTE_MS }, now }
      )
    })

    it('is closed, with the comment of a close, by the reconcile run that sees the job end', async () => {
      await withTwoRepositories(
        async (repositories) => {
          const { github } = repositories
          seedCodePullRequest(repositories)
          await companion(repositories, { action: 'opened', head: 0 }, noWait)
          github.changes.pullRecord('acme', 'docs', CODE_PR)!.pull.state = 'closed'
          await companion(repositories, { action: 'closed', head: 0, merged: false }, noWait)
          expect(github.changes.pullRequestState('acme', 'site', DOCS_PR)).toBe('open')

          minutesLater = 10
          const reconciled = await run(reconcileStep(repositories), repositories)
          expect(reconciled.code).toBe(0)
          expect(github.changes.pullRequestState('acme', 'site', DOCS_PR)).toBe('closed')
          expect(newsOn(repositories, `${github.serverUrl}/acme/docs/pull/${CODE_PR}`)).toEqual(['closed'])
          expect(github.merges.autoMerge('acme', 'site', DOCS_PR)).toBeUndefined()
        },
        { scenario: { durationMs: 5 * MINUTE_MS }, now }
      )
    })
  })
})
