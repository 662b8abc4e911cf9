// A failing or hanging GitHub through the bundle: the outputs come first, every GitHub call has a
// time limit, and a comment create that may have landed is looked for before it is sent again.
import { CREATE, MESSAGE, count } from './support/agent-fixture.js'
import { githubCalls, runOnThread } from './support/github-fixture.js'
import type { FakeFailure } from '../test/harness/fake-github.js'
import { type ActionRun, visibleLog } from '../test/harness/run-bundle.js'

const EVENT = 'issue_comment.created'
const COMMENTS = '/issues/42/comments'
const hangs = (method: string, pathIncludes: string): FakeFailure => ({ method, pathIncludes, status: 0, hang: true, times: 99 })

/** When each line of the log arrived, to put log lines on a clock. */
function timeline() {
  const chunks: { at: number; textSoFar: string }[] = []
  let text = ''
  return {
    onLogLine: (line: string) => {
      text += `${line}\n`
      chunks.push({ at: Date.now(), textSoFar: text })
    },
    /** When the log first matched `pattern`. */
    at: (pattern: RegExp): number => {
      const found = chunks.find((chunk) => pattern.test(chunk.textSoFar))
      if (!found) throw new Error(`the log never matched ${pattern}`)
      return found.at
    }
  }
}

/** Asserts that the log holds each text, in this order. */
function expectLogInOrder(run: ActionRun, ...texts: string[]): void {
  const log = visibleLog(run)
  let from = 0
  for (const text of texts) {
    const at = log.indexOf(text, from)
    expect({ text, inOrder: at >= 0 }).toEqual({ text, inOrder: true })
    from = at + text.length
  }
}

describe('a failing GitHub never holds the run', () => {
  it('with every comment write answered 500, writes the outputs first and ends soon after the job', async () => {
    const log = timeline()
    const jobMs = 3000
    const { run, github } = await runOnThread({
      event: EVENT,
      scenario: { durationMs: jobMs },
      github: {
        failures: [
          { method: 'POST', pathIncludes: COMMENTS, status: 500, times: 99 },
          { method: 'PATCH', pathIncludes: '/issues/comments/', status: 500, times: 99 }
        ]
      },
      onLogLine: log.onLogLine,
      killAfterMs: 45_000
    })
    const ended = Date.now()
    expect(run.code).toBe(0)
    expect(run.outputs).toMatchObject({ status: 'completed', 'job-id': expect.stringMatching(/\S/), 'comment-url': '' })
    expectLogInOrder(run, 'completed and opened a pull request', '::warning::Could not write the progress comment on #42: GitHub answered 500')
    // A create answered 5xx may have made the comment: every create after one comes after a listing.
    const thread = githubCalls(github).filter((call) => call.endsWith(COMMENTS))
    thread.forEach((call, i) => {
      if (call.startsWith('POST') && i > 0) expect(thread[i - 1]).toMatch(/^GET/)
    })
    // Generous: the fix ends the step within a second of the job; before it, about 26 s after.
    const jobEnded = log.at(/Created agent job/) + jobMs
    expect(ended - jobEnded).toBeLessThan(15_000)
  }, 60_000)

  it('with every GitHub call hanging, writes the outputs when the job ends and ends within 15 s of it', async () => {
    const log = timeline()
    const jobMs = 3000
    const { run } = await runOnThread({
      event: EVENT,
      scenario: { durationMs: jobMs },
      inputs: { timeout: '2m' },
      github: {
        failures: [
          hangs('POST', '/reactions'),
          hangs('GET', COMMENTS),
          hangs('POST', COMMENTS),
          hangs('PATCH', '/issues/comments/')
        ]
      },
      onLogLine: log.onLogLine,
      killAfterMs: 60_000
    })
    const ended = Date.now()
    expect(run.code).toBe(0)
    expect(run.outputs).toMatchObject({ status: 'completed', 'job-id': expect.stringMatching(/\S/) })
    // Before the fix the first poll waited behind the hanging "working" comment (10 s), and the
    // last edit took 10 s more: the step ended about 18 s after the job.
    const jobEnded = log.at(/Created agent job/) + jobMs
    expect(log.at(/completed and opened a pull request/) - jobEnded).toBeLessThan(5_000)
    expect(ended - jobEnded).toBeLessThan(15_000)
  }, 75_000)

  it('gives up on a comment listing that never answers, and the job still runs', async () => {
    const { run } = await runOnThread({
      event: EVENT,
      github: { failures: [hangs('GET', COMMENTS)] },
      killAfterMs: 40_000
    })
    expect(run.signal).toBeNull()
    expect(run.code).toBe(0)
    expect(run.outputs.status).toBe('completed')
    expect(visibleLog(run)).toMatch(
      /::warning::Could not read the comments of the thread on #42: the comment listing did not finish within its time limit of 10s\./
    )
  }, 45_000)

  it('on a cancel while GitHub hangs, writes the outputs at once and ends before the runner would kill it', async () => {
    const log = timeline()
    let signalled = 0
    let child: { kill(signal: NodeJS.Signals): boolean } | undefined
    const { run, github } = await runOnThread({
      event: EVENT,
      scenario: { durationMs: 60_000 },
      github: {
        failures: [hangs('POST', COMMENTS), hangs('PATCH', '/issues/comments/')],
        // Cancel while the first progress comment hangs.
        onRequest: (request) => {
          if (signalled > 0 || request.method !== 'POST' || !request.path.endsWith(COMMENTS)) return
          signalled = Date.now()
          child?.kill('SIGINT')
        }
      },
      onStart: (started) => (child = started),
      onLogLine: log.onLogLine,
      killAfterMs: 40_000
    })
    const ended = Date.now()
    expect(run.code).toBe(1)
    expect(run.outputs).toMatchObject({ status: 'active', 'job-id': expect.stringMatching(/\S/), 'comment-url': '' })
    expectLogInOrder(
      run,
      'Could not write the progress comment on #42: the comment create was stopped: the workflow was cancelled.',
      '::error::The workflow was cancelled',
      'Could not write the progress comment on #42: the comment create did not finish within its time limit of 4s.'
    )
    // Generous bounds: the outputs come within a second of the signal (before the fix, 46 s), and
    // the runner kills the step about 10 s after it.
    expect(log.at(/::error::The workflow was cancelled/) - signalled).toBeLessThan(5000)
    expect(ended - signalled).toBeLessThan(10_000)
    expect(github.comments('acme', 'docs', 42)).toHaveLength(1)
  }, 45_000)

  it('makes one comment when a create answered 502 after making it', async () => {
    const { run, github } = await runOnThread({
      event: EVENT,
      github: { failures: [{ method: 'POST', pathIncludes: COMMENTS, status: 502, afterEffect: true }] }
    })
    expect(run.outputs.status).toBe('completed')
    const [, comment, ...others] = github.comments('acme', 'docs', 42)
    expect(others).toEqual([])
    expect(comment!.body).toContain('✅ **Done.**')
    expect(run.outputs['comment-url']).toBe(comment!.html_url)
    expect(githubCalls(github).slice(-3)).toEqual([
      `POST /repos/acme/docs${COMMENTS}`,
      `GET /repos/acme/docs${COMMENTS}`,
      `PATCH /repos/acme/docs/issues/comments/${comment!.id}`
    ])
  })

  it('sets comment-url after the other outputs when the comment is first made by its last edit', async () => {
    const { run, github } = await runOnThread({
      event: EVENT,
      github: { failures: [{ method: 'POST', pathIncludes: COMMENTS, status: 403, message: 'Resource not accessible by integration' }] }
    })
    expect(run.outputs.status).toBe('completed')
    const comment = github.comments('acme', 'docs', 42)[1]!
    expect(comment.body).toContain('✅ **Done.**')
    expect(run.outputs['comment-url']).toBe(comment.html_url)
  })

  it('starts no second job on a re-run that cannot read its thread, and says how to resume', async () => {
    const { run, github, simulator } = await runOnThread({
      event: EVENT,
      env: { GITHUB_RUN_ATTEMPT: '2' },
      github: { failures: [{ method: 'GET', pathIncludes: COMMENTS, status: 500, times: 99 }] },
      before: (fake) => {
        fake.addComment('acme', 'docs', 42, '<!-- docs-agent-action run=1001 job=job-from-attempt-1 -->\n⏳ **Working on it.**')
      }
    })
    expect(run.code).toBe(1)
    expect(count(simulator, 'POST', CREATE)).toBe(0)
    expect(count(simulator, 'POST', MESSAGE)).toBe(0)
    expect(visibleLog(run)).toMatch(
      /::error::This is attempt 2 of the workflow run.*cannot tell whether attempt 1 already started an agent job; not starting another\. .*job-id/
    )
    expect(githubCalls(github).filter((call) => !call.startsWith('GET'))).toEqual([
      'POST /repos/acme/docs/issues/comments/3551234567/reactions'
    ])
  })
})
