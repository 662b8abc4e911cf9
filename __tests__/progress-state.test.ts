// Which progress comments stay in the working state for reconcile mode to finish, and what the
// last comment of a run says when a reconcile run will finish it.
import { leavesWorkForReconcile, type RunResult } from '../src/job/result.js'
import { progressAtEnd, renderProgressComment } from '../src/report/render.js'

const active = { id: 'job-1', status: 'active' }
const completed = { id: 'job-1', status: 'completed', prLink: 'https://github.com/acme/docs/pull/7' }

describe('leavesWorkForReconcile', () => {
  it.each<[string, RunResult, boolean]>([
    ['a job started without waiting', { kind: 'started', job: active, how: 'created' }, true],
    ['a wait that timed out', { kind: 'timed-out', jobId: 'job-1', job: active, waitedMs: 1, timeoutMs: 1 }, true],
    ['a cancelled wait', { kind: 'cancelled', jobId: 'job-1', job: undefined }, true],
    [
      'an error while the job was last seen at work',
      { kind: 'error', jobId: 'job-1', job: active, message: 'x' },
      true
    ],
    ['a create the hourly limit held back, queued for a reconcile run', { kind: 'queued', retryAt: 3_600_000 }, true],
    ['a job that ended', { kind: 'finished', job: completed }, false],
    [
      'an error about a job never seen (a wrong job-id)',
      { kind: 'error', jobId: 'job-1', job: undefined, message: 'x' },
      false
    ],
    ['an error after the job ended', { kind: 'error', jobId: 'job-1', job: completed, message: 'x' }, false],
    ['a create that failed', { kind: 'error', jobId: undefined, job: undefined, message: 'x' }, false],
    ['a skip', { kind: 'skipped', reason: 'x' }, false]
  ])('%s: %s', (_what, result, expected) => {
    expect(leavesWorkForReconcile(result)).toBe(expected)
  })
})

describe('progressAtEnd', () => {
  const started: RunResult = { kind: 'started', job: active, how: 'created' }

  it('keeps the working text for a job started without waiting when a reconcile run will finish the comment', () => {
    expect(progressAtEnd(started, true)).toEqual({ kind: 'working', jobId: 'job-1', followUp: false })
    const messaged: RunResult = { kind: 'started', job: active, how: 'messaged' }
    expect(progressAtEnd(messaged, true)).toEqual({ kind: 'working', jobId: 'job-1', followUp: true })
  })

  it('says the comment will not be updated when labels are off, since nothing would finish it', () => {
    expect(progressAtEnd(started, false)).toEqual({ kind: 'ended', result: started })
  })

  it('says how the run ended for anything else', () => {
    const finished: RunResult = { kind: 'finished', job: completed }
    expect(progressAtEnd(finished, true)).toEqual({ kind: 'ended', result: finished })
  })
})

describe('the comment for a lost job', () => {
  it('says the API no longer knows it, where to look, and how to try again', () => {
    expect(
      renderProgressComment(
        '<!-- m -->',
        { kind: 'lost', jobId: 'job-1' },
        'https://github.com/acme/docs/actions/runs/1'
      )
    ).toBe(
      '<!-- m -->\n❓ **Agent job `job-1` can no longer be found.** The agent API no longer knows it, so this comment cannot ' +
        'show how it ended; people with access to the docs project can look for its pull request on the ' +
        '[dashboard](https://app.mintlify.com/). To try again, comment the request again. ' +
        '([workflow run](https://github.com/acme/docs/actions/runs/1))\n'
    )
  })
})

describe('the comment for a wait whose last read got no record of its job', () => {
  it('says what the service answered, escaped, and not that the job still runs', () => {
    const result: RunResult = {
      kind: 'timed-out',
      jobId: 'job-1',
      job: active,
      waitedMs: 3000,
      timeoutMs: 6000,
      notTheJob: 'the service answered 404 "Job *not* found"'
    }
    const comment = renderProgressComment(
      '<!-- m -->',
      progressAtEnd(result, true),
      'https://github.com/a/b/actions/runs/1'
    )
    expect(comment).toBe(
      '<!-- m -->\n⏱️ **Stopped waiting after 3s of the 6s "timeout": the next try would not have fit in it.** The last read of ' +
        'agent job `job-1` got no record of it (the service answered 404 "Job \\*not\\* found"), so whether it still runs ' +
        'is not known. Re-run the [workflow run](https://github.com/a/b/actions/runs/1) to look again.\n'
    )
  })
})

describe('the request a progress comment answers', () => {
  const RUN = 'https://github.com/acme/docs/actions/runs/1'
  const ended = { kind: 'ended', result: { kind: 'finished', job: completed } } as const
  const answering = (url: string) => renderProgressComment('<!-- m -->', ended, RUN, undefined, url)

  it.each([
    ['https://github.com/acme/docs/pull/9#issuecomment-11', 'this comment'],
    ['https://github.com/acme/docs/pull/9#discussion_r22', 'this comment on a line'],
    ['https://github.com/acme/docs/pull/9#pullrequestreview-33', 'this review']
  ])('links %s as %s, after what the job came to', (url, what) => {
    expect(answering(url)).toMatch(new RegExp(`^<!-- m -->\n✅ [^\n]*\n\n↪️ In answer to \\[${what}\\]\\(`))
    expect(answering(url)).toContain(`↪️ In answer to [${what}](${url}).`)
  })

  it('links nothing for a page that is no comment or review (a merge, a label, a workflow run)', () => {
    expect(answering('https://github.com/acme/docs/pull/9')).not.toContain('In answer to')
    expect(answering('not a url')).not.toContain('In answer to')
  })

  it('shows a page that is not https as text, escaped, never as a link', () => {
    const comment = answering('javascript:alert(1)//x#issuecomment-1')
    expect(comment).toContain('↪️ In answer to ')
    expect(comment).not.toContain('](javascript:')
  })
})
