// Every row of the retry table in docs/design.md, through run() in process against the simulator.
// The waits between tries take no time (the clock skips them), so a Retry-After of minutes or ten
// seconds of 404s costs nothing, and each is measured on the clock the simulator shares.
import type { Clock } from '../src/base/clock.js'
import { type Fault, type Simulator, startSimulator } from '../test/harness/simulator/server.js'
import { API_KEY, CREATE, GET, PROJECT, count } from './support/agent-fixture.js'
import { holdClosedPort } from './support/closed-port.js'
import { runAgainstInProcess, runInProcess, SkippingClock } from './support/in-process.js'

const status = (
  route: Fault['route'],
  code: number,
  extra: { retryAfter?: string; date?: string; times?: number } = {}
): Fault => ({
  route,
  times: extra.times ?? 1,
  fault: {
    kind: 'status',
    status: code,
    ...(extra.retryAfter !== undefined && { retryAfter: extra.retryAfter }),
    ...(extra.date !== undefined && { date: extra.date })
  }
})

describe('retry policy', () => {
  it('retries a create that found nobody listening, once the service is up', async () => {
    const closed = await holdClosedPort()
    const clock = new SkippingClock()
    let simulator: Simulator | undefined
    // The service comes up while the action waits to try again.
    const startsTheServiceOnWait: Clock = {
      now: () => clock.now(),
      sleep: async (ms, signal) => {
        simulator ??= await startSimulator({
          host: closed.host,
          port: closed.port,
          now: () => clock.now(),
          scenario: { apiKey: API_KEY, projectId: PROJECT, durationMs: 200 }
        })
        return clock.sleep(ms, signal)
      },
      timeout: (ms) => clock.timeout(ms)
    }
    try {
      const run = await runInProcess({
        clock: startsTheServiceOnWait,
        inputs: {
          prompt: 'x',
          'api-key': API_KEY,
          'project-id': PROJECT,
          'base-url': closed.url,
          'poll-interval': '1s',
          comment: 'false'
        }
      })
      expect(run.failed).toBe(false)
      expect(run.outputs.status).toBe('completed')
      expect(run.log).toContain(`debug: create ${closed.url}/v2/agent/${PROJECT}/job: ECONNREFUSED; try 2 in`)
      expect(count(simulator!, 'POST', CREATE)).toBe(1)
    } finally {
      await Promise.all([simulator?.close(), closed.release()])
    }
  })

  it.each([
    ['seconds', { retryAfter: '5' }],
    // A date is on the service's clock: 5 s after the answer's own Date header, whatever this machine's clock says.
    ['an HTTP date', { retryAfter: 'Wed, 21 Oct 2015 07:28:05 GMT', date: 'Wed, 21 Oct 2015 07:28:00 GMT' }]
  ])('waits out a 429 on create with Retry-After in %s, then creates once', async (_form, retry) => {
    const { run, simulator } = await runAgainstInProcess({ faults: [status('create', 429, retry)] }, {})
    expect(run.failed).toBe(false)
    const creates = simulator.requests.filter((r) => CREATE.test(r.path))
    expect(creates).toHaveLength(2)
    expect(creates[1]!.at - creates[0]!.at).toBeGreaterThanOrEqual(5000)
  })

  it('fails saying so when a 429 asks to wait past the timeout', async () => {
    const { run, simulator } = await runAgainstInProcess(
      { faults: [status('create', 429, { retryAfter: '600' })] },
      { timeout: '10s' }
    )
    expect(run.failed).toBe(true)
    expect(run.log).toMatch(/error: .*answered 429.*limit of 100 jobs and messages per hour.*past the "timeout"/)
    expect(count(simulator, 'POST', CREATE)).toBe(1)
  })

  it('says a 429 without Retry-After was a rate limit of unknown length, never that it asked to wait', async () => {
    const { run, simulator } = await runAgainstInProcess(
      { faults: [status('create', 429, { times: 99 })] },
      { timeout: '10s' }
    )
    expect(run.failed).toBe(true)
    expect(count(simulator, 'POST', CREATE)).toBeGreaterThan(1)
    expect(run.log).toMatch(
      /error: Creating the agent job failed: the service answered 429 "Too Many Requests"\. The service rate-limited all \d+ tries without saying for how long \(no Retry-After\), and the next try would have passed the "timeout"\. The project's limit of 100 jobs and messages per hour may be used up\. Re-run later/
    )
    expect(run.log).not.toMatch(/asked to wait/)
  })

  it('retries a 429 on a poll too', async () => {
    const { run, simulator } = await runAgainstInProcess({ faults: [status('get', 429, { retryAfter: '0' })] }, {})
    expect(run.failed).toBe(false)
    expect(simulator.requests[1]).toMatchObject({ method: 'GET' })
    expect(count(simulator, 'GET', GET)).toBeGreaterThanOrEqual(2)
  })

  it('retries 503 on create: the request was not processed', async () => {
    const { run, simulator } = await runAgainstInProcess({ faults: [status('create', 503, { retryAfter: '0' })] }, {})
    expect(run.failed).toBe(false)
    expect(count(simulator, 'POST', CREATE)).toBe(2)
  })

  it.each([500, 502, 504])('never retries a create answered %i, and says a job may exist', async (code) => {
    const { run, simulator } = await runAgainstInProcess({ faults: [status('create', code)] }, {})
    expect(run.failed).toBe(true)
    expect(count(simulator, 'POST', CREATE)).toBe(1)
    expect(run.log).toMatch(
      new RegExp(
        `error: Creating the agent job failed after the request was sent: the service answered ${code}.*may have acted on it.*Check the agent jobs on the dashboard`
      )
    )
    expect(run.outputs['job-id']).toBeUndefined()
  })

  it.each([500, 502, 503, 504])('retries a poll answered %i', async (code) => {
    const { run, simulator } = await runAgainstInProcess(
      { faults: [status('get', code, { times: 2, retryAfter: '0' })] },
      {}
    )
    expect(run.failed).toBe(false)
    expect(run.outputs.status).toBe('completed')
    expect(count(simulator, 'GET', GET)).toBeGreaterThanOrEqual(3)
  })

  it('never retries a create whose connection was reset after sending', async () => {
    const { run, simulator } = await runAgainstInProcess(
      { faults: [{ route: 'create', fault: { kind: 'reset' } }] },
      {}
    )
    expect(run.failed).toBe(true)
    expect(count(simulator, 'POST', CREATE)).toBe(1)
    expect(run.log).toMatch(/error: .*failed after the request was sent: no answer \(ECONNRESET\)/)
  })

  it('retries a poll whose connection was reset, or that came back as a page that is not a job', async () => {
    const faults: Fault[] = [
      { route: 'get', fault: { kind: 'reset' } },
      { route: 'get', fault: { kind: 'malformed' } }
    ]
    const { run, simulator } = await runAgainstInProcess({ faults }, {})
    expect(run.failed).toBe(false)
    expect(count(simulator, 'GET', GET)).toBeGreaterThanOrEqual(3)
  })

  it('follows a job whose id needs encoding in the path', async () => {
    const { run, simulator } = await runAgainstInProcess({ jobIds: ['job 1/a'] }, {})
    expect(run.failed).toBe(false)
    expect(run.outputs).toMatchObject({ 'job-id': 'job 1/a', status: 'completed' })
    expect(simulator.requests.some((request) => request.path.endsWith('/job/job%201%2Fa'))).toBe(true)
  })

  it('says why a created job whose id has a line break cannot be followed', async () => {
    const { run } = await runAgainstInProcess({ jobIds: ['job\n1'] }, {})
    expect(run.failed).toBe(true)
    expect(run.log).not.toContain('unexpected error')
    expect(run.log).toMatch(
      /error: Creating the agent job failed after the request was sent: the service answered 201 with a body that is not the agent job's record \(its "id" "job\\n1" cannot be used: it contains a control character/
    )
  })

  it('ends the wait as a timeout when a 429 on a poll asks to wait past it, honouring fail-on-job-failure', async () => {
    const faults = [status('get', 429, { retryAfter: '600' })]
    const { run } = await runAgainstInProcess(
      { durationMs: 60_000, faults },
      { timeout: '10s', 'fail-on-job-failure': 'false' }
    )
    expect(run.failed).toBe(false)
    expect(run.outputs.status).toBe('active')
    expect(run.log).toMatch(
      /warning \(Docs agent\): Stopped waiting after 1s of the 10s "timeout": the next try would not have fit in it\. Agent job/
    )
    expect(run.log).not.toMatch(/limit of 100/)
  })

  it.each([
    [
      'only 404s',
      { kind: 'status', status: 404, body: JSON.stringify({ error: 'Job not found' }) },
      /404 "Job not found"/
    ],
    [
      "another job's record",
      { kind: 'malformed', body: JSON.stringify({ id: 'someone-else', status: 'active' }) },
      /200 with a body that is not the agent job's record \(it is the record of job "someone-else", not of "[^"]+"\)/
    ]
  ] as const)(
    'ends a wait whose reads got %s saying what they got, not that the job still runs',
    async (_what, fault, seen) => {
      const { run } = await runAgainstInProcess(
        { durationMs: 60_000, faults: [{ route: 'get', times: 999, fault }] },
        { timeout: '6s' }
      )
      expect(run.failed).toBe(true)
      const jobId = run.outputs['job-id'] ?? ''
      const [line] = run.log.split('\n').filter((entry) => entry.startsWith('error: '))
      expect(line).toMatch(
        new RegExp(
          `^error: Stopped waiting after \\d+s of the 6s "timeout": the next try would not have fit in it\\. The last read of agent job ${jobId} got no record of it \\(the service answered `
        )
      )
      expect(line).toMatch(seen)
      expect(line).toContain(
        `so whether it still runs is not known. To look again, run the action with job-id: ${jobId} and no prompt.`
      )
      expect(line).not.toMatch(/still (active|running) and goes on/)
    }
  )

  it('fails a create answered with something that is not a job, saying it may exist', async () => {
    const { run } = await runAgainstInProcess({ faults: [{ route: 'create', fault: { kind: 'malformed' } }] }, {})
    expect(run.failed).toBe(true)
    expect(run.log).toMatch(/error: .*may have acted on it/)
  })

  it('aborts a poll that hangs when the timeout comes', async () => {
    const { run } = await runAgainstInProcess(
      { faults: [{ route: 'get', times: 99, fault: { kind: 'hang' } }] },
      { timeout: '2s' }
    )
    expect(run.failed).toBe(true)
    expect(run.log).toMatch(/error: Stopped waiting after 2s/)
    expect(run.outputs['job-id']).toMatch(/\S/)
  })

  it.each([
    [400, /answered 400 "Bad Request".*refused the request as invalid/],
    [401, /answered 401.*wrong, revoked or expired/],
    [403, /answered 403.*scope.*IP allow-list/]
  ])('fails at once on %i with a hint', async (code, hint) => {
    const { run, simulator } = await runAgainstInProcess({ faults: [status('create', code)] }, {})
    expect(run.failed).toBe(true)
    expect(simulator.requests).toHaveLength(1)
    expect(run.log).toMatch(hint)
  })

  it('still writes the job id when a poll fails for good after the job was created', async () => {
    const { run } = await runAgainstInProcess({ faults: [status('get', 401)] }, {})
    expect(run.failed).toBe(true)
    expect(run.outputs['job-id']).toMatch(/\S/)
    expect(run.outputs.status).toBe('active')
    expect(run.log).toMatch(/error: Reading the agent job \S+ failed: the service answered 401/)
  })

  it('fails at once on 404 for a create: the project id', async () => {
    const { run, simulator } = await runAgainstInProcess({}, { 'project-id': 'no-such-project' })
    expect(run.failed).toBe(true)
    expect(simulator.requests).toHaveLength(1)
    expect(run.log).toMatch(/answered 404 "Project not found".*check "project-id"/)
  })

  it('tries a missing job a few times over about ten seconds, then fails with "job not found"', async () => {
    const { run, simulator } = await runAgainstInProcess({}, { prompt: '', 'job-id': 'no-such-job' })
    expect(run.failed).toBe(true)
    const polls = simulator.requests.filter((r) => r.method === 'GET')
    expect(polls).toHaveLength(5)
    expect(polls.at(-1)!.at - polls[0]!.at).toBeGreaterThanOrEqual(9000)
    expect(run.log).toMatch(
      /error: Reading the agent job no-such-job failed: the service answered 404 "Job not found" after 5 tries\. Job not found/
    )
  })
})
