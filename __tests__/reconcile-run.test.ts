// Reconcile mode's story in process: the threads of a repository in memory (MemoryGitHub), the
// progress comments that run mode's own Thread writes there, and an agent that answers job reads
// from a table. What the threads read like afterwards, and what the run reports.
import { AgentApiError, describeFailure, type FailureReason } from '../src/agent/errors.js'
import type { AgentJob } from '../src/agent/job.js'
import { type Clock, VirtualClock } from '../src/base/clock.js'
import type { GitHubApi } from '../src/github/api.js'
import { markerKey, readMarker } from '../src/thread/marker.js'
import { Thread, type ThreadWriter } from '../src/thread/thread.js'
import { WorkingLabel } from '../src/thread/working-label.js'
import { reconciledEntries } from '../src/reconcile/decide.js'
import { type DocsPullRequestSteps, MAX_THREADS, reconcileThreads } from '../src/reconcile/run.js'
import { MAX_LISTING_PAGES } from '../src/reconcile/labelled-threads.js'
import { endingToSign } from '../src/report/thread-comment.js'
import { NEW_JOB_ON_PULL_REQUEST, NOTES } from '../src/report/notes.js'
import { progressAtEnd, type ProgressState, renderProgressComment } from '../src/report/render.js'
import { ACTIONS_BOT, type Author, MemoryGitHub } from './support/memory-github.js'
import { linesLog } from './support/reconcile-log.js'
import { completedWith, progressOf, statusWords } from './support/progress.js'

const API_KEY = 'mint_test_key'
const PROJECT = 'proj'
const KEY = markerKey(API_KEY, PROJECT)
const LABEL = 'docs-agent: working'
const SERVER = 'https://github.com'
const STARTER: ThreadWriter = { repository: 'acme/docs', runId: '1001', workflowJob: 'docs', step: '__run', key: KEY }
const runUrl = (runId: string) => `${SERVER}/acme/docs/actions/runs/${runId}`
const PR = 'https://github.com/acme/docs-site/pull/9'

/** What a run with wait: false leaves on the thread: the working comment, the label. */
async function startWithoutWaiting(
  github: MemoryGitHub,
  issue: number,
  jobId: string,
  writer = STARTER,
  facts: Parameters<Thread['signDecisions']>[0] = {}
) {
  const fail = (message: string) => {
    throw new Error(message)
  }
  const thread = new Thread(github.api(), issue, writer, 500 + issue, fail, {
    workingLabel: new WorkingLabel(github.api(), LABEL, fail)
  })
  thread.signDecisions(facts)
  const working: ProgressState = { kind: 'working', jobId, followUp: false }
  await thread.write(
    jobId,
    (marker) => renderProgressComment(marker, working, runUrl(writer.runId)),
    undefined,
    'working'
  )
  return thread
}

function apiError(jobId: string, reason: FailureReason, status?: number): AgentApiError {
  const context = {
    operation: 'get' as const,
    reason,
    url: `https://api.mintlify.com/v2/agent/proj/job/${jobId}`,
    tries: reason === 'not-found' ? 5 : 1,
    jobId,
    status,
    waitedMs: 3000,
    timeoutMs: 60_000
  }
  return new AgentApiError(describeFailure(context), context)
}

/** The agent API as a table: a job record, or the error reading it ends in; unknown ids are lost. */
class Jobs {
  readonly reads: string[] = []
  constructor(private readonly answers: Record<string, AgentJob | AgentApiError>) {}
  /** No thread here keeps a queued request: a reconcile run creates nothing. */
  createJob = async (prompt: string): Promise<AgentJob> => {
    throw new Error(`a create that no queued request asked for: ${prompt}`)
  }

  getJob = async (jobId: string): Promise<AgentJob> => {
    this.reads.push(jobId)
    const answer = this.answers[jobId] ?? apiError(jobId, 'not-found', 404)
    if (answer instanceof Error) throw answer
    return answer
  }
}

function reconcile(
  github: MemoryGitHub,
  jobs: Jobs,
  options: { deadline?: number; clock?: Clock; api?: GitHubApi } = {}
) {
  const log: string[] = []
  const followedThrough: string[] = []
  const docsPullRequest: DocsPullRequestSteps = {
    followThrough: async (job, origin) => {
      followedThrough.push(`${job.id} #${origin.thread} asked at ${origin.requestUrl} by ${origin.runUrl}`)
    }
  }
  const clock = options.clock ?? new VirtualClock(0)
  const report = reconcileThreads({
    github: options.api ?? github.api(),
    jobs,
    clock,
    deadline: options.deadline ?? 60_000,
    key: KEY,
    repository: 'acme/docs',
    serverUrl: SERVER,
    label: LABEL,
    docsPullRequest,
    log: linesLog(log)
  })
  return report.then((result) => ({ ...result, log, followedThrough }))
}

/** What comment `index` of the thread shows; JOB_A_DONE: that job-a completed with the pull request PR. */
const shownOn = (github: MemoryGitHub, issue: number, index: number) =>
  progressOf(github.comments(issue)[index]!, issue, { key: KEY })
const JOB_A_DONE = { state: 'ended', jobId: 'job-a', pullRequest: PR } as const
/** The end of job-a, completed with the pull request PR, as the progress comment tells it. */
const JOB_A_ENDED = completedWith('job-a', PR)

const markerOf = (github: MemoryGitHub, issue: number, index: number) => {
  const comment = github.comments(issue)[index]!
  return readMarker(comment.body, KEY, { repository: 'acme/docs', threadNumber: issue, commentId: comment.id })
}

describe('a reconcile run', () => {
  it('writes the end of a job that ended exactly as the waiting path would have, and takes the label off', async () => {
    const job: AgentJob = { id: 'job-a', status: 'completed', prLink: PR }
    const github = new MemoryGitHub()
    await startWithoutWaiting(github, 42, 'job-a')
    const report = await reconcile(github, new Jobs({ 'job-a': job }))

    // The same steps in run mode, waiting: the working comment, then the last edit at the job's end.
    const waited = new MemoryGitHub()
    const thread = await startWithoutWaiting(waited, 42, 'job-a')
    const ended: ProgressState = { kind: 'ended', result: { kind: 'finished', job } }
    await thread.finish('job-a', (marker) => renderProgressComment(marker, ended, runUrl('1001')))

    expect(github.comments(42)[0]!.body).toBe(waited.comments(42)[0]!.body)
    expect(shownOn(github, 42, 0)).toMatchObject({ ...JOB_A_DONE, links: [PR, runUrl('1001')] })
    expect(markerOf(github, 42, 0)).toEqual({
      repository: 'acme/docs',
      threadNumber: 42,
      runId: '1001',
      workflowJob: 'docs',
      step: '__run',
      jobId: 'job-a',
      triggerCommentId: 542,
      commentId: github.comments(42)[0]!.id
    })
    expect(github.labelsOn(42)).toEqual([])
    expect(reconciledEntries(report.threads)).toEqual([{ thread: 42, jobId: 'job-a', status: 'completed', prLink: PR }])
    expect(report.followedThrough).toEqual([
      `job-a #42 asked at https://github.com/acme/docs/issues/42#issuecomment-542 by ${runUrl('1001')}`
    ])
    expect(report.log.filter((line) => line.startsWith('warning'))).toEqual([])
  })

  it.each<[string, AgentJob]>([
    ['a job that changed nothing', { id: 'job-a', status: 'completed', prLink: null }],
    ['a failed job', { id: 'job-a', status: 'failed', prLink: null }]
  ])("tells %s on a merged pull request, with the comment's note, as the run path would have", async (_what, job) => {
    // A run whose source is the merge of #42, with the note that its request started a new job.
    const facts = endingToSign(42, { mergedPullRequest: 42 }, 'new-job')
    const github = new MemoryGitHub()
    await startWithoutWaiting(github, 42, 'job-a', STARTER, facts)
    await reconcile(github, new Jobs({ 'job-a': job }))

    const waited = new MemoryGitHub()
    const thread = await startWithoutWaiting(waited, 42, 'job-a', STARTER, facts)
    const atEnd = progressAtEnd({ kind: 'finished', job }, false, { mergedPullRequest: 42 })
    await thread.finish('job-a', (marker) => renderProgressComment(marker, atEnd, runUrl('1001'), NOTES['new-job']))

    expect(github.comments(42)[0]!.body).toBe(waited.comments(42)[0]!.body)
    expect(github.comments(42)[0]!.body).toContain(NEW_JOB_ON_PULL_REQUEST)
    const onMergedPullRequest = {
      kind: 'ended',
      result: { kind: 'finished', job },
      startedBy: { mergedPullRequest: 42 }
    } as const
    expect(github.comments(42)[0]!.body).toContain(statusWords(onMergedPullRequest, runUrl('1001')))
  })

  it('reads nothing from the agent API when no thread carries the label', async () => {
    const github = new MemoryGitHub()
    await startWithoutWaiting(github, 42, 'job-a')
    github.unlabel(42, LABEL)
    const jobs = new Jobs({})
    const report = await reconcile(github, jobs)
    expect(jobs.reads).toEqual([])
    expect(report.threads).toEqual([])
    expect(report.log).toEqual([`info: No thread carries the label "${LABEL}": nothing to reconcile.`])
    expect(shownOn(github, 42, 0)).toMatchObject({ state: 'working' })
  })

  it('leaves a running job alone, says a lost one is lost, and reads each job once', async () => {
    const github = new MemoryGitHub()
    await startWithoutWaiting(github, 41, 'job-running')
    await startWithoutWaiting(github, 42, 'job-gone')
    // A follow-up on #41's job, started without waiting from another run: the same job twice there.
    await startWithoutWaiting(github, 41, 'job-running', { ...STARTER, runId: '1002' })
    const jobs = new Jobs({ 'job-running': { id: 'job-running', status: 'active' } })
    const before41 = github.comments(41).map((comment) => comment.body)
    const report = await reconcile(github, jobs)

    expect(jobs.reads).toEqual(['job-running', 'job-gone'])
    expect(github.comments(41).map((comment) => comment.body)).toEqual(before41)
    expect(github.labelsOn(41)).toEqual([LABEL])
    const lost = github.comments(42)[0]!.body
    expect(lost).toContain(statusWords({ kind: 'lost', jobId: 'job-gone' }, runUrl('1001')))
    // The lost job is no longer named, so that a request on the thread does not go to it.
    expect(markerOf(github, 42, 0)).toMatchObject({ runId: '1001', commentId: github.comments(42)[0]!.id })
    expect(markerOf(github, 42, 0)?.jobId).toBeUndefined()
    expect(markerOf(github, 42, 0)?.state).toBeUndefined()
    expect(github.labelsOn(42)).toEqual([])
    expect(reconciledEntries(report.threads)).toEqual([{ thread: 42, jobId: 'job-gone', status: 'lost', prLink: null }])
    expect(report.followedThrough).toEqual([])
  })

  it('finishes every comment a job ended for on the thread, and does the docs-PR steps once', async () => {
    const github = new MemoryGitHub()
    await startWithoutWaiting(github, 42, 'job-a')
    await startWithoutWaiting(github, 42, 'job-a', { ...STARTER, runId: '1002' })
    const report = await reconcile(github, new Jobs({ 'job-a': { id: 'job-a', status: 'completed', prLink: PR } }))
    expect(github.comments(42).map((comment) => comment.body.split('\n')[1])).toEqual([
      expect.stringContaining(`(agent job \`job-a\`, [workflow run](${runUrl('1001')}))`),
      expect.stringContaining(`(agent job \`job-a\`, [workflow run](${runUrl('1002')}))`)
    ])
    expect(report.followedThrough).toEqual([
      `job-a #42 asked at https://github.com/acme/docs/issues/42#issuecomment-542 by ${runUrl('1001')}`
    ])
    expect(github.labelsOn(42)).toEqual([])
  })

  it.each<[string, (github: MemoryGitHub) => Promise<unknown> | void]>([
    [
      'an unsigned marker',
      (github) =>
        github.post(
          42,
          '<!-- docs-agent-action repo=acme%2Fdocs thread=42 run=1 workflow-job=docs step=s job=job-x state=working sig=00000000000000000000000000000000 -->\n⏳',
          MALLORY
        )
    ],
    [
      "a marker signed with another key (another project's, or before the key was rotated)",
      (github) => {
        const fail = (message: string) => {
          throw new Error(message)
        }
        const foreign = new Thread(
          github.api(),
          42,
          { ...STARTER, key: markerKey('mint_other_key', PROJECT) },
          undefined,
          fail
        )
        return foreign.write('job-x', (marker) => `${marker}\n⏳`, undefined, 'working')
      }
    ],
    [
      'a genuine marker copied from another thread',
      (github) => {
        const genuine = github.comments(7)[0]!
        github.post(42, genuine.body, MALLORY)
      }
    ]
  ])(
    'ignores %s: reads no job, edits nothing, and keeps the label of a thread where no marker is ours',
    async (_what, seed) => {
      const github = new MemoryGitHub()
      await startWithoutWaiting(github, 7, 'job-seven')
      github.unlabel(7, LABEL)
      await seed(github)
      github.label(42, LABEL)
      const before = github.comments(42).map((comment) => comment.body)
      const jobs = new Jobs({ 'job-x': { id: 'job-x', status: 'completed', prLink: PR } })
      const report = await reconcile(github, jobs)
      expect(jobs.reads).toEqual([])
      expect(github.comments(42).map((comment) => comment.body)).toEqual(before)
      expect(github.labelsOn(42)).toEqual([LABEL])
      expect(report.threads).toEqual([
        { number: 42, url: 'https://github.com/acme/docs/issues/42', unsigned: true, jobs: [], labelRemoved: false }
      ])
      expect(report.log).toContainEqual(
        expect.stringMatching(/^notice: #42 carries the label .*no progress comment there is signed with this API key/)
      )
    }
  )

  it('takes the label off a thread where the comments of ours all reported their end', async () => {
    const github = new MemoryGitHub()
    const thread = await startWithoutWaiting(github, 42, 'job-a')
    const ended: ProgressState = { kind: 'ended', result: { kind: 'finished', job: { id: 'job-a', status: 'failed' } } }
    await thread.finish('job-a', (marker) => renderProgressComment(marker, ended, runUrl('1001')))
    github.label(42, LABEL)
    const report = await reconcile(github, new Jobs({}))
    expect(github.labelsOn(42)).toEqual([])
    expect(report.threads).toEqual([
      { number: 42, url: 'https://github.com/acme/docs/issues/42', jobs: [], labelRemoved: true }
    ])
  })
})

const MALLORY: Author = { login: 'mallory', isBot: false }

describe('a copy of a genuine waiting comment', () => {
  it('is never edited, older or newer, since the waiting comment names itself from the start', async () => {
    const github = new MemoryGitHub()
    const older = github.post(42, 'first!', MALLORY)
    await startWithoutWaiting(github, 42, 'job-a')
    const genuine = github.comments(42)[1]!
    github.edit(older.id, genuine.body)
    const newer = github.post(42, genuine.body, MALLORY)
    const jobs = new Jobs({ 'job-a': { id: 'job-a', status: 'completed', prLink: PR } })
    await reconcile(github, jobs)
    expect(github.comments(42).map((comment) => comment.body)).toEqual([
      genuine.body,
      expect.stringContaining(statusWords(completedWith('job-a', PR), runUrl('1001'))),
      genuine.body
    ])
    expect(newer.id).toBe(github.comments(42)[2]!.id)
    expect(jobs.reads).toEqual(['job-a'])
  })
})

describe('a waiting comment whose marker names no comment yet', () => {
  /** A waiting comment as a run leaves it when its first edit failed: the marker names no comment. */
  async function unbound(github: MemoryGitHub) {
    const fail = (message: string) => {
      throw new Error(message)
    }
    const thread = new Thread(github.api(), 42, STARTER, undefined, (message) => {
      if (!message.startsWith('Could not write the progress comment')) fail(message)
    })
    // Its naming edit fails: its marker names no comment.
    github.failNextUpdate = true
    await thread.write('job-a', (marker) => `${marker}\n⏳ **Working on it.**`, undefined, 'working')
    github.label(42, LABEL)
    return github.comments(42).at(-1)!
  }
  /** An earlier request's comment on the thread, ended and naming itself: it shows whose token writes ours. */
  async function earlierRequest(github: MemoryGitHub) {
    const thread = await startWithoutWaiting(github, 42, 'job-old', { ...STARTER, runId: '900' })
    const ended: ProgressState = {
      kind: 'ended',
      result: { kind: 'finished', job: { id: 'job-old', status: 'failed' } }
    }
    await thread.finish('job-old', (marker) => renderProgressComment(marker, ended, runUrl('900')))
  }
  const jobs = () => new Jobs({ 'job-a': { id: 'job-a', status: 'completed', prLink: PR } })
  const bodies = (github: MemoryGitHub) => github.comments(42).map((comment) => comment.body)

  it('is finished in place when a comment of ours shows that its author is the action', async () => {
    const github = new MemoryGitHub()
    await earlierRequest(github)
    await unbound(github)
    await reconcile(github, jobs())
    expect(shownOn(github, 42, 1)).toMatchObject(JOB_A_DONE)
    expect(markerOf(github, 42, 1)?.commentId).toBe(github.comments(42)[1]!.id)
    expect(github.comments(42)).toHaveLength(2)
  })

  it('is finished by a new comment when no comment shows who writes the action’s, and stays finished', async () => {
    const github = new MemoryGitHub()
    const genuine = await unbound(github)
    const first = await reconcile(github, jobs())
    expect(bodies(github)).toEqual([genuine.body, expect.stringContaining(statusWords(JOB_A_ENDED, runUrl('1001')))])
    expect(github.comments(42)[1]!.author).toEqual(ACTIONS_BOT)
    expect(first.threads[0]?.labelRemoved).toBe(true)
    github.label(42, LABEL)
    const again = jobs()
    await reconcile(github, again)
    expect(again.reads).toEqual([])
    expect(github.comments(42)).toHaveLength(2)
  })

  it('is finished, and its copies are not, when someone copied it, before or after', async () => {
    const github = new MemoryGitHub()
    await earlierRequest(github)
    const older = github.post(42, 'first!', MALLORY)
    const genuine = await unbound(github)
    github.edit(older.id, genuine.body)
    github.post(42, genuine.body, MALLORY)
    const read = jobs()
    const report = await reconcile(github, read)
    const [, before, original, after] = github.comments(42)
    expect(progressOf(original!, 42, { key: KEY })).toMatchObject(JOB_A_DONE)
    expect(markerOf(github, 42, 2)?.commentId).toBe(original!.id)
    expect([before!.body, after!.body]).toEqual([genuine.body, genuine.body])
    expect(read.reads).toEqual(['job-a'])
    expect(report.threads[0]?.labelRemoved).toBe(true)

    // Once the original no longer waits, its copies still carry the unbound working marker: never edited.
    github.label(42, LABEL)
    const again = jobs()
    await reconcile(github, again)
    expect(bodies(github).slice(1)).toEqual([genuine.body, original!.body, genuine.body])
    expect(again.reads).toEqual([])
  })

  // Issue 32, broken 4 and 5: the oldest comment of the step was taken as the original, so once the
  // original was deleted an outsider's copy was finished (lost, here) under her name.
  it.each([
    [
      'ended',
      { 'job-a': { id: 'job-a', status: 'completed', prLink: PR } } as const,
      statusWords(JOB_A_ENDED, runUrl('1001'))
    ],
    ['lost', {}, statusWords({ kind: 'lost', jobId: 'job-a' }, runUrl('1001'))]
  ])(
    'is finished by a new comment of the action’s when the original is gone and outsiders copied it (%s)',
    async (_how, answers, shown) => {
      const github = new MemoryGitHub()
      await earlierRequest(github)
      const genuine = await unbound(github)
      github.post(42, genuine.body, MALLORY)
      github.post(42, genuine.body, MALLORY)
      github.remove(genuine.id)
      const read = new Jobs(answers)
      const report = await reconcile(github, read)
      const [, ...rest] = github.comments(42)
      expect(rest.map((comment) => [comment.author.login, comment.body])).toEqual([
        ['mallory', genuine.body],
        ['mallory', genuine.body],
        ['github-actions[bot]', expect.stringContaining(shown)]
      ])
      expect(read.reads).toEqual(['job-a'])
      expect(report.threads[0]?.labelRemoved).toBe(true)

      github.label(42, LABEL)
      const again = new Jobs(answers)
      await reconcile(github, again)
      expect(again.reads).toEqual([])
      expect(github.comments(42)).toHaveLength(4)
    }
  )
})

describe('a request on the thread while the run reads the jobs', () => {
  /** The agent API with job-a ended, doing `meanwhile` while the run reads it. */
  function readingWhile(meanwhile: () => Promise<unknown> | void): Jobs {
    const jobs = new Jobs({ 'job-a': { id: 'job-a', status: 'completed', prLink: PR } })
    const read = jobs.getJob
    jobs.getJob = async (jobId) => {
      await meanwhile()
      return read(jobId)
    }
    return jobs
  }

  it('keeps the label for the job it started, which the run never saw', async () => {
    const github = new MemoryGitHub()
    await startWithoutWaiting(github, 42, 'job-a')
    // A /docs run with wait: false on #42 between the run's listing of the comments and its label removal.
    const jobs = readingWhile(() => startWithoutWaiting(github, 42, 'job-b', { ...STARTER, runId: '1002' }))
    const report = await reconcile(github, jobs)
    expect(shownOn(github, 42, 0)).toMatchObject(JOB_A_DONE)
    expect(shownOn(github, 42, 1)).toMatchObject({ state: 'working' })
    expect(github.labelsOn(42)).toEqual([LABEL])
    expect(report.threads[0]?.labelRemoved).toBe(false)
  })

  it('keeps the label when the thread cannot be read again to see', async () => {
    const github = new MemoryGitHub()
    await startWithoutWaiting(github, 42, 'job-a')
    const jobs = readingWhile(() => {
      github.failNextListing = true
    })
    const report = await reconcile(github, jobs)
    expect(shownOn(github, 42, 0)).toMatchObject(JOB_A_DONE)
    expect(github.labelsOn(42)).toEqual([LABEL])
    expect(report.log).toContainEqual(
      expect.stringMatching(/^warning: Could not read the comments of #42 again .*The label stays; the next run/)
    )
  })
})

describe('a run with wait: false on the thread while the run takes the label off', () => {
  /** Run mode's last write with wait: false (src/run/job-step.ts): the label, then the working comment. */
  async function startAsRunModeDoes(github: MemoryGitHub, api: GitHubApi = github.api()): Promise<void> {
    const fail = (message: string) => {
      throw new Error(message)
    }
    const writer = { ...STARTER, runId: '1002' }
    const thread = new Thread(api, 42, writer, 502, fail, { workingLabel: new WorkingLabel(api, LABEL, fail) })
    const working: ProgressState = { kind: 'working', jobId: 'job-b', followUp: false }
    await thread.putLabel()
    await thread.finish(
      'job-b',
      (marker) => renderProgressComment(marker, working, runUrl('1002')),
      undefined,
      'working'
    )
  }
  const ended = new Jobs({ 'job-a': { id: 'job-a', status: 'completed', prLink: PR } })

  it('keeps the label when the run labelled the thread before the read and wrote its comment after the removal', async () => {
    const github = new MemoryGitHub()
    await startWithoutWaiting(github, 42, 'job-a')
    let reconciled!: () => void
    const done = new Promise<void>((resolve) => (reconciled = resolve))
    const api = github.api()
    const held: GitHubApi = {
      ...api,
      createComment: async (...call) => {
        await done
        return api.createComment(...call)
      }
    }
    // Its label goes on while the job is read; its comment waits until the reconcile run is over.
    let other: Promise<void> | undefined
    const jobs = new Jobs({ 'job-a': { id: 'job-a', status: 'completed', prLink: PR } })
    const read = jobs.getJob
    jobs.getJob = async (jobId) => {
      other = startAsRunModeDoes(github, held)
      return read(jobId)
    }
    const report = await reconcile(github, jobs)
    expect(github.labelsOn(42)).toEqual([])
    reconciled()
    await other
    expect(report.threads[0]?.labelRemoved).toBe(true)
    expect(shownOn(github, 42, 1)).toMatchObject({ state: 'working' })
    expect(github.labelsOn(42)).toEqual([LABEL])
  })

  it('puts the label back when the run labelled the thread and wrote its comment after the read, before the removal', async () => {
    const github = new MemoryGitHub()
    await startWithoutWaiting(github, 42, 'job-a')
    const api = github.api()
    const removing: GitHubApi = {
      ...api,
      removeLabel: async (...call) => {
        await startAsRunModeDoes(github)
        return api.removeLabel(...call)
      }
    }
    const report = await reconcile(github, ended, { api: removing })
    expect(shownOn(github, 42, 1)).toMatchObject({ state: 'working' })
    expect(github.labelsOn(42)).toEqual([LABEL])
    expect(report.threads[0]?.labelRemoved).toBe(false)
    expect(report.log).toContain('info: #42: a job started there meanwhile; the label goes back on for it.')
  })
})

describe('when the agent API stops the run', () => {
  it('fails on a refused key, after writing what it read before', async () => {
    const github = new MemoryGitHub()
    // Started from the last, so that the listing (the last updated first) reads 41 first.
    await startWithoutWaiting(github, 43, 'job-c')
    await startWithoutWaiting(github, 42, 'job-b')
    await startWithoutWaiting(github, 41, 'job-a')
    const jobs = new Jobs({
      'job-a': { id: 'job-a', status: 'failed', prLink: null },
      'job-b': apiError('job-b', 'rejected', 401)
    })
    const report = await reconcile(github, jobs)
    expect(jobs.reads).toEqual(['job-a', 'job-b'])
    expect(report.keyRefused).toMatch(
      /^Reading the agent job job-b failed: the service answered 401\. The API key was refused/
    )
    const failed = { kind: 'ended', result: { kind: 'finished', job: { id: 'job-a', status: 'failed' } } } as const
    expect(github.comments(41)[0]!.body).toContain(statusWords(failed, runUrl('1001')))
    expect(github.labelsOn(41)).toEqual([])
    expect([github.labelsOn(42), github.labelsOn(43)]).toEqual([[LABEL], [LABEL]])
  })

  it('stops reading when a 429 would have it wait past the "timeout", and leaves the rest for the next run', async () => {
    const github = new MemoryGitHub()
    for (const [issue, jobId] of [
      [43, 'job-c'],
      [42, 'job-b'],
      [41, 'job-a']
    ] as const)
      await startWithoutWaiting(github, issue, jobId)
    const jobs = new Jobs({
      'job-a': { id: 'job-a', status: 'completed', prLink: PR },
      'job-b': apiError('job-b', 'deadline', 429),
      'job-c': { id: 'job-c', status: 'completed', prLink: PR }
    })
    const report = await reconcile(github, jobs)
    expect(jobs.reads).toEqual(['job-a', 'job-b'])
    expect(report.keyRefused).toBeUndefined()
    expect(report.stoppedEarly).toMatch(
      /^Reading the agent job job-b failed: the service answered 429; stopped after 3s/
    )
    expect(report.log).toContainEqual(
      expect.stringMatching(/^warning: Stopped reading agent jobs: .*The jobs not read wait for the next run\.$/)
    )
    expect(reconciledEntries(report.threads).map((entry) => entry.jobId)).toEqual(['job-a'])
    expect(report.threads.map((thread) => thread.jobs[0]?.reading.kind)).toEqual(['read', 'unread', 'unread'])
    expect([github.labelsOn(41), github.labelsOn(42), github.labelsOn(43)]).toEqual([[], [LABEL], [LABEL]])
  })

  it('goes on after an error that concerns one job only', async () => {
    const github = new MemoryGitHub()
    await startWithoutWaiting(github, 42, 'job-b')
    await startWithoutWaiting(github, 41, 'job-a')
    const jobs = new Jobs({
      'job-a': apiError('job-a', 'rejected', 400),
      'job-b': { id: 'job-b', status: 'archived', prLink: null }
    })
    const report = await reconcile(github, jobs)
    expect(jobs.reads).toEqual(['job-a', 'job-b'])
    expect(report.stoppedEarly).toBeUndefined()
    expect(report.log).toContainEqual(
      expect.stringMatching(
        /^warning: Reading the agent job job-a failed: the service answered 400\..*Its thread waits for the next run\.$/
      )
    )
    const archived = { kind: 'ended', result: { kind: 'finished', job: { id: 'job-b', status: 'archived' } } } as const
    expect(github.comments(42)[0]!.body).toContain(statusWords(archived, runUrl('1001')))
  })
})

describe('GitHub around a reconcile run', () => {
  it('warns and reconciles nothing when the threads cannot be listed', async () => {
    const github = new MemoryGitHub()
    await startWithoutWaiting(github, 42, 'job-a')
    github.refuseNextLabelledListing = true
    const jobs = new Jobs({})
    const report = await reconcile(github, jobs)
    expect(report.unlisted).toMatch(/^GitHub answered 403/)
    expect(report.log).toEqual([
      expect.stringMatching(
        /^warning: Could not list the threads labelled "docs-agent: working": GitHub answered 403.*the next run tries again\.$/
      )
    ])
    expect(jobs.reads).toEqual([])
  })

  it('leaves a thread whose comments cannot be read, and keeps its label, while it finishes the others', async () => {
    const github = new MemoryGitHub()
    await startWithoutWaiting(github, 42, 'job-b')
    await startWithoutWaiting(github, 41, 'job-a')
    github.failNextListing = true
    const jobs = new Jobs({
      'job-a': { id: 'job-a', status: 'completed', prLink: PR },
      'job-b': { id: 'job-b', status: 'completed', prLink: PR }
    })
    const report = await reconcile(github, jobs)
    expect(jobs.reads).toEqual(['job-b'])
    expect(github.labelsOn(41)).toEqual([LABEL])
    expect(github.labelsOn(42)).toEqual([])
    expect(report.threads[0]).toMatchObject({ number: 41, unreadable: expect.stringMatching(/^GitHub answered 500/) })
  })

  it('keeps the label, and reports nothing, when the edit fails; the next run finishes the comment', async () => {
    const github = new MemoryGitHub()
    await startWithoutWaiting(github, 42, 'job-a')
    const jobs = new Jobs({ 'job-a': { id: 'job-a', status: 'completed', prLink: PR } })
    github.failNextUpdate = true
    const first = await reconcile(github, jobs)
    expect(github.labelsOn(42)).toEqual([LABEL])
    expect(reconciledEntries(first.threads)).toEqual([])
    expect(first.followedThrough).toEqual([])
    expect(first.log).toContainEqual(
      expect.stringMatching(/^warning: Could not write the end of agent job job-a on #42: GitHub answered 502/)
    )
    const second = await reconcile(github, jobs)
    expect(reconciledEntries(second.threads)).toHaveLength(1)
    expect(github.labelsOn(42)).toEqual([])
  })

  it('looks at the threads updated last first, at most a hundred a run', async () => {
    const github = new MemoryGitHub()
    // Each waits for a job the agent API no longer knows: reported lost, its label removed.
    for (let issue = 1; issue <= MAX_THREADS + 1; issue++) await startWithoutWaiting(github, issue, `job-${issue}`)
    // Time enough for the writes at GitHub's pace: two a thread, 750 ms apart.
    const deadline = 200_000
    const first = await reconcile(github, new Jobs({}), { deadline })
    expect(first.more).toBe(true)
    expect(first.threads.map((thread) => thread.number)).toEqual(
      Array.from({ length: MAX_THREADS }, (_, i) => MAX_THREADS + 1 - i)
    )
    expect(first.threads.every((thread) => thread.labelRemoved)).toBe(true)
    const second = await reconcile(github, new Jobs({}), { deadline })
    expect(second.threads.map((thread) => thread.number)).toEqual([1])
  })

  it("writes at GitHub's pace, 80 a minute, and leaves what the time does not allow for the next run", async () => {
    const github = new MemoryGitHub()
    for (let issue = 1; issue <= MAX_THREADS; issue++) await startWithoutWaiting(github, issue, `job-${issue}`)
    const clock = new VirtualClock(0)
    const api = github.api()
    const writes: number[] = []
    const written = <R>(result: Promise<R>): Promise<R> => {
      writes.push(clock.now())
      return result
    }
    const report = await reconcile(github, new Jobs({}), {
      clock,
      deadline: 60_000,
      api: {
        ...api,
        updateComment: (...args) => written(api.updateComment(...args)),
        removeLabel: (...args) => written(api.removeLabel(...args))
      }
    })
    // No minute holds more than 80 writes.
    const busiestMinute = Math.max(...writes.map((at) => writes.filter((t) => t >= at && t < at + 60_000).length))
    expect(busiestMinute).toBe(80)
    // The time the run had after the reads (to the deadline and 14 s more) holds about 98 of the 200.
    const finished = report.threads.filter((thread) => thread.labelRemoved).length
    expect(finished).toBeGreaterThan(40)
    expect(finished).toBeLessThan(MAX_THREADS)
    expect(report.log).toContainEqual(expect.stringMatching(/GitHub allows about 80 writes a minute.*next run/))
  })

  it('passes over labelled threads without comments, however many were labelled since', async () => {
    const github = new MemoryGitHub()
    await startWithoutWaiting(github, 42, 'job-a')
    // Labelled by hand after the job started: each is updated after #42 and none holds a comment,
    // more of them than three pages of the listing.
    for (let issue = 1000; issue < 1350; issue++) github.label(issue, LABEL)
    const report = await reconcile(github, new Jobs({ 'job-a': { id: 'job-a', status: 'completed', prLink: PR } }))
    expect(report.threads.map((thread) => thread.number)).toEqual([42])
    expect(report.passedOver).toBe(350)
    expect(shownOn(github, 42, 0)).toMatchObject(JOB_A_DONE)
    expect(github.labelsOn(42)).toEqual([])
    expect(github.labelsOn(1000)).toEqual([LABEL])
    expect(github.calls.filter((call) => call === 'list-labelled')).toHaveLength(4)
    // #42's comments only: read, then again before and after its label comes off.
    expect(github.calls.filter((call) => call === 'list')).toHaveLength(3)
  })

  it("reads no foreign thread once the repository's recent comments show all of its comments, however many", async () => {
    const github = new MemoryGitHub()
    await startWithoutWaiting(github, 42, 'job-a')
    // Labelled and commented by someone else after the job started: no marker there is ours, and
    // their label stays, so they come before #42 on every run.
    for (let issue = 1000; issue < 1000 + 2 * MAX_THREADS; issue++) {
      github.label(issue, LABEL)
      github.post(issue, 'Tracking this one here.', MALLORY)
    }
    const jobs = new Jobs({ 'job-a': { id: 'job-a', status: 'completed', prLink: PR } })
    const report = await reconcile(github, jobs)
    expect(report.threads.at(-1)).toMatchObject({ number: 42, labelRemoved: true })
    expect(report.threads.filter((thread) => thread.unsigned)).toHaveLength(2 * MAX_THREADS)
    expect(report.more).toBe(false)
    // What they cost: one listing of the repository's comments, not a read of each one's comments.
    expect(github.calls.filter((call) => call === 'list-recent')).toHaveLength(1)
    expect(github.calls.filter((call) => call === 'list')).toHaveLength(3)
    expect(shownOn(github, 42, 0)).toMatchObject(JOB_A_DONE)
    expect(github.labelsOn(42)).toEqual([])
    expect(github.labelsOn(1000 + 2 * MAX_THREADS - 1)).toEqual([LABEL])
  })

  it(`stops after ${MAX_LISTING_PAGES} pages of the listing, and still reaches a waiting thread behind them`, async () => {
    const github = new MemoryGitHub()
    await startWithoutWaiting(github, 42, 'job-a')
    for (let issue = 10_000; issue < 10_000 + MAX_LISTING_PAGES * 100; issue++) {
      github.label(issue, LABEL)
      github.post(issue, 'Tracking this one here.', MALLORY)
    }
    const report = await reconcile(github, new Jobs({ 'job-a': { id: 'job-a', status: 'completed', prLink: PR } }))
    expect(report.more).toBe(true)
    expect(report.threads).toHaveLength(MAX_LISTING_PAGES * 100 + 1)
    expect(report.threads.filter((thread) => thread.unsigned)).toHaveLength(MAX_LISTING_PAGES * 100)
    expect(github.calls.filter((call) => call === 'list-labelled')).toHaveLength(MAX_LISTING_PAGES)
    // None of theirs is read on its own: #42's comments only, then again before and after its label comes off.
    expect(github.calls.filter((call) => call === 'list')).toHaveLength(3)
    // #42, past the listing's pages, is reached by its waiting comment among the repository's comments.
    expect(report.threads.at(-1)).toMatchObject({ number: 42, labelRemoved: true })
    expect(shownOn(github, 42, 0)).toMatchObject(JOB_A_DONE)
    expect(report.log).toContain(
      `info: More threads carry the label "${LABEL}": those updated last are read now (at most ${MAX_THREADS} not foreign), the rest next run.`
    )
  })

  it('lists no more pages once the "timeout" has run out, and says more wait', async () => {
    const github = new MemoryGitHub()
    // Each call to GitHub takes a second: the "timeout" ends with the first page of the listing.
    const clock: Clock = {
      now: () => github.calls.length * 1000,
      sleep: async () => {},
      timeout: () => new AbortController().signal
    }
    await startWithoutWaiting(github, 42, 'job-a')
    for (let issue = 1000; issue < 1000 + 2 * MAX_THREADS; issue++) {
      github.label(issue, LABEL)
      github.post(issue, 'Tracking this one here.', MALLORY)
    }
    const deadline = (github.calls.length + 1) * 1000
    const report = await reconcile(github, new Jobs({}), { clock, deadline })
    expect(report.more).toBe(true)
    expect(github.calls.filter((call) => call === 'list-labelled')).toHaveLength(1)
    expect(github.calls.filter((call) => call === 'list-recent')).toHaveLength(0)
    expect(report.threads.map((thread) => thread.number)).not.toContain(42)
  })

  it('reads no more threads once the "timeout" has run out', async () => {
    const github = new MemoryGitHub()
    await startWithoutWaiting(github, 42, 'job-a')
    const jobs = new Jobs({})
    const report = await reconcile(github, jobs, { deadline: 0 })
    expect(jobs.reads).toEqual([])
    expect(report.threads).toEqual([
      expect.objectContaining({
        number: 42,
        unreadable: 'the "timeout" ran out before they were read',
        labelRemoved: false
      })
    ])
  })
})
