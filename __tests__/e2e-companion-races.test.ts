// Mode companion when a run of the code pull request is cut short: each event is a workflow run of
// its own, so what one run records on the companion comment must stop the next from doing twice what
// it may have done. Through dist/index.js against the simulator and the GitHub fake.
import { count, CREATE, MESSAGE } from './support/agent-fixture.js'
import { CODE_PR, companionStep, heads, seedComparison, seedCodePullRequest } from './support/companion-fixture.js'
import { withTwoRepositories } from './support/two-repositories.js'
import { runAction, runtimes } from '../test/harness/run-bundle.js'

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
        expect(pushed.stdout).toContain('a job may exist that this run cannot see')
        expect(pushed.stdout).toContain('delete that progress comment')
        const [progress] = github
          .comments('acme', 'docs', CODE_PR)
          .filter((comment) => comment.body.startsWith('<!-- docs-agent-action'))
        expect(progress!.body).toContain('unsure-create=1')
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
      expect(strangers.stdout).toContain('@outsider-olga')
      expect(strangers.stdout).toContain(`sends everything since ${heads(0).slice(0, 7)}`)
      expect(count(simulator, 'POST', MESSAGE)).toBe(0)

      const authors = await step(2, 'writer-wendy')
      expect(authors.outputs['job-id']).toBe(opened.outputs['job-id'])
      expect(count(simulator, 'POST', MESSAGE)).toBe(1)
      const sent = simulator.requests.find((request) => request.method === 'POST' && request.path.endsWith('/message'))
      expect((JSON.parse(sent!.body) as { prompt: string }).prompt).toContain(
        `moved from ${heads(0).slice(0, 7)} to ${heads(2).slice(0, 7)}`
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
        expect(closed.stdout).toContain('the request was taken off its progress comment')
        const [progress] = github
          .comments('acme', 'docs', CODE_PR)
          .filter((comment) => comment.body.startsWith('<!-- docs-agent-action'))
        // No reconcile run finds a request there any more (it creates only what a marker signs queued).
        expect(progress!.body).not.toContain('state=queued')
        expect(progress!.body).toContain('**Closed before its docs started.**')
        expect(github.labels('acme', 'docs', CODE_PR)).not.toContain('docs-agent: working')
      },
      { scenario: { faults: [held] } }
    )
  })
})
