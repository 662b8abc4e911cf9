// A real HTTP proxy (proxy-chain) on 127.0.0.1 that keeps a log of what it was asked and resolves
// made-up host names itself, the way a corporate proxy resolves names its clients cannot.
import type { lookup, LookupAddress, LookupOptions } from 'node:dns'
import { Server } from 'proxy-chain'
import { type Simulator, startSimulator } from '../../test/harness/simulator/server.js'
import { API_KEY, PROJECT } from './agent-fixture.js'
import type { TestCa } from './test-ca.js'

export interface TestProxy {
  /** e.g. http://127.0.0.1:PORT */
  url: string
  /** One line per request the proxy received, as its request line says it: `CONNECT host:port`. */
  log: string[]
  close(): Promise<void>
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void

/** Starts a proxy that resolves only the names in `hosts` (name -> IPv4 address); others fail. */
export async function startProxy(hosts: Record<string, string>): Promise<TestProxy> {
  const log: string[] = []
  const server = new Server({
    host: '127.0.0.1',
    port: 0,
    prepareRequestFunction: ({ request }) => {
      log.push(`${request.method} ${request.url}`)
      return { dnsLookup: lookupIn(hosts) }
    }
  })
  await server.listen()
  let closing: Promise<void> | undefined
  return {
    url: `http://127.0.0.1:${server.port}`,
    log,
    close: () => (closing ??= server.close(true))
  }
}

/** A dns.lookup over a fixed table, so the proxy never asks a real resolver. */
function lookupIn(hosts: Record<string, string>): typeof lookup {
  const lookupInTable = (hostname: string, options: LookupOptions, callback: LookupCallback): void => {
    const address = hosts[hostname]
    if (address === undefined) {
      const error: NodeJS.ErrnoException = new Error(`getaddrinfo ENOTFOUND ${hostname}`)
      error.code = 'ENOTFOUND'
      callback(error, [])
    } else if (options.all) {
      callback(null, [{ address, family: 4 }])
    } else {
      callback(null, address, 4)
    }
  }
  // net.connect only calls the callback form; the type of dns.lookup also demands its promisified twin.
  return lookupInTable as unknown as typeof lookup
}

/**
 * The agent API's name behind the proxy, which only the proxy resolves. It must not look like
 * loopback: @actions/http-client never proxies localhost or 127.*.
 */
export const PROXIED_HOST = 'agent-api.test'

export interface ProxiedSimulator {
  proxy: TestProxy
  simulator: Simulator
  /** https://agent-api.test:PORT */
  baseUrl: string
  /** The request line the proxy logs for a tunnel to the simulator. */
  connect: string
}

/**
 * An https simulator serving a certificate for PROXIED_HOST signed by `ca`, and a fresh proxy that
 * alone resolves that name to it; both are closed after `body`. `now` puts the simulator on a clock.
 */
export async function behindProxy<R>(
  ca: TestCa,
  body: (setup: ProxiedSimulator) => Promise<R>,
  now?: () => number
): Promise<R> {
  const proxy = await startProxy({ [PROXIED_HOST]: '127.0.0.1' })
  const simulator = await startSimulator({
    tls: { key: ca.key, cert: ca.cert },
    now,
    scenario: { apiKey: API_KEY, projectId: PROJECT, durationMs: 400 }
  })
  try {
    const { port } = new URL(simulator.url)
    return await body({
      proxy,
      simulator,
      baseUrl: `https://${PROXIED_HOST}:${port}`,
      connect: `CONNECT ${PROXIED_HOST}:${port}`
    })
  } finally {
    await Promise.all([simulator.close(), proxy.close()])
  }
}
