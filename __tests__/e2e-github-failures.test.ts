// A hanging GitHub through the bundle: on a cancel, the outputs come at once and the step ends by
// itself within the limits it states, a matter of the process and its signals; no test here times
// the process, since a busy machine slows it. The other ways GitHub
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

describe('a hanging GitHub never holds a cancelled run', () => {
  it('on a cancel while GitHub hangs, writes the outputs at once and ends before the runner would kill it', async () => {
    let signalled = false
    let child: { kill(signal: NodeJS.Signals): boolean } | undefined
    const { run, github } = await runOnThread({
      event: EVENT,
      scenario: { durationMs: 60_000 },
      github: {
        failures: [hangs('POST', COMMENTS), hangs('PATCH', '/issues/comments/')],
        // Cancel while the first progress comment hangs.
        onRequest: (request) => {
          if (signalled || request.method !== 'POST' || !request.path.endsWith(COMMENTS)) return
          signalled = true
          child?.kill('SIGINT')
        }
      },
      onStart: (started) => (child = started)
    })
    // It ended by itself, not killed (before the fix it hung for 46 s): the outputs and the error
    // first, then the cancelled run's last edit, cut to the 4 s it states. (That the outputs come
    // before any wait for GitHub is asserted in process, main-github-failures.test.ts.)
    expect(run.signal).toBeNull()
    expect(run.code).toBe(1)
    expect(run.outputs).toMatchObject({ status: 'active', 'job-id': expect.stringMatching(/\S/), 'comment-url': '' })
    expectInOrder(
      visibleLog(run),
      'Could not write the progress comment on #42: the comment create was stopped: the workflow was cancelled.',
      '::error::The workflow was cancelled',
      'Could not write the progress comment on #42: the comment create did not finish within its time limit of 4s.'
    )
    expect(github.comments('acme', 'docs', 42)).toHaveLength(1)
  })
})
