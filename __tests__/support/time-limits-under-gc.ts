// Run as a script, not a test: `node --expose-gc --import tsx __tests__/support/time-limits-under-gc.ts`.
// A GitHub call and an agent API read against a server that takes each request and never answers,
// while garbage is collected every few milliseconds, as it is at some point in any longer run. Prints
// what each call ended with, as JSON; a time limit that never fires leaves the process running
// until its parent kills it.
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { AgentClient } from '../../src/agent/client.js'
import { systemClock } from '../../src/base/clock.js'
import { callLimits, connectGitHub } from '../../src/github/api.js'
import { describeGitHubError } from '../../src/github/calls.js'
import { Transport } from '../../src/http/transport.js'

const collect = (globalThis as { gc?: () => void }).gc
if (!collect) throw new Error('run with node --expose-gc')

const silent = createServer(() => {})
await new Promise<void>((listening) => silent.listen(0, '127.0.0.1', listening))
const url = `http://127.0.0.1:${(silent.address() as AddressInfo).port}`
const collecting = setInterval(collect, 10)
const transport = new Transport()
// The run's cancellation, which never comes here.
const cancel = new AbortController().signal

const github = connectGitHub({
  token: 'ghs_fake_token',
  apiUrl: url,
  owner: 'acme',
  repo: 'docs',
  clock: systemClock,
  cancel,
  onRetry: () => {},
  transport
})
const agent = new AgentClient({
  baseUrl: new URL(url),
  apiKey: 'mint_gc_test_key',
  projectId: 'proj',
  clock: systemClock,
  deadline: Date.now() + 1000,
  timeoutMs: 1000,
  requestTimeoutMs: 300,
  signal: cancel,
  random: () => 0
})
const ended = (error: unknown) => (error instanceof Error ? error.message : String(error))
const [githubEnd, agentEnd] = await Promise.all([
  github.listComments(42, callLimits(systemClock, 300, cancel)).then(() => 'answered', describeGitHubError),
  agent.getJob('job-1').then(() => 'answered', ended)
])
console.log(JSON.stringify({ github: githubEnd, agent: agentEnd }))
clearInterval(collecting)
transport.close()
agent.close()
silent.close()
