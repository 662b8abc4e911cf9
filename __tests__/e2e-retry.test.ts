// Every row of the retry table in docs/design.md, through the bundle against the simulator.
import { createServer } from 'node:net'
import { startSimulator } from '../test/harness/simulator/server.js'
import { API_KEY, CREATE, GET, PROJECT, count, runAgainst } from './support/agent-fixture.js'
import { runAction, runtimes, visibleLog } from '../test/harness/run-bundle.js'
import type { Fault } from '../test/harness/simulator/server.js'

const status = (route: Fault['route'], code: number, extra: { retryAfter?: string; times?: number } = {}): Fault => ({
  route,
  times: extra.times ?? 1,
  fault: { kind: 'status', status: code, ...(extra.retryAfter !== undefined && { retryAfter: extra.retryAfter }) }
})

describe.each(runtimes())('retry policy under %s', (_label, node) => {
  it('retries a create that found nobody listening, once the service is up', async () => {
    const port = await freePort()
    const starting = new Promise<Awaited<ReturnType<typeof startSimulator>>>((resolve) =>
      setTimeout(() => resolve(startSimulator({ port, scenario: { apiKey: API_KEY, projectId: PROJECT, durationMs: 200 } })), 1200)
    )
    const run = await runAction({
      node,
      inputs: {
        prompt: 'x',
        'api-key': API_KEY,
        'project-id': PROJECT,
        'base-url': `http://127.0.0.1:${port}`,
        'poll-interval': '1s',
        comment: 'false'
      }
    })
    const simulator = await starting
    await simulator.close()
    expect(run.code).toBe(0)
    expect(run.outputs.status).toBe('completed')
    expect(count(simulator, 'POST', CREATE)).toBe(1)
  })

  it.each([
    ['seconds', () => '1'],
    // An HTTP date has whole seconds: two seconds ahead is always at least one second away.
    ['an HTTP date', () => new Date(Date.now() + 2000).toUTCString()]
  ])('waits out a 429 on create with Retry-After in %s, then creates once', async (_form, retryAfter) => {
    const { run, simulator } = await runAgainst({ faults: [status('create', 429, { retryAfter: retryAfter() })] }, {}, { node })
    expect(run.code).toBe(0)
    const creates = simulator.requests.filter((r) => CREATE.test(r.path))
    expect(creates).toHaveLength(2)
    expect(creates[1]!.at - creates[0]!.at).toBeGreaterThanOrEqual(900)
  })

  it('fails saying so when a 429 asks to wait past the timeout', async () => {
    const { run, simulator } = await runAgainst({ faults: [status('create', 429, { retryAfter: '600' })] }, { timeout: '10s' }, { node })
    expect(run.code).toBe(1)
    expect(visibleLog(run)).toMatch(/answered 429.*limit of 100 jobs and messages per hour.*past the "timeout"/)
    expect(count(simulator, 'POST', CREATE)).toBe(1)
  })

  it('retries a 429 on a poll too', async () => {
    const { run, simulator } = await runAgainst({ faults: [status('get', 429, { retryAfter: '0' })] }, {}, { node })
    expect(run.code).toBe(0)
    expect(simulator.requests[1]).toMatchObject({ method: 'GET' })
  })

  it('retries 503 on create: the request was not processed', async () => {
    const { run, simulator } = await runAgainst({ faults: [status('create', 503, { retryAfter: '0' })] }, {}, { node })
    expect(run.code).toBe(0)
    expect(count(simulator, 'POST', CREATE)).toBe(2)
  })

  it.each([500, 502, 504])('never retries a create answered %i, and says a job may exist', async (code) => {
    const { run, simulator } = await runAgainst({ faults: [status('create', code)] }, {}, { node })
    expect(run.code).toBe(1)
    expect(count(simulator, 'POST', CREATE)).toBe(1)
    expect(visibleLog(run)).toMatch(new RegExp(`::error::Creating the agent job failed after the request was sent: the service answered ${code}.*may have acted on it.*Check the agent jobs on the dashboard`))
    expect(run.outputs['job-id']).toBeUndefined()
  })

  it.each([500, 502, 503, 504])('retries a poll answered %i', async (code) => {
    const { run, simulator } = await runAgainst({ faults: [status('get', code, { times: 2, retryAfter: '0' })] }, {}, { node })
    expect(run.code).toBe(0)
    expect(run.outputs.status).toBe('completed')
    expect(count(simulator, 'GET', GET)).toBeGreaterThanOrEqual(3)
  })

  it('never retries a create whose connection was reset after sending', async () => {
    const { run, simulator } = await runAgainst({ faults: [{ route: 'create', fault: { kind: 'reset' } }] }, {}, { node })
    expect(run.code).toBe(1)
    expect(count(simulator, 'POST', CREATE)).toBe(1)
    expect(visibleLog(run)).toMatch(/failed after the request was sent: no answer \(ECONNRESET\)/)
  })

  it('retries a poll whose connection was reset, or that came back as a page that is not a job', async () => {
    const faults: Fault[] = [
      { route: 'get', fault: { kind: 'reset' } },
      { route: 'get', fault: { kind: 'malformed' } }
    ]
    const { run, simulator } = await runAgainst({ faults }, {}, { node })
    expect(run.code).toBe(0)
    expect(count(simulator, 'GET', GET)).toBeGreaterThanOrEqual(3)
  })

  it('follows a job whose id needs encoding in the path', async () => {
    const { run, simulator } = await runAgainst({ jobIds: ['job 1/a'] }, {}, { node })
    expect(run.code).toBe(0)
    expect(run.outputs).toMatchObject({ 'job-id': 'job 1/a', status: 'completed' })
    expect(simulator.requests.some((request) => request.path.endsWith('/job/job%201%2Fa'))).toBe(true)
  })

  it('says why a created job whose id has a line break cannot be followed', async () => {
    const { run } = await runAgainst({ jobIds: ['job\n1'] }, {}, { node })
    expect(run.code).toBe(1)
    expect(run.stderr).toBe('')
    expect(visibleLog(run)).toMatch(
      /Creating the agent job failed after the request was sent: the service answered 201 with a body that is not the agent job's record \(its "id" "job\\n1" cannot be used: it contains a control character/
    )
  })

  it('ends the wait as a timeout when a 429 on a poll asks to wait past it, honouring fail-on-job-failure', async () => {
    const faults = [status('get', 429, { retryAfter: '600' })]
    const { run } = await runAgainst({ durationMs: 60_000, faults }, { timeout: '10s', 'fail-on-job-failure': 'false' }, { node })
    expect(run.code).toBe(0)
    expect(run.outputs.status).toBe('active')
    expect(visibleLog(run)).toMatch(/::warning title=Docs agent::Stopped waiting after 1s of the 10s "timeout": the next try would have passed it\. Agent job/)
    expect(visibleLog(run)).not.toMatch(/limit of 100/)
  })

  it('fails a create answered with something that is not a job, saying it may exist', async () => {
    const { run } = await runAgainst({ faults: [{ route: 'create', fault: { kind: 'malformed' } }] }, {}, { node })
    expect(run.code).toBe(1)
    expect(visibleLog(run)).toMatch(/may have acted on it/)
  })

  it('aborts a poll that hangs when the timeout comes', async () => {
    const started = Date.now()
    const { run } = await runAgainst({ faults: [{ route: 'get', fault: { kind: 'hang' } }] }, { timeout: '2s' }, { node })
    expect(Date.now() - started).toBeLessThan(10_000)
    expect(run.code).toBe(1)
    expect(visibleLog(run)).toMatch(/Stopped waiting after 2s/)
    expect(run.outputs['job-id']).toMatch(/\S/)
  })

  it.each([
    [400, /answered 400 "Bad Request".*refused the request as invalid/],
    [401, /answered 401.*wrong, revoked or expired/],
    [403, /answered 403.*scope.*IP allow-list/]
  ])('fails at once on %i with a hint', async (code, hint) => {
    const { run, simulator } = await runAgainst({ faults: [status('create', code)] }, {}, { node })
    expect(run.code).toBe(1)
    expect(simulator.requests).toHaveLength(1)
    expect(visibleLog(run)).toMatch(hint)
  })

  it('still writes the job id when a poll fails for good after the job was created', async () => {
    const { run } = await runAgainst({ faults: [status('get', 401)] }, {}, { node })
    expect(run.code).toBe(1)
    expect(run.outputs['job-id']).toMatch(/\S/)
    expect(run.outputs.status).toBe('active')
    expect(visibleLog(run)).toMatch(/Reading the agent job \S+ failed: the service answered 401/)
  })

  it('fails at once on 404 for a create: the project id', async () => {
    const { run, simulator } = await runAgainst({}, { 'project-id': 'no-such-project' }, { node })
    expect(run.code).toBe(1)
    expect(simulator.requests).toHaveLength(1)
    expect(visibleLog(run)).toMatch(/answered 404 "Project not found".*check "project-id"/)
  })
})

// Ten seconds of 404s is slow, so this row runs under one runtime only.
it('tries a missing job a few times over about ten seconds, then fails with "job not found"', async () => {
  const started = Date.now()
  const { run, simulator } = await runAgainst({}, { prompt: '', 'job-id': 'no-such-job' })
  expect(Date.now() - started).toBeGreaterThan(9000)
  expect(run.code).toBe(1)
  expect(count(simulator, 'GET', GET)).toBe(5)
  expect(visibleLog(run)).toMatch(/Reading the agent job no-such-job failed: the service answered 404 "Job not found" after 5 tries\. Job not found/)
}, 30_000)

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))))
    })
  })
}
