// Mode companion when a run of the code pull request is cut short: each event is a workflow run of
// its own, so what one run records on the companion comment must stop the next from doing twice what
// it may have done. Through dist/index.js against the simulator and the GitHub fake.
import type { ChildProcess } from 'node:child_process'
import { API_KEY, count, CREATE, MESSAGE, PROJECT } from './support/agent-fixture.js'
import {
  CODE_PR,
  codeComments,
  companionStep,
  heads,
  seedComparison,
  seedCodePullRequest,
  sentPrompts
} from './support/companion-fixture.js'
import { withTwoRepositories } from './support/two-repositories.js'
import { runAction, runtimes } from '../test/harness/run-bundle.js'
import type { Route } from '../test/harness/simulator/scenario.js'
import { codeMarkerOf, queuedClosedFor } from './support/companion-shown.js'
import { skipText } from '../src/event/skip-reason.js'
import { followUpRequest, pushLeftBehind, queuedClosedReason, unsureCompanionMessage } from '../src/companion/words.js'

const [label, node] = runtimes().at(-1)!

describe(`mode companion after a cut-short run, under ${label}`, () => {
  it('creates no second job after an opening whose create got no answer', async () => {
    await withTwoRepositories(
      async (repositories) => {
        const { github, simulator } = repositories
        seedCodePullRequest(repositories)
        // The service made the job and the answer was lost (or the recipe's concurrency group
        // cancelled the run after it sent the create): the comment records that a job may exist.
        const opened = await runAction({ ...companionStep(repositories, { action: 'opened', head: 0 }), node })
        expect(opened.code).toBe(1)
        expect(count(simulator, 'POST', CREATE)).toBe(1)

        // The push is a run of its own, and finds that record on the companion comment.
        const pushed = await runAction({ ...companionStep(repositories, { action: 'synchronize', head: 1 }), node })
        expect(count(simulator, 'POST', CREATE)).toBe(1)
        expect(pushed.code).toBe(1)
        const [progress] = github
          .comments('acme', 'docs', CODE_PR)
          .filter((comment) => comment.body.startsWith('<!-- docs-agent-action'))
        expect(pushed.stdout).toContain(unsureCompanionMessage(CODE_PR, progress!.html_url))
        expect(codeMarkerOf(progress!)?.unsureCreate).toBeDefined()
      },
      { scenario: { faults: [{ route: 'create', fault: { kind: 'reset', afterEffect: true } }] } }
    )
  })

  it("sends no push of someone who may not ask for docs, and the author's next push sends it all", async () => {
    await withTwoRepositories(async (repositories) => {
      const { simulator } = repositories
      seedCodePullRequest(repositories)
      seedComparison(repositories, 0, 2)
      const step = (head: number, sender: string) =>
        runAction({ ...companionStep(repositories, { action: 'synchronize', head }, { sender }), node })
      const opened = await runAction({ ...companionStep(repositories, { action: 'opened', head: 0 }), node })
      expect(opened.code).toBe(0)

      // A writer's pull request from a fork: the fork's owner, a stranger here, pushes to its branch.
      const strangers = await step(1, 'outsider-olga')
      expect(strangers.outputs.status).toBe('skipped')
      const refused = skipText({ kind: 'not-permitted', login: 'outsider-olga', role: undefined, required: 'write' })
      expect(strangers.stdout).toContain(`${refused} ${pushLeftBehind(CODE_PR, { from: heads(0), to: heads(1) })}`)
      expect(count(simulator, 'POST', MESSAGE)).toBe(0)

      const authors = await step(2, 'writer-wendy')
      expect(authors.outputs['job-id']).toBe(opened.outputs['job-id'])
      expect(count(simulator, 'POST', MESSAGE)).toBe(1)
      const sent = simulator.requests.find((request) => request.method === 'POST' && request.path.endsWith('/message'))
      expect((JSON.parse(sent!.body) as { prompt: string }).prompt).toContain(
        followUpRequest(CODE_PR, { from: heads(0), to: heads(2) })
      )
    })
  })

  it('creates no job for a request still queued when the pull request closes unmerged', async () => {
    // The service's hourly limit answers the opening's create with a Retry-After past the run's timeout.
    const held = { route: 'create', fault: { kind: 'status', status: 429, retryAfter: '3600' } } as const
    await withTwoRepositories(
      async (repositories) => {
        const { github } = repositories
        seedCodePullRequest(repositories)
        const open = companionStep(repositories, { action: 'opened', head: 0 }, {}, { wait: 'false', timeout: '10s' })
        expect((await runAction({ ...open, node })).outputs.status).toBe('queued')

        const close = companionStep(repositories, { action: 'closed', head: 0, merged: false })
        const closed = await runAction({ ...close, node })
        expect(closed.outputs.status).toBe('skipped')
        expect(closed.stdout).toContain(queuedClosedReason(CODE_PR, true))
        const [progress] = github
          .comments('acme', 'docs', CODE_PR)
          .filter((comment) => comment.body.startsWith('<!-- docs-agent-action'))
        // No reconcile run finds a request there any more (it creates only what a marker signs queued).
        expect(codeMarkerOf(progress!)?.state).not.toBe('queued')
        expect(progress!.body).toBe(queuedClosedFor(progress!))
        expect(github.labels('acme', 'docs', CODE_PR)).not.toContain('docs-agent: working')
      },
      { scenario: { faults: [held] } }
    )
  })

  it('remembers no head the job never took when GitHub cancels a push run (SIGINT, then SIGKILL)', async () => {
    // The run in flight and how GitHub's cancel ends it: SIGINT while the call hangs, and with
    // `kill`, SIGKILL the moment the step says it received SIGINT (before any last edit).
    let cut: { child?: ChildProcess; kill: boolean } | undefined
    await withTwoRepositories(
      async (repositories) => {
        const { simulator } = repositories
        seedCodePullRequest(repositories, 0)
        seedComparison(repositories, 0, 3)
        const push = (head: number, hang: Route | undefined, kill = false) => {
          simulator.setScenario({
            apiKey: API_KEY,
            projectId: PROJECT,
            prLink: repositories.prLink,
            durationMs: 400,
            faults: hang ? [{ route: hang, fault: { kind: 'hang' } }] : []
          })
          cut = hang ? { kill } : undefined
          const step = companionStep(repositories, { action: 'synchronize', head }, {}, { wait: 'false' })
          return runAction({
            ...step,
            node,
            onStart: (child) => cut && (cut.child = child),
            onLogLine: (line) => {
              if (cut?.kill && line.includes('Received SIGINT')) cut.child?.kill('SIGKILL')
            }
          })
        }
        await runAction({ ...companionStep(repositories, { action: 'opened', head: 0 }), node })
        const headOf = () => /companion-head=([0-9a-f]+)/.exec(codeComments(repositories)[0]!.body)?.[1]
        // Cancelled while it reads the job, before its message goes out: it ends and says so.
        await push(1, 'get')
        expect(headOf()).toBe(heads(0))
        // Cancelled with its message in flight, and killed before its last edit.
        const killed = await push(2, 'message', true)
        expect(killed.signal).toBe('SIGKILL')
        expect(headOf()).toBe(heads(0))

        const sent = await push(3, undefined)
        expect(sent.code).toBe(0)
        const last = sentPrompts(repositories, MESSAGE).at(-1)
        expect(last).toContain(followUpRequest(CODE_PR, { from: heads(0), to: heads(3) }))
        for (const pushed of [1, 2, 3]) expect(last).toContain(`Add timeoutMs${pushed} to the client options`)
        expect(headOf()).toBe(heads(3))
      },
      {
        onSimulatorRequest: (line) => {
          if (cut?.child && line.includes('-> hang')) cut.child.kill('SIGINT')
        }
      }
    )
  })
})
