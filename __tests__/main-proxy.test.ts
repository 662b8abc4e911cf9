// Behind a corporate proxy, through run() in process: an https agent API under a name only the
// proxy can resolve, and a real HTTP proxy. The ways it fails are here; that it gets through,
// trusting a CA from NODE_EXTRA_CA_CERTS (which Node reads only at start), is e2e-proxy.test.ts.
import { agentInputs } from './support/agent-fixture.js'
import { holdClosedPort } from './support/closed-port.js'
import { runInProcess, SkippingClock } from './support/in-process.js'
import { behindProxy, PROXIED_HOST as HOST, type TestProxy } from './support/proxy.js'
import { createTestCa, type TestCa } from './support/test-ca.js'

/** A deadline short enough that a run which cannot connect ends soon. */
const SHORT_TIMEOUT = '3s'
/** What a user reads when every try until the deadline found no connection. */
const GAVE_UP =
  'stopped after (\\d+ms|[0-3]s) of the 3s "timeout": the next try would not have fit in it\\. Re-run, or raise "timeout"\\. ' +
  'Check "base-url" and the runner\'s network: HTTPS_PROXY/NO_PROXY if it needs a proxy\\.'

let ca: TestCa

beforeAll(async () => {
  ca = await createTestCa(HOST)
})

afterAll(async () => {
  await ca?.remove()
})

/** Runs the action against an https simulator at https://agent-api.test:PORT, with a fresh proxy. */
function runBehindProxy(env: (proxy: TestProxy) => Record<string, string>) {
  const clock = new SkippingClock()
  return behindProxy(
    ca,
    async (setup) => ({
      ...setup,
      run: await runInProcess({
        clock,
        env: env(setup.proxy),
        inputs: agentInputs(setup.simulator, { 'base-url': setup.baseUrl, timeout: SHORT_TIMEOUT })
      })
    }),
    () => clock.now()
  )
}

describe('behind an HTTP proxy', () => {
  it.each([
    ['NO_PROXY', 'HTTPS_PROXY'],
    ['no_proxy', 'https_proxy']
  ])(
    'goes direct for a host listed in %s, where the name cannot be resolved',
    async (noProxyVariable, proxyVariable) => {
      const { run, proxy, simulator } = await runBehindProxy((proxy) => ({
        [proxyVariable]: proxy.url,
        [noProxyVariable]: HOST
      }))
      expect(proxy.log).toEqual([])
      expect(simulator.requests).toEqual([])
      expect(run.failed).toBe(true)
      expect(run.log).not.toContain('unexpected error') // it failed by reporting, not by crashing
      // ENOTFOUND where a resolver answers; EAI_AGAIN on a machine with no resolver at all.
      expect(run.log).toMatch(
        new RegExp(`error: Creating the agent job failed: no answer \\((ENOTFOUND|EAI_AGAIN)\\); ${GAVE_UP}`)
      )
    }
  )

  it.each(['HTTPS_PROXY', 'https_proxy'])(
    'refuses a certificate it does not trust at once, through the proxy named by %s, and says to set NODE_EXTRA_CA_CERTS',
    async (proxyVariable) => {
      const { run, proxy, simulator, connect } = await runBehindProxy((proxy) => ({ [proxyVariable]: proxy.url }))
      expect(run.failed).toBe(true)
      expect(run.log).not.toContain('unexpected error')
      expect(run.log).toMatch(
        new RegExp(
          `error: Creating the agent job failed: the TLS certificate of ${HOST}:\\d+ is not trusted \\(\\w+\\)\\. ` +
            'Behind a TLS-inspecting proxy, point NODE_EXTRA_CA_CERTS at a file'
        )
      )
      // One try: a certificate does not become trusted by asking again.
      expect(proxy.log).toEqual([connect])
      // The handshake failed, so no request (and no key) went out.
      expect(simulator.requests).toEqual([])
    }
  )

  it('fails saying the proxy could not be reached when nothing listens at HTTPS_PROXY', async () => {
    const closed = await holdClosedPort()
    try {
      const { run, simulator } = await runBehindProxy(() => ({ HTTPS_PROXY: closed.url }))
      expect(simulator.requests).toEqual([])
      expect(run.failed).toBe(true)
      expect(run.log).not.toContain('unexpected error')
      const address = `${closed.host}:${closed.port}`.replace(/\./g, '\\.')
      expect(run.log).toMatch(
        new RegExp(
          `error: Creating the agent job failed: no answer \\(proxy: connect ECONNREFUSED ${address}\\); ${GAVE_UP}`
        )
      )
    } finally {
      await closed.release()
    }
  })
})
