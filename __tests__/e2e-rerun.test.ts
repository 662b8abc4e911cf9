// A create whose answer was lost, then Re-run, through the bundle: the service makes the job and the
// connection resets; the re-run, GITHUB_RUN_ATTEMPT=2 as the runner sets it, must not make another.
// The variants and the words run through run() in process in main-unsure-create.test.ts.
import { runAction, runtimes } from '../test/harness/run-bundle.js'
import { CREATE, count } from './support/agent-fixture.js'
import { markerOf, onThread } from './support/github-fixture.js'

describe.each(runtimes())('a re-run after a lost create, under %s', (_label, node) => {
  it('creates no second job, and says a job may exist from attempt 1, where to look and what to do', async () => {
    const { run, github, simulator } = await onThread(
      {
        event: 'issue_comment.created',
        scenario: { faults: [{ route: 'create', fault: { kind: 'reset', afterEffect: true } }] }
      },
      async (step) => {
        const first = await runAction({ ...step, node })
        const second = await runAction({ ...step, node, env: { ...step.env, GITHUB_RUN_ATTEMPT: '2' } })
        return { first, second }
      }
    )
    expect(run.first.code).toBe(1)
    expect(run.first.stdout).toContain('The service may have acted on it')
    expect(run.second.code).toBe(1)
    expect(count(simulator, 'POST', CREATE)).toBe(1)
    expect(simulator.jobs.size).toBe(1)
    const [comment, ...others] = github.comments('acme', 'docs', 42).slice(1)
    expect(others).toEqual([])
    expect(markerOf(comment!, 42)).toMatchObject({ unsureCreate: 1 })
    expect(run.second.stdout).toContain(
      '::error::This is attempt 2 of the workflow run, and attempt 1 sent the request to create an agent job but got ' +
        `no answer (its progress comment says so: ${comment!.html_url}), so a job may exist`
    )
    expect(run.second.stdout).toContain('run the action with job-id set to its id and no prompt')
    expect(run.second.outputs['comment-url']).toBe(comment!.html_url)
  })
})
