// The agent API simulator, over real HTTP: it must answer as the vendor's OpenAPI document says (docs/design.md lists the facts),
// and inject the faults a scenario asks for, or the end-to-end tests built on it prove nothing.

import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { get as httpsGet } from 'node:https'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startSimulator, type JobRecord, type Scenario, type Simulator } from '../test/harness/simulator/server.js'

const KEY = 'mint_demo_key'
const JOBS = '/v2/agent/demo-project/job'

let sim: Simulator
let clock = 0

async function start(scenario: Scenario = {}): Promise<void> {
  clock = 1_700_000_000_000
  sim = await startSimulator({ scenario, now: () => clock })
}

afterEach(() => sim?.close())

function call(method: string, path: string, body?: unknown, key: string | null = KEY) {
  const headers: Record<string, string> = { 'content-type': 'application/json' }
  if (key !== null) headers.authorization = `Bearer ${key}`
  const payload = body === undefined || typeof body === 'string' ? body : JSON.stringify(body)
  return fetch(`${sim.url}${path}`, { method, headers, body: payload })
}

const create = (prompt = 'Document the webhooks API') => call('POST', JOBS, { prompt })
const getJob = (id: string) => call('GET', `${JOBS}/${id}`)
const sendMessage = (id: string, prompt = 'Also add an example') => call('POST', `${JOBS}/${id}/message`, { prompt })

/** The job record in a 2xx answer, as sent: exact assertions on it see any field too many or too few. */
async function jobFrom(response: Response): Promise<JobRecord> {
  const body: unknown = await response.json()
  if (!response.ok)
    throw new Error(`expected a job from ${response.url}, got ${response.status} ${JSON.stringify(body)}`)
  return body as JobRecord
}

describe('the documented job cycle', () => {
  it('creates an active job shaped as the AgentJob schema', async () => {
    await start()
    const response = await create()
    expect(response.status).toBe(201)
    expect(response.headers.get('content-type')).toBe('application/json')
    const job = await jobFrom(response)
    expect(job).toEqual({
      id: expect.any(String),
      status: 'active',
      source: { repository: 'https://github.com/acme/docs', ref: 'main' },
      model: expect.any(String),
      prLink: null,
      createdAt: new Date(clock).toISOString(),
      archivedAt: null
    })
    const second = await jobFrom(await create())
    expect(second.id).not.toBe(job.id)
  })

  it('keeps a job active for durationMs, then completes it with a PR link', async () => {
    await start({ durationMs: 1000 })
    const { id } = await jobFrom(await create())
    clock += 999
    expect((await jobFrom(await getJob(id))).status).toBe('active')
    clock += 1
    const done = await jobFrom(await getJob(id))
    expect(done).toMatchObject({
      status: 'completed',
      prLink: 'https://github.com/acme/docs/pull/1'
    })
    expect(sim.jobs.get(id)?.status).toBe('completed')
  })

  it('follows the real clock when no clock is injected', async () => {
    sim = await startSimulator({ scenario: { durationMs: 300 } })
    // The create's own answer: a read after it may come after the job's 300 ms on a busy machine.
    const { id, status } = await jobFrom(await create())
    expect(status).toBe('active')
    await new Promise((resolve) => setTimeout(resolve, 350))
    expect((await jobFrom(await getJob(id))).status).toBe('completed')
  })

  it('shows interim statuses during the run', async () => {
    await start({
      durationMs: 1000,
      undocumented: ['status'],
      interimStatuses: [
        { afterMs: 400, status: 'active' },
        { afterMs: 0, status: 'queued' }
      ]
    })
    const created = await jobFrom(await create())
    expect(created.status).toBe('queued')
    clock += 500
    expect((await jobFrom(await getJob(created.id))).status).toBe('active')
  })

  it('ends failed, archived or without changes as the scenario says', async () => {
    await start({ durationMs: 10, finalStatus: 'failed' })
    const failed = await jobFrom(await create())
    sim.setScenario({ durationMs: 10, finalStatus: 'archived' })
    const archived = await jobFrom(await create())
    sim.setScenario({ durationMs: 10, prLink: null })
    const unchanged = await jobFrom(await create())
    const startedAt = clock
    clock += 10
    expect(await jobFrom(await getJob(failed.id))).toMatchObject({ status: 'failed', prLink: null })
    expect(await jobFrom(await getJob(archived.id))).toMatchObject({
      status: 'archived',
      prLink: null,
      archivedAt: new Date(startedAt + 10).toISOString()
    })
    expect(await jobFrom(await getJob(unchanged.id))).toMatchObject({
      status: 'completed',
      prLink: null
    })
  })

  it('puts a job back to work on a follow-up message, then ends it with a new PR', async () => {
    await start({ durationMs: 100 })
    const { id } = await jobFrom(await create())
    clock += 100
    expect((await jobFrom(await getJob(id))).prLink).toBe('https://github.com/acme/docs/pull/1')
    const response = await sendMessage(id)
    expect(response.status).toBe(200)
    expect(await jobFrom(response)).toMatchObject({ id, status: 'active', prLink: null })
    clock += 99
    expect((await jobFrom(await getJob(id))).status).toBe('active')
    clock += 1
    expect(await jobFrom(await getJob(id))).toMatchObject({
      status: 'completed',
      prLink: 'https://github.com/acme/docs/pull/2'
    })
  })

  it('matches URL-decoded path segments', async () => {
    await start({ projectId: 'docs.site' })
    const response = await call('POST', '/v2/agent/docs%2Esite/job', { prompt: 'x' })
    expect(response.status).toBe(201)
    const { id } = await jobFrom(response)
    const encodedId = [...id].map((c) => `%${c.charCodeAt(0).toString(16)}`).join('')
    expect((await call('GET', `/v2/agent/docs.site/job/${encodedId}`)).status).toBe(200)
  })
})

describe('documented errors', () => {
  it('answers 401 to a missing or wrong key', async () => {
    await start()
    for (const key of [null, 'mint_other_key']) {
      const response = await call('POST', JOBS, { prompt: 'x' }, key)
      expect(response.status).toBe(401)
      expect(await response.json()).toEqual({ error: 'Invalid API key' })
    }
    expect(sim.jobs.size).toBe(0)
  })

  it('answers 404 to an unknown project, job or route', async () => {
    await start()
    const cases: [string, string, unknown, string][] = [
      ['POST', '/v2/agent/other-project/job', { prompt: 'x' }, 'Project not found'],
      ['GET', `${JOBS}/no-such-job`, undefined, 'Job not found'],
      ['POST', `${JOBS}/no-such-job/message`, { prompt: 'x' }, 'Job not found'],
      ['GET', JOBS, undefined, 'Not found'],
      ['GET', '/v1/agent/demo-project/job/x', undefined, 'Not found']
    ]
    for (const [method, path, body, error] of cases) {
      const response = await call(method, path, body)
      expect([path, response.status, await response.json()]).toEqual([path, 404, { error }])
    }
  })

  it('answers 400 to a body without a non-empty prompt', async () => {
    await start()
    const { id } = await jobFrom(await create())
    for (const body of ['{"prompt": ""}', '{}', '{"prompt": 3}', 'not json', '']) {
      for (const path of [JOBS, `${JOBS}/${id}/message`]) {
        const response = await call('POST', path, body)
        expect([body, path, response.status]).toEqual([body, path, 400])
        expect(await response.json()).toEqual({ error: expect.any(String) })
      }
    }
  })

  it('limits creates and messages per rolling hour, with Retry-After', async () => {
    await start({ rateLimitPerHour: 2 })
    const { id } = await jobFrom(await create())
    expect((await call('POST', JOBS, { prompt: '' })).status).toBe(400) // not counted
    clock += 60_000
    expect((await sendMessage(id)).status).toBe(200)
    clock += 60_000
    const limited = await create()
    expect(limited.status).toBe(429)
    expect(limited.headers.get('retry-after')).toBe(String(3600 - 120))
    expect(await limited.json()).toEqual({ error: 'Rate limit exceeded' })
    expect((await sendMessage(id)).status).toBe(429)
    expect((await getJob(id)).status).toBe(200) // reads are not limited
    clock += 3600_000 - 120_000
    expect((await create()).status).toBe(201)
  })
})

describe('faults', () => {
  it('consumes faults in order, each for its number of times, before authentication', async () => {
    await start({
      faults: [
        { route: 'get', times: 2, fault: { kind: 'status', status: 500 } },
        { route: 'any', fault: { kind: 'status', status: 503, retryAfter: '7' } }
      ]
    })
    const unavailable = await call('POST', JOBS, { prompt: 'x' }, 'wrong-key')
    expect(unavailable.status).toBe(503)
    expect(unavailable.headers.get('retry-after')).toBe('7')
    expect(await unavailable.json()).toEqual({ error: 'Service Unavailable' })
    const { id } = await jobFrom(await create())
    expect((await getJob(id)).status).toBe(500)
    expect((await getJob(id)).status).toBe(500)
    expect((await getJob(id)).status).toBe(200)
    expect(sim.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      `POST ${JOBS}`,
      `POST ${JOBS}`,
      ...Array(3).fill(`GET ${JOBS}/${id}`)
    ])
    expect(sim.requests[1]).toMatchObject({ body: '{"prompt":"Document the webhooks API"}' })
    expect(sim.requests[1]?.headers.authorization).toBe(`Bearer ${KEY}`)
  })

  it('sends a 429 with the given Retry-After and raw body', async () => {
    await start({
      faults: [
        {
          route: 'create',
          fault: { kind: 'status', status: 429, retryAfter: '2', body: 'slow down' }
        }
      ]
    })
    const response = await create()
    expect(response.status).toBe(429)
    expect(response.headers.get('retry-after')).toBe('2')
    expect(await response.text()).toBe('slow down')
    expect(sim.jobs.size).toBe(0)
  })

  it('answers 2xx with a body that is not a job', async () => {
    await start({
      faults: [
        { route: 'create', fault: { kind: 'malformed' } },
        { route: 'get', fault: { kind: 'malformed', body: '{"ok":true}' } }
      ]
    })
    const html = await create()
    expect(html.status).toBe(201)
    expect(html.headers.get('content-type')).toBe('text/html')
    expect(await html.text()).toMatch(/^<html>/)
    expect(sim.jobs.size).toBe(0)
    const { id } = await jobFrom(await create())
    const json = await getJob(id)
    expect(json.status).toBe(200)
    expect(await json.json()).toEqual({ ok: true })
  })

  it('resets the connection after reading the request', async () => {
    await start({ faults: [{ route: 'create', fault: { kind: 'reset' } }] })
    await expect(create()).rejects.toThrow()
    expect(sim.requests).toHaveLength(1)
    expect(sim.jobs.size).toBe(0)
    expect((await create()).status).toBe(201)
  })

  it('resets the connection after carrying the request out, as a service whose answer was lost', async () => {
    await start({ faults: [{ route: 'create', fault: { kind: 'reset', afterEffect: true } }] })
    await expect(create()).rejects.toThrow()
    expect(sim.jobs.size).toBe(1)
    expect((await create()).status).toBe(201)
    expect(sim.jobs.size).toBe(2)
  })

  it('hangs until the simulator closes', async () => {
    await start({ faults: [{ route: 'any', fault: { kind: 'hang' } }] })
    const pending = create()
    while (sim.requests.length === 0) await new Promise((resolve) => setTimeout(resolve, 5))
    await sim.close()
    await expect(pending).rejects.toThrow()
  })

  it('replaces the faults with the scenario', async () => {
    await start({ faults: [{ route: 'any', times: 5, fault: { kind: 'status', status: 502 } }] })
    expect((await create()).status).toBe(502)
    sim.setScenario({})
    expect((await create()).status).toBe(201)
  })
})

it('serves https when given a key and certificate', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'simulator-tls-'))
  try {
    const [key, cert] = [join(dir, 'key.pem'), join(dir, 'cert.pem')]
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-keyout',
        key,
        '-out',
        cert,
        '-days',
        '1',
        '-subj',
        '/CN=127.0.0.1',
        '-addext',
        'subjectAltName=IP:127.0.0.1'
      ],
      { stdio: 'ignore' }
    )
    const tls = { key: readFileSync(key), cert: readFileSync(cert) }
    sim = await startSimulator({ tls })
    expect(sim.url).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/)
    const status = await new Promise<number | undefined>((resolve, reject) => {
      httpsGet(`${sim.url}/v2/agent/demo-project/job/x`, { ca: tls.cert }, (response) => {
        response.resume()
        resolve(response.statusCode)
      }).on('error', reject)
    })
    expect(status).toBe(401)
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})
