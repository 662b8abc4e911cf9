// The bundle behind a corporate proxy: it reaches an https agent API under a name only the proxy
// can resolve, through a real HTTP proxy, trusting a CA made for the test from NODE_EXTRA_CA_CERTS.
// The name must not look like loopback: @actions/http-client never proxies localhost or 127.*.
import { startSimulator } from '../test/harness/simulator/server.js'
import { runAction, runtimes, visibleLog } from '../test/harness/run-bundle.js'
import { API_KEY, CREATE, GET, PROJECT, agentInputs, count } from './support/agent-fixture.js'
import { startProxy, type TestProxy } from './support/proxy.js'
import { createTestCa, type TestCa } from './support/test-ca.js'

const HOST = 'agent-api.test'
/** A deadline short enough that a run which cannot connect ends in seconds, not half a minute. */
const SHORT_TIMEOUT = '3s'
/** What a user reads when every try until the deadline found no connection. */
const GAVE_UP =
  'stopped after [0-3]s of the 3s "timeout": the next try would have passed it\\. Re-run, or raise "timeout"\\. ' +
  'Check "base-url" and the runner\'s network: HTTPS_PROXY/NO_PROXY if it needs a proxy\\.'

let ca: TestCa

beforeAll(async () => {
  ca = await createTestCa(HOST)
})

afterAll(async () => {
  await ca?.remove()
})

interface ProxiedRun {
  env: (proxy: TestProxy) => Record<string, string>
  node: string
  inputs?: Record<string, string>
}

/** Runs the bundle against an https simulator at https://agent-api.test:PORT, with a fresh proxy. */
async function runBehindProxy({ env, node, inputs = {} }: ProxiedRun) {
  const proxy = await startProxy({ [HOST]: '127.0.0.1' })
  const simulator = await startSimulator({
    tls: { key: ca.key, cert: ca.cert },
    scenario: { apiKey: API_KEY, projectId: PROJECT, durationMs: 400 }
  })
  try {
    const port = new URL(simulator.url).port
    const run = await runAction({
      node,
      env: env(proxy),
      inputs: agentInputs(simulator, { 'base-url': `https://${HOST}:${port}`, ...inputs })
    })
    return { run, proxy, simulator, connect: `CONNECT ${HOST}:${port}` }
  } finally {
    await Promise.all([simulator.close(), proxy.close()])
  }
}

/** The address of a proxy that was started and stopped, so nothing listens there any more. */
async function stoppedProxyUrl(): Promise<string> {
  const proxy = await startProxy({})
  await proxy.close()
  return proxy.url
}

describe.each(runtimes())('behind an HTTP proxy under %s', (_label, node) => {
  it.each(['HTTPS_PROXY', 'https_proxy'])(
    'reaches the API only through the proxy named by %s, trusting the CA from NODE_EXTRA_CA_CERTS',
    async (proxyVariable) => {
      const { run, proxy, simulator, connect } = await runBehindProxy({
        node,
        inputs: { timeout: '10s' },
        env: (proxy) => ({ [proxyVariable]: proxy.url, NODE_EXTRA_CA_CERTS: ca.caPath })
      })
      expect(visibleLog(run)).not.toMatch(/::error::/)
      expect(run.stderr).toBe('')
      expect(run.code).toBe(0)
      expect(run.outputs.status).toBe('completed')
      expect(count(simulator, 'POST', CREATE)).toBe(1)
      expect(count(simulator, 'GET', GET)).toBeGreaterThanOrEqual(1)
      // The simulator's name resolves nowhere but in the proxy, so every request went through it.
      expect(new Set(proxy.log)).toEqual(new Set([connect]))
    }
  )

  it.each([
    ['NO_PROXY', 'HTTPS_PROXY'],
    ['no_proxy', 'https_proxy']
  ])('goes direct for a host listed in %s, where the name cannot be resolved', async (noProxyVariable, proxyVariable) => {
    const { run, proxy, simulator } = await runBehindProxy({
      node,
      inputs: { timeout: SHORT_TIMEOUT },
      env: (proxy) => ({ [proxyVariable]: proxy.url, [noProxyVariable]: HOST, NODE_EXTRA_CA_CERTS: ca.caPath })
    })
    expect(proxy.log).toEqual([])
    expect(simulator.requests).toEqual([])
    expect(run.code).toBe(1)
    expect(run.stderr).toBe('') // it failed by reporting, not by crashing
    // ENOTFOUND where a resolver answers; EAI_AGAIN on a machine with no resolver at all.
    expect(visibleLog(run)).toMatch(
      new RegExp(`::error::Creating the agent job failed: no answer \\((ENOTFOUND|EAI_AGAIN)\\); ${GAVE_UP}`)
    )
  })

  it('refuses the certificate at once without NODE_EXTRA_CA_CERTS, and says to set it', async () => {
    const { run, proxy, simulator, connect } = await runBehindProxy({
      node,
      inputs: { timeout: SHORT_TIMEOUT },
      env: (proxy) => ({ HTTPS_PROXY: proxy.url })
    })
    expect(run.code).toBe(1)
    expect(run.stderr).toBe('') // it failed by reporting, not by crashing
    expect(visibleLog(run)).toMatch(
      new RegExp(
        `::error::Creating the agent job failed: the TLS certificate of ${HOST}:\\d+ is not trusted \\(\\w+\\)\\. ` +
          'Behind a TLS-inspecting proxy, point NODE_EXTRA_CA_CERTS at a file'
      )
    )
    // One try: a certificate does not become trusted by asking again.
    expect(proxy.log).toEqual([connect])
    // The handshake failed, so no request (and no key) went out.
    expect(simulator.requests).toEqual([])
  })

  it('fails saying the proxy could not be reached when nothing listens at HTTPS_PROXY', async () => {
    const stopped = await stoppedProxyUrl()
    const { run, simulator } = await runBehindProxy({
      node,
      inputs: { timeout: SHORT_TIMEOUT },
      env: () => ({ HTTPS_PROXY: stopped, NODE_EXTRA_CA_CERTS: ca.caPath })
    })
    expect(simulator.requests).toEqual([])
    expect(run.code).toBe(1)
    expect(run.stderr).toBe('') // it failed by reporting, not by crashing
    const address = new URL(stopped).host.replace(/\./g, '\\.')
    expect(visibleLog(run)).toMatch(
      new RegExp(`::error::Creating the agent job failed: no answer \\(proxy: connect ECONNREFUSED ${address}\\); ${GAVE_UP}`)
    )
  })
})
