// The GitHub side behind a proxy: comments, reactions and the permission check go through the
// proxy too (the same transport as the agent API's, under octokit: docs/adr/0008), on a GHES-style
// /api/v3 base under a name only the proxy resolves; over https, trusting a private CA from
// NODE_EXTRA_CA_CERTS, as a GitHub Enterprise Server behind a corporate proxy is reached.
import { afterAll, beforeAll } from '@jest/globals'
import { seedEventComment, startFakeGitHub } from '../test/harness/fake-github.js'
import { runAction, runtimes, visibleLog } from '../test/harness/run-bundle.js'
import { agentInputs, withSimulator } from './support/agent-fixture.js'
import { loadEvent, TOKEN } from './support/github-fixture.js'
import { startProxy } from './support/proxy.js'
import { DONE_WITH_PULL_REQUEST, progressOf } from './support/progress.js'
import { createTestCa, type TestCa } from './support/test-ca.js'

const GITHUB_HOST = 'ghe.test'

let ca: TestCa

beforeAll(async () => {
  ca = await createTestCa(GITHUB_HOST)
})

afterAll(async () => {
  await ca?.remove()
})

describe.each(runtimes())('GitHub behind an HTTP proxy under %s', (_label, node) => {
  it.each([
    { scheme: 'http', proxyVariable: 'HTTP_PROXY' },
    { scheme: 'https', proxyVariable: 'HTTPS_PROXY' }
  ])(
    'sends every GitHub call over $scheme through the proxy named by $proxyVariable',
    async ({ scheme, proxyVariable }) => {
      const tls = scheme === 'https' ? { tls: { key: ca.key, cert: ca.cert } } : {}
      const github = await startFakeGitHub({ prefix: '/api/v3', permissions: { 'writer-wendy': 'write' }, ...tls })
      const proxy = await startProxy({ [GITHUB_HOST]: '127.0.0.1' })
      try {
        const port = new URL(github.url).port
        const event = loadEvent('issue_comment.created')
        seedEventComment(github, event)
        const run = await withSimulator({ durationMs: 300 }, (simulator) =>
          runAction({
            node,
            eventName: 'issue_comment',
            event,
            inputs: agentInputs(simulator, {
              prompt: '',
              'trigger-phrase': '/docs',
              comment: 'true',
              'github-token': TOKEN
            }),
            env: {
              GITHUB_API_URL: `${scheme}://${GITHUB_HOST}:${port}/api/v3`,
              GITHUB_SERVER_URL: `${scheme}://${GITHUB_HOST}:${port}`,
              [proxyVariable]: proxy.url,
              ...(scheme === 'https' && { NODE_EXTRA_CA_CERTS: ca.caPath })
            }
          })
        )
        expect(visibleLog(run)).not.toMatch(/::warning::/)
        expect(run.code).toBe(0)
        expect(progressOf(github.comments('acme', 'docs', 42).at(-1)!, 42)).toMatchObject(DONE_WITH_PULL_REQUEST)
        expect(github.requests.length).toBeGreaterThanOrEqual(5)
        // ghe.test resolves only inside the proxy, and every request named it.
        expect(proxy.log.length).toBeGreaterThan(0)
        expect(proxy.log.every((line) => line.includes(`${GITHUB_HOST}:${port}`))).toBe(true)
      } finally {
        await Promise.all([github.close(), proxy.close()])
      }
    }
  )
})
