// Mode companion through run() in process, on a virtual clock shared by the runs and the simulator:
// what a code pull request's author and reviewers see as it is opened, pushed to, closed, reopened
// and merged, with the companion docs pull request acme/site#7 following it. A short smoke story of
// that life runs through the bundle in e2e-companion.test.ts; here each moment is told apart.
import { count, CREATE, MESSAGE } from './support/agent-fixture.js'
import { CODE_PR, codeComments, sentPrompts, heads, perMergeStep } from './support/companion-fixture.js'
import { life, NOT_WAITING, WORKING_LABEL } from './support/companion-life.js'
import { runInProcess } from './support/in-process.js'
import { companionEndFor, companionOf, namedIn, newsIn } from './support/companion-shown.js'
import { progressOf } from './support/progress.js'
import { skipNotice } from './support/skip.js'
import { behindParagraph, companionEndReason, followUpRequest } from '../src/companion/words.js'
import { escapeMarkdown } from '../src/markdown/escape.js'
import { companionNote } from '../src/report/notes.js'
import { howToAskForChanges } from '../src/report/docs-pr-comment.js'
import { DOCS_PR, markedComments } from './support/two-repositories.js'

const HOUR_MS = 3_600_000

const short = (push: number) => heads(push).slice(0, 7)

describe('mode companion in process', () => {
  it('starts one job with a progress comment when a writer opens the pull request', () =>
    life(async ({ repositories, companion }) => {
      const { github, simulator, prLink } = repositories
      const opened = await companion({ action: 'opened', head: 0 })
      expect(opened.failed).toBe(false)
      expect(opened.outputs.status).toBe('completed')
      expect(count(simulator, 'POST', CREATE)).toBe(1)
      const [prompt] = sentPrompts(repositories, CREATE)
      expect(prompt).toContain('Write the docs for the change below in a pull request of its own.')
      expect(prompt).toContain('Rename the retries option to maxRetries')
      expect(prompt).toContain('+  maxRetries?: number')
      const [progress, ...others] = codeComments(repositories)
      expect(others).toEqual([])
      expect(progress!.body).toContain(prLink)
      expect(companionOf(progress!)).toMatchObject({ head: heads(0) })
      expect(github.labels('acme', 'docs', CODE_PR)).toEqual(['docs-agent: companion'])
      // Reviewers and labels wait for the merge.
      expect(github.labels('acme', 'site', DOCS_PR)).toEqual([])
      expect(github.requestedReviewers('acme', 'site', DOCS_PR)).toEqual([])
    }))

  it('starts nothing for a reader, a draft or a bot allowed-bots does not list', () =>
    life(
      async ({ repositories, companion }) => {
        const reader = await companion({ action: 'opened', head: 0 }, { author: 'reader-rob' })
        expect(reader.outputs.status).toBe('skipped')
        expect(reader.log).toContain(
          skipNotice({ kind: 'not-permitted', login: 'reader-rob', role: 'read', required: 'write' })
        )
        const draft = await companion({ action: 'opened', head: 0 }, { draft: true })
        expect(draft.outputs.status).toBe('skipped')
        expect(draft.log).toContain(skipNotice({ kind: 'companion-draft', number: CODE_PR }))
        const bot = await companion({ action: 'opened', head: 0 }, { author: 'renovate[bot]', bot: true })
        expect(bot.outputs.status).toBe('skipped')
        const act = { did: 'opened', number: CODE_PR } as const
        expect(bot.log).toContain(
          skipNotice({ kind: 'unlisted-bot', login: 'renovate[bot]', allowAs: 'renovate', act })
        )
        // A push that finds no job starts one only under the same checks.
        const pushed = await companion({ action: 'synchronize', head: 1 }, { author: 'reader-rob' })
        expect(pushed.outputs.status).toBe('skipped')
        expect(pushed.log).toContain(
          skipNotice({ kind: 'not-permitted', login: 'reader-rob', role: 'read', required: 'write' })
        )
        expect(repositories.simulator.requests).toEqual([])
        expect(codeComments(repositories)).toEqual([])
        expect(repositories.github.labels('acme', 'docs', CODE_PR)).toEqual([])
      },
      { github: { permissions: { 'writer-wendy': 'write', 'reader-rob': 'read' } } }
    ))

  it('sends one follow-up per new head to the same job, and nothing for a head already sent', () =>
    life(async ({ repositories, companion }) => {
      const { simulator } = repositories
      const opened = await companion({ action: 'opened', head: 0 })
      const jobId = opened.outputs['job-id']

      const pushed = await companion({ action: 'synchronize', head: 1 })
      expect(pushed.failed).toBe(false)
      expect(pushed.outputs['job-id']).toBe(jobId)
      expect(pushed.outputs['pr-new']).toBe('false')
      const [followUp, ...more] = sentPrompts(repositories, MESSAGE)
      expect(more).toEqual([])
      expect(simulator.requests.some((request) => request.path.endsWith(`/job/${jobId}/message`))).toBe(true)
      expect(followUp).toContain(followUpRequest(CODE_PR, { from: heads(0), to: heads(1) }))
      expect(followUp).toContain('Add timeoutMs1 to the client options')
      expect(followUp).toContain('+export const timeoutMs1 = 30_000')
      // Only what the push changed: the opening's diff is the job's already.
      expect(followUp).not.toContain('maxRetries?: number')
      expect(codeComments(repositories)).toHaveLength(1)
      expect(companionOf(codeComments(repositories)[0]!)).toMatchObject({ head: heads(1) })

      const again = await companion({ action: 'synchronize', head: 1 })
      expect(again.outputs.status).toBe('skipped')
      expect(again.log).toContain(
        skipNotice({ kind: 'companion-head-sent', number: CODE_PR, jobId: jobId!, head: short(1) })
      )

      const next = await companion({ action: 'synchronize', head: 2 })
      expect(next.outputs['job-id']).toBe(jobId)
      expect(sentPrompts(repositories, MESSAGE).at(-1)).toContain(
        followUpRequest(CODE_PR, { from: heads(1), to: heads(2) })
      )
      expect(count(simulator, 'POST', MESSAGE)).toBe(2)
      expect(count(simulator, 'POST', CREATE)).toBe(1)
    }))

  it('leaves the companion one head behind when the hourly budget is spent, says so, and the merge catches up', () =>
    life(
      async ({ repositories, companion, clock }) => {
        const { simulator } = repositories
        await companion({ action: 'opened', head: 0 })
        await companion({ action: 'synchronize', head: 1 })
        const spent = await companion({ action: 'synchronize', head: 2 })
        expect(spent.failed).toBe(true)
        expect(spent.log).toContain('messages per hour is used up')
        const [progress] = codeComments(repositories)
        expect(progress!.body).toContain(behindParagraph({ from: heads(1), to: heads(2) }, false))
        expect(companionOf(progress!)).toMatchObject({ head: heads(1) })

        clock.advance(HOUR_MS)
        const merged = await companion({ action: 'closed', head: 2, merged: true })
        expect(merged.failed).toBe(false)
        expect(sentPrompts(repositories, MESSAGE).at(-1)).toContain(
          followUpRequest(CODE_PR, { from: heads(1), to: heads(2) })
        )
        expect(count(simulator, 'POST', CREATE)).toBe(1)
        const [ended] = codeComments(repositories)
        // Merged and caught up: no longer a push behind.
        expect(ended!.body).toBe(
          companionEndFor(ended!, 'merged', { kind: 'done', pullRequest: namedIn(ended!.body, 'acme/site#7') } as const)
        )
      },
      { scenario: { rateLimitPerHour: 2 } }
    ))

  it('closes the companion with a comment when the code is closed unmerged, and reopens it with the code', () =>
    life(async ({ repositories, companion }) => {
      const { github, simulator } = repositories
      await companion({ action: 'opened', head: 0 })
      const closed = await companion({ action: 'closed', head: 0, merged: false })
      expect(closed.failed).toBe(false)
      expect(closed.outputs.status).toBe('skipped')
      const docs = { name: 'acme/site#7', url: repositories.prLink }
      expect(closed.log).toContain(companionEndReason(CODE_PR, 'closed', { kind: 'done', pullRequest: docs }))
      expect(github.changes.pullRequestState('acme', 'site', DOCS_PR)).toBe('closed')
      expect(newsIn(markedComments(repositories).at(-1)!)).toEqual(['closed'])
      const [progress, ...others] = codeComments(repositories)
      expect(others).toEqual([])
      expect(progress!.body).toBe(companionEndFor(progress!, 'closed', { kind: 'done', pullRequest: docs }))

      const reopened = await companion({ action: 'reopened', head: 0 })
      expect(reopened.failed).toBe(false)
      expect(github.changes.pullRequestState('acme', 'site', DOCS_PR)).toBe('open')
      expect(newsIn(markedComments(repositories).at(-1)!)).toEqual(['reopened'])
      const [progressNow] = codeComments(repositories)
      expect(progressNow!.body).toBe(companionEndFor(progressNow!, 'reopened', { kind: 'done', pullRequest: docs }))
      // Nothing new for the agent: the head it has is the head of the pull request.
      expect(count(simulator, 'POST', CREATE)).toBe(1)
      expect(count(simulator, 'POST', MESSAGE)).toBe(0)
    }))

  it('tells the close in the docs-PR comment of the companion, which no longer reads as ready for review', () =>
    life(async ({ repositories, companion }) => {
      const opened = await companion({ action: 'opened', head: 0 })
      const [docsComment] = markedComments(repositories)
      expect(progressOf(docsComment!, DOCS_PR, { repository: 'acme/site' })).toMatchObject({
        kind: 'docs-pr',
        state: 'ended'
      })

      await companion({ action: 'closed', head: 0, merged: false })
      const [closed, ...others] = markedComments(repositories)
      expect(others).toEqual([])
      expect(closed!.id).toBe(docsComment!.id)
      expect(progressOf(closed!, DOCS_PR, { repository: 'acme/site' })).toMatchObject({
        kind: 'docs-pr',
        jobId: opened.outputs['job-id']
      })
      expect(newsIn(closed!)).toEqual(['closed'])
      expect(closed!.body).not.toContain('Ready for review')
      // A closed pull request takes no changes: reopening its code reopens it.
      expect(closed!.body).not.toContain(howToAskForChanges('/docs'))

      await companion({ action: 'reopened', head: 0 })
      const [reopened] = markedComments(repositories)
      expect(newsIn(reopened!)).toEqual(['reopened'])
      expect(reopened!.body).toContain(howToAskForChanges('/docs'))
    }))

  it('tells the close in a comment of its own when the companion has no docs-PR comment', () =>
    life(async ({ repositories, companion }) => {
      const { github } = repositories
      await companion({ action: 'opened', head: 0 })
      github.deleteComment(markedComments(repositories)[0]!.id)

      await companion({ action: 'closed', head: 0, merged: false })
      const [told, ...others] = markedComments(repositories)
      expect(others).toEqual([])
      expect(newsIn(told!)).toEqual(['closed'])
      expect(progressOf(told!, DOCS_PR, { repository: 'acme/site' })?.kind).toBeUndefined()
    }))

  it('warns, and says to close it by hand, when GitHub refuses to close the companion', () =>
    life(
      async ({ repositories, companion }) => {
        const { github } = repositories
        await companion({ action: 'opened', head: 0 })
        const closed = await companion({ action: 'closed', head: 0, merged: false })
        expect(closed.failed).toBe(false)
        expect(closed.log).toMatch(
          /warning: Could not close the agent's pull request acme\/site#7: GitHub answered 403/
        )
        expect(github.changes.pullRequestState('acme', 'site', DOCS_PR)).toBe('open')
        const [progress] = codeComments(repositories)
        const docs = namedIn(progress!.body, 'acme/site#7')
        expect(progress!.body).toBe(companionEndFor(progress!, 'closed', { kind: 'failed', pullRequest: docs }))
      },
      {
        github: {
          permissions: { 'writer-wendy': 'write' },
          failures: [{ method: 'PATCH', pathIncludes: `/repos/acme/site/pulls/${DOCS_PR}`, status: 403 }]
        }
      }
    ))

  it('on the merge, comments on the companion, labels it and asks its reviewers, and starts no job, nor does the per-merge run', () =>
    life(async ({ repositories, companion, clock }) => {
      const { github, simulator } = repositories
      await companion({ action: 'opened', head: 0 })
      const merged = await companion({ action: 'closed', head: 0, merged: true })
      expect(merged.failed).toBe(false)
      const docs = { name: 'acme/site#7', url: repositories.prLink }
      expect(merged.log).toContain(companionEndReason(CODE_PR, 'merged', { kind: 'done', pullRequest: docs }))
      expect(count(simulator, 'POST', CREATE)).toBe(1)
      expect(count(simulator, 'POST', MESSAGE)).toBe(0)
      expect(github.labels('acme', 'site', DOCS_PR)).toEqual(['docs'])
      expect(github.requestedReviewers('acme', 'site', DOCS_PR)).toEqual(['writer-wendy'])
      expect(newsIn(markedComments(repositories).at(-1)!)).toEqual(['merged'])
      const [progress, ...others] = codeComments(repositories)
      expect(others).toEqual([])
      expect(progress!.body).toBe(companionEndFor(progress!, 'merged', { kind: 'done', pullRequest: docs }))

      // The per-merge workflow (examples/docs-on-merge.yml) leaves a pull request its companion documented.
      const perMerge = await runInProcess({ ...perMergeStep(repositories), clock })
      expect(perMerge.failed).toBe(false)
      expect(perMerge.outputs.status).toBe('skipped')
      expect(perMerge.log).toContain(skipNotice({ kind: 'companion-label', number: CODE_PR }))
      expect(count(simulator, 'POST', CREATE)).toBe(1)
    }))

  it('with wait: false, is ended by reconcile runs as a waiting run would end it, and each push follows the job', () =>
    life(async ({ repositories, companion, reconcile, clock }) => {
      const { github, simulator, prLink } = repositories
      const opened = await companion({ action: 'opened', head: 0 }, {}, NOT_WAITING)
      expect(opened.outputs.status).toBe('active')
      expect(progressOf(codeComments(repositories)[0]!, CODE_PR)).toMatchObject({ state: 'working' })
      expect(github.labels('acme', 'docs', CODE_PR)).toEqual(['docs-agent: companion', WORKING_LABEL])

      clock.advance(60_000)
      expect((await reconcile()).failed).toBe(false)
      const [ended] = codeComments(repositories)
      expect(ended!.body).toContain(prLink)
      // The reconcile run tells the head the marker signs, as the waiting run would have.
      expect(ended!.body).toContain(escapeMarkdown(companionNote(heads(0))))
      expect(github.labels('acme', 'docs', CODE_PR)).toEqual(['docs-agent: companion'])

      const pushed = await companion({ action: 'synchronize', head: 1 }, {}, NOT_WAITING)
      expect(pushed.outputs['job-id']).toBe(opened.outputs['job-id'])
      expect(sentPrompts(repositories, MESSAGE)[0]).toContain(
        followUpRequest(CODE_PR, { from: heads(0), to: heads(1) })
      )
      expect(count(simulator, 'POST', CREATE)).toBe(1)

      // The follow-up's end, written by a reconcile run, says the job updated its companion.
      clock.advance(60_000)
      expect((await reconcile()).failed).toBe(false)
      const [followedUp] = codeComments(repositories)
      expect(progressOf(followedUp!, CODE_PR)).toMatchObject({
        state: 'ended',
        pullRequest: prLink,
        earlierPullRequest: prLink
      })
      expect(followedUp!.body).toContain(escapeMarkdown(companionNote(heads(1))))
    }))

  // Hostile review, finding 8: a push read the first page and the newest 900 comments only, so the
  // companion comment further back went unread, the push found no job and created a second one.
  it('finds the companion comment on a flooded pull request and sends the push to its job', () =>
    life(async ({ repositories, companion }) => {
      const { github, simulator } = repositories
      const flood = (from: number, to: number) => {
        for (let i = from; i < to; i++) github.addComment('acme', 'docs', CODE_PR, `+1 (${i})`, { login: 'flooder' })
      }
      flood(0, 150)
      const opened = await companion({ action: 'opened', head: 0 })
      flood(150, 1200)
      const pushed = await companion({ action: 'synchronize', head: 1 })
      expect(pushed.outputs['job-id']).toBe(opened.outputs['job-id'])
      expect(count(simulator, 'POST', CREATE)).toBe(1)
      expect(count(simulator, 'POST', MESSAGE)).toBe(1)
    }))
})
