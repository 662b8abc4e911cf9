// An address where nothing listens, and where nothing else starts listening while a test holds it.
// A port found free with listen(0) and closed again could be taken by another process before the
// test uses it. Instead the port stays bound on 127.0.0.1 and the test connects to 127.0.0.2:
// Linux routes all of 127.0.0.0/8 to the loopback interface, and there the port is free. A server
// that binds the port on the wildcard address, as servers usually do, is refused while it is held,
// so only the test itself can start listening on 127.0.0.2 at that port.
import { createServer } from 'node:net'

export interface ClosedPort {
  /** 127.0.0.2 */
  host: string
  port: number
  /** http://127.0.0.2:PORT */
  url: string
  release(): Promise<void>
}

export async function holdClosedPort(): Promise<ClosedPort> {
  const holder = createServer()
  await new Promise<void>((resolve, reject) => {
    holder.once('error', reject)
    holder.listen(0, '127.0.0.1', resolve)
  })
  const address = holder.address()
  if (typeof address !== 'object' || address === null) throw new Error('the port holder has no address')
  const host = '127.0.0.2'
  return {
    host,
    port: address.port,
    url: `http://${host}:${address.port}`,
    release: () => new Promise((resolve) => holder.close(() => resolve()))
  }
}
