// The simulator answers only as the vendor's document allows, judged by its own copy of the document
// (test/harness/simulator/schema.ts), never by the client's types: otherwise a client bug would be
// served back to the client and the end-to-end tests would agree with it.

import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { parseJob } from '../src/agent/job.js'
import { parseScenario } from '../test/harness/simulator/scenario.js'
import { answerProblems, operationOf, requestProblem } from '../test/harness/simulator/schema.js'
import { type Scenario, type Simulator, startSimulator } from '../test/harness/simulator/server.js'

const KEY = 'mint_demo_key'
const JOBS = '/v2/agent/demo-project/job'

const WELL_FORMED = {
  id: 'job-1',
  status: 'completed',
  source: { repository: 'https://github.com/acme/docs', ref: null },
  model: 'sonnet',
  prLink: 'https://github.com/acme/docs/pull/7',
  createdAt: '2025-06-01T10:00:00.000Z',
  archivedAt: null
}

describe('the check against the vendor schema', () => {
  it('passes a well-formed job record and error body where the document lists them', () => {
    expect(answerProblems('create', 201, { ...WELL_FORMED, status: 'active', prLink: null })).toEqual([])
    expect(answerProblems('get', 200, WELL_FORMED)).toEqual([])
    expect(answerProblems('message', 200, WELL_FORMED)).toEqual([])
    expect(answerProblems('message', 429, { error: 'Rate limit exceeded' })).toEqual([])
    expect(answerProblems(undefined, 404, { error: 'Not found' })).toEqual([])
  })

  it.each([
    [{ model: 42 }, '"model" is 42, not a string'],
    [{ source: { repository: 'https://github.com/acme/docs', ref: 3 } }, '"source.ref" is 3, not a string or null'],
    [{ source: { repository: 'acme/docs', ref: 'main' } }, '"source.repository" is "acme/docs", not a URI'],
    [
      { prLink: 'https://github.com/acme/docs/pull/7\n::x' },
      '"prLink" is "https://github.com/acme/docs/pull/7\\n::x", not a URI'
    ],
    [{ createdAt: 'yesterday' }, '"createdAt" is "yesterday", not an RFC 3339 date-time'],
    [{ archivedAt: 1_700_000_000 }, '"archivedAt" is 1700000000, not a string or null'],
    [{ status: 'queued' }, '"status" is "queued", not one of active, completed, archived, failed'],
    [{ status: undefined }, '"status" is missing'],
    [{ branch: 'main' }, 'the 200 answer has "branch", a field the document does not list']
  ])('catches a job record with %j', (change, problem) => {
    expect(answerProblems('get', 200, { ...WELL_FORMED, ...change })).toEqual([problem])
  })

  it('catches a status the document does not list for the operation, and a body of the wrong schema', () => {
    expect(answerProblems('create', 200, WELL_FORMED)).toEqual([
      '200 is not a status the document lists for the create operation'
    ])
    expect(answerProblems('get', 429, { error: 'x' })).toEqual([
      '429 is not a status the document lists for the get operation'
    ])
    expect(answerProblems('get', 404, { error: 'x', id: 'job-1' })).toEqual([
      'the 404 answer has "id", a field the document does not list'
    ])
    expect(answerProblems('create', 201, '<html>')).toEqual(['the 201 answer is "<html>", not an object'])
  })

  it('lets a field the scenario names as undocumented hold any value of its type, and nothing else', () => {
    const offSchema = { ...WELL_FORMED, status: 'queued', prLink: 'not a link' }
    expect(answerProblems('get', 200, offSchema, ['status', 'prLink'])).toEqual([])
    expect(answerProblems('get', 200, { ...offSchema, status: 7 }, ['status', 'prLink'])).toEqual([
      '"status" is 7, not a string'
    ])
    expect(answerProblems('get', 200, { ...offSchema, model: 7 }, ['status', 'prLink'])).toEqual([
      '"model" is 7, not a string'
    ])
  })

  it('does not take the client parser for its judge', () => {
    // The client reads leniently on purpose (it drops a mistyped field, waits through an unknown
    // status), so answers it accepts are not, for that, answers the vendor would send.
    for (const record of [
      { ...WELL_FORMED, model: 42 },
      { ...WELL_FORMED, prLink: 'pull/7' },
      { ...WELL_FORMED, status: 'queued' }
    ]) {
      expect('job' in parseJob(record, 'mint_unused_key')).toBe(true)
      expect(answerProblems('get', 200, record)).not.toEqual([])
    }
    const simulatorModules = readdirSync('test/harness/simulator').filter((name) => name !== 'cli.ts')
    for (const name of simulatorModules) {
      const source = readFileSync(join('test/harness/simulator', name), 'utf8')
      expect([name, source.match(/from '[^']*\/src\/[^']*'/g)]).toEqual([name, null])
    }
  })

  it('reads requests as the document describes them', () => {
    expect(requestProblem('create', '{"prompt": "x", "branch": "main"}')).toBeUndefined()
    expect(requestProblem('message', '{"prompt": ""}')).toBe('"prompt" is "", shorter than 1 character(s)')
    expect(requestProblem('create', '{}')).toBe('"prompt" is missing')
    expect(requestProblem('create', '[]')).toBe('the request body is [], not an object')
    expect(requestProblem('create', 'prompt=x')).toBe('the request body is not JSON; send {"prompt": "..."}')
    expect(operationOf('POST', '/v2/agent/p%2Eq/job/a%2Fb/message?x=1')).toEqual({
      operation: 'message',
      params: { projectId: 'p.q', id: 'a/b' }
    })
    expect(operationOf('GET', '/v2/agent/p/job')).toBeUndefined()
    expect(operationOf('GET', '/v2/agent/p/job/%E0')).toBeUndefined()
  })
})

describe('the simulator', () => {
  let sim: Simulator
  let clock = 0

  async function start(scenario: Scenario): Promise<void> {
    clock = 1_700_000_000_000
    sim = await startSimulator({ scenario: { durationMs: 100, ...scenario }, now: () => clock })
  }

  // Only frees the port when a test failed early: each test asserts what its own close() says.
  afterEach(() => sim?.close().catch(() => {}))

  const call = (method: string, path: string, body?: string) =>
    fetch(`${sim.url}${path}`, { method, headers: { authorization: `Bearer ${KEY}` }, body })

  /** Creates a job, lets its run end, and reads it. */
  async function finishedJob(): Promise<Response> {
    const created = await call('POST', JOBS, '{"prompt": "Document webhooks"}')
    const { id } = (await created.json()) as { id: string }
    clock += 100
    return call('GET', `${JOBS}/${encodeURIComponent(id)}`)
  }

  it('answers its own off-schema answer with a 500 that says why, and close() fails naming it', async () => {
    // As a scenario file would give it: JSON does not check types.
    await start(parseScenario(JSON.parse('{"model": 42}'), 'scenario.json'))
    const response = await call('POST', JOBS, '{"prompt": "x"}')
    expect(response.status).toBe(500)
    const { error } = (await response.json()) as { error: string }
    expect(error).toMatch(/^Simulator bug: its 201 answer breaks the vendor's schema: "model" is 42, not a string/)
    await expect(sim.close()).rejects.toThrow(`POST ${JOBS}: its 201 answer breaks the vendor's schema: "model" is 42`)
  })

  it('never serves a job without a status, though the run ended on none', async () => {
    await start(parseScenario(JSON.parse('{"finalStatus": null}'), 'scenario.json'))
    expect((await finishedJob()).status).toBe(500)
    await expect(sim.close()).rejects.toThrow(/"status" is null, not a string/)
  })

  it('serves an undocumented status only to a scenario that says so', async () => {
    await start({ finalStatus: 'queued' })
    expect((await finishedJob()).status).toBe(500)
    await expect(sim.close()).rejects.toThrow(/"status" is "queued", not one of active, completed, archived, failed/)

    await start({ finalStatus: 'queued', undocumented: ['status'] })
    const read = await finishedJob()
    expect([read.status, ((await read.json()) as { status: string }).status]).toEqual([200, 'queued'])
    await sim.close()
  })

  it('keeps a job served off the document after the scenario changes', async () => {
    await start({ finalStatus: 'queued', undocumented: ['status'] })
    const created = (await (await call('POST', JOBS, '{"prompt": "x"}')).json()) as { id: string }
    sim.setScenario({})
    clock += 100
    expect((await call('GET', `${JOBS}/${created.id}`)).status).toBe(200)
    await sim.close()
  })

  it('refuses a prompt the document refuses, saying what is wrong', async () => {
    await start({})
    const response = await call('POST', JOBS, '{"prompt": ""}')
    expect([response.status, await response.json()]).toEqual([
      400,
      { error: 'Invalid request: "prompt" is "", shorter than 1 character(s)' }
    ])
    expect((await call('POST', JOBS, '{"prompt": "x", "branch": "main"}')).status).toBe(201)
    await sim.close()
  })
})

it('refuses a scenario whose undocumented list names no job field', () => {
  expect(() => parseScenario({ undocumented: ['state'] }, 'scenario.json')).toThrow(
    'scenario.json: "undocumented" lists job fields, any of id, status, source, model, prLink, createdAt, archivedAt; got ["state"]'
  )
})
