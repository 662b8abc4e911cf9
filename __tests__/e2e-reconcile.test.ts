// Reconcile mode end to end, its smoke story: dist/index.js as a runner runs it, against the
// simulator and the GitHub fake. A /docs comment starts a job with wait: false, and a scheduled run in
// reconcile mode finishes its comment once the job ended, its outputs and summary written as the
// runner reads them. The rest of reconcile mode is driven in process (main-reconcile*.test.ts,
// reconcile-*.test.ts).
import { runAction, runtimes, visibleLog } from '../test/harness/run-bundle.js'
import type { FakeGitHub } from '../test/harness/fake-github.js'
import type { Simulator } from '../test/harness/simulator/server.js'
import { CREATE, GET, count } from './support/agent-fixture.js'
import {
  COMMENT_RUN_DECISIONS,
  markerFields,
  markerOf,
  onThread,
  reconcileRun,
  type ThreadStep
} from './support/github-fixture.js'
import { completedWith, statusWords } from './support/progress.js'

const LABEL = 'docs-agent: working'
/** Longer than any run of the bundle takes: the job ends only when the test moves the simulator's clock past it. */
const JOB_MS = 60_000

const progressComment = (github: FakeGitHub) => github.comments('acme', 'docs', 42)[1]!
/** The page of the run that started the job, which its progress comment links. */
const runUrl = (github: FakeGitHub) => `${github.serverUrl}/acme/docs/actions/runs/1001`

/**
 * Runs `body` with the fakes of one repository, the saved /docs comment on #42 seeded. The simulator
 * tells time as the clock does plus what `skip` added, so that a job ends when the test says, not
 * when a busy machine happens to get there.
 */
async function inRepository(
  body: (step: ThreadStep, github: FakeGitHub, simulator: Simulator, skip: (ms: number) => void) => Promise<void>
) {
  let fakes: [FakeGitHub, Simulator] | undefined
  let skipped = 0
  await onThread(
    {
      event: 'issue_comment.created',
      scenario: { durationMs: JOB_MS },
      before: (github, simulator) => {
        fakes = [github, simulator]
      }
    },
    (step) => body(step, ...fakes!, (ms) => (skipped += ms)),
    { now: () => Date.now() + skipped }
  )
}

describe.each(runtimes())('paying for seconds under %s', (_label, node) => {
  it('starts a job with wait: false, and a scheduled reconcile run finishes its comment once the job ended', () =>
    inRepository(async (step, github, simulator, skip) => {
      const started = await runAction({ ...step, node, inputs: { ...step.inputs, wait: 'false' } })
      expect(started.code).toBe(0)
      const jobId = started.outputs['job-id'] ?? ''
      expect(github.labels('acme', 'docs', 42)).toEqual([LABEL])
      const working = progressComment(github)
      expect(working.body).toContain(statusWords({ kind: 'working', jobId, followUp: false }, runUrl(github)))
      // The step's outputs name the comment it left waiting, for a later step to link.
      expect(started.outputs['comment-url']).toBe(working.html_url)

      skip(JOB_MS)
      const ended = await reconcileRun(step, node)
      expect(ended.code).toBe(0)
      const prLink = 'https://github.com/acme/docs/pull/1'
      const final = progressComment(github)
      // As the waiting run would have told it: its link is to run 1001, not to the reconcile run.
      expect(final.body).toContain(statusWords(completedWith(jobId, prLink), runUrl(github)))
      expect(markerOf(final, 42)).toEqual(
        markerFields(42, { jobId, triggerCommentId: 3551234567, commentId: final.id, ...COMMENT_RUN_DECISIONS })
      )
      expect(github.labels('acme', 'docs', 42)).toEqual([])
      expect(JSON.parse(ended.outputs.reconciled ?? '')).toEqual([{ thread: 42, jobId, status: 'completed', prLink }])
      expect(ended.summary).toContain(
        `| \`${jobId}\` | \`completed\`, [${prLink}](${prLink}) | comment shows the end; label removed |`
      )
      expect(visibleLog(ended)).toContain(`#42: the progress comment of agent job ${jobId} now shows its end.`)
      expect(count(simulator, 'POST', CREATE)).toBe(1)
      expect(count(simulator, 'GET', GET)).toBe(1)
    }))
})
