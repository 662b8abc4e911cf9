// The bundle end to end, as a runner runs it, against the simulator.
import { API_KEY, CREATE, GET, MESSAGE, agentInputs, count, runAgainst, withSimulator } from './support/agent-fixture.js'
import { runAction, runtimes, visibleLog } from '../test/harness/run-bundle.js'

describe.each(runtimes())('the bundle under %s', (_label, node) => {
  it('creates a job, waits for it and reports the pull request', async () => {
    const { run, simulator } = await runAgainst({ durationMs: 2500 }, {}, { node })
    const log = visibleLog(run)
    expect(run.code).toBe(0)
    const jobId = run.outputs['job-id']
    expect(jobId).toMatch(/\S/)
    expect(run.outputs).toMatchObject({ status: 'completed', 'pr-link': 'https://github.com/acme/docs/pull/1' })
    expect(JSON.parse(run.outputs.job ?? '')).toMatchObject({ id: jobId, status: 'completed', model: 'simulated-model' })
    expect(log).toContain(`Created agent job ${jobId}.`)
    expect(log).toContain('::notice title=Docs agent::Pull request: https://github.com/acme/docs/pull/1')
    // One line per status change, not one per poll.
    expect(count(simulator, 'GET', GET)).toBeGreaterThan(2)
    expect(log.match(/: active \(/g)).toHaveLength(1)
    expect(log.match(/: completed \(/g)).toHaveLength(1)
    expect(run.summary).toContain('[https://github.com/acme/docs/pull/1](https://github.com/acme/docs/pull/1)')
    expect(run.summary).toContain(`- **Job:** \`${jobId}\``)
    expect(JSON.parse(simulator.requests[0]?.body ?? '')).toEqual({ prompt: 'Add a page about webhooks' })
  })

  it('succeeds without a link when the agent changed no files', async () => {
    const { run } = await runAgainst({ prLink: null }, {}, { node })
    expect(run.code).toBe(0)
    expect(run.outputs['pr-link']).toBe('')
    expect(visibleLog(run)).toContain('::notice title=Docs agent::Agent job')
    expect(run.summary).toContain('none (no files changed)')
  })

  it('fails the step when the job fails, unless told not to', async () => {
    const failed = await runAgainst({ finalStatus: 'failed' }, {}, { node })
    expect(failed.run.code).toBe(1)
    expect(failed.run.outputs.status).toBe('failed')
    expect(visibleLog(failed.run)).toMatch(/::error::Agent job \S+ failed/)
    const tolerated = await runAgainst({ finalStatus: 'failed' }, { 'fail-on-job-failure': 'false' }, { node })
    expect(tolerated.run.code).toBe(0)
    expect(visibleLog(tolerated.run)).toMatch(/::warning title=Docs agent::Agent job \S+ failed/)
  })

  it('succeeds with a warning when the job is archived', async () => {
    const { run } = await runAgainst({ finalStatus: 'archived' }, {}, { node })
    expect(run.code).toBe(0)
    expect(run.outputs.status).toBe('archived')
    expect(visibleLog(run)).toMatch(/::warning title=Docs agent::Agent job \S+ was archived/)
  })

  it('returns right after creating with wait: false', async () => {
    const { run, simulator } = await runAgainst({ durationMs: 60_000 }, { wait: 'false' }, { node })
    expect(run.code).toBe(0)
    expect(run.outputs.status).toBe('active')
    expect(simulator.requests).toHaveLength(1)
  })

  it('waits for an existing job given by job-id, and sends a prompt to it as a follow-up', async () => {
    await withSimulator({ durationMs: 300 }, async (simulator) => {
      const first = await runAction({ node, inputs: agentInputs(simulator, { wait: 'false' }) })
      const jobId = first.outputs['job-id'] ?? ''
      const joined = await runAction({ node, inputs: agentInputs(simulator, { prompt: '', 'job-id': jobId }) })
      expect(joined.code).toBe(0)
      expect(joined.outputs).toMatchObject({ 'job-id': jobId, status: 'completed' })
      expect(visibleLog(joined)).toContain(`Joining agent job ${jobId}.`)
      const followUp = await runAction({ node, inputs: agentInputs(simulator, { prompt: 'Also add examples', 'job-id': jobId }) })
      expect(followUp.code).toBe(0)
      expect(followUp.outputs).toMatchObject({ 'job-id': jobId, 'pr-link': 'https://github.com/acme/docs/pull/2' })
      expect(count(simulator, 'POST', CREATE)).toBe(1)
      expect(count(simulator, 'POST', MESSAGE)).toBe(1)
      expect(JSON.parse(simulator.requests.find((r) => MESSAGE.test(r.path))?.body ?? '')).toEqual({ prompt: 'Also add examples' })
    })
  })

  it('reads a joined job once and returns with wait: false', async () => {
    await withSimulator({ durationMs: 60_000 }, async (simulator) => {
      const first = await runAction({ node, inputs: agentInputs(simulator, { wait: 'false' }) })
      const jobId = first.outputs['job-id'] ?? ''
      const joined = await runAction({ node, inputs: agentInputs(simulator, { prompt: '', 'job-id': jobId, wait: 'false' }) })
      expect(joined.code).toBe(0)
      expect(joined.outputs).toMatchObject({ 'job-id': jobId, status: 'active' })
      expect(visibleLog(joined)).toContain(`Agent job ${jobId} is active; not waiting for it ("wait" is false).`)
      expect(count(simulator, 'GET', GET)).toBe(1)
    })
  })

  it('times out naming the job and how to resume, still writing outputs', async () => {
    const { run } = await runAgainst({ durationMs: 60_000 }, { timeout: '1500ms' }, { node })
    expect(run.code).toBe(1)
    const jobId = run.outputs['job-id'] ?? ''
    expect(run.outputs.status).toBe('active')
    expect(visibleLog(run)).toContain(`::error::Stopped waiting after 2s ("timeout"). Agent job ${jobId} is still active`)
    expect(visibleLog(run)).toContain(`job-id: ${jobId} and no prompt`)
  })

  it('stops within two seconds of SIGTERM, writes outputs and exits non-zero', async () => {
    await withSimulator({ durationMs: 60_000 }, async (simulator) => {
      let signalledAt = 0
      const run = await runAction({
        node,
        inputs: agentInputs(simulator),
        onStart: (child) => {
          const poll = setInterval(() => {
            if (simulator.requests.some((r) => r.method === 'GET')) {
              clearInterval(poll)
              signalledAt = Date.now()
              child.kill('SIGTERM')
            }
          }, 20)
        }
      })
      expect(Date.now() - signalledAt).toBeLessThan(2000)
      expect(run.code).toBe(1)
      expect(run.outputs.status).toBe('active')
      expect(run.outputs['job-id']).toMatch(/\S/)
      expect(visibleLog(run)).toContain('Received SIGTERM: stopping; an agent job that was started goes on.')
      expect(visibleLog(run)).toContain('::error::The workflow was cancelled')
    })
  })

  it('never shows the API key, whatever the path', async () => {
    const runs = [
      (await runAgainst({}, {}, { node })).run,
      (await runAgainst({ faults: [{ route: 'create', fault: { kind: 'status', status: 401, body: `{"error":"bad key ${API_KEY}"}` } }] }, {}, { node })).run,
      (await runAgainst({}, { 'project-id': 'other-project' }, { node })).run
    ]
    for (const run of runs) {
      expect(run.stdout).toContain(`::add-mask::${API_KEY}`)
      expect(visibleLog(run)).not.toContain(API_KEY)
      expect(run.summary).not.toContain(API_KEY)
      expect(JSON.stringify(run.outputs)).not.toContain(API_KEY)
    }
    expect(visibleLog(runs[1]!)).toContain('bad key ***')
  })
})
