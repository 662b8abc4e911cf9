// A real HTTP proxy (proxy-chain) on 127.0.0.1 that keeps a log of what it was asked and resolves
// made-up host names itself, the way a corporate proxy resolves names its clients cannot.
import type { lookup, LookupAddress, LookupOptions } from 'node:dns'
import { Server } from 'proxy-chain'

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
