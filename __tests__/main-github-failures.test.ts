// A failing or hanging GitHub through run() in process: the outputs come first, every GitHub call
// has a time limit, a comment create that may have landed is looked for before it is sent again,
// and what GitHub would refuse for its size is cut to fit. e2e-github-failures.test.ts runs a cancel
// while GitHub hangs through the bundle.
import { CREATE, MESSAGE, count } from './support/agent-fixture.js'
import { githubCalls, markerOf } from './support/github-fixture.js'
import { expectInOrder } from './support/expect-in-order.js'
import { moveWhileStuck, type ProcessThreadOptions, runOnThreadInProcess } from './support/in-process.js'
import { VirtualClock } from '../src/base/clock.js'
import { DONE_WITH_PULL_REQUEST, progressOf } from './support/progress.js'
import { AFTER_JOB_BUDGET_MS } from '../src/github/api.js'
import { summaryLevel } from './support/summary.js'

const EVENT = 'issue_comment.created'
const COMMENTS = '/issues/42/comments'

/**
 * A run on a thread on a VirtualClock that moves while every call going on hangs (moveWhileStuck):
 * a GitHub that never answers costs the run its time limits, in virtual time. With the clock, to
 * tell when the run ended.
 */
async function runWhileGitHubHangs(options: Omit<ProcessThreadOptions, 'clock'>) {
  const clock = new VirtualClock(Date.now())
  let requests = 0
  const stuck = moveWhileStuck(clock, () => requests)
  try {
    const ran = await runOnThreadInProcess({
      ...options,
      clock,
      github: { ...options.github, onRequest: () => requests++ },
      onSimulatorRequest: () => requests++
    })
    return { ...ran, clock }
  } finally {
    await stuck.stop()
  }
}

describe('a failing GitHub never holds the run', () => {
  it('with every comment write answered 500, writes the outputs first and ends soon after the job', async () => {
    // Virtual time: the retries' waits and the job's length count, never how fast the machine answers.
    const clock = new VirtualClock(Date.now())
    const jobMs = 3000
    const { run, github, simulator } = await runOnThreadInProcess({
      event: EVENT,
      clock,
      scenario: { durationMs: jobMs },
      github: {
        failures: [
          { method: 'POST', pathIncludes: COMMENTS, status: 500, times: 99 },
          { method: 'PATCH', pathIncludes: '/issues/comments/', status: 500, times: 99 }
        ]
      }
    })
    const ended = clock.now()
    expect(run.failed).toBe(false)
    expect(run.outputs).toMatchObject({ status: 'completed', 'job-id': expect.stringMatching(/\S/), 'comment-url': '' })
    expectInOrder(
      run.transcript.join('\n'),
      'output: status=completed',
      'completed and opened a pull request',
      'warning: Could not write the progress comment on #42: GitHub answered 500'
    )
    // A create answered 5xx may have made the comment: every create after one comes after a listing.
    const thread = githubCalls(github).filter((call) => call.endsWith(COMMENTS))
    const createsAfterAnother = thread.flatMap((call, i) => (call.startsWith('POST') && i > 0 ? [thread[i - 1]] : []))
    expect(createsAfterAnother.every((before) => before?.startsWith('GET'))).toBe(true)
    // Each GitHub call gives up within its own limit, waits included: the step ends within seconds
    // of the job, not after every retry GitHub's answers would allow.
    const jobEnded = simulator.requests.find((request) => CREATE.test(request.path))!.at + jobMs
    expect(ended - jobEnded).toBeLessThan(15_000)
  })

  it('with every GitHub call hanging, writes the outputs when the job ends and gives the end what is left of its time', async () => {
    const jobMs = 3000
    const hang = (method: string, pathIncludes: string) => ({ method, pathIncludes, status: 0, hang: true, times: 99 })
    const { run, simulator, clock } = await runWhileGitHubHangs({
      event: EVENT,
      scenario: { durationMs: jobMs },
      inputs: { timeout: '2m' },
      github: {
        failures: [
          hang('POST', '/reactions'),
          hang('GET', COMMENTS),
          hang('POST', COMMENTS),
          hang('PATCH', '/issues/comments/')
        ]
      }
    })
    expect(run.failed).toBe(false)
    expect(run.outputs).toMatchObject({ status: 'completed', 'job-id': expect.stringMatching(/\S/) })
    // The "working" comment goes out beside the polls, so it cannot delay seeing the end: the
    // outputs come before its limit runs out (before, they came 8 s after the job's end). The last
    // edit waits for it, and then has only what is left of the 14 s after the job, not a limit of
    // its own (before, the step ended 18 s after the job).
    expectInOrder(
      run.transcript.join('\n'),
      'output: status=completed',
      'warning: Could not write the progress comment on #42: the comment create did not finish within its time limit of 10s.',
      'warning: Could not read the comments of the thread on #42: the comment listing did not finish within its time limit of '
    )
    // In the run's time: the last listing had less than a call's own 10 s, and the run ended within
    // the 14 s after the poll that saw the job end.
    const listingLimits = [...run.log.matchAll(/the comment listing did not finish within its time limit of (\d+)s/g)]
    expect(Number(listingLimits.at(-1)?.[1])).toBeLessThan(10)
    const jobSeen = simulator.requests.at(-1)!.at
    expect(clock.now() - jobSeen).toBeLessThanOrEqual(AFTER_JOB_BUDGET_MS)
  })

  it('gives up on a comment listing that never answers, and the job still runs', async () => {
    const { run } = await runWhileGitHubHangs({
      event: EVENT,
      github: { failures: [{ method: 'GET', pathIncludes: COMMENTS, status: 0, hang: true, times: 99 }] }
    })
    expect(run.failed).toBe(false)
    expect(run.outputs.status).toBe('completed')
    expect(run.log).toMatch(
      /warning: Could not read the comments of the thread on #42: the comment listing did not finish within its time limit of 10s\./
    )
  })

  it('makes one comment when a create answered 502 after making it', async () => {
    const { run, github } = await runOnThreadInProcess({
      event: EVENT,
      github: { failures: [{ method: 'POST', pathIncludes: COMMENTS, status: 502, afterEffect: true }] }
    })
    expect(run.outputs.status).toBe('completed')
    const [, comment, ...others] = github.comments('acme', 'docs', 42)
    expect(others).toEqual([])
    expect(progressOf(comment!, 42)).toMatchObject(DONE_WITH_PULL_REQUEST)
    expect(run.outputs['comment-url']).toBe(comment!.html_url)
    // The comment found is taken as made, and names itself as every comment does once created.
    expect(githubCalls(github).slice(-4)).toEqual([
      `POST /repos/acme/docs${COMMENTS}`,
      `GET /repos/acme/docs${COMMENTS}`,
      `PATCH /repos/acme/docs/issues/comments/${comment!.id}`,
      `PATCH /repos/acme/docs/issues/comments/${comment!.id}`
    ])
  })

  it('sets comment-url after the other outputs when the comment is first made by its last edit', async () => {
    const { run, github } = await runOnThreadInProcess({
      event: EVENT,
      github: {
        failures: [
          { method: 'POST', pathIncludes: COMMENTS, status: 403, message: 'Resource not accessible by integration' }
        ]
      }
    })
    expect(run.outputs.status).toBe('completed')
    const comment = github.comments('acme', 'docs', 42)[1]!
    expect(progressOf(comment, 42)).toMatchObject(DONE_WITH_PULL_REQUEST)
    expect(run.outputsSet.filter((output) => output.startsWith('comment-url='))).toEqual([
      'comment-url=',
      `comment-url=${comment.html_url}`
    ])
    expect(run.outputs['comment-url']).toBe(comment.html_url)
  })

  it('starts no second job on a re-run that cannot read its thread, and says how to resume', async () => {
    const { run, github, simulator } = await runOnThreadInProcess({
      event: EVENT,
      env: { GITHUB_RUN_ATTEMPT: '2' },
      github: { failures: [{ method: 'GET', pathIncludes: COMMENTS, status: 500, times: 99 }] },
      before: (fake) => {
        fake.addComment(
          'acme',
          'docs',
          42,
          '<!-- docs-agent-action run=1001 job=job-from-attempt-1 -->\n⏳ **Working on it.**'
        )
      }
    })
    expect(run.failed).toBe(true)
    expect(count(simulator, 'POST', CREATE)).toBe(0)
    expect(count(simulator, 'POST', MESSAGE)).toBe(0)
    expect(run.log).toMatch(
      /error: This is attempt 2 of the workflow run.*cannot tell whether attempt 1 already started an agent job; not starting another\. .*job-id/
    )
    expect(githubCalls(github).filter((call) => !call.startsWith('GET'))).toEqual([
      'POST /repos/acme/docs/issues/comments/3551234567/reactions'
    ])
  })
})

// GitHub refuses a comment over 65,536 characters (the fake does too) and the runner drops a job
// summary over 1 MiB: each is cut to fit, visibly, with its signed marker whole.
describe('what GitHub would refuse for its size', () => {
  const NOTE =
    /… \(cut: \d+ more characters would pass GitHub's limit of (65536 characters for a comment|1 MiB for a job summary)\)\n$/

  it('cuts a comment and a summary quoting a 300 KB error to fit, saying so, with the marker whole', async () => {
    const error = JSON.stringify({ error: `${'&'.repeat(300_000)} the end` })
    const { run, github } = await runOnThreadInProcess({
      event: EVENT,
      scenario: { faults: [{ route: 'create', fault: { kind: 'status', status: 400, body: error } }] }
    })
    expect(run.failed).toBe(true)
    const [comment, ...others] = github.comments('acme', 'docs', 42).slice(1)
    expect(others).toEqual([])
    expect(comment!.body.length).toBeLessThanOrEqual(65_536)
    expect(comment!.body).toMatch(
      /^<!-- docs-agent-action [^\n]+ -->\n❌ \*\*The docs agent could not finish\.\*\* Creating the agent job failed: the service answered 400 "&amp;&amp;/
    )
    expect(comment!.body).toMatch(
      /&amp; … \(cut: \d+ more characters would pass GitHub's limit of 65536 characters for a comment\)\n$/
    )
    expect(markerOf(comment!, 42)).toMatchObject({ threadNumber: 42, triggerCommentId: 3551234567 })
    expect(Buffer.byteLength(run.summary)).toBeLessThanOrEqual(1024 * 1024)
    expect(summaryLevel(run.summary)).toBe('failure')
    expect(run.summary).toContain('the service answered 400 "&amp;') // the error's text, escaped
    expect(run.summary).toMatch(NOTE)
    expect(run.log).not.toContain('Could not write the progress comment')
  })

  it('cuts the comment of a job whose PR link is 300 KB before the link, never through it', async () => {
    const prLink = `https://github.com/acme/docs/pull/1?${'x'.repeat(300_000)}`
    const { run, github } = await runOnThreadInProcess({ event: EVENT, scenario: { prLink } })
    expect(run.failed).toBe(false)
    const [comment] = github.comments('acme', 'docs', 42).slice(1)
    expect(comment!.body.length).toBeLessThanOrEqual(65_536)
    expect(progressOf(comment!, 42)).toMatchObject({
      state: 'ended',
      jobId: run.outputs['job-id'],
      pullRequest: undefined
    })
    expect(comment!.body).not.toContain('/pull/1?x')
    expect(markerOf(comment!, 42)).toMatchObject({ commentId: comment!.id })
    expect(run.log).not.toContain('Could not write the progress comment')
    expect(run.outputs['pr-link']).toBe(prLink)
  })
})
