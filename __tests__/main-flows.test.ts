// The step's outcomes, driven through run() in process against the simulator: what the outputs,
// the log and the summary say for each way a job can end, and that the key never shows, however
// the API echoes it. e2e-flows.test.ts runs the bundle for the main flow and the cancel.
import { API_KEY, CREATE, GET, MESSAGE, count } from './support/agent-fixture.js'
import { summary } from '../__fixtures__/core.js'
import { onThread } from './support/github-fixture.js'
import {
  cancelWorkflow,
  type ProcessRun,
  runAgainstInProcess,
  runInProcess,
  runOnThreadInProcess,
  withRunsInProcess
} from './support/in-process.js'
import type { FakeGitHub } from '../test/harness/fake-github.js'
import { conclude } from '../src/report/outcome.js'
import { summaryLevel } from './support/summary.js'

describe('a run of the action', () => {
  it('shows the prompt with a wrapped piece of the key masked: in the log, the prompt output and the summary', async () => {
    // As a comment or a pull request's description might quote it, wrapped over three lines.
    const wrapped = `${API_KEY.slice(2, 9)}\n${API_KEY.slice(9, 16)}\n${API_KEY.slice(16, 23)}`
    const { run } = await runAgainstInProcess({ durationMs: 300 }, { prompt: `Document this:\n${wrapped}\nend` })
    const pieces = [API_KEY.slice(2, 9), API_KEY.slice(9, 16), API_KEY.slice(16, 23)]
    for (const shown of [run.outputs.prompt ?? '', run.log, run.summary])
      for (const piece of pieces) expect(shown).not.toContain(piece)
    expect(run.outputs.prompt).toBe('Document this:\n***\nend')
  })

  it('creates a job, waits for it and reports the pull request, one log line per status change', async () => {
    const { run, simulator } = await runAgainstInProcess({ durationMs: 2500 }, {})
    expect(run.failed).toBe(false)
    const jobId = run.outputs['job-id']
    expect(run.outputs).toMatchObject({
      status: 'completed',
      'pr-link': 'https://github.com/acme/docs/pull/1',
      'comment-url': ''
    })
    expect(JSON.parse(run.outputs.job ?? '')).toMatchObject({
      id: jobId,
      status: 'completed',
      model: 'simulated-model'
    })
    expect(run.log).toContain(`info: Created agent job ${jobId}.`)
    expect(run.log).toContain('notice (Docs agent): Pull request: https://github.com/acme/docs/pull/1')
    expect(count(simulator, 'GET', GET)).toBeGreaterThan(2)
    expect(run.log.match(/: active \(/g)).toHaveLength(1)
    expect(run.log.match(/: completed \(/g)).toHaveLength(1)
    expect(run.summary).toContain('[https://github.com/acme/docs/pull/1](https://github.com/acme/docs/pull/1)')
    expect(run.summary).toContain(`- **Job:** \`${jobId}\``)
    expect(JSON.parse(simulator.requests[0]?.body ?? '')).toEqual({ prompt: 'Add a page about webhooks' })
  })

  it('succeeds without a link when the agent changed no files', async () => {
    const { run } = await runAgainstInProcess({ prLink: null }, {})
    expect(run.failed).toBe(false)
    expect(run.outputs['pr-link']).toBe('')
    const job = { id: run.outputs['job-id']!, status: 'completed', prLink: null }
    expect(run.log).toContain(`notice (Docs agent): ${conclude({ kind: 'finished', job }, true).message}`)
    expect(summaryLevel(run.summary)).toBe('notice')
  })

  it('fails the step when the job fails, unless told not to', async () => {
    const failed = await runAgainstInProcess({ finalStatus: 'failed' }, {})
    expect(failed.run.failed).toBe(true)
    expect(failed.run.outputs.status).toBe('failed')
    const job = { id: failed.run.outputs['job-id']!, status: 'failed' }
    expect(failed.run.log).toContain(`error: ${conclude({ kind: 'finished', job }, true).message}`)
    const tolerated = await runAgainstInProcess({ finalStatus: 'failed' }, { 'fail-on-job-failure': 'false' })
    expect(tolerated.run.failed).toBe(false)
    const toleratedJob = { id: tolerated.run.outputs['job-id']!, status: 'failed' }
    const tolerance = conclude({ kind: 'finished', job: toleratedJob }, false)
    expect(tolerance.level).toBe('warning')
    expect(tolerated.run.log).toContain(`warning (Docs agent): ${tolerance.message}`)
  })

  it('succeeds with a warning when the job is archived', async () => {
    const { run } = await runAgainstInProcess({ finalStatus: 'archived' }, {})
    expect(run.failed).toBe(false)
    expect(run.outputs.status).toBe('archived')
    const job = { id: run.outputs['job-id']!, status: 'archived' }
    expect(run.log).toContain(`warning (Docs agent): ${conclude({ kind: 'finished', job }, true).message}`)
  })

  it('returns right after creating with wait: false', async () => {
    const { run, simulator } = await runAgainstInProcess({ durationMs: 60_000 }, { wait: 'false' })
    expect(run.failed).toBe(false)
    expect(run.outputs.status).toBe('active')
    expect(simulator.requests).toHaveLength(1)
  })

  it('waits for an existing job given by job-id, and sends a prompt to it as a follow-up', async () => {
    await withRunsInProcess({ durationMs: 300 }, async (run, simulator) => {
      const first = await run({ wait: 'false' })
      const jobId = first.outputs['job-id'] ?? ''
      const joined = await run({ prompt: '', 'job-id': jobId })
      expect(joined.failed).toBe(false)
      expect(joined.outputs).toMatchObject({ 'job-id': jobId, status: 'completed' })
      expect(joined.log).toContain(`Joining agent job ${jobId}.`)
      const followUp = await run({ prompt: 'Also add examples', 'job-id': jobId })
      expect(followUp.failed).toBe(false)
      expect(followUp.outputs).toMatchObject({ 'job-id': jobId, 'pr-link': 'https://github.com/acme/docs/pull/2' })
      expect(count(simulator, 'POST', CREATE)).toBe(1)
      expect(count(simulator, 'POST', MESSAGE)).toBe(1)
      expect(JSON.parse(simulator.requests.find((r) => MESSAGE.test(r.path))?.body ?? '')).toEqual({
        prompt: 'Also add examples'
      })
    })
  })

  it('reads a joined job once and returns with wait: false', async () => {
    await withRunsInProcess({ durationMs: 60_000 }, async (run, simulator) => {
      const first = await run({ wait: 'false' })
      const jobId = first.outputs['job-id'] ?? ''
      const joined = await run({ prompt: '', 'job-id': jobId, wait: 'false' })
      expect(joined.failed).toBe(false)
      expect(joined.outputs).toMatchObject({ 'job-id': jobId, status: 'active' })
      expect(joined.log).toContain(`Agent job ${jobId} is active; not waiting for it ("wait" is false).`)
      expect(count(simulator, 'GET', GET)).toBe(1)
    })
  })

  it('reports a joined job that has already ended as it ended, with wait: false', async () => {
    await withRunsInProcess({ durationMs: 300 }, async (run) => {
      const first = await run()
      const jobId = first.outputs['job-id'] ?? ''
      const joined = await run({ prompt: '', 'job-id': jobId, wait: 'false' })
      expect(joined.failed).toBe(false)
      expect(joined.outputs).toMatchObject({
        'job-id': jobId,
        status: 'completed',
        'pr-link': 'https://github.com/acme/docs/pull/1'
      })
      expect(joined.log).toContain(`info: Agent job ${jobId} completed and opened a pull request.`)
    })
  })

  it('says about once a minute that it is still waiting, and warns once of a status the API does not document', async () => {
    const interimStatuses = [{ afterMs: 0, status: 'queued' }]
    const { run } = await runAgainstInProcess(
      { durationMs: 150_000, interimStatuses, undocumented: ['status'] },
      { 'poll-interval': '5s', timeout: '10m' }
    )
    expect(run.outputs.status).toBe('completed')
    expect(run.log.match(/still waiting$/gm)).toHaveLength(2)
    expect(run.log).toMatch(/info: Job \S+: queued \(1m \d+s waited\), still waiting/)
    expect(run.log.match(/warning: The job reports status "queued", which the API does not document/g)).toHaveLength(1)
  })

  it('still succeeds when the job summary cannot be written, saying so', async () => {
    summary.write.mockRejectedValueOnce(new Error('EACCES: permission denied'))
    const { run } = await runAgainstInProcess({}, {})
    expect(run.failed).toBe(false)
    expect(run.outputs.status).toBe('completed')
    expect(run.log).toContain('warning: Could not write the job summary: EACCES: permission denied')
  })

  it('times out naming the job and how to resume, still writing outputs', async () => {
    const { run } = await runAgainstInProcess({ durationMs: 60_000 }, { timeout: '1500ms' })
    expect(run.failed).toBe(true)
    const jobId = run.outputs['job-id'] ?? ''
    expect(run.outputs.status).toBe('active')
    expect(run.log).toContain(`error: Stopped waiting after 2s ("timeout"). Agent job ${jobId} is still active`)
    expect(run.log).toContain(`job-id: ${jobId} and no prompt`)
  })

  it.each(['SIGINT', 'SIGTERM'] as const)(
    'on a %s during the wait, stops at once, writes the outputs and fails the step',
    async (signal) => {
      let cancelled = false
      const { run } = await runAgainstInProcess(
        { durationMs: 60_000 },
        {},
        {
          // Cancelled once the job exists and is being polled: the first poll's answer is the moment.
          onSimulatorRequest: (line) => {
            if (cancelled || !line.startsWith('GET ')) return
            cancelled = true
            cancelWorkflow(signal)
          }
        }
      )
      expect(run.failed).toBe(true)
      expect(run.outputs.status).toBe('active')
      expect(run.outputs['job-id']).toMatch(/\S/)
      expect(run.log).toContain(`info: Received ${signal}: stopping; an agent job that was started goes on.`)
      expect(run.log).toContain(
        `error: The workflow was cancelled: stopped waiting for agent job ${run.outputs['job-id']}`
      )
    }
  )

  it.each([
    ['a job that completes', {}, {}],
    [
      'an API error that quotes the key',
      {
        faults: [
          {
            route: 'create' as const,
            fault: { kind: 'status' as const, status: 401, body: `{"error":"bad key ${API_KEY}"}` }
          }
        ]
      },
      {}
    ],
    ['a project the key does not open', {}, { 'project-id': 'other-project' }]
  ])('masks the API key and never shows it, with %s', async (_path, scenario, inputs) => {
    const { run } = await runAgainstInProcess(scenario, inputs)
    expect(run.secrets).toEqual([API_KEY])
    expect(run.log).not.toContain(API_KEY)
    expect(run.summary).not.toContain(API_KEY)
    expect(JSON.stringify(run.outputs)).not.toContain(API_KEY)
    expect(run.log.includes('bad key ***')).toBe('faults' in scenario)
  })
})

describe('the API key echoed back by the API', () => {
  /** What a run publishes: the thread's comments, the summary, the outputs and the log. */
  const published = (run: ProcessRun, github: FakeGitHub) => [
    ...github.comments('acme', 'docs', 42).map((comment) => comment.body),
    run.summary,
    JSON.stringify(run.outputs),
    run.log
  ]
  const hidden = [...API_KEY].join('\u200b')
  // The bundle reads the names from its own compact table (src/vendor/named-character-references.ts).
  const named = API_KEY.replace('_', '&lowbar;').replace(/_/g, '&UnderBar;')

  // The runner masks the key only whole and as written: each of these is the action's to mask.
  it.each([
    [
      'with invisible characters between its letters, which a reader would not see',
      {
        prLink: `https://github.com/acme/docs/pull/7?k=${hidden}`,
        ref: `main-${hidden}`,
        model: hidden,
        undocumented: ['prLink' as const]
      },
      [API_KEY],
      { model: '***', source: { ref: 'main-***' } }
    ],
    [
      'written with named character references, which a page shows as the key',
      { ref: `main-${named}`, model: named },
      [API_KEY.slice(-12)],
      { model: '***', source: { ref: 'main-***' } }
    ],
    [
      'as a piece from its middle or end, or wrapped across a line break',
      {
        ref: `main-${API_KEY.slice(9, 19)}`,
        model: `key ending in ${API_KEY.slice(-10)}; wrapped: ${API_KEY.slice(0, 12)}\n  ${API_KEY.slice(12)}`
      },
      [API_KEY.slice(-8), API_KEY.slice(9, 17), API_KEY.slice(12, 20)],
      { model: 'key ending in ***; wrapped: ***', source: { ref: 'main-***' } }
    ]
  ])('never shows it %s', async (_what, scenario, pieces, job) => {
    const { run, github } = await runOnThreadInProcess({
      event: 'issue_comment.created',
      scenario
    })
    expect(run.failed).toBe(false)
    for (const text of published(run, github))
      for (const piece of pieces) expect(text.replace(/\u200b/g, '')).not.toContain(piece)
    expect(JSON.parse(run.outputs.job ?? '')).toMatchObject(job)
  })

  it('takes no job whose id holds the key, and says why without quoting it', async () => {
    const { run, github } = await runOnThreadInProcess({
      event: 'issue_comment.created',
      scenario: { jobIds: [`job-${API_KEY}`] }
    })
    expect(run.failed).toBe(true)
    for (const text of published(run, github)) expect(text).not.toContain(API_KEY)
    expect(run.outputs['job-id']).toBeUndefined()
    expect(run.log).toContain('error: Creating the agent job failed after the request was sent')
    expect(run.log).toContain('(its "id" contains the API key)')
  })
})

describe("a skipped run's summary", () => {
  it("masks a piece of the key that people's text it quotes holds (a label's name)", async () => {
    const piece = API_KEY.slice(9, 21)
    const { run } = await onThread(
      {
        event: 'issues.opened',
        editEvent: (event) => {
          event.action = 'labeled'
          event.label = { id: 7, name: `not ${piece}`, color: 'ededed', default: false, description: null }
          event.sender = { login: 'writer-wendy', id: 77, type: 'User' }
        },
        inputs: { 'trigger-phrase': '', 'trigger-label': 'docs please' }
      },
      (step) => runInProcess(step)
    )
    expect(run.outputs.status).toBe('skipped')
    expect(run.summary).toContain('the trigger-label')
    expect(run.summary).not.toContain(piece)
    expect(run.log).not.toContain(piece)
  })
})
