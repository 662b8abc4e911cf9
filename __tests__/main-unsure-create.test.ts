// A create whose answer was lost (the service made the job, the connection reset), then a re-run of
// the workflow run: through run() in process, with the simulator and the GitHub fake shared by both
// attempts. The same story runs through the bundle in e2e-rerun.test.ts.
import type { FakeGitHub, FakeGitHubOptions } from '../test/harness/fake-github.js'
import type { Fault } from '../test/harness/simulator/server.js'
import { CREATE, count } from './support/agent-fixture.js'
import { markerOf, onThread } from './support/github-fixture.js'
import { runAgainstInProcess, runInProcess, SkippingClock } from './support/in-process.js'
import { AFTER_UNSURE_CREATE } from '../src/report/outcome.js'
import { escapeMarkdown } from '../src/markdown/escape.js'

/** The service makes the job, then the connection resets before the answer. */
const LOST_CREATE: Fault = { route: 'create', fault: { kind: 'reset', afterEffect: true } }

/**
 * Attempt 1 of a run on issue 42 whose create is lost, then, with `rerun`, attempt 2; `between` acts
 * on the GitHub fake in between, as someone on the thread could.
 */
function lostCreateThenRerun(rerun?: { between?: (github: FakeGitHub) => void }, githubOptions?: FakeGitHubOptions) {
  const clock = new SkippingClock()
  let github: FakeGitHub | undefined
  return onThread(
    {
      event: 'issue_comment.created',
      scenario: { faults: [LOST_CREATE] },
      ...(githubOptions && { github: githubOptions }),
      before: (fake) => {
        github = fake
      }
    },
    async (step) => {
      const first = await runInProcess({ ...step, clock })
      if (!rerun) return { first }
      rerun.between?.(github!)
      const second = await runInProcess({ ...step, clock, env: { ...step.env, GITHUB_RUN_ATTEMPT: '2' } })
      return { first, second }
    },
    { now: () => clock.now() }
  )
}

describe('a create whose answer was lost', () => {
  it("records it in the progress comment's signed marker, and says a re-run will not create another job", async () => {
    const { run, github, simulator } = await lostCreateThenRerun()
    expect(simulator.jobs.size).toBe(1)
    expect(run.first.failed).toBe(true)
    expect(run.first.log).toMatch(
      /error: Creating the agent job failed after the request was sent: no answer \(ECONNRESET\)/
    )
    expect(run.first.log).toContain(AFTER_UNSURE_CREATE.recorded)
    const [comment] = github.comments('acme', 'docs', 42).slice(1)
    // Named in its own marker at once, so that no copy of it verifies.
    expect(markerOf(comment!, 42)).toMatchObject({ unsureCreate: 1, commentId: comment!.id })
    expect(markerOf(comment!, 42)?.jobId).toBeUndefined()
    expect(comment!.body).toContain(escapeMarkdown(AFTER_UNSURE_CREATE.recorded))
  })

  it('makes the re-run create nothing and say where a job may be and what to do, a copy of the comment or not', async () => {
    // A copy of the comment, posted by someone else, neither hides nor doubles the record.
    const copy = (github: FakeGitHub) => {
      const [, comment] = github.comments('acme', 'docs', 42)
      github.addComment('acme', 'docs', 42, comment!.body, { login: 'writer-wendy' })
    }
    const { run, github, simulator } = await lostCreateThenRerun({ between: copy })
    const { first, second } = run
    expect(first.failed).toBe(true)
    expect(count(simulator, 'POST', CREATE)).toBe(1)
    expect(simulator.jobs.size).toBe(1)
    expect(second!.failed).toBe(true)
    const [comment, copied, ...others] = github.comments('acme', 'docs', 42).slice(1)
    expect(copied!.body).toBe(comment!.body)
    expect(others).toEqual([])
    expect(second!.log).toContain(
      'error: This is attempt 2 of the workflow run, and attempt 1 sent the request to create an agent job but got no ' +
        `answer (its progress comment says so: ${comment!.html_url}), so a job may exist that this run cannot see; not ` +
        'creating another. Look for it among the agent jobs on the dashboard (app.mintlify.com): to follow it, run the ' +
        'action with job-id set to its id and no prompt; to start a new job instead, make the request again'
    )
    expect(second!.outputs['comment-url']).toBe(comment!.html_url)
    // The record stays for any later attempt.
    expect(markerOf(comment!, 42)).toMatchObject({ unsureCreate: 1 })
  })

  it('never says the progress comment records it when GitHub refused to write that comment', async () => {
    const refused = { failures: [{ method: 'POST', pathIncludes: '/issues/42/comments', status: 403, times: 99 }] }
    const { run, github } = await lostCreateThenRerun(undefined, refused)
    expect(github.comments('acme', 'docs', 42).slice(1)).toEqual([])
    expect(run.first.failed).toBe(true)
    expect(run.first.log).not.toContain(AFTER_UNSURE_CREATE.recorded)
    expect(run.first.log).toMatch(/error: Creating the agent job failed after the request was sent: /)
    expect(run.first.log).toContain(AFTER_UNSURE_CREATE.unwritten)
  })

  it('keeps the record in a later edit that lands, and the re-run then creates nothing', async () => {
    const refusedOnce = { failures: [{ method: 'POST', pathIncludes: '/issues/42/comments', status: 403 }] }
    const { run, github, simulator } = await lostCreateThenRerun({}, refusedOnce)
    expect(run.first.log).toContain(AFTER_UNSURE_CREATE.unwritten)
    const [comment] = github.comments('acme', 'docs', 42).slice(1)
    expect(markerOf(comment!, 42)).toMatchObject({ unsureCreate: 1 })
    expect(run.second!.failed).toBe(true)
    expect(count(simulator, 'POST', CREATE)).toBe(1)
  })

  it('says a re-run would create another job where no progress comment records it', async () => {
    const { run, simulator } = await runAgainstInProcess({ faults: [LOST_CREATE] }, { comment: 'false' })
    expect(simulator.jobs.size).toBe(1)
    expect(run.log).toMatch(
      /Nothing records it for a re-run \(there is no progress comment\), so a re-run of this workflow run would create another job\.$/
    )
  })
})
