// The agent's pull request as the signal, end to end: dist/index.js in reconcile mode, started by the
// `pull_request` event of the pull request the agent's app opened, against the simulator and the
// GitHub fake. A /docs comment started the job with wait: false; the run finishes that thread in the
// same run, waiting while its job still reads active, and leaves another thread's running job as a
// schedule would. The decisions are tested in reconcile-pull-request*.test.ts.
import { type ActionRun, runAction, runtimes, visibleLog } from '../test/harness/run-bundle.js'
import type { FakeGitHub } from '../test/harness/fake-github.js'
import type { Simulator } from '../test/harness/simulator/server.js'
import { API_KEY, count, GET, PROJECT } from './support/agent-fixture.js'
import { loadEvent, onThread, signedMarker, type ThreadStep } from './support/github-fixture.js'
import { DONE_WITH_PULL_REQUEST, progressOf } from './support/progress.js'

const LABEL = 'docs-agent: working'
/** Longer than any run of the bundle takes: a job ends only when the test moves the simulator's clock. */
const JOB_MS = 60_000
const AGENTS_APP = { login: 'docs-agent[bot]', id: 41898282, type: 'Bot' }

interface Repository {
  step: ThreadStep
  github: FakeGitHub
  simulator: Simulator
  /** Moves the simulator's clock on, so that the jobs end when the test says. */
  skip: (ms: number) => void
  /** The link GitHub gives pull request `number` of acme/docs: https, on the host of GITHUB_SERVER_URL. */
  link: (number: number) => string
}

/** The fakes of acme/docs, where the saved /docs comment on #42 is seeded and the agent opens its pull requests. */
async function inRepository(body: (repository: Repository) => Promise<void>): Promise<void> {
  let skipped = 0
  let seeded: Omit<Repository, 'step' | 'skip'> | undefined
  await onThread(
    {
      event: 'issue_comment.created',
      before: (github, simulator) => {
        const link = (number: number) => `https://${new URL(github.serverUrl).host}/acme/docs/pull/${number}`
        seeded = { github, simulator, link }
      }
    },
    (step) => body({ step, ...seeded!, skip: (ms) => (skipped += ms) }),
    { now: () => Date.now() + skipped }
  )
}

/** The pull_request event of pull request `number`, opened by `user`, as the runner's event file holds it. */
function openedEvent({ link }: Repository, number: number, user: object): Record<string, unknown> {
  const event = loadEvent('pull_request.opened')
  const pull = event.pull_request as Record<string, unknown>
  return { ...event, number, pull_request: { ...pull, number, html_url: link(number), user } }
}

/** The reconcile workflow's run for that event (run 2003), with the recipe's inputs. */
function reconcileOn(repository: Repository, node: string, event: object, onLogLine?: (line: string) => void) {
  const { step } = repository
  return runAction({
    node,
    eventName: 'pull_request',
    event,
    env: { ...step.env, GITHUB_RUN_ID: '2003', GITHUB_JOB: 'reconcile' },
    inputs: { ...step.inputs, mode: 'reconcile', 'trigger-phrase': '', timeout: '1m' },
    ...(onLogLine && { onLogLine })
  })
}

/** A /docs comment on #42 starts a job without waiting; it ends JOB_MS later with `prLink`. */
async function startOn42({ step, simulator }: Repository, node: string, prLink: string): Promise<string> {
  simulator.setScenario({ apiKey: API_KEY, projectId: PROJECT, durationMs: JOB_MS, prLink })
  const started = await runAction({ ...step, node, inputs: { ...step.inputs, wait: 'false' } })
  expect(started.code).toBe(0)
  return started.outputs['job-id'] ?? ''
}

/** Another thread, #43, waits for a job that runs on long after this test. */
async function longJobOn43({ simulator, github, link }: Repository): Promise<string> {
  simulator.setScenario({ apiKey: API_KEY, projectId: PROJECT, durationMs: 100 * JOB_MS, prLink: link(8) })
  const answer = await fetch(`${simulator.url}/v2/agent/${PROJECT}/job`, {
    method: 'POST',
    headers: { authorization: `Bearer ${API_KEY}`, 'content-type': 'application/json' },
    body: JSON.stringify({ prompt: 'Document the other thing' })
  })
  const { id } = (await answer.json()) as { id: string }
  github.addComment('acme', 'docs', 43, `${signedMarker(43, { jobId: id, state: 'working' })}\n⏳ **Working on it.**`)
  github.label('acme', 'docs', 43, LABEL)
  return id
}

const progressComment = (github: FakeGitHub, thread: number) => github.comments('acme', 'docs', thread).at(-1)!
const reads = (simulator: Simulator, jobId: string) =>
  simulator.requests.filter((request) => request.method === 'GET' && request.path.endsWith(`/job/${jobId}`)).length

describe.each(runtimes())("reconcile on the agent's pull request under %s", (_label, node) => {
  it('finishes its thread in that run, waiting while its job still reads active, and leaves the others to the schedule', () =>
    inRepository(async (repository) => {
      const { github, simulator, skip, link } = repository
      github.addPullRequest('acme', 'docs', 7, AGENTS_APP.login)
      const jobId = await startOn42(repository, node, link(7))
      const longJob = await longJobOn43(repository)
      const waiting43 = progressComment(github, 43).body

      // The agent opened #7 and its job reads active a while longer: it ends once the run waits for it.
      let waitedFor = false
      const run: ActionRun = await reconcileOn(repository, node, openedEvent(repository, 7, AGENTS_APP), (line) => {
        if (!waitedFor && line.includes("was opened by the agent's app: waiting for the job among")) {
          waitedFor = true
          skip(JOB_MS)
        }
      })

      expect(run.code).toBe(0)
      expect(waitedFor).toBe(true)
      const final = progressComment(github, 42)
      expect(progressOf(final, 42)).toMatchObject({ state: 'ended', jobId, pullRequest: link(7) })
      expect(github.labels('acme', 'docs', 42)).toEqual([])
      expect(JSON.parse(run.outputs.reconciled ?? '')).toEqual([
        { thread: 42, jobId, status: 'completed', prLink: link(7) }
      ])
      expect(visibleLog(run)).toMatch(
        new RegExp(
          `::notice::Agent job ${jobId} opened pull request #7 \\(${link(7).replace(/[.]/g, '\\.')}\\), and read as ended after \\d+ s: ` +
            'this run reports its end on the threads that wait for it\\.'
        )
      )
      // The docs-PR steps came in the same run: the comment on the agent's pull request.
      expect(github.comments('acme', 'docs', 7).map((comment) => comment.body)).toEqual([
        expect.stringContaining(`agent job \`${jobId}\``)
      ])
      // The other thread's job was read while the run waited, and left as a schedule leaves it.
      expect(reads(simulator, longJob)).toBeGreaterThan(1)
      expect(progressComment(github, 43).body).toBe(waiting43)
      expect(github.labels('acme', 'docs', 43)).toEqual([LABEL])
      expect(run.summary).toContain(`| \`${longJob}\` | \`active\` | left alone: still running |`)
    }))
})

// Once, under the action's runtime.
describe("a reconcile run on a pull request that is not a waiting job's", () => {
  const [, node] = runtimes().at(-1)!
  it('does what a scheduled run does, at once, and says so', () =>
    inRepository(async (repository) => {
      const { github, simulator, skip, link } = repository
      const jobId = await startOn42(repository, node, link(7))
      skip(JOB_MS)
      const run = await reconcileOn(
        repository,
        node,
        openedEvent(repository, 9, { login: 'renovate[bot]', type: 'Bot' })
      )

      expect(run.code).toBe(0)
      expect(visibleLog(run)).toContain(
        `::notice::No agent job a labelled thread waits for opened pull request #9 (${link(9)}), and none still runs. ` +
          'This run did what a scheduled run does.'
      )
      // The scheduled work: the ended job's thread is finished all the same, its job read once.
      expect(progressOf(progressComment(github, 42), 42)).toMatchObject(DONE_WITH_PULL_REQUEST)
      expect(JSON.parse(run.outputs.reconciled ?? '')).toEqual([
        { thread: 42, jobId, status: 'completed', prLink: link(7) }
      ])
      expect(count(simulator, 'GET', GET)).toBe(1)
    }))
})
