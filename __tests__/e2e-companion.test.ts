// Mode companion end to end, through dist/index.js as a runner runs it: a code pull request's life
// (opened, pushed to, closed or merged) against the simulator and the GitHub fake, the companion docs
// pull request acme/site#7 following it. The decisions are told apart in companion-decide.test.ts.
import { count, CREATE, MESSAGE } from './support/agent-fixture.js'
import {
  CODE_PR,
  codeComments,
  sentPrompts,
  type CodeEvent,
  commentOnCodeStep,
  companionStep,
  type CodePullRequestSeed,
  heads,
  perMergeStep,
  reconcileStep,
  seedCodePullRequest,
  seedComparison
} from './support/companion-fixture.js'
import type { ThreadStep } from './support/github-fixture.js'
import { DOCS_PR, markedComments, type TwoRepositories, withTwoRepositories } from './support/two-repositories.js'
import { runAction, runtimes } from '../test/harness/run-bundle.js'
import { progressOf } from './support/progress.js'
import { companionEndFor, companionOf, newsIn } from './support/companion-shown.js'
import { skipCommand } from './support/skip.js'
import { behindParagraph, followUpRequest } from '../src/companion/words.js'
import { escapeMarkdown } from '../src/markdown/escape.js'
import { companionNote } from '../src/report/notes.js'

const [label, node] = runtimes().at(-1)!
const run = (step: ThreadStep) => runAction({ ...step, node })
const companion = (repositories: TwoRepositories, event: CodeEvent, seed?: CodePullRequestSeed) =>
  run(companionStep(repositories, event, seed))

const permissions = { github: { permissions: { 'writer-wendy': 'write', 'reader-rob': 'read' } as const } }

describe(`mode companion under ${label}`, () => {
  it('follows a code pull request from open to merge with one job, and the per-merge run leaves it out', async () => {
    await withTwoRepositories(async (repositories) => {
      const { github, simulator, prLink } = repositories
      seedCodePullRequest(repositories)

      const opened = await companion(repositories, { action: 'opened', head: 0 })
      expect(opened.code).toBe(0)
      const jobId = opened.outputs['job-id']
      expect(count(simulator, 'POST', CREATE)).toBe(1)
      const [created] = sentPrompts(repositories, /\/job$/)
      expect(created).toContain('Write the docs for the change below')
      expect(created).toContain('Rename the retries option to maxRetries')
      expect(created).toContain('+  maxRetries?: number')
      const [progress, ...others] = codeComments(repositories)
      expect(others).toEqual([])
      expect(progress!.body).toContain(prLink)
      expect(progressOf(progress!, CODE_PR)).toMatchObject({ note: 'companion', pullRequest: prLink })
      expect(github.labels('acme', 'docs', CODE_PR)).toEqual(['docs-agent: companion'])
      // The docs PR is tied to the job, and waits for the merge for its reviewers and labels.
      const docsComment = progressOf(markedComments(repositories)[0]!, DOCS_PR, { repository: 'acme/site' })
      expect(docsComment).toMatchObject({ kind: 'docs-pr', jobId })
      expect(github.labels('acme', 'site', DOCS_PR)).toEqual([])

      const pushed = await companion(repositories, { action: 'synchronize', head: 1 })
      expect(pushed.outputs['job-id']).toBe(jobId)
      expect(count(simulator, 'POST', CREATE)).toBe(1)
      const [followUp, ...moreMessages] = sentPrompts(repositories, /\/message$/)
      expect(moreMessages).toEqual([])
      expect(simulator.requests.some((r) => r.path.endsWith(`/job/${jobId}/message`))).toBe(true)
      expect(followUp).toContain(followUpRequest(CODE_PR, { from: heads(0), to: heads(1) }))
      expect(followUp).toContain('Add timeoutMs1 to the client options')
      expect(followUp).toContain('+export const timeoutMs1 = 30_000')
      expect(followUp).not.toContain('maxRetries?: number')
      expect(companionOf(codeComments(repositories)[0]!)).toMatchObject({ head: heads(1) })

      const again = await companion(repositories, { action: 'synchronize', head: 1 })
      expect(again.outputs.status).toBe('skipped')
      expect(count(simulator, 'POST', MESSAGE)).toBe(1)

      // A "/docs" comment on the code pull request goes to the same job, as on any thread.
      const asked = await run(commentOnCodeStep(repositories, 'writer-wendy', '/docs mention the default of 3'))
      expect(asked.outputs['job-id']).toBe(jobId)
      expect(count(simulator, 'POST', MESSAGE)).toBe(2)

      const merged = await companion(repositories, { action: 'closed', head: 1, merged: true })
      expect(merged.code).toBe(0)
      expect(count(simulator, 'POST', CREATE)).toBe(1)
      expect(count(simulator, 'POST', MESSAGE)).toBe(2)
      expect(github.labels('acme', 'site', DOCS_PR)).toEqual(['docs'])
      expect(github.requestedReviewers('acme', 'site', DOCS_PR)).toEqual(['writer-wendy'])
      const told = markedComments(repositories).at(-1)!
      expect(newsIn(told)).toEqual(['merged'])
      const ended = codeComments(repositories)
      expect(ended.map((comment) => comment.id)).toEqual([progress!.id, expect.any(Number)])
      expect(ended[0]!.body).toBe(
        companionEndFor(ended[0]!, 'merged', {
          kind: 'done',
          pullRequest: { name: 'acme/site#7', url: repositories.prLink }
        } as const)
      )

      const perMerge = await run(perMergeStep(repositories))
      expect(perMerge.code).toBe(0)
      expect(perMerge.outputs.status).toBe('skipped')
      expect(perMerge.stdout).toContain(skipCommand({ kind: 'companion-label', number: CODE_PR }))
      expect(count(simulator, 'POST', CREATE)).toBe(1)
    })
  })

  it('closes the companion docs pull request with a comment when the code is closed unmerged', async () => {
    await withTwoRepositories(async (repositories) => {
      const { github, simulator } = repositories
      seedCodePullRequest(repositories)
      await companion(repositories, { action: 'opened', head: 0 })
      const closed = await companion(repositories, { action: 'closed', head: 0, merged: false })
      expect(closed.code).toBe(0)
      expect(github.changes.pullRequestState('acme', 'site', DOCS_PR)).toBe('closed')
      expect(newsIn(markedComments(repositories).at(-1)!)).toEqual(['closed'])
      const [progress] = codeComments(repositories)
      expect(progress!.body).toBe(
        companionEndFor(progress!, 'closed', {
          kind: 'done',
          pullRequest: { name: 'acme/site#7', url: repositories.prLink }
        } as const)
      )
      expect(count(simulator, 'POST', MESSAGE)).toBe(0)

      const reopened = await companion(repositories, { action: 'reopened', head: 0 })
      expect(reopened.code).toBe(0)
      expect(github.changes.pullRequestState('acme', 'site', DOCS_PR)).toBe('open')
      expect(count(simulator, 'POST', CREATE)).toBe(1)
    })
  })

  it('leaves the companion one push behind when the hourly budget is spent, and the merge catches up', async () => {
    let hoursLater = 0
    const now = () => Date.now() + hoursLater * 3_600_000
    await withTwoRepositories(
      async (repositories) => {
        const { simulator } = repositories
        seedCodePullRequest(repositories, 2)
        await companion(repositories, { action: 'opened', head: 0 })
        await companion(repositories, { action: 'synchronize', head: 1 })
        const spent = await companion(repositories, { action: 'synchronize', head: 2 })
        expect(spent.code).toBe(1)
        expect(spent.stdout).toContain('messages per hour is used up')
        const [progress] = codeComments(repositories)
        expect(progress!.body).toContain(behindParagraph({ from: heads(1), to: heads(2) }, false))

        hoursLater = 1
        seedComparison(repositories, 1, 2)
        const merged = await companion(repositories, { action: 'closed', head: 2, merged: true })
        expect(merged.code).toBe(0)
        const prompts = sentPrompts(repositories, /\/message$/)
        expect(prompts.at(-1)).toContain(followUpRequest(CODE_PR, { from: heads(1), to: heads(2) }))
        expect(count(simulator, 'POST', CREATE)).toBe(1)
        const [merging] = codeComments(repositories)
        expect(merging!.body).toBe(
          companionEndFor(merging!, 'merged', {
            kind: 'done',
            pullRequest: { name: 'acme/site#7', url: repositories.prLink }
          } as const)
        )
      },
      { scenario: { rateLimitPerHour: 2 }, now }
    )
  })

  it('works with wait: false: a reconcile run ends the companion comment, and the next push still follows the job', async () => {
    let minutesLater = 0
    const now = () => Date.now() + minutesLater * 60_000
    await withTwoRepositories(
      async (repositories) => {
        const { github, simulator, prLink } = repositories
        seedCodePullRequest(repositories)
        const opened = await run(companionStep(repositories, { action: 'opened', head: 0 }, {}, { wait: 'false' }))
        expect(opened.outputs.status).toBe('active')
        expect(progressOf(codeComments(repositories)[0]!, CODE_PR)).toMatchObject({ state: 'working' })
        expect(github.labels('acme', 'docs', CODE_PR)).toEqual(['docs-agent: companion', 'docs-agent: working'])

        minutesLater = 10
        const reconciled = await run(reconcileStep(repositories))
        expect(reconciled.code).toBe(0)
        const [ended] = codeComments(repositories)
        expect(ended!.body).toContain(prLink)
        // The reconcile run tells the head the marker signs, as the waiting run would have.
        expect(ended!.body).toContain(escapeMarkdown(companionNote(heads(0))))
        expect(github.labels('acme', 'docs', CODE_PR)).toEqual(['docs-agent: companion'])

        const pushed = await run(companionStep(repositories, { action: 'synchronize', head: 1 }, {}, { wait: 'false' }))
        expect(pushed.outputs['job-id']).toBe(opened.outputs['job-id'])
        expect(sentPrompts(repositories, /\/message$/)[0]).toContain(
          followUpRequest(CODE_PR, { from: heads(0), to: heads(1) })
        )
        expect(count(simulator, 'POST', CREATE)).toBe(1)

        // The follow-up's end, written by a reconcile run, says the job updated its companion, as a waiting run would.
        minutesLater = 20
        expect((await run(reconcileStep(repositories))).code).toBe(0)
        const followedUp = codeComments(repositories)[0]!.body
        const shown = progressOf(codeComments(repositories)[0]!, CODE_PR)
        expect(shown).toMatchObject({ state: 'ended', pullRequest: prLink, earlierPullRequest: prLink })
        expect(followedUp).toContain(escapeMarkdown(companionNote(heads(1))))
      },
      { scenario: { durationMs: 5 * 60_000 }, now }
    )
  })

  it('starts nothing for a reader or a draft', async () => {
    await withTwoRepositories(async (repositories) => {
      seedCodePullRequest(repositories)
      const reader = await companion(repositories, { action: 'opened', head: 0 }, { author: 'reader-rob' })
      expect(reader.outputs.status).toBe('skipped')
      const draft = await companion(repositories, { action: 'opened', head: 0 }, { draft: true })
      expect(draft.outputs.status).toBe('skipped')
      // A push that finds no job starts one only under the same checks.
      const pushed = await companion(repositories, { action: 'synchronize', head: 1 }, { author: 'reader-rob' })
      expect(pushed.outputs.status).toBe('skipped')
      expect(pushed.stdout).toContain(
        skipCommand({ kind: 'not-permitted', login: 'reader-rob', role: 'read', required: 'write' })
      )
      expect(repositories.simulator.requests.filter((request) => request.method === 'POST')).toEqual([])
      expect(codeComments(repositories)).toEqual([])
    }, permissions)
  })
})
