// The agent API client against the simulator, in process: what the bundle tests cannot afford to
// wait for (the per-request timeout) and what they cannot see (the request paths and headers). Time
// is virtual: a request's time limit runs out only when a test moves the clock, so no test depends
// on how fast the machine answers.
import { AgentClient } from '../src/agent/client.js'
import { AgentApiError } from '../src/agent/errors.js'
import { systemClock, VirtualClock } from '../src/base/clock.js'
import { type Scenario, type Simulator, startSimulator } from '../test/harness/simulator/server.js'

const KEY = 'mint_client_test_key'
let simulator: Simulator
let clock: VirtualClock
/** Told when the simulator has read a request (and answered it, or not, as its fault says). */
let requestRead: (() => void) | undefined

beforeEach(async () => {
  requestRead = undefined
  clock = new VirtualClock(Date.now())
  simulator = await startSimulator({
    scenario: { apiKey: KEY, projectId: 'proj.1', durationMs: 100 },
    now: () => clock.now(),
    log: () => requestRead?.()
  })
})
afterEach(() => simulator.close())

/** The per-request time limit of the tests of a request that hangs. */
const HANG_LIMIT_MS = 1_000

/** Once the simulator has read the next request (one that hangs), the time limit passes. */
function hangsPastTheLimit(): void {
  requestRead = () => {
    requestRead = undefined
    clock.advance(HANG_LIMIT_MS)
  }
}

function client(overrides: Partial<ConstructorParameters<typeof AgentClient>[0]> = {}, scenario?: Scenario) {
  if (scenario) simulator.setScenario({ apiKey: KEY, projectId: 'proj.1', durationMs: 100, ...scenario })
  return new AgentClient({
    baseUrl: new URL(simulator.url),
    apiKey: KEY,
    projectId: 'proj.1',
    clock,
    deadline: clock.now() + 10_000,
    timeoutMs: 10_000,
    requestTimeoutMs: 5_000,
    random: () => 0,
    ...overrides
  })
}

describe('AgentClient', () => {
  it('creates, reads and messages a job on the documented paths with the bearer key', async () => {
    const api = client()
    try {
      const job = await api.createJob('Write docs')
      expect(job).toMatchObject({ status: 'active', prLink: null })
      await expect(api.getJob(job.id)).resolves.toMatchObject({ id: job.id })
      await expect(api.sendMessage(job.id, 'More')).resolves.toMatchObject({ id: job.id, status: 'active' })
      expect(simulator.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
        'POST /v2/agent/proj.1/job',
        `GET /v2/agent/proj.1/job/${job.id}`,
        `POST /v2/agent/proj.1/job/${job.id}/message`
      ])
      expect(simulator.requests[0]!.headers.authorization).toBe(`Bearer ${KEY}`)
      expect(simulator.requests[0]!.headers['content-type']).toBe('application/json')
    } finally {
      api.close()
    }
  })

  it('path-encodes the job id', async () => {
    const api = client({ deadline: clock.now() + 1000 })
    try {
      await expect(api.getJob('a b?c')).rejects.toThrow(AgentApiError)
      expect(simulator.requests[0]!.path).toBe('/v2/agent/proj.1/job/a%20b%3Fc')
    } finally {
      api.close()
    }
  })

  it('gives up on a read that hangs past the per-request timeout, and tries again', async () => {
    const api = client({ requestTimeoutMs: HANG_LIMIT_MS }, { faults: [{ route: 'get', fault: { kind: 'hang' } }] })
    try {
      const job = await api.createJob('x')
      // Nothing else ends the first read: the clock passes its limit only as it is held.
      hangsPastTheLimit()
      await expect(api.getJob(job.id)).resolves.toMatchObject({ id: job.id })
      expect(simulator.requests.filter((r) => r.method === 'GET')).toHaveLength(2)
    } finally {
      api.close()
    }
  })

  it('never retries a create that hung after sending: a job may exist', async () => {
    const api = client({ requestTimeoutMs: HANG_LIMIT_MS }, { faults: [{ route: 'create', fault: { kind: 'hang' } }] })
    try {
      hangsPastTheLimit()
      const error = await api.createJob('x').catch((caught: unknown) => caught)
      expect(error).toBeInstanceOf(AgentApiError)
      expect(error).toMatchObject({ reason: 'maybe-processed', jobMayExist: true, operation: 'create' })
      expect(simulator.requests).toHaveLength(1)
    } finally {
      api.close()
    }
  })

  it('aborts an in-flight request at once when cancelled', async () => {
    const controller = new AbortController()
    const api = client(
      { signal: controller.signal, requestTimeoutMs: 30_000 },
      { faults: [{ route: 'get', fault: { kind: 'hang' } }] }
    )
    try {
      // The clock never moves: the request's 30 s limit never runs out, and only the cancel can end it.
      requestRead = () => controller.abort()
      await expect(api.getJob('j')).rejects.toMatchObject({ reason: 'cancelled' })
    } finally {
      api.close()
    }
  })

  it('says a job may exist when a cancel cuts off a create that was already sent', async () => {
    const controller = new AbortController()
    const api = client(
      { signal: controller.signal, requestTimeoutMs: 30_000 },
      { faults: [{ route: 'create', fault: { kind: 'hang' } }] }
    )
    try {
      requestRead = () => controller.abort()
      const error = await api.createJob('x').catch((caught: unknown) => caught)
      expect(error).toMatchObject({ reason: 'cancelled-after-sending', jobMayExist: true })
      expect((error as Error).message).toMatch(
        /after the request was sent, so the service may have acted on it\. Check the agent jobs on the dashboard/
      )
    } finally {
      api.close()
    }
  })

  it('reports retries without the key', async () => {
    const messages: string[] = []
    const api = client(
      { onRetry: (message) => messages.push(message) },
      { faults: [{ route: 'get', fault: { kind: 'status', status: 503, retryAfter: '0' } }] }
    )
    try {
      const job = await api.createJob('x')
      await api.getJob(job.id)
      expect(messages).toEqual([
        expect.stringMatching(/^get http:\/\/127\.0\.0\.1:\d+\/v2\/agent\/proj\.1\/job\/\S+: 503; try 2 in 500 ms$/)
      ])
      expect(messages.join()).not.toContain(KEY)
    } finally {
      api.close()
    }
  })

  it('carries any job id the service gives through the path, and back', async () => {
    const ids = ['job 1', 'a/b?c#d', 'ジョブ', '%2e%2e', '..x', 'j'.repeat(256)]
    const api = client({}, { jobIds: ids })
    try {
      for (const id of ids) {
        const job = await api.createJob('x')
        expect(job.id).toBe(id)
        await expect(api.getJob(id)).resolves.toMatchObject({ id })
        await expect(api.sendMessage(id, 'More')).resolves.toMatchObject({ id })
      }
      expect(simulator.requests.find((r) => r.method === 'GET')!.path).toBe('/v2/agent/proj.1/job/job%201')
      expect(simulator.requests.filter((r) => r.method === 'GET')[1]!.path).toBe('/v2/agent/proj.1/job/a%2Fb%3Fc%23d')
    } finally {
      api.close()
    }
  })

  it.each([
    ['', /its "id" "" cannot be used: it is empty/],
    ['..', /its "id" "\.\." cannot be used: "\.\." would name a path/],
    [
      'job\n::set-output name=x::y',
      /its "id" "job\\n::set-output name=x::y" cannot be used: it contains a control character/
    ],
    ['j'.repeat(257), /cannot be used: it is 257 characters long/]
  ])('says why a created job with the id %j cannot be followed', async (id, problem) => {
    const api = client({}, { jobIds: [id] })
    try {
      const error = await api.createJob('x').catch((caught: unknown) => caught)
      expect(error).toMatchObject({ reason: 'maybe-processed', jobMayExist: true })
      expect((error as Error).message).toMatch(
        /^Creating the agent job failed after the request was sent: the service answered 201 with a body that is not the agent job's record \(/
      )
      expect((error as Error).message).toMatch(problem)
    } finally {
      api.close()
    }
  })

  it("takes a read that answers with another job's record for a malformed answer", async () => {
    const other = JSON.stringify({ id: 'someone-else', status: 'completed' })
    const api = client(
      { deadline: clock.now() + 10_000, timeoutMs: 10_000 },
      { faults: [{ route: 'get', times: 100, fault: { kind: 'malformed', body: other } }] }
    )
    try {
      const job = await api.createJob('x')
      const error = await api.getJob(job.id).catch((caught: unknown) => caught)
      expect(error).toMatchObject({ reason: 'deadline' })
      expect((error as Error).message).toContain(`it is the record of job "someone-else", not of "${job.id}"`)
      expect(simulator.requests.filter((r) => r.method === 'GET').length).toBeGreaterThan(1)
    } finally {
      api.close()
    }
  })

  it('ends a read held back by a 429 past the deadline as a timeout, not as the hourly limit', async () => {
    const api = client(
      { deadline: clock.now() + 10_000, timeoutMs: 20_000 },
      { faults: [{ route: 'get', fault: { kind: 'status', status: 429, retryAfter: '600' } }] }
    )
    try {
      const job = await api.createJob('x')
      const error = await api.getJob(job.id).catch((caught: unknown) => caught)
      expect(error).toMatchObject({ reason: 'deadline', operation: 'get' })
      expect((error as Error).message).toMatch(
        /the service answered 429 "Too Many Requests"; stopped after 10s of the 20s "timeout": the next try would not have fit in it\./
      )
      expect((error as Error).message).not.toMatch(/limit/)
    } finally {
      api.close()
    }
  })

  it("waits out a Retry-After date by the service's own clock, an hour ahead of the runner's", async () => {
    const serverNow = clock.now() + 3_600_000
    const fault = {
      kind: 'status',
      status: 429,
      date: new Date(serverNow).toUTCString(),
      retryAfter: new Date(serverNow + 1000).toUTCString()
    } as const
    const api = client({}, { faults: [{ route: 'create', fault }] })
    try {
      await expect(api.createJob('x')).resolves.toMatchObject({ status: 'active' })
      expect(simulator.requests.filter((r) => r.method === 'POST')).toHaveLength(2)
    } finally {
      api.close()
    }
  })

  it('takes the key out of every field of the job records it returns', async () => {
    const echo = (text: string) => `${text}-${KEY.toUpperCase()}-${Buffer.from(KEY).toString('base64')}`
    const api = client({}, { model: echo('model'), ref: echo('ref'), repository: `https://github.com/${KEY}/docs` })
    try {
      const created = await api.createJob('x')
      const read = await api.getJob(created.id)
      for (const job of [created, read]) {
        expect(JSON.stringify(job).toLowerCase()).not.toContain(KEY.toLowerCase())
        expect(JSON.stringify(job)).not.toContain(Buffer.from(KEY).toString('base64').slice(0, 20))
        expect(job).toMatchObject({
          model: expect.stringMatching(/^model-\*\*\*-\*\*\*/),
          source: { repository: 'https://github.com/***/docs' }
        })
      }
    } finally {
      api.close()
    }
  })

  it('refuses a record whose id holds the key, never quoting it: the id goes into paths and markers', async () => {
    const api = client({}, { jobIds: [`job-${KEY}`] })
    try {
      const error = await api.createJob('x').catch((caught: unknown) => caught)
      expect(error).toMatchObject({ reason: 'maybe-processed', jobMayExist: true })
      expect((error as Error).message).toContain(
        `a body that is not the agent job's record (its "id" contains the API key)`
      )
      expect((error as Error).message).not.toContain(KEY)
    } finally {
      api.close()
    }
  })

  it("never quotes the key from another job's record answered to a read", async () => {
    const other = JSON.stringify({ id: `other-${KEY}`, status: 'active' })
    const fault = { kind: 'malformed', body: other } as const
    const api = client({ deadline: clock.now() + 1500 }, { faults: [{ route: 'get', times: 100, fault }] })
    try {
      const error = await api.getJob('job-1').catch((caught: unknown) => caught)
      expect((error as Error).message).toContain('it is the record of job "other-***", not of "job-1"')
      expect((error as Error).message).not.toContain(KEY)
    } finally {
      api.close()
    }
  })

  it("quotes another job's id with the key taken out before it is cut short, so no part of the key shows", async () => {
    // Cut first, the quote would end in the key's first ten characters, which no longer match it.
    const other = JSON.stringify({ id: `${'x'.repeat(50)}${KEY}-${'y'.repeat(20)}`, status: 'active' })
    const fault = { kind: 'malformed', body: other } as const
    const api = client({ deadline: clock.now() + 1500 }, { faults: [{ route: 'get', times: 100, fault }] })
    try {
      const error = await api.getJob('job-1').catch((caught: unknown) => caught)
      expect((error as Error).message).toContain(`it is the record of job "${'x'.repeat(50)}***-${'y'.repeat(6)}…"`)
      expect((error as Error).message).not.toContain(KEY.slice(0, 8))
    } finally {
      api.close()
    }
  })

  it('takes the key out of a record that hides it behind zero-width characters', async () => {
    const hidden = [...KEY].join('\u200b')
    const api = client(
      {},
      {
        model: `model-${hidden}`,
        interimStatuses: [{ afterMs: 0, status: `active-${hidden}` }],
        undocumented: ['status']
      }
    )
    try {
      const created = await api.createJob('x')
      expect(created).toMatchObject({ status: 'active-***', model: 'model-***' })
    } finally {
      api.close()
    }
  })

  it("takes the key out of the service's words in any letter case and in base64", async () => {
    const base64 = (text: string) => Buffer.from(text).toString('base64')
    const echoes = [
      KEY.toUpperCase(),
      base64(KEY),
      base64(`Authorization: Bearer ${KEY}`),
      base64(`x${KEY}`).replace(/\+/g, '-').replace(/\//g, '_'),
      base64(`xy${KEY}`)
    ]
    const body = JSON.stringify({ error: `key refused: ${echoes.join(' ')}` })
    const api = client({}, { faults: [{ route: 'create', fault: { kind: 'status', status: 400, body } }] })
    try {
      const error = await api.createJob('x').catch((caught: unknown) => caught)
      expect(error).toBeInstanceOf(AgentApiError)
      const { message, apiMessage } = error as AgentApiError
      expect(apiMessage).toMatch(/^key refused: \*\*\*/)
      for (const text of [message, apiMessage ?? '']) {
        expect(text.toLowerCase()).not.toContain(KEY.toLowerCase())
        expect(text).not.toContain(base64(KEY).slice(0, 20))
        for (const offset of [0, 1, 2]) {
          const encoded = base64(`${'x'.repeat(offset)}${KEY}`)
          expect(text).not.toContain(encoded.slice(4, 24))
          expect(text).not.toContain(encoded.slice(4, 24).replace(/\+/g, '-').replace(/\//g, '_'))
        }
      }
    } finally {
      api.close()
    }
  })
})

describe('AgentClient behind a proxy', () => {
  const saved = process.env.HTTP_PROXY
  afterEach(() => {
    if (saved === undefined) delete process.env.HTTP_PROXY
    else process.env.HTTP_PROXY = saved
  })

  // The settings accept plain http only for loopback; such a request carries the key in clear text,
  // so it must never reach a proxy, whatever address form names the loopback host.
  it.each(['127.0.0.1', '[::ffff:127.0.0.1]'])('goes straight to %s, never through HTTP_PROXY', async (host) => {
    process.env.HTTP_PROXY = 'http://127.0.0.1:9' // nothing listens there: a proxied request fails
    const api = client({ baseUrl: new URL(simulator.url.replace('127.0.0.1', host)) })
    try {
      await expect(api.createJob('Write docs')).resolves.toMatchObject({ status: 'active' })
    } finally {
      api.close()
    }
  })
})

describe('AgentClient out of time', () => {
  it('sends no create once the deadline has passed, and says nothing was created', async () => {
    const api = client({ deadline: clock.now() - 1, timeoutMs: 20_000 })
    try {
      const failure = api.createJob('Write docs')
      await expect(failure).rejects.toMatchObject({ reason: 'out-of-time' })
      await expect(failure).rejects.toThrow(
        'Creating the agent job was not sent: the 20s "timeout" had run out before it could go, so nothing was created or sent.'
      )
      expect(simulator.requests).toEqual([])
    } finally {
      api.close()
    }
  })
})

describe('AgentClient on an injected clock', () => {
  it('works when the clock keeps fractions of a millisecond, as virtual clocks do', async () => {
    clock.advance(0.6)
    // Less time left than the per-request limit, so the time left itself bounds the request.
    const api = client({ deadline: clock.now() + 250.3, requestTimeoutMs: 5_000 })
    try {
      await expect(api.createJob('Write docs')).resolves.toMatchObject({ status: 'active' })
    } finally {
      api.close()
    }
  })

  it("runs out a system clock's time limit of a fraction of a millisecond, as a timer takes whole ones", async () => {
    const limit = systemClock.timeout(250.3 - 0.6)
    await new Promise((ended) => limit.addEventListener('abort', ended, { once: true }))
    expect((limit.reason as Error).name).toBe('TimeoutError')
  })
})
