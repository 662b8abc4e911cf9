// The `docs` check mode companion keeps on the code pull request's head, through run() in process:
// its state on each head as the pull request opens, is pushed to, its job ends (in the run, or in a
// reconcile run) and it merges, with the link a reviewer clicks. States are asserted; the words once,
// in companion-status-wording.test.ts.
import { DOCS_CONTEXT } from '../src/companion/docs-status.js'
import { CODE_PR, codeComments, commentOnCodeStep, companionStep, heads } from './support/companion-fixture.js'
import { life, NOT_WAITING, WORKING_LABEL } from './support/companion-life.js'
import { codeMarkerOf, queuedClosedFor } from './support/companion-shown.js'
import { count, CREATE, MESSAGE } from './support/agent-fixture.js'
import { queuedClosedReason } from '../src/companion/words.js'
import { runInProcess } from './support/in-process.js'

describe('the docs check of mode companion', () => {
  it('is pending on each head while the job works, and succeeds on the head the job last got once it ends', () =>
    life(async ({ repositories, companion, reconcile, check, clock }) => {
      const { prLink } = repositories
      await companion({ action: 'opened', head: 0 }, {}, NOT_WAITING)
      const [progress] = codeComments(repositories)
      expect(check(0)).toEqual({ state: 'pending', targetUrl: progress!.html_url })
      await companion({ action: 'synchronize', head: 1 }, {}, NOT_WAITING)
      expect(check(1)?.state).toBe('pending')
      await companion({ action: 'synchronize', head: 2 }, {}, NOT_WAITING)
      expect(check(2)?.state).toBe('pending')

      clock.advance(60_000)
      const reconciled = await reconcile()
      expect(reconciled.failed).toBe(false)
      expect(check(2)).toEqual({ state: 'success', targetUrl: prLink })
      // Older heads are no longer the pull request's: the job never ended for them.
      expect(check(1)?.state).toBe('pending')

      await companion({ action: 'closed', head: 2, merged: true }, {}, NOT_WAITING)
      expect(check(2)).toEqual({ state: 'success', targetUrl: prLink })
    }))

  it('fails when the agent API no longer knows the job', () =>
    life(
      async ({ companion, reconcile, check, clock }) => {
        await companion({ action: 'opened', head: 0 }, {}, NOT_WAITING)
        clock.advance(60_000)
        await reconcile()
        expect(check(0)?.state).toBe('failure')
      },
      { scenario: { faults: [{ route: 'get', times: 10, fault: { kind: 'status', status: 404 } }] } }
    ))

  it('succeeds when the job changed nothing, and fails when it failed, whether the run or a reconcile run sees it end', async () => {
    for (const [scenario, state] of [
      [{ prLink: null }, 'success'],
      [{ finalStatus: 'failed' }, 'failure']
    ] as const) {
      await life(
        async ({ companion, check }) => {
          await companion({ action: 'opened', head: 0 })
          expect(check(0)?.state).toBe(state)
        },
        { scenario }
      )
      await life(
        async ({ companion, reconcile, check, clock }) => {
          await companion({ action: 'opened', head: 0 }, {}, NOT_WAITING)
          clock.advance(60_000)
          await reconcile()
          expect(check(0)?.state).toBe(state)
        },
        { scenario }
      )
    }
  })

  it('is pending while a create waits for the hourly limit, and fails when the agent API refuses it for good', () =>
    life(
      async ({ companion, reconcile, check, clock }) => {
        const opened = await companion({ action: 'opened', head: 0 }, {}, { ...NOT_WAITING, timeout: '10s' })
        expect(opened.outputs.status).toBe('queued')
        expect(check(0)?.state).toBe('pending')
        clock.advance(2 * 3_600_000)
        await reconcile()
        expect(check(0)?.state).toBe('failure')
      },
      {
        scenario: {
          faults: [
            { route: 'create', fault: { kind: 'status', status: 429, retryAfter: '3600' } },
            { route: 'create', fault: { kind: 'status', status: 400 } }
          ]
        }
      }
    ))

  it('ends a pull request closed while its create waited queued, saying so, and creates no job for it', () =>
    life(
      async ({ repositories, companion, check }) => {
        await companion({ action: 'opened', head: 0 }, {}, { ...NOT_WAITING, timeout: '10s' })
        expect(check(0)?.state).toBe('pending')
        const closed = await companion({ action: 'closed', head: 0, merged: false }, {}, NOT_WAITING)
        expect(check(0)?.state).toBe('success')
        expect(closed.outputs.status).toBe('skipped')
        expect(closed.log).toContain(queuedClosedReason(CODE_PR, true))
        const [progress] = codeComments(repositories)
        // No reconcile run finds a request there any more (it creates only what a marker signs queued).
        expect(codeMarkerOf(progress!)?.state).not.toBe('queued')
        expect(progress!.body).toBe(queuedClosedFor(progress!))
        expect(repositories.github.labels('acme', 'docs', CODE_PR)).not.toContain(WORKING_LABEL)
      },
      { scenario: { faults: [{ route: 'create', fault: { kind: 'status', status: 429, retryAfter: '3600' } }] } }
    ))

  it('keeps a head the hourly limit held back pending, for the next event to send', () =>
    life(
      async ({ companion, check }) => {
        await companion({ action: 'opened', head: 0 })
        await companion({ action: 'synchronize', head: 1 })
        const spent = await companion({ action: 'synchronize', head: 2 })
        expect(spent.failed).toBe(true)
        expect(check(2)?.state).toBe('pending')
      },
      { scenario: { rateLimitPerHour: 2 } }
    ))

  it("ends a bot's pull request and a reader's with a final state, and keeps a head a reader pushed pending", () =>
    life(
      async ({ companion, check }) => {
        await companion({ action: 'opened', head: 0 }, { author: 'renovate[bot]', bot: true })
        expect(check(0)?.state).toBe('success')
        await companion({ action: 'opened', head: 1 }, { author: 'reader-rob' })
        expect(check(1)?.state).toBe('success')
        await companion({ action: 'opened', head: 0 })
        await companion({ action: 'synchronize', head: 2 }, { sender: 'reader-rob' })
        expect(check(2)?.state).toBe('pending')
      },
      { github: { permissions: { 'writer-wendy': 'write', 'reader-rob': 'read' } } }
    ))

  it('succeeds on the head when a writer says /docs skip, naming them, and not for a reader', () =>
    life(
      async ({ repositories, companion, check }) => {
        await companion({ action: 'opened', head: 2 }, {}, NOT_WAITING)
        const creates = repositories.simulator.requests.length
        const reader = await runInProcess(commentOnCodeStep(repositories, 'reader-rob', '/docs skip'))
        expect(reader.outputs.status).toBe('skipped')
        expect(check(2)?.state).toBe('pending')
        const writer = await runInProcess(commentOnCodeStep(repositories, 'maintainer-max', '/docs skip'))
        expect(writer.outputs.status).toBe('skipped')
        const said = repositories.github.comments('acme', 'docs', CODE_PR).at(-1)!
        // The check links the comment that said it.
        expect(check(2)).toEqual({ state: 'success', targetUrl: expect.stringMatching(`#issuecomment-${said.id}$`) })
        const status = repositories.github.statuses.latest('acme', 'docs', heads(2), DOCS_CONTEXT)
        expect(status?.description).toContain('@maintainer-max')
        // Nothing reached the agent.
        expect(repositories.simulator.requests).toHaveLength(creates)
      },
      { github: { permissions: { 'writer-wendy': 'write', 'maintainer-max': 'maintain', 'reader-rob': 'read' } } }
    ))

  it('starts over when a writer asks the job for more with /docs, and ends with that request', () =>
    life(async ({ repositories, companion, reconcile, check, clock }) => {
      const opened = await companion({ action: 'opened', head: 2 }, {}, NOT_WAITING)
      clock.advance(60_000)
      await reconcile()
      expect(check(2)?.state).toBe('success')
      const step = commentOnCodeStep(repositories, 'writer-wendy', '/docs mention the default of 3')
      const asked = await runInProcess({ ...step, inputs: { ...step.inputs, ...NOT_WAITING }, clock })
      expect(asked.outputs.status).toBe('active')
      // The request goes to the companion's job, as on any thread.
      expect(asked.outputs['job-id']).toBe(opened.outputs['job-id'])
      expect(count(repositories.simulator, 'POST', CREATE)).toBe(1)
      expect(count(repositories.simulator, 'POST', MESSAGE)).toBe(1)
      expect(check(2)?.state).toBe('pending')
      clock.advance(60_000)
      await reconcile()
      expect(check(2)).toEqual({ state: 'success', targetUrl: repositories.prLink })
    }))

  it('succeeds when a writer puts the skip-label on, and not when a triager does', () =>
    life(
      async ({ repositories, companion, check }) => {
        await companion({ action: 'opened', head: 2 }, {}, NOT_WAITING)
        const labelled = (sender: string) => {
          const step = companionStep(repositories, { action: 'opened', head: 2 }, {}, { 'skip-label': 'docs: none' })
          const event = { ...step.event, action: 'labeled', label: { name: 'docs: none' } }
          const type = sender.endsWith('[bot]') ? 'Bot' : 'User'
          const payload = { ...event, sender: { ...(step.event.sender as object), login: sender, type } }
          return runInProcess({ ...step, event: payload })
        }
        await labelled('triager-tom')
        expect(check(2)?.state).toBe('pending')
        await labelled('labeller[bot]')
        expect(check(2)?.state).toBe('pending')
        await labelled('maintainer-max')
        expect(check(2)?.state).toBe('success')
        const status = repositories.github.statuses.latest('acme', 'docs', heads(2), DOCS_CONTEXT)
        expect(status?.description).toContain('@maintainer-max')
      },
      {
        github: { permissions: { 'writer-wendy': 'write', 'maintainer-max': 'maintain', 'triager-tom': 'triage' } }
      }
    ))

  it('starts over on a force-push back to a head whose job had ended, and ends it again', () =>
    life(async ({ repositories, companion, reconcile, check, clock }) => {
      repositories.github.changes.addComparison('acme', 'docs', { base: heads(1), head: heads(0) }, [], [])
      await companion({ action: 'opened', head: 0 }, {}, NOT_WAITING)
      clock.advance(60_000)
      await reconcile()
      expect(check(0)?.state).toBe('success')
      await companion({ action: 'synchronize', head: 1 }, {}, NOT_WAITING)
      await companion({ action: 'synchronize', head: 0 }, {}, NOT_WAITING)
      expect(check(0)?.state).toBe('pending')
      clock.advance(60_000)
      await reconcile()
      expect(check(0)?.state).toBe('success')
      expect(check(1)?.state).toBe('pending')
    }))

  it('is never ended by a copy of the companion comment', () =>
    life(async ({ repositories, companion, reconcile, check, clock }) => {
      const { github } = repositories
      await companion({ action: 'opened', head: 0 }, {}, NOT_WAITING)
      // A stranger copies the working comment, which names head 0, before the next push.
      const [working] = codeComments(repositories)
      github.addComment('acme', 'docs', CODE_PR, working!.body, { login: 'mallory' })
      await companion({ action: 'synchronize', head: 1 }, {}, NOT_WAITING)
      clock.advance(60_000)
      await reconcile()
      expect(check(1)?.state).toBe('success')
      // Head 0's job was followed up before it ended: only the copy names it, and the copy is powerless.
      expect(check(0)?.state).toBe('pending')
    }))

  it('warns once on a status GitHub refuses (422), and does everything else', () =>
    life(
      async ({ repositories, companion }) => {
        const opened = await companion({ action: 'opened', head: 0 })
        expect(opened.failed).toBe(false)
        const warnings = opened.log.split('\n').filter((line) => line.startsWith('warning:'))
        expect(warnings).toEqual([expect.stringContaining('422')])
        expect(opened.summary).toContain('422')
        expect(codeComments(repositories)[0]!.body).toContain(repositories.prLink)
      },
      { github: { failures: [{ pathIncludes: '/statuses/', status: 422, message: 'No commit found' }] } }
    ))

  it('warns once, naming statuses: write, and does everything else, without the permission', () =>
    life(
      async ({ repositories, companion, check }) => {
        const opened = await companion({ action: 'opened', head: 0 })
        expect(opened.failed).toBe(false)
        expect(check(0)).toBeUndefined()
        const warnings = opened.log.split('\n').filter((line) => line.startsWith('warning:'))
        expect(warnings).toHaveLength(1)
        expect(warnings[0]).toContain('statuses: write')
        expect(opened.summary).toContain('statuses: write')
        expect(codeComments(repositories)[0]!.body).toContain(repositories.prLink)
        expect(repositories.github.labels('acme', 'docs', CODE_PR)).toEqual(['docs-agent: companion'])
      },
      {
        github: {
          tokenPermissions: { contents: 'read', issues: 'write', 'pull-requests': 'write', actions: 'write' }
        }
      }
    ))
})
