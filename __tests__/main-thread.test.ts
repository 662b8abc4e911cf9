// Issue-comment automation through run() in process: saved webhook payloads, the simulator and the
// local fake of the GitHub REST API: the main flow (permission, reaction, one progress comment that
// ends with the PR link), who may trigger, re-runs, follow-ups and GitHub around the job.
import { API_KEY, CREATE, MESSAGE, PROJECT, count, createJob } from './support/agent-fixture.js'
import {
  addOwnComment,
  COMMENT_RUN_DECISIONS,
  githubCalls,
  markerFields,
  markerOf,
  signedMarker
} from './support/github-fixture.js'
import { cancelWorkflow, outputsSoFar, runOnThreadInProcess } from './support/in-process.js'
import type { FakeGitHub } from '../test/harness/fake-github.js'
import { VirtualClock } from '../src/base/clock.js'
import * as core from '../__fixtures__/core.js'
import type { AgentJob } from '../src/agent/job.js'
import type { ProgressState } from '../src/report/render.js'
import {
  completedWith,
  DONE_WITH_PULL_REQUEST,
  endedAsOutputsSay,
  progressOf,
  statusWords
} from './support/progress.js'
import type { SkipReason } from '../src/event/skip-reason.js'
import { skipNotice } from './support/skip.js'
import { summaryLevel, warningsIn } from './support/summary.js'

const COMMENT_ID = 3551234567
const finished = (job: AgentJob): ProgressState => ({ kind: 'ended', result: { kind: 'finished', job } })
const RUN_LINK = (serverUrl: string) => `${serverUrl}/acme/docs/actions/runs/1001`
const cancelAtFirstPoll = () => {
  let cancelled = false
  return (line: string): void => {
    if (cancelled || !line.startsWith('GET ')) return
    cancelled = true
    cancelWorkflow()
  }
}

describe('a /docs comment', () => {
  it('checks permission, reacts, then keeps one progress comment that ends with the PR link, labelled meanwhile', async () => {
    const { run, github, simulator } = await runOnThreadInProcess({
      event: 'issue_comment.created',
      inputs: { 'working-label': 'docs-agent: working' }
    })
    expect(run.failed).toBe(false)
    const jobId = run.outputs['job-id'] ?? ''
    expect(githubCalls(github)).toEqual([
      'GET /repos/acme/docs/collaborators/writer-wendy/permission',
      `POST /repos/acme/docs/issues/comments/${COMMENT_ID}/reactions`,
      'GET /repos/acme/docs/issues/42/comments',
      'POST /repos/acme/docs/issues/42/comments',
      // The waiting comment names itself in its marker at once, so that no copy can pass for it.
      expect.stringMatching(/^PATCH \/repos\/acme\/docs\/issues\/comments\/\d+$/),
      // The working-label while the comment waits for the job; GitHub makes it on first use.
      'POST /repos/acme/docs/issues/42/labels',
      expect.stringMatching(/^PATCH \/repos\/acme\/docs\/issues\/comments\/\d+$/),
      // Off again once no other comment on the thread waits for its job.
      'GET /repos/acme/docs/issues/42/comments',
      'DELETE /repos/acme/docs/issues/42/labels/docs-agent%3A%20working',
      // And read again: a comment another run wrote meanwhile would put the label back.
      'GET /repos/acme/docs/issues/42/comments'
    ])
    expect(github.labels('acme', 'docs', 42)).toEqual([])
    expect(github.repositoryLabels('acme', 'docs')).toEqual([
      expect.objectContaining({ name: 'docs-agent: working', color: 'ededed' })
    ])
    expect(github.reactions).toEqual([{ subject: 'issue_comment', id: COMMENT_ID, content: 'eyes' }])
    const working = JSON.parse(github.requests[3]!.body) as { body: string }
    expect(working.body).toContain(statusWords({ kind: 'working', jobId, followUp: false }, RUN_LINK(github.serverUrl)))
    const [trigger, comment, ...others] = github.comments('acme', 'docs', 42)
    expect(trigger!.id).toBe(COMMENT_ID)
    expect(others).toEqual([])
    expect(comment!.body).toMatch(/^<!-- docs-agent-action [^\n]+ -->\n/)
    expect(markerOf(comment!, 42)).toEqual(
      markerFields(42, { jobId, triggerCommentId: COMMENT_ID, commentId: comment!.id, ...COMMENT_RUN_DECISIONS })
    )
    expect(progressOf(comment!, 42)).toMatchObject({
      state: 'ended',
      jobId,
      pullRequest: 'https://github.com/acme/docs/pull/1'
    })
    expect(run.outputs['comment-url']).toBe(comment!.html_url)
    expect(JSON.parse(simulator.requests[0]!.body)).toEqual({
      prompt: expect.stringMatching(/^add a page about webhooks\n\n## Context: issue #42\n/)
    })
  })
})

describe('who may trigger', () => {
  it('puts the prompt input before the request, as standing instructions, and the thread after both', async () => {
    const { simulator } = await runOnThreadInProcess({
      event: 'issue_comment.created',
      inputs: { prompt: 'Follow the style guide.' }
    })
    expect(JSON.parse(simulator.requests[0]!.body)).toEqual({
      prompt: expect.stringMatching(/^Follow the style guide\.\n\nadd a page about webhooks\n\n## Context: issue #42\n/)
    })
  })

  it.each([
    [
      'an outsider',
      'issue_comment.created',
      { permissions: {} },
      { kind: 'not-permitted', login: 'writer-wendy', role: undefined, required: 'write' }
    ],
    [
      'a reader whose author_association claims MEMBER',
      'issue_comment.created.member-reader',
      undefined,
      { kind: 'not-permitted', login: 'reader-rita', role: 'read', required: 'write' }
    ]
  ] as const)('skips %s without touching the thread', async (_who, event, githubOptions, reason: SkipReason) => {
    const { run, github, simulator } = await runOnThreadInProcess({ event, github: githubOptions })
    expect(run.failed).toBe(false)
    expect(run.outputs.status).toBe('skipped')
    expect(run.log).toContain(skipNotice(reason))
    // Reads only: the permission, and (the payload claims membership, so the run shares the thread's
    // group) the thread's comments for a request it took the place of (main-lost-request.test.ts).
    expect(githubCalls(github).filter((call) => !call.startsWith('GET /repos/acme/docs/collaborators/'))).toEqual([
      'GET /repos/acme/docs/issues/42/comments'
    ])
    expect(github.reactions).toEqual([])
    expect(github.comments('acme', 'docs', 42)).toHaveLength(1)
    expect(simulator.requests).toEqual([])
  })

  it('lets a maintainer through a required-permission of maintain (role_name, not the folded permission)', async () => {
    const event = { event: 'issue_comment.created', inputs: { 'required-permission': 'maintain' } }
    const wendy = await runOnThreadInProcess({ ...event, github: { permissions: { 'writer-wendy': 'maintain' } } })
    expect(wendy.run.outputs.status).toBe('completed')
    const writer = await runOnThreadInProcess(event)
    expect(writer.run.outputs.status).toBe('skipped')
  })

  it('judges a custom organisation role by its base permission', async () => {
    const { run } = await runOnThreadInProcess({
      event: 'issue_comment.created',
      github: { permissions: { 'writer-wendy': { role: 'docs-writer', base: 'write' } } }
    })
    expect(run.outputs.status).toBe('completed')
  })

  it.each([
    [
      'a bot that is not listed',
      'issue_comment.created.bot',
      {},
      { kind: 'unlisted-bot', login: 'renovate[bot]', allowAs: 'renovate', act: { did: 'wrote', noun: 'comment' } }
    ],
    [
      'a comment without the phrase',
      'issue_comment.created',
      { 'trigger-phrase': '/documentation' },
      { kind: 'not-a-command', noun: 'comment', phrase: '/documentation' }
    ],
    [
      'an edited comment',
      'issue_comment.edited',
      {},
      { kind: 'not-new-text', eventName: 'issue_comment', action: 'edited' }
    ]
  ] as const)('skips %s before asking GitHub anything', async (_what, event, inputs, reason: SkipReason) => {
    const { run, github, simulator } = await runOnThreadInProcess({ event, inputs })
    expect(run.failed).toBe(false)
    expect(run.outputs.status).toBe('skipped')
    expect(run.log).toContain(skipNotice(reason))
    expect(github.requests).toEqual([])
    expect(simulator.requests).toEqual([])
  })

  it('lets a listed bot trigger', async () => {
    const { run, github } = await runOnThreadInProcess({
      event: 'issue_comment.created.bot',
      inputs: { 'allowed-bots': 'renovate[bot]' }
    })
    expect(run.outputs.status).toBe('completed')
    expect(githubCalls(github)[0]).toBe('POST /repos/acme/docs/issues/comments/3551240001/reactions')
  })

  it('never triggers on its own progress comment, even with allowed-bots: *', async () => {
    const { run, github, simulator } = await runOnThreadInProcess({
      event: 'issue_comment.created.bot',
      editEvent: (event) => {
        const comment = event.comment as { body: string; user: { login: string } }
        comment.body = '<!-- docs-agent-action run=999 job=job-1 -->\n/docs ✅ **Done.**'
        comment.user.login = 'github-actions[bot]'
      },
      inputs: { 'allowed-bots': '*' }
    })
    expect(run.outputs.status).toBe('skipped')
    expect(run.log).toContain(skipNotice({ kind: 'own-comment', noun: 'comment' }))
    expect(github.requests).toEqual([])
    expect(simulator.requests).toEqual([])
  })
})

describe('the progress comment over time', () => {
  it('on a re-run, edits its own comment and resumes the job that is still running', async () => {
    let jobId = ''
    const { run, github, simulator } = await runOnThreadInProcess({
      event: 'issue_comment.created',
      scenario: { durationMs: 1500 },
      env: { GITHUB_RUN_ATTEMPT: '2' },
      before: async (fake, sim) => {
        jobId = await createJob(sim.url)
        addOwnComment(fake, 42, { jobId, triggerCommentId: COMMENT_ID }, '⏳ **Working on it.**')
        fake.addComment('acme', 'docs', 42, `${signedMarker(42, { runId: '2002' })}\nanother run, not ours to edit`)
      }
    })
    expect(run.failed).toBe(false)
    expect(run.outputs['job-id']).toBe(jobId)
    expect(count(simulator, 'POST', CREATE)).toBe(1) // the one the first attempt made
    expect(run.log).toContain(`Resuming the wait for agent job ${jobId}, started by an earlier attempt of this run.`)
    const comments = github.comments('acme', 'docs', 42)
    const bodies = comments.map((comment) => comment.body)
    expect(bodies).toHaveLength(3)
    // Edited, the marker now names its comment.
    const own = comments[1]!
    expect(markerOf(own, 42)).toEqual(
      markerFields(42, { jobId, triggerCommentId: COMMENT_ID, commentId: own.id, ...COMMENT_RUN_DECISIONS })
    )
    expect(progressOf(own, 42)).toMatchObject({ ...DONE_WITH_PULL_REQUEST, jobId })
    expect(bodies[2]).toBe(`${signedMarker(42, { runId: '2002' })}\nanother run, not ours to edit`)
    expect(githubCalls(github)).not.toContain('POST /repos/acme/docs/issues/42/comments')
  })

  it('on a re-run whose job has ended, starts a new job in the same comment', async () => {
    const { run, github, simulator } = await runOnThreadInProcess({
      event: 'issue_comment.created',
      env: { GITHUB_RUN_ATTEMPT: '3' },
      before: (fake) => {
        addOwnComment(fake, 42, { jobId: 'gone-job' }, '❌ failed')
      }
    })
    expect(run.outputs.status).toBe('completed')
    expect(count(simulator, 'POST', CREATE)).toBe(1)
    const comments = github.comments('acme', 'docs', 42)
    expect(comments).toHaveLength(2)
    expect(markerOf(comments[1]!, 42)?.jobId).toBe(run.outputs['job-id'])
  })

  it('sends a later request on the thread to the job an earlier run named, as a follow-up', async () => {
    let jobId = ''
    // Virtual time: the earlier job is still running when the follow-up is sent, however busy the
    // machine (on real time it may have ended, and its pull request would be signed as the earlier one).
    const clock = new VirtualClock(Date.now())
    const { run, github, simulator } = await runOnThreadInProcess({
      event: 'issue_comment.created',
      clock,
      scenario: { durationMs: 300 },
      before: async (fake, sim) => {
        jobId = await createJob(sim.url)
        fake.addComment('acme', 'docs', 42, `${signedMarker(42, { runId: '777', jobId })}\n✅ **Done.**`)
        // Newer, but not signed with the key: an imitation names no job, whoever posts it.
        fake.addComment('acme', 'docs', 42, '<!-- docs-agent-action run=66 job=forged-job -->', {
          login: 'other-app[bot]',
          type: 'Bot'
        })
      }
    })
    expect(run.failed).toBe(false)
    expect(run.outputs['job-id']).toBe(jobId)
    expect(count(simulator, 'POST', MESSAGE)).toBe(1)
    expect(count(simulator, 'POST', CREATE)).toBe(1)
    expect(run.log).toContain(
      `Sent the follow-up message to agent job ${jobId} named by this thread's earlier progress comment.`
    )
    const comments = github.comments('acme', 'docs', 42)
    expect(comments).toHaveLength(4)
    expect(markerOf(comments[3]!, 42)).toEqual(
      markerFields(42, { jobId, triggerCommentId: COMMENT_ID, commentId: comments[3]!.id, ...COMMENT_RUN_DECISIONS })
    )
    const working = github.requests.find(
      (request) => request.method === 'POST' && request.path.endsWith('/issues/42/comments')
    )
    const followUp = { kind: 'working', jobId, followUp: true } as const
    expect(working?.body).toContain(JSON.stringify(statusWords(followUp, RUN_LINK(github.serverUrl))).slice(1, -1))
  })

  it('says a follow-up updated the pull request its job opened before, and sets pr-new to false', async () => {
    let jobId = ''
    const clock = new VirtualClock(Date.now())
    const { run, github } = await runOnThreadInProcess({
      event: 'issue_comment.created',
      clock,
      // Every stretch of the job ends with the same pull request, as a job that pushes to its branch does.
      scenario: { durationMs: 300, prLink: 'https://github.com/acme/docs/pull/7' },
      before: async (fake, sim) => {
        jobId = await createJob(sim.url)
        clock.advance(1000)
        fake.addComment('acme', 'docs', 42, `${signedMarker(42, { runId: '777', jobId })}\n✅ **Done.**`)
      }
    })
    expect(run.outputs).toMatchObject({
      'job-id': jobId,
      'pr-link': 'https://github.com/acme/docs/pull/7',
      'pr-new': 'false'
    })
    expect(core.group).toHaveBeenCalledWith(`Sending a follow-up to agent job ${jobId}`, expect.any(Function))
    expect(core.group).not.toHaveBeenCalledWith('Starting the agent job', expect.any(Function))
    expect(run.log).toContain(`info: Agent job ${jobId} completed the follow-up and updated pull request #7.`)
    const prLink = 'https://github.com/acme/docs/pull/7'
    expect(github.comments('acme', 'docs', 42).at(-1)!.body).toContain(
      statusWords(completedWith(jobId, prLink, prLink), RUN_LINK(github.serverUrl))
    )
  })

  it('says a new job opened a pull request, and sets pr-new to true', async () => {
    const { run } = await runOnThreadInProcess({ event: 'issue_comment.created' })
    expect(run.outputs['pr-new']).toBe('true')
    expect(core.group).toHaveBeenCalledWith('Starting the agent job', expect.any(Function))
    expect(run.log).toMatch(/info: Agent job \S+ completed and opened a pull request\./)
  })

  it('starts a new job instead when follow-up is false', async () => {
    const { simulator } = await runOnThreadInProcess({
      event: 'issue_comment.created',
      inputs: { 'follow-up': 'false' },
      before: (fake) => {
        fake.addComment('acme', 'docs', 42, `${signedMarker(42, { runId: '777', jobId: 'old-job' })}\n✅ **Done.**`)
      }
    })
    expect(count(simulator, 'POST', MESSAGE)).toBe(0)
    expect(count(simulator, 'POST', CREATE)).toBe(1)
  })

  it('finds its earlier comment on a later page of a long thread', async () => {
    let jobId = ''
    const { run, github } = await runOnThreadInProcess({
      event: 'issue_comment.created',
      env: { GITHUB_RUN_ATTEMPT: '2' },
      github: { perPage: 10 },
      scenario: { durationMs: 1000 },
      before: async (fake, sim) => {
        for (let i = 0; i < 24; i++)
          fake.addComment('acme', 'docs', 42, `chatter ${i}`, { login: 'writer-wendy', type: 'User' })
        jobId = await createJob(sim.url)
        addOwnComment(fake, 42, { jobId }, '⏳')
      }
    })
    expect(run.outputs['job-id']).toBe(jobId)
    expect(githubCalls(github).filter((call) => call === 'GET /repos/acme/docs/issues/42/comments')).toHaveLength(3)
    expect(github.comments('acme', 'docs', 42)).toHaveLength(26)
    expect(progressOf(github.comments('acme', 'docs', 42)[25]!, 42)).toMatchObject(DONE_WITH_PULL_REQUEST)
  })

  it('sends a request on a thread flooded with 3,000 comments, at GitHub’s pace, to the job an earlier run named', async () => {
    let jobId = ''
    const clock = new VirtualClock(Date.now())
    const { run, github, simulator } = await runOnThreadInProcess({
      event: 'issue_comment.created',
      clock,
      // What a page of 100 comments takes GitHub, in the run's time: reading all 30 would take more
      // than a call's 10 s.
      github: {
        latencyMs: () => {
          clock.advance(400)
          return 0
        }
      },
      scenario: { durationMs: 300 },
      before: async (fake, sim) => {
        jobId = await createJob(sim.url)
        fake.addComment('acme', 'docs', 42, `${signedMarker(42, { runId: '777', jobId })}\n✅ **Done.**`)
        for (let i = 0; i < 3000; i++) fake.addComment('acme', 'docs', 42, `+1 (${i})`, { login: 'flooder' })
      }
    })
    expect(run.log).not.toContain('warning')
    expect(run.outputs['job-id']).toBe(jobId)
    expect(count(simulator, 'POST', MESSAGE)).toBe(1)
    expect(count(simulator, 'POST', CREATE)).toBe(1)
    // The first page, then back from the newest: the first 100 comments and the newest 900.
    const listings = github.requests.filter((r) => r.method === 'GET' && r.path.includes('/issues/42/comments'))
    expect(listings.map((r) => r.path.replace(/^.*\?/, ''))).toEqual([
      'per_page=100',
      ...Array.from({ length: 9 }, (_, i) => `per_page=100&page=${31 - i}`)
    ])
  }, 60_000)

  it('on a re-run of a flooded thread, finds its own comment among the newest, or refuses when it is not there', async () => {
    const flood = (fake: FakeGitHub, from: number, to: number) => {
      for (let i = from; i < to; i++) fake.addComment('acme', 'docs', 42, `+1 (${i})`, { login: 'flooder' })
    }
    let jobId = ''
    // On a virtual clock, reading the thread's pages takes no time however busy the machine: the
    // job is still running once the re-run has read them (it is the job to resume), and no call's
    // time limit runs out before the run has decided.
    const resumed = await runOnThreadInProcess({
      event: 'issue_comment.created',
      env: { GITHUB_RUN_ATTEMPT: '2' },
      clock: new VirtualClock(Date.now()),
      scenario: { durationMs: 4000 },
      before: async (fake, sim) => {
        jobId = await createJob(sim.url)
        flood(fake, 0, 1500)
        addOwnComment(fake, 42, { jobId, triggerCommentId: COMMENT_ID }, '⏳')
        flood(fake, 1500, 1550)
      }
    })
    expect(resumed.run.outputs['job-id']).toBe(jobId)
    expect(count(resumed.simulator, 'POST', CREATE)).toBe(1)
    // Still looking for a newer job named on the thread, in case its own had ended: the first page and the newest nine.
    expect(
      githubCalls(resumed.github).filter((call) => call === 'GET /repos/acme/docs/issues/42/comments')
    ).toHaveLength(10)

    const buried = await runOnThreadInProcess({
      event: 'issue_comment.created',
      env: { GITHUB_RUN_ATTEMPT: '2' },
      clock: new VirtualClock(Date.now()),
      before: async (fake, sim) => {
        flood(fake, 0, 500)
        addOwnComment(fake, 42, { jobId: await createJob(sim.url), triggerCommentId: COMMENT_ID }, '⏳')
        flood(fake, 500, 10_500)
      }
    })
    expect(buried.run.failed).toBe(true)
    expect(buried.run.log).toContain(
      "warning: Could not read the comments of the thread on #42: it has more than a run reads (the first 100 and the newest 9,900), and this step's comment of an earlier attempt is not among those."
    )
    expect(buried.run.log).toMatch(
      /error: This is attempt 2 of the workflow run, and the thread's comments could not be read/
    )
    expect(count(buried.simulator, 'POST', CREATE)).toBe(1)
  })

  it('keeps the working-label at the end on a thread longer than it reads: another comment may wait unread', async () => {
    const { run, github } = await runOnThreadInProcess({
      event: 'issue_comment.created',
      clock: new VirtualClock(Date.now()),
      inputs: { 'working-label': 'docs-agent: working' },
      before: (fake) => {
        for (let i = 0; i < 1200; i++) fake.addComment('acme', 'docs', 42, `+1 (${i})`, { login: 'flooder' })
      }
    })
    expect(run.outputs.status).toBe('completed')
    const shown = progressOf(github.comments('acme', 'docs', 42).at(-1)!, 42)
    expect(shown).toMatchObject(endedAsOutputsSay(run.outputs))
    expect(github.labels('acme', 'docs', 42)).toEqual(['docs-agent: working'])
  })

  it('says the job started, not a spinner, with wait: false', async () => {
    const { run, github } = await runOnThreadInProcess({
      event: 'issue_comment.created',
      inputs: { wait: 'false' },
      scenario: { durationMs: 60_000 }
    })
    expect(run.outputs.status).toBe('active')
    const comment = github.comments('acme', 'docs', 42)[1]!
    const job = { id: run.outputs['job-id']!, status: 'active' }
    const notWaiting = { kind: 'ended', result: { kind: 'started', job, how: 'created' } } as const
    expect(comment.body).toContain(statusWords(notWaiting, RUN_LINK(github.serverUrl)))
    // Its one edit names the comment in its marker, as every comment's first edit does; the words stay.
    const edits = github.requests.filter((request) => request.method === 'PATCH')
    expect(edits.map((edit) => edit.path)).toEqual([`/repos/acme/docs/issues/comments/${comment.id}`])
    expect(markerOf(comment, 42)?.commentId).toBe(comment.id)
  })

  it.each([
    ['failed', { finalStatus: 'failed' }, {}, (id: string) => finished({ id, status: 'failed' })],
    ['no changes', { prLink: null }, {}, (id: string) => finished({ id, status: 'completed', prLink: null })],
    [
      'timed out',
      { durationMs: 60_000 },
      { timeout: '1s' },
      (jobId: string): ProgressState => ({
        kind: 'ended',
        result: { kind: 'timed-out', jobId, job: undefined, waitedMs: 1000, timeoutMs: 1000 }
      })
    ]
  ])('ends the comment for a job that %s', async (_how, scenario, inputs, end) => {
    const { run, github } = await runOnThreadInProcess({ event: 'issue_comment.created', scenario, inputs })
    const words = statusWords(end(run.outputs['job-id']!), RUN_LINK(github.serverUrl))
    expect(github.comments('acme', 'docs', 42)[1]!.body).toContain(words)
  })

  it('says it stopped waiting when the workflow is cancelled', async () => {
    const { run, github } = await runOnThreadInProcess({
      event: 'issue_comment.created',
      scenario: { durationMs: 60_000 },
      onSimulatorRequest: cancelAtFirstPoll()
    })
    expect(run.failed).toBe(true)
    const cancelled = {
      kind: 'ended',
      result: { kind: 'cancelled', jobId: run.outputs['job-id']!, job: undefined }
    } as const
    expect(github.comments('acme', 'docs', 42)[1]!.body).toContain(statusWords(cancelled, RUN_LINK(github.serverUrl)))
  })
})

describe('GitHub around the job', () => {
  it('warns naming the permission to add when it may not comment, and the job still succeeds', async () => {
    const { run, github } = await runOnThreadInProcess({
      event: 'issue_comment.created',
      github: {
        failures: [
          {
            method: 'POST',
            pathIncludes: '/reactions',
            status: 403,
            message: 'Resource not accessible by integration'
          },
          {
            method: 'POST',
            pathIncludes: '/issues/42/comments',
            status: 403,
            times: 5,
            message: 'Resource not accessible by integration'
          }
        ]
      }
    })
    expect(run.failed).toBe(false)
    expect(run.outputs.status).toBe('completed')
    expect(run.log).toMatch(
      /warning: Could not add the eyes reaction to the trigger on #42: GitHub answered 403 \(Resource not accessible by integration.*add `issues: write` and `pull-requests: write`/
    )
    expect(run.log).toMatch(/warning: Could not write the progress comment on #42: GitHub answered 403/)
    // The summary shows the three refusals with their fix, the job's result unaffected; the last
    // edit's, refused after the result was written, in a second section.
    expect(summaryLevel(run.summary)).toBe('success')
    expect(run.summary).toContain('issues: write')
    expect(warningsIn(run.summary, 'before') + warningsIn(run.summary, 'after')).toBe(3)
    expect(warningsIn(run.summary, 'after')).toBeGreaterThanOrEqual(1)
    expect(run.outputs['comment-url']).toBe('')
    expect(github.comments('acme', 'docs', 42)).toHaveLength(1)
  })

  it('writes its outputs before the last comment edit, so a hanging GitHub cannot hold them back', async () => {
    let outputsWhenEditing: Record<string, string> | undefined
    const { run, github } = await runOnThreadInProcess({
      event: 'issue_comment.created',
      scenario: { durationMs: 60_000 },
      github: {
        failures: [{ method: 'PATCH', pathIncludes: '/issues/comments/', status: 0, hang: true, times: 5 }],
        onRequest: (request) => {
          if (request.method === 'PATCH') outputsWhenEditing ??= outputsSoFar()
        }
      },
      onSimulatorRequest: cancelAtFirstPoll()
    })
    expect(run.failed).toBe(true)
    const outputs = {
      status: 'active',
      'job-id': expect.stringMatching(/\S/),
      'comment-url': expect.stringContaining('#issuecomment-')
    }
    expect(outputsWhenEditing).toMatchObject(outputs)
    expect(run.outputs).toMatchObject(outputs)
    // After a cancel the edit has a few seconds, not until GitHub answers: the runner kills the
    // step about 10 s after the signal.
    expect(run.log).toMatch(
      /warning: Could not write the progress comment on #42: the comment edit did not finish within its time limit of 4s/
    )
    expect(github.requests.filter((request) => request.method === 'PATCH')).toHaveLength(1)
  })

  it('uses a GitHub Enterprise Server API and server URL', async () => {
    const { run, github } = await runOnThreadInProcess({
      event: 'issue_comment.created',
      github: { prefix: '/api/v3' }
    })
    expect(run.outputs.status).toBe('completed')
    expect(github.url).toMatch(/\/api\/v3$/)
    expect(github.requests.every((request) => request.path.startsWith('/api/v3/'))).toBe(true)
    expect(github.comments('acme', 'docs', 42)[1]!.body).toContain(`[workflow run](${RUN_LINK(github.serverUrl)})`)
  })

  it.each([
    [
      'a review comment on a PR',
      'pull_request_review_comment.created',
      58,
      'POST /repos/acme/docs/pulls/comments/1871234567/reactions'
    ],
    ['a comment on a PR', 'issue_comment.created.pr', 57, 'POST /repos/acme/docs/issues/comments/3551239999/reactions'],
    ['an opened pull request', 'pull_request.opened', 58, 'POST /repos/acme/docs/issues/58/reactions'],
    ['an opened issue', 'issues.opened', 43, 'POST /repos/acme/docs/issues/43/reactions']
  ])('handles %s', async (_what, event, thread, reaction) => {
    const { run, github } = await runOnThreadInProcess({ event })
    expect(run.outputs.status).toBe('completed')
    expect(githubCalls(github)).toContain(reaction)
    expect(progressOf(github.comments('acme', 'docs', thread).at(-1)!, thread)).toMatchObject(DONE_WITH_PULL_REQUEST)
  })

  it('comments on issue-number for a workflow_dispatch, without a gate', async () => {
    const { run, github } = await runOnThreadInProcess({
      event: 'workflow_dispatch',
      inputs: { prompt: 'Refresh the changelog page', 'trigger-phrase': '', 'issue-number': '12' }
    })
    expect(run.outputs.status).toBe('completed')
    expect(githubCalls(github)[0]).toBe('GET /repos/acme/docs/issues/12/comments')
    expect(progressOf(github.comments('acme', 'docs', 12)[0]!, 12)).toMatchObject(DONE_WITH_PULL_REQUEST)
  })

  it('warns that it cannot comment without a github-token, and the job still runs', async () => {
    const { run, github } = await runOnThreadInProcess({
      event: 'workflow_dispatch',
      inputs: { prompt: 'Refresh the changelog page', 'trigger-phrase': '', 'issue-number': '12', 'github-token': '' }
    })
    expect(run.outputs).toMatchObject({ status: 'completed', 'comment-url': '' })
    expect(run.log).toContain(
      'warning: No github-token was given, so the action cannot comment on the thread. Pass github-token or set comment: false.'
    )
    expect(github.requests).toEqual([])
  })

  it('does not comment when the runner did not say which run and step this is, and says why', async () => {
    const { run, github } = await runOnThreadInProcess({
      event: 'workflow_dispatch',
      inputs: { prompt: 'Refresh the changelog page', 'trigger-phrase': '', 'issue-number': '12' },
      env: { GITHUB_RUN_ID: '', GITHUB_ACTION: '' }
    })
    expect(run.outputs.status).toBe('completed')
    expect(run.log).toContain(
      'warning: GITHUB_RUN_ID, GITHUB_ACTION are not set, so a progress comment could not be tied to this workflow step; not commenting.'
    )
    // Only the issue is read, for the agent's context: nothing is written.
    expect(githubCalls(github)).toEqual(['GET /repos/acme/docs/issues/12'])
  })

  it('never sends the API key to GitHub', async () => {
    const { github } = await runOnThreadInProcess({
      event: 'issue_comment.created',
      scenario: { finalStatus: 'failed' }
    })
    expect(JSON.stringify(github.requests)).not.toContain(API_KEY)
    expect(JSON.stringify(github.requests)).not.toContain(PROJECT + '/')
  })
})
