// A hanging GitHub through the bundle: on a cancel, the outputs come at once and the step ends
// before the runner would kill it, a matter of the process and its signals. The other ways GitHub
// fails are driven through run() in process (main-github-failures.test.ts).
import { runOnThread } from './support/github-fixture.js'
import type { FakeFailure } from '../test/harness/fake-github.js'
import { visibleLog } from '../test/harness/run-bundle.js'
import { expectInOrder } from './support/expect-in-order.js'

const EVENT = 'issue_comment.created'
const COMMENTS = '/issues/42/comments'
const hangs = (method: string, pathIncludes: string): FakeFailure => ({
  method,
  pathIncludes,
  status: 0,
  hang: true,
  times: 99
})

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

describe('a hanging GitHub never holds a cancelled run', () => {
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
    expectInOrder(
      visibleLog(run),
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
})
