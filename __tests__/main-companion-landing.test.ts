// companion-merge: auto through run() in process: when the code pull request #61 merges, its
// companion acme/site#7 is landed with it, as the docs repository's settings and rules allow:
// auto-merge asked, else merged at once where GitHub says it is clean, else a comment there saying
// why not and what to click. The fake answers GitHub's real refusals (fake-github-merges.ts).
import { VirtualClock } from '../src/base/clock.js'
import { leftParagraph, type LeftBecause } from '../src/companion/landing.js'
import type { FakeGitHubOptions } from '../test/harness/fake-github.js'
import {
  CODE_PR,
  codeComments,
  type CodeEvent,
  companionStep,
  heads,
  reconcileStep,
  seedCodePullRequest
} from './support/companion-fixture.js'
import { codeMarkerOf, runLinkIn } from './support/companion-shown.js'
import { type CompanionNews, companionNewsParagraph } from '../src/companion/words.js'
import type { ThreadStep } from './support/github-fixture.js'
import { type ProcessRun, runInProcess } from './support/in-process.js'
import {
  CODE_ONLY_TOKEN,
  DOCS_PR,
  markedComments,
  type TwoRepositories,
  withTwoRepositories
} from './support/two-repositories.js'

type Life = (event: CodeEvent, inputs?: Record<string, string>) => Promise<ProcessRun>

function codeLife(body: (repositories: TwoRepositories, companion: Life) => Promise<void>, github?: FakeGitHubOptions) {
  const clock = new VirtualClock(Date.now())
  return withTwoRepositories(
    async (repositories) => {
      seedCodePullRequest(repositories)
      const companion: Life = (event, inputs = { 'companion-merge': 'auto' }) =>
        runInProcess({ ...companionStep(repositories, event, {}, inputs), clock })
      await body(repositories, companion)
    },
    { now: () => clock.now(), ...(github && { github }) }
  )
}

/** The docs repository allows auto-merge, and its rules block the companion for now (a review, say). */
function waitsForItsRules(github: TwoRepositories['github']): void {
  github.merges.allowAutoMerge('acme', 'site')
  github.merges.setMergeState('acme', 'site', DOCS_PR, { mergeableState: 'blocked' })
}

const graphqlCalls = ({ github }: TwoRepositories) => github.requests.filter((r) => r.path.endsWith('/graphql'))
const mergeCalls = ({ github }: TwoRepositories) =>
  github.requests.filter((r) => r.path.endsWith(`/pulls/${DOCS_PR}/merge`))
const docsComments = ({ github }: TwoRepositories) => github.comments('acme', 'site', DOCS_PR)

/** The comment on the companion that says why it was not merged, as a person reads it. */
function leftComment(repositories: TwoRepositories, because: LeftBecause): string | undefined {
  const comment = docsComments(repositories).find((c) => c.body.includes('**Not merged.**'))
  if (!comment) return undefined
  const code = {
    name: `acme/docs#${CODE_PR}`,
    url: `${repositories.github.serverUrl.replace('http:', 'https:')}/acme/docs/pull/${CODE_PR}`
  }
  return comment.body.includes(leftParagraph(because, code, runLinkIn(comment.body))) ? 'says why' : comment.body
}

describe('companion-merge: auto in process', () => {
  it('asks GitHub to auto-merge the companion (squash) when the code merges, so the docs repository rules decide when', () =>
    codeLife(async (repositories, companion) => {
      const { github } = repositories
      waitsForItsRules(github)
      await companion({ action: 'opened', head: 0 })
      const merged = await companion({ action: 'closed', head: 0, merged: true })
      expect(merged.failed).toBe(false)
      expect(github.merges.autoMerge('acme', 'site', DOCS_PR)).toBe('squash')
      expect(github.merges.merged('acme', 'site', DOCS_PR)).toBe(false)
      expect(mergeCalls(repositories)).toEqual([])
      expect(merged.log).toContain("Asked GitHub to merge the agent's pull request acme/site#7 (squash)")
      expect(merged.log).not.toContain('warning:')
    }))

  it('merges at once where the docs repository does not allow auto-merge and GitHub says the companion is clean', () =>
    codeLife(async (repositories, companion) => {
      const { github } = repositories
      await companion({ action: 'opened', head: 0 })
      const merged = await companion({ action: 'closed', head: 0, merged: true })
      expect(graphqlCalls(repositories)).toHaveLength(1)
      expect(github.merges.merged('acme', 'site', DOCS_PR)).toBe(true)
      expect(merged.log).toContain("Merged the agent's pull request acme/site#7 (squash)")
      expect(merged.log).not.toContain('warning:')
    }))

  it('merges at once a companion that is clean where auto-merge is allowed (GitHub refuses auto-merge then), saying why', () =>
    codeLife(async (repositories, companion) => {
      const { github } = repositories
      github.merges.allowAutoMerge('acme', 'site')
      await companion({ action: 'opened', head: 0 })
      const merged = await companion({ action: 'closed', head: 0, merged: true })
      expect(github.merges.merged('acme', 'site', DOCS_PR)).toBe(true)
      expect(merged.log).toContain(
        "Merged the agent's pull request acme/site#7 (squash): GitHub said it could merge now, so auto-merge had nothing to wait for."
      )
      expect(merged.log).not.toContain('does not allow auto-merge')
      expect(merged.log).not.toContain('warning:')
    }))

  it('leaves a companion its rules block to a person, saying there why and what to click, with one warning', () =>
    codeLife(async (repositories, companion) => {
      const { github } = repositories
      github.merges.setMergeState('acme', 'site', DOCS_PR, { mergeableState: 'blocked' })
      await companion({ action: 'opened', head: 0 })
      const merged = await companion({ action: 'closed', head: 0, merged: true })
      expect(merged.failed).toBe(false)
      expect(github.merges.merged('acme', 'site', DOCS_PR)).toBe(false)
      expect(mergeCalls(repositories)).toEqual([])
      const because: LeftBecause = {
        kind: 'auto-merge-refused',
        refusal: { kind: 'not-allowed' },
        mergeableState: 'blocked'
      }
      expect(leftComment(repositories, because)).toBe('says why')
      const warnings = merged.log.split('\n').filter((line) => line.startsWith('warning:'))
      expect(warnings).toHaveLength(1)
      expect(merged.summary).toContain('was not merged with its code')
    }))

  it('says so on the companion when its head moves before the merge (409), and nothing else is lost', () => {
    let pushToCompanion = (): void => undefined
    return codeLife(
      async (repositories, companion) => {
        const { github } = repositories
        pushToCompanion = () => github.merges.moveHead('acme', 'site', DOCS_PR)
        await companion({ action: 'opened', head: 0 })
        const merged = await companion({ action: 'closed', head: 0, merged: true })
        expect(merged.failed).toBe(false)
        expect(mergeCalls(repositories)).toHaveLength(1)
        expect(github.merges.merged('acme', 'site', DOCS_PR)).toBe(false)
        const words = 'GitHub answered 409 (Head branch was modified. Review and try the merge again.).'
        expect(leftComment(repositories, { kind: 'merge-refused', words })).toBe('says why')
        // The merge's other steps stand: labels and reviewers.
        expect(github.labels('acme', 'site', DOCS_PR)).toEqual(['docs'])
        expect(github.requestedReviewers('acme', 'site', DOCS_PR)).toEqual(['writer-wendy'])
      },
      // A push to the companion between GitHub's "clean" and the merge.
      { onRequest: (request) => request.method === 'PUT' && request.path.endsWith('/merge') && pushToCompanion() }
    )
  })

  it('leaves a companion closed by hand closed, with one warning', () =>
    codeLife(async (repositories, companion) => {
      const { github } = repositories
      await companion({ action: 'opened', head: 0 })
      github.merges.setMergeState('acme', 'site', DOCS_PR, {})
      github.changes.pullRecord('acme', 'site', DOCS_PR)!.pull.state = 'closed'
      const merged = await companion({ action: 'closed', head: 0, merged: true })
      expect(graphqlCalls(repositories)).toEqual([])
      expect(github.merges.merged('acme', 'site', DOCS_PR)).toBe(false)
      expect(merged.log).toContain('was closed by hand, so it was not merged with its code')
    }))

  it('warns once, naming the permission, when docs-token cannot reach the companion, and the run still succeeds', () =>
    codeLife(async (repositories, companion) => {
      const { github } = repositories
      await companion({ action: 'opened', head: 0 })
      const merged = await companion(
        { action: 'closed', head: 0, merged: true },
        { 'companion-merge': 'auto', 'docs-token': CODE_ONLY_TOKEN }
      )
      expect(merged.failed).toBe(false)
      const landing = merged.log.split('\n').filter((line) => line.includes('so it was not merged'))
      expect(landing).toHaveLength(1)
      expect(landing[0]).toMatch(/^warning: .*404.*"Pull requests: Read and write" on acme\/site/)
      expect(graphqlCalls(repositories)).toEqual([])
      expect(github.merges.merged('acme', 'site', DOCS_PR)).toBe(false)
      expect(codeComments(repositories)).toHaveLength(1)
    }))

  it('asks nothing with companion-merge off, the default', () =>
    codeLife(async (repositories, companion) => {
      await companion({ action: 'opened', head: 0 }, {})
      await companion({ action: 'closed', head: 0, merged: true }, {})
      expect(graphqlCalls(repositories)).toEqual([])
      expect(repositories.github.merges.merged('acme', 'site', DOCS_PR)).toBe(false)
    }))
})

describe('a companion opened after its code merged or closed, finished by reconcile', () => {
  const MINUTE_MS = 60_000

  function lateLife(
    body: (
      repositories: TwoRepositories,
      step: (s: ThreadStep) => Promise<ProcessRun>,
      clock: VirtualClock
    ) => Promise<void>
  ) {
    const clock = new VirtualClock(Date.now())
    return withTwoRepositories(
      async (repositories) => {
        seedCodePullRequest(repositories)
        await body(repositories, (step) => runInProcess({ ...step, clock }), clock)
      },
      { now: () => clock.now(), scenario: { durationMs: 5 * MINUTE_MS } }
    )
  }
  /** The news told on the companion; the code's link as GitHub gives it (the fake's own host). */
  const lateNewsOn = (repositories: TwoRepositories): CompanionNews[] => {
    const code = { name: `acme/docs#${CODE_PR}`, url: `${repositories.github.serverUrl}/acme/docs/pull/${CODE_PR}` }
    const bodies = markedComments(repositories).map((comment) => comment.body)
    const told = (news: CompanionNews) =>
      bodies.some((body) => body.includes(companionNewsParagraph(news, code, runLinkIn(body))))
    return (['closed', 'reopened', 'merged'] as const).filter(told)
  }
  // In process, inputs have no defaults: the label the runner would pass by default is given.
  const label = { 'working-label': 'docs-agent: working' }
  const noWait = { wait: 'false', 'companion-merge': 'auto', ...label }
  const reconcile = (repositories: TwoRepositories): ThreadStep => {
    const step = reconcileStep(repositories)
    return { ...step, inputs: { ...step.inputs, ...label } }
  }

  it('labels it, asks its reviewers, tells it of the merge and asks auto-merge', () =>
    lateLife(async (repositories, step, clock) => {
      const { github } = repositories
      waitsForItsRules(github)
      await step(companionStep(repositories, { action: 'opened', head: 0 }, {}, noWait))
      Object.assign(github.changes.pullRecord('acme', 'docs', CODE_PR)!.pull, { state: 'closed', merged: true })
      const merged = await step(companionStep(repositories, { action: 'closed', head: 0, merged: true }, {}, noWait))
      expect(merged.failed).toBe(false)
      // The job is still at work: nothing reached the companion, and the comment waits for reconcile.
      expect(github.labels('acme', 'site', DOCS_PR)).toEqual([])
      expect(codeMarkerOf(codeComments(repositories)[0]!)?.state).toBe('working')

      clock.advance(10 * MINUTE_MS)
      const reconciled = await step(reconcile(repositories))
      expect(reconciled.failed).toBe(false)
      expect(github.labels('acme', 'site', DOCS_PR)).toEqual(['docs'])
      expect(github.requestedReviewers('acme', 'site', DOCS_PR)).toEqual(['writer-wendy'])
      expect(lateNewsOn(repositories)).toEqual(['merged'])
      expect(github.merges.autoMerge('acme', 'site', DOCS_PR)).toBe('squash')
      expect(reconciled.log).not.toContain('warning:')
    }))

  it('lands a companion only once the follow-up the merge sent has ended, so no docs merge before its last push', () =>
    lateLife(async (repositories, step, clock) => {
      const { github } = repositories
      waitsForItsRules(github)
      await step(companionStep(repositories, { action: 'opened', head: 0 }, {}, noWait))
      clock.advance(10 * MINUTE_MS)
      await step(reconcile(repositories))
      Object.assign(github.changes.pullRecord('acme', 'docs', CODE_PR)!.pull, { state: 'closed', merged: true })
      const merged = await step(companionStep(repositories, { action: 'closed', head: 1, merged: true }, {}, noWait))
      expect(merged.failed).toBe(false)
      expect(graphqlCalls(repositories)).toEqual([])
      expect(codeMarkerOf(codeComments(repositories)[0]!)).toMatchObject({
        state: 'working',
        companion: { head: heads(1), landing: 'auto' }
      })

      clock.advance(10 * MINUTE_MS)
      const reconciled = await step(reconcile(repositories))
      expect(reconciled.failed).toBe(false)
      expect(graphqlCalls(repositories)).toHaveLength(1)
      expect(github.merges.autoMerge('acme', 'site', DOCS_PR)).toBe('squash')
      expect(github.labels('acme', 'site', DOCS_PR)).toEqual(['docs'])
    }))

  it('closes it, with the comment of a close, when its code was closed unmerged', () =>
    lateLife(async (repositories, step, clock) => {
      const { github } = repositories
      await step(companionStep(repositories, { action: 'opened', head: 0 }, {}, noWait))
      github.changes.pullRecord('acme', 'docs', CODE_PR)!.pull.state = 'closed'
      await step(companionStep(repositories, { action: 'closed', head: 0, merged: false }, {}, noWait))
      expect(github.changes.pullRequestState('acme', 'site', DOCS_PR)).toBe('open')

      clock.advance(10 * MINUTE_MS)
      const reconciled = await step(reconcile(repositories))
      expect(reconciled.failed).toBe(false)
      expect(github.changes.pullRequestState('acme', 'site', DOCS_PR)).toBe('closed')
      expect(lateNewsOn(repositories)).toEqual(['closed'])
      expect(github.labels('acme', 'site', DOCS_PR)).toEqual([])
      expect(github.merges.autoMerge('acme', 'site', DOCS_PR)).toBeUndefined()
    }))

  it('asks no merge for a copied or edited marker: only the signed comment counts', () =>
    lateLife(async (repositories, step, clock) => {
      const { github } = repositories
      waitsForItsRules(github)
      await step(companionStep(repositories, { action: 'opened', head: 0 }, {}, noWait))
      const [waiting] = codeComments(repositories)
      // Someone copies the waiting comment, and another edits a copy's marker to ask for a merge.
      const mallory = { login: 'mallory' }
      github.addComment('acme', 'docs', CODE_PR, waiting!.body, mallory)
      const edited = waiting!.body.replace(/ sig=/, ' companion-merge=auto sig=')
      github.addComment('acme', 'docs', CODE_PR, edited, mallory)
      // The code merged, and no merge run signed companion-merge=auto (one ran with it off, say).
      Object.assign(github.changes.pullRecord('acme', 'docs', CODE_PR)!.pull, { state: 'closed', merged: true })
      clock.advance(10 * MINUTE_MS)
      const reconciled = await step(reconcile(repositories))
      expect(reconciled.failed).toBe(false)
      // The signed comment alone is finished: the companion is told of the merge once, and no merge is asked.
      expect(lateNewsOn(repositories)).toEqual(['merged'])
      expect(docsComments(repositories).filter((c) => c.body.includes('Its code merged'))).toHaveLength(1)
      expect(graphqlCalls(repositories)).toEqual([])
    }))

  it('does nothing more for a companion whose code is still open, and trusts no marker for the state', () =>
    lateLife(async (repositories, step, clock) => {
      const { github } = repositories
      await step(companionStep(repositories, { action: 'opened', head: 0 }, {}, noWait))
      clock.advance(10 * MINUTE_MS)
      await step(reconcile(repositories))
      expect(github.changes.pullRequestState('acme', 'site', DOCS_PR)).toBe('open')
      expect(github.labels('acme', 'site', DOCS_PR)).toEqual([])
      expect(graphqlCalls(repositories)).toEqual([])
    }))
})
