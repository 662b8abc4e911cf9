// Mode companion through run() in process, on a virtual clock shared by the runs and the simulator:
// what a code pull request's author and reviewers see as it is opened, pushed to, closed, reopened
// and merged, with the companion docs pull request acme/site#7 following it. The same life runs
// through the bundle in e2e-companion.test.ts; here each moment is told apart.
import { VirtualClock } from '../src/base/clock.js'
import type { FakeGitHubOptions } from '../test/harness/fake-github.js'
import type { Scenario } from '../test/harness/simulator/server.js'
import { count, CREATE, MESSAGE } from './support/agent-fixture.js'
import {
  CODE_PR,
  codeComments,
  sentPrompts,
  type CodeEvent,
  type CodePullRequestSeed,
  companionStep,
  heads,
  seedCodePullRequest
} from './support/companion-fixture.js'
import { type ProcessRun, runInProcess } from './support/in-process.js'
import { DOCS_PR, markedComments, type TwoRepositories, withTwoRepositories } from './support/two-repositories.js'

const HOUR_MS = 3_600_000

interface CodeLife {
  repositories: TwoRepositories
  /** One companion run for an event of #61. */
  companion: (event: CodeEvent, seed?: CodePullRequestSeed) => Promise<ProcessRun>
  clock: VirtualClock
}

/** #61 seeded with two pushes to come, and its companion runs on one virtual clock. */
function codeLife(
  body: (life: CodeLife) => Promise<void>,
  options: { scenario?: Scenario; github?: FakeGitHubOptions } = {}
): Promise<void> {
  const clock = new VirtualClock(Date.now())
  return withTwoRepositories(
    async (repositories) => {
      seedCodePullRequest(repositories)
      const companion = (event: CodeEvent, seed?: CodePullRequestSeed) =>
        runInProcess({ ...companionStep(repositories, event, seed), clock })
      await body({ repositories, companion, clock })
    },
    { ...options, now: () => clock.now() }
  )
}

const short = (push: number) => heads(push).slice(0, 7)

describe('mode companion in process', () => {
  it('starts one job with a progress comment when a writer opens the pull request', () =>
    codeLife(async ({ repositories, companion }) => {
      const { github, simulator, prLink } = repositories
      const opened = await companion({ action: 'opened', head: 0 })
      expect(opened.failed).toBe(false)
      expect(opened.outputs.status).toBe('completed')
      expect(count(simulator, 'POST', CREATE)).toBe(1)
      const [prompt] = sentPrompts(repositories, CREATE)
      expect(prompt).toContain('Write the docs for the change below in a pull request of its own.')
      expect(prompt).toContain('Rename the retries option to maxRetries')
      const [progress, ...others] = codeComments(repositories)
      expect(others).toEqual([])
      expect(progress!.body).toContain(prLink)
      expect(progress!.body).toContain(`The docs follow commit ${short(0)}`)
      expect(github.labels('acme', 'docs', CODE_PR)).toEqual(['docs-agent: companion'])
      // Reviewers and labels wait for the merge.
      expect(github.labels('acme', 'site', DOCS_PR)).toEqual([])
      expect(github.requestedReviewers('acme', 'site', DOCS_PR)).toEqual([])
    }))

  it('starts nothing for a reader, a draft or a bot allowed-bots does not list', () =>
    codeLife(
      async ({ repositories, companion }) => {
        const reader = await companion({ action: 'opened', head: 0 }, { author: 'reader-rob' })
        expect(reader.outputs.status).toBe('skipped')
        expect(reader.log).toContain('@reader-rob has read permission')
        const draft = await companion({ action: 'opened', head: 0 }, { draft: true })
        expect(draft.outputs.status).toBe('skipped')
        expect(draft.log).toContain('its companion docs start when it is marked ready for review')
        const bot = await companion({ action: 'opened', head: 0 }, { author: 'renovate[bot]', bot: true })
        expect(bot.outputs.status).toBe('skipped')
        expect(bot.log).toContain('bots start a run only when allowed-bots lists them')
        expect(repositories.simulator.requests).toEqual([])
        expect(codeComments(repositories)).toEqual([])
        expect(repositories.github.labels('acme', 'docs', CODE_PR)).toEqual([])
      },
      { github: { permissions: { 'writer-wendy': 'write', 'reader-rob': 'read' } } }
    ))

  it('sends one follow-up per new head to the same job, and nothing for a head already sent', () =>
    codeLife(async ({ repositories, companion }) => {
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
      expect(followUp).toContain(`moved from ${short(0)} to ${short(1)}`)
      expect(followUp).toContain('Add timeoutMs1 to the client options')
      expect(followUp).toContain('+export const timeoutMs1 = 30_000')
      expect(codeComments(repositories)).toHaveLength(1)
      expect(codeComments(repositories)[0]!.body).toContain(`The docs follow commit ${short(1)}`)

      const again = await companion({ action: 'synchronize', head: 1 })
      expect(again.outputs.status).toBe('skipped')
      expect(again.log).toContain(`was sent its head ${short(1)} already, so nothing is sent again`)

      const next = await companion({ action: 'synchronize', head: 2 })
      expect(next.outputs['job-id']).toBe(jobId)
      expect(sentPrompts(repositories, MESSAGE).at(-1)).toContain(`moved from ${short(1)} to ${short(2)}`)
      expect(count(simulator, 'POST', MESSAGE)).toBe(2)
      expect(count(simulator, 'POST', CREATE)).toBe(1)
    }))

  it('leaves the companion one head behind when the hourly budget is spent, says so, and the merge catches up', () =>
    codeLife(
      async ({ repositories, companion, clock }) => {
        const { simulator } = repositories
        await companion({ action: 'opened', head: 0 })
        await companion({ action: 'synchronize', head: 1 })
        const spent = await companion({ action: 'synchronize', head: 2 })
        expect(spent.failed).toBe(true)
        expect(spent.log).toContain('messages per hour is used up')
        const [progress] = codeComments(repositories)
        expect(progress!.body).toContain(
          `**One push behind.** The commits up to ${short(2)} were not sent to the agent job`
        )
        expect(progress!.body).toContain(`The next push, or the merge, sends everything since ${short(1)}.`)
        expect(progress!.body).toContain(`The docs follow commit ${short(1)}`)

        clock.advance(HOUR_MS)
        const merged = await companion({ action: 'closed', head: 2, merged: true })
        expect(merged.failed).toBe(false)
        expect(sentPrompts(repositories, MESSAGE).at(-1)).toContain(`moved from ${short(1)} to ${short(2)}`)
        expect(count(simulator, 'POST', CREATE)).toBe(1)
        const [ended] = codeComments(repositories)
        expect(ended!.body).toContain('🔀 **Merged.**')
        expect(ended!.body).not.toContain('One push behind')
      },
      { scenario: { rateLimitPerHour: 2 } }
    ))

  it('closes the companion with a comment when the code is closed unmerged, and reopens it with the code', () =>
    codeLife(async ({ repositories, companion }) => {
      const { github, simulator } = repositories
      await companion({ action: 'opened', head: 0 })
      const closed = await companion({ action: 'closed', head: 0, merged: false })
      expect(closed.failed).toBe(false)
      expect(closed.outputs.status).toBe('skipped')
      expect(closed.log).toContain('its companion docs pull request acme/site#7 was closed with a comment')
      expect(github.changes.pullRequestState('acme', 'site', DOCS_PR)).toBe('closed')
      expect(markedComments(repositories).at(-1)!.body).toContain(`🚫 **Closed with its code.** [acme/docs#${CODE_PR}]`)
      const [progress, ...others] = codeComments(repositories)
      expect(others).toEqual([])
      expect(progress!.body).toContain('🚫 **Closed.** This pull request was closed without being merged')

      const reopened = await companion({ action: 'reopened', head: 0 })
      expect(reopened.failed).toBe(false)
      expect(github.changes.pullRequestState('acme', 'site', DOCS_PR)).toBe('open')
      expect(markedComments(repositories).at(-1)!.body).toContain('↩️ **Reopened with its code.**')
      expect(codeComments(repositories)[0]!.body).toContain('↩️ **Reopened.** Its companion docs pull request')
      // Nothing new for the agent: the head it has is the head of the pull request.
      expect(count(simulator, 'POST', CREATE)).toBe(1)
      expect(count(simulator, 'POST', MESSAGE)).toBe(0)
    }))

  it('tells the close in the docs-PR comment of the companion, which no longer reads as ready for review', () =>
    codeLife(async ({ repositories, companion }) => {
      const opened = await companion({ action: 'opened', head: 0 })
      const [docsComment] = markedComments(repositories)
      expect(docsComment!.body).toContain('✅ **Ready for review.** The agent job has finished.')

      await companion({ action: 'closed', head: 0, merged: false })
      const [closed, ...others] = markedComments(repositories)
      expect(others).toEqual([])
      expect(closed!.id).toBe(docsComment!.id)
      expect(closed!.body).toContain(`agent job \`${opened.outputs['job-id']}\` opened this pull request`)
      expect(closed!.body).toContain(`🚫 **Closed with its code.** [acme/docs#${CODE_PR}]`)
      expect(closed!.body).not.toContain('Ready for review')
      // A closed pull request takes no changes: reopening its code reopens it.
      expect(closed!.body).not.toContain('**Changes?**')

      await companion({ action: 'reopened', head: 0 })
      const [reopened] = markedComments(repositories)
      expect(reopened!.body).toContain('↩️ **Reopened with its code.**')
      expect(reopened!.body).toContain('**Changes?** Start a comment on this pull request with `/docs`')
    }))

  it('tells the close in a comment of its own when the companion has no docs-PR comment', () =>
    codeLife(async ({ repositories, companion }) => {
      const { github } = repositories
      await companion({ action: 'opened', head: 0 })
      github.deleteComment(markedComments(repositories)[0]!.id)

      await companion({ action: 'closed', head: 0, merged: false })
      const [told, ...others] = markedComments(repositories)
      expect(others).toEqual([])
      expect(told!.body).toContain(`🚫 **Closed with its code.** [acme/docs#${CODE_PR}]`)
      expect(told!.body).not.toContain('kind=docs-pr')
    }))

  it('warns, and says to close it by hand, when GitHub refuses to close the companion', () =>
    codeLife(
      async ({ repositories, companion }) => {
        const { github } = repositories
        await companion({ action: 'opened', head: 0 })
        const closed = await companion({ action: 'closed', head: 0, merged: false })
        expect(closed.failed).toBe(false)
        expect(closed.log).toMatch(
          /warning: Could not close the agent's pull request acme\/site#7: GitHub answered 403/
        )
        expect(github.changes.pullRequestState('acme', 'site', DOCS_PR)).toBe('open')
        expect(codeComments(repositories)[0]!.body).toContain(
          '⚠️ **Closed, docs left open.** This pull request was closed without being merged, but its companion docs ' +
            'pull request [acme/site#7]'
        )
      },
      {
        github: {
          permissions: { 'writer-wendy': 'write' },
          failures: [{ method: 'PATCH', pathIncludes: `/repos/acme/site/pulls/${DOCS_PR}`, status: 403 }]
        }
      }
    ))

  it('on the merge, comments on the companion, labels it and asks its reviewers, and starts no job', () =>
    codeLife(async ({ repositories, companion }) => {
      const { github, simulator } = repositories
      await companion({ action: 'opened', head: 0 })
      const merged = await companion({ action: 'closed', head: 0, merged: true })
      expect(merged.failed).toBe(false)
      expect(merged.log).toContain('was told, labelled and its reviewers asked. Nothing was sent to the agent.')
      expect(count(simulator, 'POST', CREATE)).toBe(1)
      expect(count(simulator, 'POST', MESSAGE)).toBe(0)
      expect(github.labels('acme', 'site', DOCS_PR)).toEqual(['docs'])
      expect(github.requestedReviewers('acme', 'site', DOCS_PR)).toEqual(['writer-wendy'])
      expect(markedComments(repositories).at(-1)!.body).toContain(`🔀 **Its code merged.** [acme/docs#${CODE_PR}]`)
      const [progress, ...others] = codeComments(repositories)
      expect(others).toEqual([])
      expect(progress!.body).toContain('🔀 **Merged.** Its companion docs pull request [acme/site#7]')
    }))

  // Hostile review, finding 8: a push read the first page and the newest 900 comments only, so the
  // companion comment further back went unread, the push found no job and created a second one.
  it('finds the companion comment on a flooded pull request and sends the push to its job', () =>
    codeLife(async ({ repositories, companion }) => {
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
