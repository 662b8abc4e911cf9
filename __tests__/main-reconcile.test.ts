// Reconcile mode through run() in process: a /docs comment started without waiting, then scheduled
// runs in reconcile mode against the same simulator and GitHub fake. Its first story is also the
// bundle's smoke test of the mode (e2e-reconcile.test.ts).
import { CREATE, GET, MESSAGE, PROJECT, count, createJob } from './support/agent-fixture.js'
import { formatMarker, markerKey } from '../src/thread/marker.js'
import {
  COMMENT_RUN_DECISIONS,
  markerFields,
  markerOf,
  onThread,
  signedMarker,
  type ThreadSetup,
  type ThreadStep
} from './support/github-fixture.js'
import { type ProcessRun, reconcileInProcess, runInProcess, SkippingClock } from './support/in-process.js'
import { VirtualClock } from '../src/base/clock.js'
import {
  codeRequestOnDocsPr,
  codeStep,
  DOCS_PR,
  type TwoRepositories,
  withTwoRepositories
} from './support/two-repositories.js'
import type { FakeGitHub } from '../test/harness/fake-github.js'
import type { Simulator } from '../test/harness/simulator/server.js'
import { completedWith, docsCommentFor, DONE_WITH_PULL_REQUEST, progressOf, statusWords } from './support/progress.js'
import { summaryLevel } from './support/summary.js'
import { howToAskForChanges } from '../src/report/docs-pr-comment.js'

const LABEL = 'docs-agent: working'
const COMMENT_ID = 3551234567
const JOB_MS = 60_000

interface Repository {
  /** The /docs comment of the saved event, started with wait: false. */
  trigger: () => Promise<ProcessRun>
  /** A scheduled run in reconcile mode (run 2002). */
  reconcile: (inputs?: Record<string, string>) => Promise<ProcessRun>
  /** Lets the agent's jobs run on for `ms`. */
  later: (ms: number) => Promise<void>
  github: FakeGitHub
  simulator: Simulator
}

/**
 * One repository with its runs on one clock, virtual: a run's time limits (a thread's read of a
 * minute) run out only as its own waits move it, however long a flooded thread takes to serve on a
 * busy machine. The fakes live for all of `body`.
 */
async function inRepository(
  body: (repo: Repository) => Promise<void>,
  setup: Partial<ThreadSetup> = {},
  clock = new VirtualClock(Date.now())
): Promise<void> {
  let fakes: { github: FakeGitHub; simulator: Simulator } | undefined
  await onThread(
    {
      event: 'issue_comment.created',
      scenario: { durationMs: JOB_MS },
      ...setup,
      before: async (github, simulator) => {
        fakes = { github, simulator }
        await setup.before?.(github, simulator)
      }
    },
    (step: ThreadStep) => {
      const inputs = { ...step.inputs, 'working-label': LABEL }
      return body({
        trigger: () => runInProcess({ ...step, clock, inputs: { ...inputs, wait: 'false' } }),
        reconcile: (more = {}) => reconcileInProcess(step, clock, { ...inputs, ...more }),
        later: (ms) => clock.sleep(ms),
        ...fakes!
      })
    },
    { now: () => clock.now() }
  )
}

/** GitHub refusing the token `times` requests like this one, as for a token without `issues: write`. */
const refusing = (method: string, pathIncludes: string, times: number): Partial<ThreadSetup> => ({
  github: {
    failures: [{ method, pathIncludes, status: 403, message: 'Resource not accessible by integration', times }]
  }
})
const progressComment = (github: FakeGitHub) => github.comments('acme', 'docs', 42)[1]!
const runLink = (github: FakeGitHub, runId: string) => `${github.serverUrl}/acme/docs/actions/runs/${runId}`

describe('reconcile mode', () => {
  it('finishes the comment of a job started without waiting, once it ended, and never starts one', () =>
    inRepository(async ({ trigger, reconcile, later, github, simulator }) => {
      const idle = await reconcile()
      expect(idle.failed).toBe(false)
      expect(simulator.requests).toEqual([])
      expect(idle.outputs.reconciled).toBe('[]')
      expect(idle.summary).toContain('No thread carries the label `docs-agent: working`')
      // One listing of the labelled threads, and nothing more.
      expect(github.requests.map((request) => `${request.method} ${request.path}`)).toEqual([
        'GET /repos/acme/docs/issues?labels=docs-agent%3A%20working&state=all&sort=updated&direction=desc&per_page=100'
      ])

      const started = await trigger()
      expect(started.outputs.status).toBe('active')
      const jobId = started.outputs['job-id'] ?? ''
      expect(github.labels('acme', 'docs', 42)).toEqual([LABEL])
      const working = progressComment(github)
      expect(working.body).toContain(statusWords({ kind: 'working', jobId, followUp: false }, runLink(github, '1001')))
      // What the run decided for the agent's pull request travels with the job, signed.
      const decided = COMMENT_RUN_DECISIONS
      expect(markerOf(working, 42)).toEqual(
        markerFields(42, { jobId, triggerCommentId: COMMENT_ID, commentId: working.id, state: 'working', ...decided })
      )

      const running = await reconcile()
      expect(running.failed).toBe(false)
      expect(progressComment(github).body).toBe(working.body)
      expect(github.labels('acme', 'docs', 42)).toEqual([LABEL])
      expect(running.outputs.reconciled).toBe('[]')
      expect(running.summary).toMatch(/\| `[^`]+` \| `active` \| left alone: still running \|/)

      await later(JOB_MS)
      const ended = await reconcile()
      expect(ended.failed).toBe(false)
      const prLink = 'https://github.com/acme/docs/pull/1'
      const final = progressComment(github)
      // As the waiting run would have told it: its link is to run 1001, not to the reconcile run.
      expect(final.body).toContain(statusWords(completedWith(jobId, prLink), runLink(github, '1001')))
      // The request it answers, from the signed marker, as the waiting run would have linked it.
      const request = 'https://github.com/acme/docs/issues/42#issuecomment-3551234567'
      expect(progressOf(working, 42)!.links).toContain(request)
      expect(progressOf(final, 42)!.links).toContain(request)
      expect(markerOf(final, 42)).toEqual(
        markerFields(42, { jobId, triggerCommentId: COMMENT_ID, commentId: final.id, ...decided })
      )
      expect(github.labels('acme', 'docs', 42)).toEqual([])
      expect(JSON.parse(ended.outputs.reconciled ?? '')).toEqual([{ thread: 42, jobId, status: 'completed', prLink }])
      expect(summaryLevel(ended.summary)).toBe('success')
      expect(ended.log).toContain(`info: #42: the progress comment of agent job ${jobId} now shows its end.`)
      expect(count(simulator, 'POST', CREATE)).toBe(1)
      expect(count(simulator, 'POST', MESSAGE)).toBe(0)
      expect(ended.outputs).not.toHaveProperty('job-id')
    }))

  it('says a follow-up updated the pull request its job opened before, as the waiting run would', () => {
    const clock = new VirtualClock(Date.now())
    const prLink = 'https://github.com/acme/docs/pull/7'
    let earlierJob = ''
    return inRepository(
      async ({ trigger, reconcile, later, github, simulator }) => {
        const started = await trigger()
        expect(started.outputs['job-id']).toBe(earlierJob)
        expect(count(simulator, 'POST', MESSAGE)).toBe(1)
        const working = github.comments('acme', 'docs', 42).at(-1)!
        // The run that sent the follow-up signs the pull request the job had opened before.
        expect(markerOf(working, 42)).toMatchObject({ jobId: earlierJob, state: 'working', earlierPrLink: prLink })

        await later(JOB_MS)
        const ended = await reconcile()
        expect(ended.failed).toBe(false)
        const final = github.comments('acme', 'docs', 42).at(-1)!
        expect(final.id).toBe(working.id)
        expect(final.body).toContain(statusWords(completedWith(earlierJob, prLink, prLink), runLink(github, '1001')))
        expect(final.body).not.toContain(statusWords(completedWith(earlierJob, prLink), runLink(github, '1001')))
        expect(JSON.parse(ended.outputs.reconciled ?? '')).toEqual([
          { thread: 42, jobId: earlierJob, status: 'completed', prLink }
        ])
      },
      {
        // Every stretch of the job ends with the same pull request, as a job that pushes to its branch does.
        scenario: { durationMs: JOB_MS, prLink },
        // An earlier request's job, ended with its pull request, named by the thread's last comment.
        before: async (github, simulator) => {
          earlierJob = await createJob(simulator.url)
          clock.advance(JOB_MS)
          github.addComment(
            'acme',
            'docs',
            42,
            `${signedMarker(42, { runId: '777', jobId: earlierJob })}\n✅ **Done.**`
          )
        }
      },
      clock
    )
  })

  it('fails the step when the agent API refuses the key, and leaves the comment and label for a later run', () =>
    inRepository(async ({ trigger, reconcile, github, simulator }) => {
      await trigger()
      const working = progressComment(github).body
      simulator.setScenario({ apiKey: 'mint_rotated_elsewhere', durationMs: JOB_MS })
      const refused = await reconcile()
      expect(refused.failed).toBe(true)
      expect(refused.log).toMatch(
        /error: Reading the agent job \S+ failed: the service answered 401 "Invalid API key"\. The API key was refused/
      )
      expect(summaryLevel(refused.summary)).toBe('failure')
      expect(progressComment(github).body).toBe(working)
      expect(github.labels('acme', 'docs', 42)).toEqual([LABEL])
    }))

  it('promises no later update when the label could not go on, since no reconcile run would find the thread', () =>
    inRepository(
      async ({ trigger, github }) => {
        const started = await trigger()
        expect(started.failed).toBe(false)
        expect(started.log).toMatch(
          /warning: Could not put the label "docs-agent: working" on #42: GitHub answered 403/
        )
        expect(github.labels('acme', 'docs', 42)).toEqual([])
        const body = progressComment(github).body
        // The started job's end, which says no later update comes, not the working words, which promise one.
        const job = { id: started.outputs['job-id']!, status: 'active' }
        const notWaiting = { kind: 'ended', result: { kind: 'started', job, how: 'created' } } as const
        expect(body).toContain(statusWords(notWaiting, runLink(github, '1001')))
        expect(body).not.toContain(
          statusWords({ kind: 'working', jobId: job.id, followUp: false }, runLink(github, '1001'))
        )
      },
      refusing('POST', '/labels', 10)
    ))

  // Another project's threads, or anyone's with triage rights, each with a comment that is not ours:
  // labelled years ago and never cleared, or labelled after the job started and updated later than
  // #42 will ever be, the first hundred of every listing.
  it.each([
    [
      'threads labelled years before it',
      'before',
      (number: number) => `2021-01-01T00:${String(number % 60).padStart(2, '0')}:00Z`
    ],
    ['threads labelled after it and newer on every run', 'after', () => '2099-01-01T00:00:00Z']
  ] as const)(
    'reaches a waiting thread behind a hundred %s with a comment but no marker of ours',
    (_what, labelled, updatedAt) =>
      inRepository(async ({ trigger, reconcile, later, github }) => {
        const labelForeignThreads = () => {
          for (let number = 1000; number < 1100; number++) {
            github.label('acme', 'docs', number, LABEL)
            github.addComment('acme', 'docs', number, 'Tracking this one here.', { login: 'someone-else' })
            github.addIssue('acme', 'docs', number, { updatedAt: updatedAt(number) })
          }
        }
        if (labelled === 'before') labelForeignThreads()
        const started = await trigger()
        if (labelled === 'after') labelForeignThreads()
        await later(JOB_MS)
        const ended = await reconcile()
        expect(ended.failed).toBe(false)
        expect(progressOf(progressComment(github), 42)).toMatchObject(DONE_WITH_PULL_REQUEST)
        expect(github.labels('acme', 'docs', 42)).toEqual([])
        expect(JSON.parse(ended.outputs.reconciled ?? '')).toEqual([
          expect.objectContaining({ thread: 42, jobId: started.outputs['job-id'], status: 'completed' })
        ])
        expect(github.labels('acme', 'docs', 1000)).toEqual([LABEL])
      })
  )

  it('reaches the waiting thread behind a thousand labelled threads of strangers without reading their comments', () =>
    inRepository(async ({ trigger, reconcile, later, github }) => {
      const started = await trigger()
      // Labelled and commented by others, each updated after #42 will ever be: #42 is past the
      // listing's ten pages.
      for (let number = 1000; number < 2000; number++) {
        github.label('acme', 'docs', number, LABEL)
        github.addComment('acme', 'docs', number, 'Tracking this one.', { login: 'someone-else' })
        github.addIssue('acme', 'docs', number, { updatedAt: '2099-01-01T00:00:00Z' })
      }
      const before = github.requests.length
      await later(JOB_MS)
      const ended = await reconcile()
      expect(ended.failed).toBe(false)
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

  it('finishes a thread flooded with 3,000 comments at GitHub’s pace, label and all', () => {
    let flooded = false
    const clock = new VirtualClock(Date.now())
    return inRepository(
      async ({ trigger, reconcile, later, github }) => {
        const started = await trigger()
        for (let i = 0; i < 3000; i++) github.addComment('acme', 'docs', 42, `+1 (${i})`, { login: 'flooder' })
        flooded = true
        await later(JOB_MS)
        const ended = await reconcile()
        expect(ended.log).not.toMatch(/warning|notice/)
        expect(progressOf(progressComment(github), 42)).toMatchObject(DONE_WITH_PULL_REQUEST)
        expect(github.labels('acme', 'docs', 42)).toEqual([])
        expect(JSON.parse(ended.outputs.reconciled ?? '')).toEqual([
          expect.objectContaining({ thread: 42, jobId: started.outputs['job-id'], status: 'completed' })
        ])
      },
      // What a page of 100 comments takes GitHub, in the run's time: reading all 31 takes more than a
      // call's usual 10 s.
      { github: { latencyMs: () => (flooded ? (clock.advance(400), 0) : 0) } },
      clock
    )
  }, 90_000)

  it('finishes the waiting comments it reads of a thread longer than a run reads, and leaves the label', () =>
    inRepository(async ({ trigger, reconcile, later, github }) => {
      await trigger()
      for (let i = 0; i < 10_100; i++) github.addComment('acme', 'docs', 42, `+1 (${i})`, { login: 'flooder' })
      await later(JOB_MS)
      const ended = await reconcile()
      expect(progressOf(progressComment(github), 42)).toMatchObject(DONE_WITH_PULL_REQUEST)
      expect(github.labels('acme', 'docs', 42)).toEqual([LABEL])
      expect(ended.log).toContain(
        'notice: #42 has more comments than a run reads (the first 100 and the newest 9,900): what waits among ' +
          'those is done, and the label "docs-agent: working" stays, since a progress comment may wait among the ' +
          'others. Take it off by hand once none does.'
      )
    }))

  it('keeps the label when more comments came since it read the thread than it reads again', () => {
    let flood = (): void => {}
    return inRepository(
      async ({ trigger, reconcile, later, github }) => {
        await trigger()
        await later(JOB_MS)
        // While the run writes the end, ten thousand comments come.
        flood = () => {
          flood = () => {}
          for (let i = 0; i < 10_000; i++) github.addComment('acme', 'docs', 42, `+1 (${i})`, { login: 'flooder' })
        }
        const ended = await reconcile()
        expect(progressOf(progressComment(github), 42)).toMatchObject(DONE_WITH_PULL_REQUEST)
        expect(github.labels('acme', 'docs', 42)).toEqual([LABEL])
        expect(ended.log).toContain(
          'info: #42: too many comments came since it was read to see them all; the label stays.'
        )
      },
      { github: { onRequest: (request) => request.method === 'PATCH' && flood() } }
    )
  })

  // Issue 32, broken 4: once the original was deleted, the oldest copy was taken for it and
  // finished under the outsider's name. The starting run's naming edit meets a 502 on every try
  // (GitHub's backoff, in virtual time), so its marker names no comment.
  it('finishes a waiting comment whose naming edit failed in a comment of its own once the original is gone, never in a copy', () =>
    inRepository(
      async ({ trigger, reconcile, later, github, simulator }) => {
        const started = await trigger()
        expect(started.failed).toBe(false)
        const stuck = progressComment(github)
        expect(progressOf(stuck, 42)).toMatchObject({ state: 'working', jobId: started.outputs['job-id'] })
        expect(markerOf(stuck, 42)?.commentId).toBeUndefined()
        for (let copy = 0; copy < 2; copy++) github.addComment('acme', 'docs', 42, stuck.body, { login: 'mallory' })
        github.deleteComment(stuck.id)
        await later(JOB_MS)
        const ended = await reconcile()
        expect(ended.failed).toBe(false)
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
        const again = await reconcile()
        expect(again.outputs.reconciled).toBe('[]')
        expect(github.comments('acme', 'docs', 42)).toHaveLength(4)
        expect(count(simulator, 'GET', GET)).toBe(1)
      },
      { github: { failures: [{ method: 'PATCH', pathIncludes: '/issues/comments/', status: 502, times: 4 }] } }
    ))

  it('reports a job the agent API no longer knows as lost, and ignores unsigned and foreign markers, whose threads keep their label', () =>
    inRepository(async ({ reconcile, github, simulator }) => {
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
      const foreignKey = markerKey('mint_someone_elses_key', 'proj_e2e')
      seed(52, formatMarker(markerFields(52, { jobId: 'job-y', state: 'working' }), foreignKey))
      const run = await reconcile()
      expect(run.failed).toBe(false)
      expect(new Set(simulator.requests.map((request) => request.path))).toEqual(
        new Set([`/v2/agent/${PROJECT}/job/job-gone`])
      )
      // The link is the run that started the job, whose marker the comment keeps.
      expect(github.comments('acme', 'docs', 50)[0]!.body).toContain(
        statusWords({ kind: 'lost', jobId: 'job-gone' }, runLink(github, '1001'))
      )
      expect(github.comments('acme', 'docs', 51)[0]!.body).toBe(`${unsigned}\n⏳ **Working on it.**`)
      // No marker of this key and project on 51 and 52: another may own their label.
      expect([50, 51, 52].map((thread) => github.labels('acme', 'docs', thread))).toEqual([[], [LABEL], [LABEL]])
      expect(JSON.parse(run.outputs.reconciled ?? '')).toEqual([
        { thread: 50, jobId: 'job-gone', status: 'lost', prLink: null }
      ])
    }))

  it('only warns when GitHub will not list the labelled threads', () =>
    inRepository(
      async ({ reconcile, simulator }) => {
        const run = await reconcile()
        expect(run.failed).toBe(false)
        expect(run.log).toMatch(
          /warning: Could not list the threads labelled "docs-agent: working": GitHub answered 403 \(Resource not accessible by integration\)\. The token may lack a permission/
        )
        expect(summaryLevel(run.summary)).toBe('warning')
        expect(simulator.requests).toEqual([])
      },
      refusing('GET', '/issues?', 1)
    ))
})

describe('reconcile mode and the agent’s pull request', () => {
  /** A job started without waiting from the code repository with `starting`, then a reconcile run there. */
  async function startThenReconcile(
    starting: Record<string, string>,
    reconciling: (code: ThreadStep) => Record<string, string>,
    check: (repositories: TwoRepositories, started: ProcessRun) => void
  ): Promise<void> {
    const clock = new SkippingClock()
    await withTwoRepositories(
      async (repositories) => {
        const code = codeStep(repositories, { wait: 'false', 'working-label': LABEL, ...starting })
        const started = await runInProcess({ ...code, clock })
        expect(repositories.github.comments('acme', 'site', DOCS_PR)).toEqual([])
        await clock.sleep(1000)
        const reconciled = await runInProcess({
          eventName: 'schedule',
          event: { schedule: '*/5 * * * *' },
          env: { ...code.env, GITHUB_RUN_ID: '2002', GITHUB_JOB: 'reconcile' },
          clock,
          inputs: reconciling(code)
        })
        expect(reconciled.log).not.toMatch(/warning|error/)
        expect(reconciled.failed).toBe(false)
        check(repositories, started)
      },
      { now: () => clock.now() }
    )
  }

  it('does the docs-PR steps the starting run decided, given only the credentials', () =>
    startThenReconcile(
      { 'pr-reviewers': 'requester, reviewer-rita', 'pr-labels': 'docs, from-code' },
      (code) => credentialsOnly(code.inputs),
      ({ github, prLink }, started) => {
        const [docsComment, ...more] = github.comments('acme', 'site', DOCS_PR)
        expect(more).toEqual([])
        // Linked where the waiting run links it: the comment's page as the event gave it; ready for
        // review, linking the starting run; and the trigger phrase it signed, to ask for changes.
        const facts = codeRequestOnDocsPr(runLink(github, '1001'))
        const ended = completedWith(started.outputs['job-id']!, prLink)
        expect(docsComment!.body).toBe(docsCommentFor(docsComment!, facts, ended))
        expect(github.requestedReviewers('acme', 'site', DOCS_PR)).toEqual(['writer-wendy', 'reviewer-rita'])
        expect(github.labels('acme', 'site', DOCS_PR)).toEqual(['docs', 'from-code'])
        expect(progressOf(github.comments('acme', 'docs', 42).at(-1)!, 42)).toMatchObject(DONE_WITH_PULL_REQUEST)
        expect(github.labels('acme', 'docs', 42)).toEqual([])
      }
    ))

  it("keeps to the starting run's decisions over the reconcile step's own inputs", () =>
    startThenReconcile(
      { 'pr-reviewers': 'reviewer-rita', 'pr-labels': 'docs' },
      (code) => ({
        ...credentialsOnly(code.inputs),
        'trigger-phrase': '/other',
        'pr-reviewers': 'lead-lee',
        'pr-labels': 'other'
      }),
      ({ github }) => {
        expect(github.comments('acme', 'site', DOCS_PR)[0]!.body).toContain(howToAskForChanges('/docs'))
        expect(github.requestedReviewers('acme', 'site', DOCS_PR)).toEqual(['reviewer-rita'])
        expect(github.labels('acme', 'site', DOCS_PR)).toEqual(['docs'])
      }
    ))
})

/** The inputs a reconcile workflow needs: the credentials and the mode, nothing the starting run decided. */
function credentialsOnly(inputs: Record<string, string>): Record<string, string> {
  // base-url points the step at the simulator; working-label is the default, which the runner gives
  // a workflow that leaves it out.
  const kept = ['api-key', 'project-id', 'base-url', 'github-token', 'docs-token', 'working-label']
  return { ...Object.fromEntries(Object.entries(inputs).filter(([name]) => kept.includes(name))), mode: 'reconcile' }
}
