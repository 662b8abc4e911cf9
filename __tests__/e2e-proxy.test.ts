// The bundle behind a corporate proxy: it reaches an https agent API under a name only the proxy
// can resolve, through a real HTTP proxy, trusting a CA made for the test from NODE_EXTRA_CA_CERTS,
// which Node reads only when a process starts. The ways it fails (NO_PROXY, an untrusted
// certificate, no proxy listening) are driven through run() in process (main-proxy.test.ts).
import { runAction, runtimes, visibleLog } from '../test/harness/run-bundle.js'
import { agentInputs, CREATE, GET, count } from './support/agent-fixture.js'
import { behindProxy, PROXIED_HOST } from './support/proxy.js'
import { createTestCa, type TestCa } from './support/test-ca.js'

let ca: TestCa

beforeAll(async () => {
  ca = await createTestCa(PROXIED_HOST)
})

afterAll(async () => {
  await ca?.remove()
})

describe.each(runtimes())('behind an HTTP proxy under %s', (_label, node) => {
  it.each(['HTTPS_PROXY', 'https_proxy'])(
    'reaches the API only through the proxy named by %s, trusting the CA from NODE_EXTRA_CA_CERTS',
    async (proxyVariable) => {
      const { run, proxy, simulator, connect } = await behindProxy(ca, async (setup) => ({
        ...setup,
        run: await runAction({
          node,
          env: { [proxyVariable]: setup.proxy.url, NODE_EXTRA_CA_CERTS: ca.caPath },
          inputs: agentInputs(setup.simulator, { 'base-url': setup.baseUrl, timeout: '10s' })
        })
      }))
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
})
