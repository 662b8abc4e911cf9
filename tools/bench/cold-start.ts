// Cold start: process start -> first request reaching the simulator, for the bundle and for bare
// node sending the very same request; and process start -> the reaction on a comment trigger.
// "Process start" is the moment spawn() returns in this process, the same for every variant.
import { spawn } from 'node:child_process'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { startFakeGitHub } from '../../test/harness/fake-github.js'
import { runAction } from '../../test/harness/run-bundle.js'
import { type RecordedRequest, type Simulator, startSimulator } from '../../test/harness/simulator/server.js'
import { API_KEY, benchInputs, preciseNow, PROJECT, stampArrivals } from './processes.js'

export interface ColdStart {
  bundleMs: number[]
  bareMs: number[]
}

// The bare baseline: node:http, no dependencies, one request, exit. CommonJS on purpose: an ESM
// `import ... from 'node:http'` on Node 24 evaluates http's lazy WebSocket getters, which load
// Node's internal undici (~25 ms); a baseline carrying that would flatter every ratio.
const BARE_SCRIPT = `const http = require('node:http')
const { url, method, headers, body } = JSON.parse(process.env.BENCH_REQUEST)
const agent = new http.Agent({ keepAlive: true })
http.request(url, { method, headers, agent }, (response) => {
  response.resume()
  response.on('end', () => agent.destroy())
}).end(body)
`
// Set by node:http itself for any request, so they are left for the bare script's node:http to set.
const TRANSPORT_HEADERS = new Set(['host', 'connection', 'content-length', 'transfer-encoding'])

/** `runs` interleaved pairs (bundle, bare), after one warm-up pair that fills the file cache. */
export async function measureColdStart(node: string, runs: number): Promise<ColdStart> {
  const simulator = await startSimulator({
    scenario: { apiKey: API_KEY, projectId: PROJECT, durationMs: 60_000 },
    now: preciseNow
  })
  const dir = await mkdtemp(path.join(tmpdir(), 'docs-agent-bench-'))
  try {
    const script = path.join(dir, 'bare-request.cjs')
    await writeFile(script, BARE_SCRIPT)
    const result: ColdStart = { bundleMs: [], bareMs: [] }
    for (let run = 0; run <= runs; run++) {
      const bundle = await bundleToFirstRequest(node, simulator)
      const bare = await bareToFirstRequest(node, script, simulator, bundle.request)
      if (run === 0) continue
      result.bundleMs.push(bundle.ms)
      result.bareMs.push(bare)
    }
    return result
  } finally {
    await rm(dir, { recursive: true, force: true })
    await simulator.close()
  }
}

async function bundleToFirstRequest(
  node: string,
  simulator: Simulator
): Promise<{ ms: number; request: RecordedRequest }> {
  const before = simulator.requests.length
  let startedAt = 0
  // wait: false ends the run right after the create call; only that first request is timed.
  const run = await runAction({
    node,
    inputs: benchInputs(simulator, { wait: 'false' }),
    onStart: () => (startedAt = preciseNow())
  })
  const request = simulator.requests[before]
  if (!request) throw new Error(`The bundle sent no request (exit ${run.code}): ${run.stdout}${run.stderr}`)
  return { ms: request.at - startedAt, request }
}

async function bareToFirstRequest(
  node: string,
  script: string,
  simulator: Simulator,
  like: RecordedRequest
): Promise<number> {
  const before = simulator.requests.length
  const headers = Object.fromEntries(Object.entries(like.headers).filter(([name]) => !TRANSPORT_HEADERS.has(name)))
  const request = { url: simulator.url + like.path, method: like.method, headers, body: like.body }
  const env = { PATH: process.env.PATH ?? '', BENCH_REQUEST: JSON.stringify(request) }
  const child = spawn(node, [script], { env, stdio: 'ignore' })
  const startedAt = preciseNow()
  const code = await new Promise<number | null>((resolve, reject) => {
    child.on('error', reject)
    child.on('close', resolve)
  })
  const arrived = simulator.requests[before]
  if (!arrived) throw new Error(`The bare node script sent no request (exit ${code}).`)
  return arrived.at - startedAt
}

const FIXTURE = fileURLToPath(new URL('../../__fixtures__/events/issue_comment.created.json', import.meta.url))
const GITHUB_TOKEN = 'ghs_bench_token'

/**
 * Process start -> the reaction request reaching the GitHub fake, for a `/docs` comment by a user
 * with write permission; undefined when the first run sends no reaction at all.
 */
export async function measureAcknowledgement(node: string, runs: number): Promise<number[] | undefined> {
  const fixture = JSON.parse(await readFile(FIXTURE, 'utf8')) as {
    comment: { id: number; body: string; user: { login: string } }
  }
  const author = fixture.comment.user.login
  const github = await startFakeGitHub({ token: GITHUB_TOKEN, permissions: { [author]: 'write' } })
  const arrivals = stampArrivals(github.requests)
  const simulator = await startSimulator({ scenario: { apiKey: API_KEY, projectId: PROJECT, durationMs: 60_000 } })
  try {
    const times: number[] = []
    for (let run = 0; run < runs; run++) {
      // The triggering comment exists on the thread, as it would on GitHub, so the reaction can land.
      const comment = github.addComment('acme', 'docs', 42, fixture.comment.body, { login: author, type: 'User' })
      const before = github.requests.length
      let startedAt = 0
      await runAction({
        node,
        eventName: 'issue_comment',
        event: { ...fixture, comment: { ...fixture.comment, id: comment.id } },
        env: { GITHUB_API_URL: github.url },
        inputs: benchInputs(simulator, {
          prompt: '',
          'trigger-phrase': '/docs',
          'github-token': GITHUB_TOKEN,
          comment: 'true',
          wait: 'false'
        }),
        onStart: () => (startedAt = preciseNow()),
        killAfterMs: 15_000
      })
      const reaction = github.requests.slice(before).find((r) => r.method === 'POST' && /\/reactions$/.test(r.path))
      if (!reaction) return undefined
      times.push((arrivals.get(reaction) ?? Number.NaN) - startedAt)
    }
    return times
  } finally {
    await simulator.close()
    await github.close()
  }
}
