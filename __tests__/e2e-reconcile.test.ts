// Paying for seconds end to end: dist/index.js as a runner runs it, against the simulator and the
// GitHub fake. A /docs comment starts a job with wait: false, and scheduled runs in reconcile mode
// finish its comment once the job ended; then the threads a reconcile run must not trust, and a job
// the agent API no longer knows; then, across two repositories, a reconcile run given only credentials
// that does on the agent's pull request what the starting run decided. The rest of reconcile mode is
// driven in process (main-reconcile.test.ts).
import { formatMarker, markerKey } from '../src/thread/marker.js'
import { runAction, runtimes, visibleLog } from '../test/harness/run-bundle.js'
import type { FakeGitHub, FakeGitHubOptions } from '../test/harness/fake-github.js'
import type { Simulator } from '../test/harness/simulator/server.js'
import { codeRequestOnDocsPr, codeStep, DOCS_PR, withTwoRepositories } from './support/two-repositories.js'
import { CREATE, GET, count } from './support/agent-fixture.js'
import {
  COMMENT_RUN_DECISIONS,
  markerFields,
  markerOf,
  onThread,
  reconcileRun,
  signedMarker,
  type ThreadStep
} from './support/github-fixture.js'
import { completedWith, docsCommentFor, DONE_WITH_PULL_REQUEST, progressOf, statusWords } from './support/progress.js'

const LABEL = 'docs-agent: working'
/** Longer than any run of the bundle takes: the job ends only when a test moves the simulator's clock past it. */
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
  body: (step: ThreadStep, github: FakeGitHub, simulator: Simulator, skip: (ms: number) => void) => Promise<void>,
  github?: FakeGitHubOptions
) {
  let fakes: [FakeGitHub, Simulator] | undefined
  let skipped = 0
  await onThread(
    {
      event: 'issue_comment.created',
      scenario: { durationMs: JOB_MS },
      ...(github && { github }),
      before: (github, simulator) => {
        fakes = [github, simulator]
      }
    },
    (step) => body(step, ...fakes!, (ms) => (skipped += ms)),
    { now: () => Date.now() + skipped }
  )
}

describe.each(runtimes())('paying for seconds under %s', (_label, node) => {
  it('starts a job with wait: false, leaves it while it runs, and finishes its comment from a schedule', () =>
    inRepository(async (step, github, simulator, skip) => {
      const idle = await reconcileRun(step, node)
      expect(idle.code).toBe(0)
      expect(idle.outputs.reconciled).toBe('[]')
      expect(simulator.requests).toEqual([])
      expect(github.requests.map((request) => `${request.method} ${request.path}`)).toEqual([
        'GET /repos/acme/docs/issues?labels=docs-agent%3A%20working&state=all&sort=updated&direction=desc&per_page=100'
      ])

      const started = await runAction({ ...step, node, inputs: { ...step.inputs, wait: 'false' } })
      expect(started.code).toBe(0)
      const jobId = started.outputs['job-id'] ?? ''
      expect(github.labels('acme', 'docs', 42)).toEqual([LABEL])
      const working = progressComment(github)
      expect(working.body).toContain(statusWords({ kind: 'working', jobId, followUp: false }, runUrl(github)))
      // The step's outputs name the comment it left waiting, for a later step to link.
      expect(started.outputs['comment-url']).toBe(working.html_url)

      const running = await reconcileRun(step, node)
      expect(running.code).toBe(0)
      expect(progressComment(github).body).toBe(working.body)
      expect(github.labels('acme', 'docs', 42)).toEqual([LABEL])

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
      expect(count(simulator, 'GET', GET)).toBe(2)
    }))

  it('finishes the comment behind 400 threads labelled after the job started, none with a marker of ours', () =>
    inRepository(async (step, github, _simulator, skip) => {
      const started = await runAction({ ...step, node, inputs: { ...step.inputs, wait: 'false' } })
      expect(started.code).toBe(0)
      // Labelled by someone with triage rights and updated later than #42 will ever be: a hundred
      // with a comment that is not ours, three hundred without comments.
      for (let number = 1000; number < 1400; number++) {
        github.label('acme', 'docs', number, LABEL)
        if (number < 1100) github.addComment('acme', 'docs', number, 'Tracking this one.', { login: 'someone-else' })
        github.addIssue('acme', 'docs', number, { updatedAt: '2099-01-01T00:00:00Z' })
      }
      skip(JOB_MS)
      const ended = await reconcileRun(step, node)
      expect(ended.code).toBe(0)
      expect(progressOf(progressComment(github), 42)).toMatchObject(DONE_WITH_PULL_REQUEST)
      expect(github.labels('acme', 'docs', 42)).toEqual([])
      expect(JSON.parse(ended.outputs.reconciled ?? '')).toEqual([
        expect.objectContaining({ thread: 42, jobId: started.outputs['job-id'], status: 'completed' })
      ])
      expect(github.labels('acme', 'docs', 1000)).toEqual([LABEL])
      expect(github.labels('acme', 'docs', 1399)).toEqual([LABEL])
      const listings = github.requests.filter((request) => request.path.includes('/issues?labels='))
      expect(listings).toHaveLength(5)
    }))
})

// Once, under the action's runtime: a thousand threads to seed and list.
describe('a reconcile run over a thousand labelled threads with comments of strangers', () => {
  const [, node] = runtimes().at(-1)!
  it('reaches the waiting thread behind them all without reading any of their comments', () =>
    inRepository(async (step, github, _simulator, skip) => {
      const started = await runAction({ ...step, node, inputs: { ...step.inputs, wait: 'false' } })
      expect(started.code).toBe(0)
      // Labelled and commented by others, each updated after #42 will ever be: #42 is past the
      // listing's ten pages.
      for (let number = 1000; number < 2000; number++) {
        github.label('acme', 'docs', number, LABEL)
        github.addComment('acme', 'docs', number, 'Tracking this one.', { login: 'someone-else' })
        github.addIssue('acme', 'docs', number, { updatedAt: '2099-01-01T00:00:00Z' })
      }
      const before = github.requests.length
      skip(JOB_MS)
      const ended = await reconcileRun(step, node)
      expect(ended.code).toBe(0)
      expect(progressOf(progressComment(github), 42)).toMatchObject(DONE_WITH_PULL_REQUEST)
      expect(github.labels('acme', 'docs', 42)).toEqual([])
      expect(github.labels('acme', 'docs', 1000)).toEqual([LABEL])
      expect(JSON.parse(ended.outputs.reconciled ?? '')).toEqual([
        expect.objectContaining({ thread: 42, jobId: started.outputs['job-id'], status: 'completed' })
      ])
      const calls = github.requests.slice(before).map((request) => `${request.method} ${request.path.split('?')[0]}`)
      // Ten pages of the listing, eleven of the repository's comments, #42 read, read again before
      // its label comes off and once more after (a comment written meanwhile puts it back), its
      // edit and the label's removal.
      expect(calls.filter((call) => call === 'GET /repos/acme/docs/issues')).toHaveLength(10)
      expect(calls.filter((call) => call === 'GET /repos/acme/docs/issues/comments')).toHaveLength(11)
      expect(calls.filter((call) => /\/issues\/\d+\/comments$/.test(call))).toEqual(
        Array.from({ length: 3 }, () => 'GET /repos/acme/docs/issues/42/comments')
      )
      expect(calls).toHaveLength(10 + 11 + 3 + 2)
    }))
})

// Once, under the action's runtime: the edit's tries take GitHub's backoff, about seven seconds.
describe('a waiting comment whose edits all failed, copied by an outsider', () => {
  const [, node] = runtimes().at(-1)!
  // The starting run's edit that makes its comment name itself meets a 502 on every try: four within
  // a call's time. A failure left over on a slow machine meets the reconcile run's edit, which tries again.
  const editsFail = { failures: [{ method: 'PATCH', pathIncludes: '/issues/comments/', status: 502, times: 4 }] }
  // Issue 32, broken 4: once the original was deleted, the oldest copy was taken for it and
  // finished under the outsider's name.
  it('finishes it in a comment of its own once the original is gone, never in a copy', () =>
    inRepository(async (step, github, simulator, skip) => {
      const started = await runAction({ ...step, node, inputs: { ...step.inputs, wait: 'false' } })
      expect(started.code).toBe(0)
      const stuck = progressComment(github)
      expect(progressOf(stuck, 42)).toMatchObject({ state: 'working', jobId: started.outputs['job-id'] })
      expect(markerOf(stuck, 42)?.commentId).toBeUndefined()
      for (let copy = 0; copy < 2; copy++) github.addComment('acme', 'docs', 42, stuck.body, { login: 'mallory' })
      github.deleteComment(stuck.id)
      skip(JOB_MS)
      const ended = await reconcileRun(step, node)
      expect(ended.code).toBe(0)
      const [, ...after] = github.comments('acme', 'docs', 42)
      expect(after.map((comment) => [comment.user.login, comment.body])).toEqual([
        ['mallory', stuck.body],
        ['mallory', stuck.body],
        ['github-actions[bot]', expect.any(String)]
      ])
      expect(progressOf(after.at(-1)!, 42)).toMatchObject(DONE_WITH_PULL_REQUEST)
      expect(github.labels('acme', 'docs', 42)).toEqual([])
      expect(JSON.parse(ended.outputs.reconciled ?? '')).toEqual([
        expect.objectContaining({ thread: 42, jobId: started.outputs['job-id'], status: 'completed' })
      ])

      // Labelled again: the copies still say they wait, but the job's end is on the thread.
      github.label('acme', 'docs', 42, LABEL)
      const again = await reconcileRun(step, node)
      expect(again.outputs.reconciled).toBe('[]')
      expect(github.comments('acme', 'docs', 42)).toHaveLength(4)
      expect(count(simulator, 'GET', GET)).toBe(1)
    }, editsFail))
})

// Once, under the action's runtime: a lost job takes the usual 404 tries, about ten seconds.
describe('a reconcile run over threads it must not trust, and a lost job', () => {
  const [, node] = runtimes().at(-1)!
  it('reports the lost job and ignores unsigned and foreign markers, whose threads keep their label', () =>
    inRepository(async (step, github, simulator) => {
      const seed = (thread: number, marker: string, id?: number) => {
        github.addComment('acme', 'docs', thread, `${marker}\n⏳ **Working on it.**`, undefined, id)
        github.label('acme', 'docs', thread, LABEL)
      }
      seed(50, signedMarker(50, { jobId: 'job-gone', state: 'working', commentId: 5_000_050 }), 5_000_050)
      const unsigned = signedMarker(51, { jobId: 'job-x', state: 'working' }).replace(
        /sig=[0-9a-f]+/,
        `sig=${'0'.repeat(32)}`
      )
      seed(51, unsigned)
      seed(
        52,
        formatMarker(
          markerFields(52, { jobId: 'job-y', state: 'working' }),
          markerKey('mint_someone_elses_key', 'proj_e2e')
        )
      )
      const run = await reconcileRun(step, node)
      expect(run.code).toBe(0)
      expect(new Set(simulator.requests.map((request) => request.path))).toEqual(
        new Set(['/v2/agent/proj_e2e/job/job-gone'])
      )
      // The link is the run that started the job, whose marker the comment keeps.
      expect(github.comments('acme', 'docs', 50)[0]!.body).toContain(
        statusWords({ kind: 'lost', jobId: 'job-gone' }, runUrl(github))
      )
      expect(github.comments('acme', 'docs', 51)[0]!.body).toBe(`${unsigned}\n⏳ **Working on it.**`)
      // No marker of this key and project on 51 and 52: another may own their label.
      expect([50, 51, 52].map((thread) => github.labels('acme', 'docs', thread))).toEqual([[], [LABEL], [LABEL]])
      expect(JSON.parse(run.outputs.reconciled ?? '')).toEqual([
        { thread: 50, jobId: 'job-gone', status: 'lost', prLink: null }
      ])
    }))
})

describe.each(runtimes())(
  "a reconcile run with only credentials, on the agent's pull request, under %s",
  (_label, node) => {
    it('requests the reviewers and adds the labels the starting run decided, and shows its trigger phrase', () =>
      withTwoRepositories(async (repositories) => {
        const { github } = repositories
        const code = codeStep(repositories, {
          wait: 'false',
          'pr-reviewers': 'requester, reviewer-rita',
          'pr-labels': 'docs, from-code'
        })
        const started = await runAction({ ...code, node })
        expect(started.code).toBe(0)
        await new Promise((resolve) => setTimeout(resolve, 500))
        // The reconcile workflow's step: the credentials and the mode, nothing the starting run decided.
        const credentials = ['api-key', 'project-id', 'base-url', 'github-token', 'docs-token']
        const reconciled = await runAction({
          node,
          eventName: 'schedule',
          event: { schedule: '*/5 * * * *' },
          env: { ...code.env, GITHUB_RUN_ID: '2002', GITHUB_JOB: 'reconcile' },
          inputs: {
            ...Object.fromEntries(Object.entries(code.inputs).filter(([name]) => credentials.includes(name))),
            mode: 'reconcile'
          }
        })
        expect(reconciled.code).toBe(0)
        expect(visibleLog(reconciled)).not.toMatch(/::(warning|error)::/)
        expect(github.requestedReviewers('acme', 'site', DOCS_PR)).toEqual(['writer-wendy', 'reviewer-rita'])
        expect(github.labels('acme', 'site', DOCS_PR)).toEqual(['docs', 'from-code'])
        const [docsComment, ...more] = github.comments('acme', 'site', DOCS_PR)
        expect(more).toEqual([])
        // Opened for the comment, ready for review, and the trigger phrase the starting run signed.
        const facts = codeRequestOnDocsPr(runUrl(github))
        const ended = completedWith(started.outputs['job-id']!, repositories.prLink)
        expect(docsComment!.body).toBe(docsCommentFor(docsComment!, facts, ended))
        expect(progressOf(github.comments('acme', 'docs', 42).at(-1)!, 42)).toMatchObject(DONE_WITH_PULL_REQUEST)
      }))
  }
)
