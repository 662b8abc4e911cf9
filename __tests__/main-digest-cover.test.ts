// Digest mode's promise through run() in process, on one virtual clock: each merged pull request is
// covered by exactly one digest that counts. A run with nothing new makes no job, a later merge gets
// a job of its own the next day, a failed digest's pull requests go to the next one, a pull request
// with the skip-label is left out, and a digest left running with wait: false is ended by a reconcile
// run and counts. The bundle's smoke story of digest mode is e2e-digest.test.ts.
import { skipLabelLeftOutNotice } from '../src/report/digest-comment.js'
import type { FakeGitHub } from '../test/harness/fake-github.js'
import { seedMergeHoursAgo } from '../test/harness/merged-pull.js'
import { API_KEY, PROJECT } from './support/agent-fixture.js'
import { created, digestsOnOneClock, toldOf } from './support/digest-in-process.js'
import { digestCommentFor, digestSummaryFor, failedJob } from './support/digest-shown.js'
import { progressOf } from './support/progress.js'

const merge = seedMergeHoursAgo
/** The digest thread the first digest opens (the fake numbers opened issues from 1000). */
const THREAD = 1000
const LABEL = 'docs-agent: working'
/** The agent's pull requests are on https://github.com/acme/docs, the simulator's repository. */
const env = { GITHUB_SERVER_URL: 'https://github.com' }

const comments = (github: FakeGitHub) => github.comments('acme', 'docs', THREAD)

describe('each merge covered by exactly one digest that counts', () => {
  it('makes no job when nothing was merged since, and covers a later merge alone the next day', () =>
    digestsOnOneClock(async (digest, github, simulator) => {
      merge(github, 61, 30)
      merge(github, 62, 20)
      merge(github, 63, 10)
      expect((await digest('3001', { env })).outputs.status).toBe('completed')

      const idle = await digest('3002', { env })
      expect(idle.failed).toBe(false)
      expect(idle.outputs.status).toBe('skipped')
      expect(idle.log).toMatch(/No pull request was merged into main since the last digest/)
      expect(created(simulator)).toBe(1)
      expect(comments(github)).toHaveLength(1)

      // Merged after the first digest gathered; the next day's digest covers it.
      merge(github, 64, -1)
      const later = await digest('3003', { hoursLater: 24, env })
      expect(later.outputs.status).toBe('completed')
      expect(created(simulator)).toBe(2)
      expect(toldOf(simulator, 0)).toEqual([61, 62, 63])
      expect(toldOf(simulator, 1)).toEqual([64])
      expect(comments(github)).toHaveLength(2)
      expect(github.openedIssues()).toEqual([THREAD])
    }))

  it("leaves a failed digest's merges to the next digest, and a PR with the skip-label out", () =>
    digestsOnOneClock(async (digest, github, simulator) => {
      merge(github, 71, 5)
      merge(github, 72, 4)
      github.label('acme', 'docs', 72, 'docs: none')
      simulator.setScenario({ apiKey: API_KEY, projectId: PROJECT, durationMs: 300, finalStatus: 'failed' })
      const skip = { 'skip-label': 'docs: none' }
      const failed = await digest('4001', { inputs: skip, env })
      expect(failed.outputs.status).toBe('failed')
      expect(toldOf(simulator, 0)).toEqual([71])
      expect(failed.log).toContain(skipLabelLeftOutNotice(72, 'docs: none'))
      // The thread signs the range without claiming it done, and tells the failed job's end: its pull
      // requests are the next digest's. The summary tells the same, and what the label left out.
      const [gathered] = comments(github)
      expect(progressOf(gathered!, THREAD)).toMatchObject({ state: 'ended', digest: { pulls: [71] } })
      expect(progressOf(gathered!, THREAD)!.digest!.done).toBeUndefined()
      const ended = failedJob(failed.outputs['job-id']!)
      const where = { serverUrl: env.GITHUB_SERVER_URL, runId: '4001' }
      expect(gathered!.body).toBe(digestCommentFor(gathered!, THREAD, { kind: 'ended', result: ended }, where))
      const lines = digestSummaryFor(gathered!, THREAD, ended, { numbers: [72], label: 'docs: none' }, where)
      for (const line of lines) expect(failed.summary).toContain(line)

      simulator.setScenario({ apiKey: API_KEY, projectId: PROJECT, durationMs: 300 })
      merge(github, 73, -1)
      const next = await digest('4002', { hoursLater: 24, inputs: skip, env })
      expect(next.outputs.status).toBe('completed')
      expect(toldOf(simulator, 1)).toEqual([71, 73])
    }))

  it('leaves the job running with wait: false, and a reconcile run ends the comment keeping its list', () =>
    digestsOnOneClock(async (digest, github, _simulator, clock) => {
      merge(github, 81, 3)
      const labelled = { 'working-label': LABEL }
      const started = await digest('5001', { inputs: { ...labelled, wait: 'false' }, env })
      expect(started.outputs.status).toBe('active')
      expect(github.labels('acme', 'docs', THREAD)).toContain(LABEL)
      clock.advance(1000)
      const reconciled = await digest('5002', { inputs: { ...labelled, mode: 'reconcile', prompt: '' }, env })
      expect(reconciled.failed).toBe(false)
      const [ended] = comments(github)
      const shown = progressOf(ended!, THREAD)
      const prLink = (JSON.parse(reconciled.outputs.reconciled ?? '') as { prLink: string }[])[0]?.prLink
      expect(shown).toMatchObject({ state: 'ended', digest: { pulls: [81], done: true } })
      expect(shown!.links).toEqual(expect.arrayContaining(['https://github.com/acme/docs/pull/81', prLink]))
      // The reconcile run signs the digest done: the ended digest counts, and the next run has nothing to cover.
      expect((await digest('5003', { env })).outputs.status).toBe('skipped')
    }))
})
