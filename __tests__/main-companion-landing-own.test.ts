// companion-merge: auto merges, and a reconcile run closes, only the pull request GitHub shows is the
// companion the job opened (src/companion/job-companion.ts): opened by an app, carrying the action's
// signed docs-PR comment naming the job. A job record that links another pull request (wrong,
// compromised, or an agent prompt-injected to "update" someone's) gets nothing done to it with
// docs-token but one warning; and auto-merge is bound to the head the run read.
import { VirtualClock } from '../src/base/clock.js'
import { CODE_PR, companionStep, reconcileStep, seedCodePullRequest } from './support/companion-fixture.js'
import { type ProcessRun, runInProcess } from './support/in-process.js'
import { signedMarker, type ThreadStep } from './support/github-fixture.js'
import { DOCS_PR, type TwoRepositories, withTwoRepositories } from './support/two-repositories.js'

const MINUTE_MS = 60_000
const MALLORYS_PR = 8
const auto = { 'companion-merge': 'auto', 'working-label': 'docs-agent: working' }

/** #61's life, its jobs ending with a link to `prNumber`, each step in process on one virtual clock. */
function life(
  prNumber: number,
  body: (
    repositories: TwoRepositories,
    step: (s: ThreadStep) => Promise<ProcessRun>,
    clock: VirtualClock
  ) => Promise<void>,
  durationMs?: number
) {
  const clock = new VirtualClock(Date.now())
  return withTwoRepositories(
    async (repositories) => {
      seedCodePullRequest(repositories)
      // mallory's own pull request in the docs repository, clean and mergeable.
      repositories.github.addPullRequest('acme', 'site', MALLORYS_PR, 'mallory')
      await body(repositories, (step) => runInProcess({ ...step, clock }), clock)
    },
    { now: () => clock.now(), prNumber, ...(durationMs && { scenario: { durationMs } }) }
  )
}

const warnings = (run: ProcessRun) => run.log.split('\n').filter((line) => line.startsWith('warning:'))
const graphqlBodies = ({ github }: TwoRepositories) =>
  github.requests.filter((r) => r.path.endsWith('/graphql')).map((r) => JSON.parse(r.body) as { variables: object })

describe('companion-merge: auto lands only the companion the job opened', () => {
  it("does not merge a person's pull request the job's record links, and says why in one warning", () =>
    life(MALLORYS_PR, async (repositories, step) => {
      const { github } = repositories
      await step(companionStep(repositories, { action: 'opened', head: 0 }, {}, auto))
      const merged = await step(companionStep(repositories, { action: 'closed', head: 0, merged: true }, {}, auto))
      expect(merged.failed).toBe(false)
      expect(github.merges.merged('acme', 'site', MALLORYS_PR)).toBe(false)
      expect(github.merges.autoMerge('acme', 'site', MALLORYS_PR)).toBeUndefined()
      expect(warnings(merged)).toEqual([
        expect.stringMatching(
          /^warning: Did not merge the agent's pull request acme\/site#8, which the record of agent job \S+ links: .*@mallory opened it, not an app/
        )
      ])
    }))

  it("does not merge the agent's pull request whose docs-PR comment names another job than the record's", () =>
    life(DOCS_PR, async (repositories, step) => {
      const { github } = repositories
      await step(companionStep(repositories, { action: 'opened', head: 0 }, {}, auto))
      // The companion another job of the action opened: its signed docs-PR comment names that job.
      const [docsComment] = github.comments('acme', 'site', DOCS_PR)
      github.deleteComment(docsComment!.id)
      const id = 7_100_001
      const fields = { repository: 'acme/site', kind: 'docs-pr', jobId: 'another-job', commentId: id } as const
      github.addComment(
        'acme',
        'site',
        DOCS_PR,
        `${signedMarker(DOCS_PR, fields)}\nOpened by another job.`,
        undefined,
        id
      )
      const merged = await step(companionStep(repositories, { action: 'closed', head: 0, merged: true }, {}, auto))
      expect(github.merges.merged('acme', 'site', DOCS_PR)).toBe(false)
      expect(warnings(merged)).toEqual([expect.stringContaining('(its docs-PR comment names agent job another-job)')])
    }))

  it('asks auto-merge of its own companion for the head it read', () =>
    life(DOCS_PR, async (repositories, step) => {
      const { github } = repositories
      github.merges.allowAutoMerge('acme', 'site')
      github.merges.setMergeState('acme', 'site', DOCS_PR, { mergeableState: 'blocked' })
      await step(companionStep(repositories, { action: 'opened', head: 0 }, {}, auto))
      await step(companionStep(repositories, { action: 'closed', head: 0, merged: true }, {}, auto))
      expect(github.merges.autoMerge('acme', 'site', DOCS_PR)).toBe('squash')
      const head = github.changes.pullRecord('acme', 'site', DOCS_PR)!.pull.head as { sha: string }
      expect(graphqlBodies(repositories).map((body) => body.variables)).toEqual([
        expect.objectContaining({ expectedHeadOid: head.sha })
      ])
    }))

  it('lands its own companion whose job ended before any run followed it through (wait: false, no reconcile yet)', () =>
    life(
      DOCS_PR,
      async (repositories, step, clock) => {
        const { github } = repositories
        github.merges.allowAutoMerge('acme', 'site')
        github.merges.setMergeState('acme', 'site', DOCS_PR, { mergeableState: 'blocked' })
        await step(companionStep(repositories, { action: 'opened', head: 0 }, {}, { ...auto, wait: 'false' }))
        clock.advance(10 * MINUTE_MS)
        const merged = await step(companionStep(repositories, { action: 'closed', head: 0, merged: true }, {}, auto))
        expect(github.merges.autoMerge('acme', 'site', DOCS_PR)).toBe('squash')
        expect(warnings(merged)).toEqual([])
      },
      5 * MINUTE_MS
    ))

  it("does not close a person's pull request the job's record links when its code closes", () =>
    life(MALLORYS_PR, async (repositories, step) => {
      const { github } = repositories
      await step(companionStep(repositories, { action: 'opened', head: 0 }))
      const closed = await step(companionStep(repositories, { action: 'closed', head: 0, merged: false }))
      expect(closed.failed).toBe(false)
      expect(github.changes.pullRequestState('acme', 'site', MALLORYS_PR)).toBe('open')
      expect(warnings(closed)).toContainEqual(
        expect.stringMatching(
          /^warning: Did not close the agent's pull request acme\/site#8, .*@mallory opened it, not an app/
        )
      )
    }))

  it("does not close a person's pull request that a job finished after its code closed links", () =>
    life(
      MALLORYS_PR,
      async (repositories, step, clock) => {
        const { github } = repositories
        await step(companionStep(repositories, { action: 'opened', head: 0 }, {}, { ...auto, wait: 'false' }))
        github.changes.pullRecord('acme', 'docs', CODE_PR)!.pull.state = 'closed'
        await step(companionStep(repositories, { action: 'closed', head: 0, merged: false }, {}, auto))
        clock.advance(10 * MINUTE_MS)
        const reconcile = reconcileStep(repositories)
        const reconciled = await step({ ...reconcile, inputs: { ...reconcile.inputs, ...auto } })
        expect(reconciled.failed).toBe(false)
        expect(github.changes.pullRequestState('acme', 'site', MALLORYS_PR)).toBe('open')
        expect(warnings(reconciled)).toEqual([
          expect.stringMatching(/^warning: Did not close the agent's pull request acme\/site#8, .*@mallory opened it/)
        ])
      },
      5 * MINUTE_MS
    ))
})
