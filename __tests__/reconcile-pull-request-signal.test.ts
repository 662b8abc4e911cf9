// The agent's pull request as the signal, as decisions without GitHub or the agent API: which events
// ask a reconcile run to wait, which job opened the pull request, where the wait stands, what ends
// it, and what the run says about it.
import type { AgentJob } from '../src/agent/job.js'
import type { PullRequestEvent } from '../src/event/pull-request-event.js'
import type { JobReading } from '../src/reconcile/decide.js'
import {
  type AwaitedPullRequest,
  describeSignal,
  describeWait,
  openedBy,
  signalOf,
  waitLimit,
  waitStep
} from '../src/reconcile/pull-request-signal.js'

const SERVER = 'https://github.com'
const URL_9 = 'https://github.com/acme/docs/pull/9'
const APP = { login: 'docs-agent[bot]', type: 'Bot' }
const opened = (author: Extract<PullRequestEvent, { kind: 'opened' }>['author'], url = URL_9): PullRequestEvent => ({
  kind: 'opened',
  number: 9,
  url,
  author
})
const PR_9: AwaitedPullRequest = { number: 9, url: URL_9, ref: { repository: 'acme/docs', number: 9 } }
const job = (id: string, status: string, prLink: string | null = null): AgentJob => ({ id, status, prLink })
const readings = (...jobs: AgentJob[]): Map<string, JobReading> =>
  new Map(jobs.map((one) => [one.id, { kind: 'read', job: one }]))

describe('signalOf', () => {
  it("waits for the job that opened a pull request the agent's app just opened on this GitHub", () => {
    expect(signalOf(opened(APP), SERVER)).toEqual({ kind: 'await', pullRequest: PR_9 })
    // An app's account as a webhook may name it, without `type`: the login says bot.
    expect(signalOf(opened({ login: 'docs-agent[bot]' }), SERVER)).toEqual({ kind: 'await', pullRequest: PR_9 })
  })

  it("waits for nothing on a person's pull request, or a deleted account's, and says how to start no job", () => {
    for (const [author, who] of [
      [{ login: 'octocat', type: 'User' }, '"octocat", a person'],
      [undefined, 'a deleted account']
    ] as const) {
      const decision = signalOf(opened(author), SERVER)
      expect(decision).toEqual({
        kind: 'as-scheduled',
        why:
          `Pull request #9 was opened by ${who}, not by the agent's app. So that a person's pull request starts no ` +
          'job, give the job the "if:" of the action\'s recipe, examples/reconcile.yml. This run did what a scheduled run does.'
      })
    }
  })

  it('waits for nothing on another action, and names the trigger types that start no run for it', () => {
    expect(signalOf({ kind: 'other', action: 'synchronize' }, SERVER)).toEqual({
      kind: 'as-scheduled',
      why:
        'The pull request event is "synchronize", not "opened": only the agent\'s pull request, just opened, says ' +
        'that its job is ending. To start no run for the others, give the trigger "types: [opened]". This run did ' +
        'what a scheduled run does.'
    })
  })

  it('waits for nothing when the payload does not name the pull request, or names one on another host', () => {
    expect(signalOf({ kind: 'unreadable' }, SERVER)).toEqual({
      kind: 'as-scheduled',
      why: expect.stringMatching(/^The pull request event's payload lacks/)
    })
    expect(signalOf(opened(APP, 'https://ghe.example/acme/docs/pull/9'), SERVER)).toEqual({
      kind: 'as-scheduled',
      why: expect.stringMatching(/^Pull request #9 is not named by a link to this GitHub's pull request page\./)
    })
  })
})

describe('openedBy', () => {
  it('matches an ended job whose link names the same pull request, as GitHub reads links', () => {
    expect(openedBy(job('a', 'completed', URL_9), PR_9, SERVER)).toBe(true)
    expect(openedBy(job('a', 'completed', 'https://github.com/ACME/Docs/pull/9/'), PR_9, SERVER)).toBe(true)
    // An archived job keeps the pull request it opened.
    expect(openedBy(job('a', 'archived', URL_9), PR_9, SERVER)).toBe(true)
  })

  it('matches no other pull request, no link on another host, and no job still running', () => {
    expect(openedBy(job('a', 'completed', 'https://github.com/acme/docs/pull/90'), PR_9, SERVER)).toBe(false)
    expect(openedBy(job('a', 'completed', 'https://github.com/acme/docs-site/pull/9'), PR_9, SERVER)).toBe(false)
    expect(openedBy(job('a', 'completed', 'https://ghe.example/acme/docs/pull/9'), PR_9, SERVER)).toBe(false)
    expect(openedBy(job('a', 'completed', null), PR_9, SERVER)).toBe(false)
    expect(openedBy(job('a', 'active', URL_9), PR_9, SERVER)).toBe(false)
  })
})

describe('waitStep', () => {
  it('has found the job once one read ended with the pull request', () => {
    const read = readings(job('a', 'active'), job('b', 'completed', URL_9))
    expect(waitStep(PR_9, read, SERVER)).toEqual({ kind: 'found', jobId: 'b' })
  })

  it('polls the jobs still running, every one of them, and none that ended or could not be read', () => {
    const read = readings(job('a', 'active'), job('b', 'failed'), job('c', 'queued'), job('d', 'completed', null))
    read.set('e', { kind: 'lost' })
    read.set('f', { kind: 'unread', why: 'GitHub answered 500' })
    expect(waitStep(PR_9, read, SERVER)).toEqual({ kind: 'poll', jobIds: ['a', 'c'] })
  })

  it('is done when no job ended with it and none still runs: the pull request is not one of theirs', () => {
    expect(waitStep(PR_9, readings(job('a', 'completed', 'https://github.com/acme/docs/pull/8')), SERVER)).toEqual({
      kind: 'none'
    })
    expect(waitStep(PR_9, new Map(), SERVER)).toEqual({ kind: 'none' })
  })
})

describe('waitLimit', () => {
  it('ends the wait 40 s after it starts, so that a run on a pull request bills one minute, not up to the timeout', () => {
    // The recipe's "timeout" of 3 minutes, from a run that started 2 s before the wait.
    expect(waitLimit(2000, 180_000)).toEqual({ endsAt: 42_000, by: 'bound' })
  })

  it('ends it at the "timeout" when that comes first', () => {
    expect(waitLimit(2000, 30_000)).toEqual({ endsAt: 30_000, by: 'timeout' })
    expect(waitLimit(2000, 42_000)).toEqual({ endsAt: 42_000, by: 'timeout' })
  })
})

describe('describeSignal', () => {
  it('says which job opened the pull request, and how long the run waited for its end', () => {
    expect(describeSignal({ kind: 'found', pullRequest: PR_9, jobId: 'job-a', waitedMs: 0 })).toBe(
      `Agent job job-a opened pull request #9 (${URL_9}): this run reports its end on the threads that wait for it.`
    )
    expect(describeSignal({ kind: 'found', pullRequest: PR_9, jobId: 'job-a', waitedMs: 8000 })).toBe(
      `Agent job job-a opened pull request #9 (${URL_9}), and read as ended after 8 s: this run reports its end ` +
        'on the threads that wait for it.'
    )
  })

  it('says when the pull request is none of the waiting jobs, and that the run did a scheduled run’s work', () => {
    expect(describeSignal({ kind: 'none', pullRequest: PR_9 })).toBe(
      `No agent job a labelled thread waits for opened pull request #9 (${URL_9}), and none still runs. ` +
        'This run did what a scheduled run does.'
    )
  })

  it('names the jobs still running when the timeout came, and who reports them', () => {
    expect(
      describeSignal({
        kind: 'timed-out',
        pullRequest: PR_9,
        jobIds: ['job-a', 'job-b'],
        waitedMs: 170_400,
        by: 'timeout'
      })
    ).toBe(
      `The "timeout" ran out after 170 s of waiting for the agent job that opened pull request #9 (${URL_9}): ` +
        'job-a, job-b still read as running. The first scheduled run after they end reports them. ' +
        'This run did what a scheduled run does.'
    )
  })

  it('says that the bound ended the wait, why a run waits no longer, and who reports the jobs', () => {
    expect(
      describeSignal({ kind: 'timed-out', pullRequest: PR_9, jobIds: ['job-a'], waitedMs: 35_850, by: 'bound' })
    ).toBe(
      `Stopped waiting after 36 s for the agent job that opened pull request #9 (${URL_9}): job-a still reads as ` +
        'running. A run on a pull request waits until 40 s after its start, to stay within the first minute GitHub bills. ' +
        'The first scheduled run after they end reports them. This run did what a scheduled run does.'
    )
  })

  it("says the run did not wait when its first reads took the bound's time", () => {
    expect(describeSignal({ kind: 'timed-out', pullRequest: PR_9, jobIds: ['job-a'], waitedMs: 0, by: 'bound' })).toBe(
      `Did not wait for the agent job that opened pull request #9 (${URL_9}): job-a still reads as running. ` +
        "The run's first reads took the time a run on a pull request waits, until 40 s after its start, to stay " +
        'within the first minute GitHub bills. The first scheduled run after they end reports them. This run did ' +
        'what a scheduled run does.'
    )
  })
})

describe('describeWait', () => {
  it('says which jobs the wait reads again, and what ends it', () => {
    expect(describeWait(PR_9, ['job-a', 'job-b'], { endsAt: 42_000, by: 'bound' }, 2000)).toBe(
      "Pull request #9 was opened by the agent's app: waiting for the job among job-a, job-b that ends with it, " +
        'until 40 s after this run started, to stay within the first minute GitHub bills.'
    )
    expect(describeWait(PR_9, ['job-a'], { endsAt: 27_000, by: 'timeout' }, 2000)).toBe(
      "Pull request #9 was opened by the agent's app: waiting for the job among job-a that ends with it, " +
        'at most until the "timeout", in 25 s.'
    )
  })
})
