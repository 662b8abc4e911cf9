// Digest mode end to end: dist/index.js as a scheduled run, against the simulator and the GitHub
// fake. Each merged pull request is covered by exactly one digest that counts: three merges make one
// job, a run with nothing new makes none, one more merge makes a job for it alone, a failed digest's
// pull requests go to the next one, and a pull request with the skip-label is left out.
import { runAction, runtimes } from '../test/harness/run-bundle.js'
import type { FakeGitHub } from '../test/harness/fake-github.js'
import { seedMergeHoursAgo } from '../test/harness/merged-pull.js'
import { agentInputs, API_KEY, count, CREATE, PROJECT } from './support/agent-fixture.js'
import { githubVariables, TOKEN } from './support/github-fixture.js'
import { createdPrompt, digest, THREAD, withFakes } from './support/digest-runs.js'
import { progressOf } from './support/progress.js'
import { digestCommentFor, digestSummaryFor, failedJob } from './support/digest-shown.js'
import { skipLabelLeftOutNotice } from '../src/report/digest-comment.js'

const merge = seedMergeHoursAgo

const comments = (github: FakeGitHub) => github.comments('acme', 'docs', THREAD)

describe.each(runtimes())('digests under %s', (_label, node) => {
  it('covers three merges in one job, nothing twice, and a later merge alone', () =>
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
      const [recorded] = comments(github)
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

      const idle = await digest(node, github, simulator, '3002')
      expect(idle.code).toBe(0)
      expect(idle.outputs.status).toBe('skipped')
      expect(idle.stdout).toMatch(/No pull request was merged into main since the last digest/)
      expect(count(simulator, 'POST', CREATE)).toBe(1)
      expect(comments(github)).toHaveLength(1)

      // Merged after the first digest gathered; the next day's digest covers it.
      merge(github, 64, -1)
      const later = await digest(node, github, simulator, '3003', { hoursLater: 24 })
      expect(later.code).toBe(0)
      expect(count(simulator, 'POST', CREATE)).toBe(2)
      const second = createdPrompt(simulator, 1)
      expect(second).toContain('Change 64')
      expect(second).not.toContain('Change 63')
      expect(comments(github)).toHaveLength(2)
      expect(github.openedIssues()).toEqual([THREAD])
    }))

  it("leaves a failed digest's merges to the next digest, and a PR with the skip-label out", () =>
    withFakes(async (github, simulator) => {
      merge(github, 71, 5)
      merge(github, 72, 4)
      github.label('acme', 'docs', 72, 'docs: none')
      simulator.setScenario({ apiKey: API_KEY, projectId: PROJECT, durationMs: 300, finalStatus: 'failed' })
      const skip = { 'skip-label': 'docs: none' }
      const failed = await digest(node, github, simulator, '4001', { inputs: skip })
      expect(failed.outputs.status).toBe('failed')
      expect(createdPrompt(simulator, 0)).toContain('Change 71')
      expect(createdPrompt(simulator, 0)).not.toContain('Change 72')
      expect(failed.stdout).toContain(skipLabelLeftOutNotice(72, 'docs: none'))
      // The thread signs the range without claiming it done, and tells the failed job's end: its pull
      // requests are the next digest's. The summary tells the same, and what the label left out.
      const [gathered] = comments(github)
      expect(progressOf(gathered!, THREAD)).toMatchObject({ state: 'ended', digest: { pulls: [71] } })
      expect(progressOf(gathered!, THREAD)!.digest!.done).toBeUndefined()
      const ended = failedJob(failed.outputs['job-id']!)
      const where = { serverUrl: 'https://github.com', runId: '4001' }
      expect(gathered!.body).toBe(digestCommentFor(gathered!, THREAD, { kind: 'ended', result: ended }, where))
      const lines = digestSummaryFor(gathered!, THREAD, ended, { numbers: [72], label: 'docs: none' }, where)
      for (const line of lines) expect(failed.summary).toContain(line)

      simulator.setScenario({ apiKey: API_KEY, projectId: PROJECT, durationMs: 300 })
      merge(github, 73, -1)
      const next = await digest(node, github, simulator, '4002', { hoursLater: 24, inputs: skip })
      expect(next.outputs.status).toBe('completed')
      const prompt = createdPrompt(simulator, 1)
      expect(prompt).toContain('Change 71')
      expect(prompt).toContain('Change 73')
      expect(prompt).not.toContain('Change 72')
    }))

  it('leaves the job running with wait: false, and a reconcile run ends the comment keeping its list', () =>
    withFakes(async (github, simulator) => {
      merge(github, 81, 3)
      const started = await digest(node, github, simulator, '5001', { inputs: { wait: 'false' } })
      expect(started.outputs.status).toBe('active')
      expect(github.labels('acme', 'docs', THREAD)).toContain('docs-agent: working')
      await new Promise((resolve) => setTimeout(resolve, 500))
      const reconciled = await runAction({
        node,
        eventName: 'schedule',
        event: { schedule: '*/5 * * * *' },
        env: { ...githubVariables(github), GITHUB_SERVER_URL: 'https://github.com', GITHUB_RUN_ID: '5002' },
        inputs: agentInputs(simulator, { mode: 'reconcile', 'github-token': TOKEN, prompt: '' })
      })
      expect(reconciled.code).toBe(0)
      const [ended] = comments(github)
      const shown = progressOf(ended!, THREAD)
      const prLink = (JSON.parse(reconciled.outputs.reconciled ?? '') as { prLink: string }[])[0]?.prLink
      expect(shown).toMatchObject({ state: 'ended', digest: { pulls: [81], done: true } })
      expect(shown!.links).toEqual(expect.arrayContaining(['https://github.com/acme/docs/pull/81', prLink]))
      // The reconcile run signs the digest done: no later digest depends on the job's record (as shown above).
      // The ended digest counts: the next run has nothing to cover.
      const idle = await digest(node, github, simulator, '5003')
      expect(idle.outputs.status).toBe('skipped')
    }))
})
