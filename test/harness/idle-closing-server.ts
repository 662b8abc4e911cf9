// An HTTP server in a worker thread that closes its idle keep-alive connections on demand, while the
// test's own thread is blocked: as GitHub or a proxy closes a connection that sat idle while the
// action was busy with its CPU, so that the action's pool still holds it as free when it sends next.
// Deterministic: the test's thread waits (Atomics.wait) until the worker has closed every connection,
// and sends its next request before its event loop could see the close.
import { Worker } from 'node:worker_threads'

export interface IdleClosingServer {
  url: string
  /** Closes every connection the server holds, and returns once they are closed, never yielding to the event loop. */
  closeIdleConnectionsNow(): void
  /**
   * The next request that comes on a connection which carried one before is not answered: its
   * connection is closed as it arrives, as when a server's idle timeout ends just as a request is sent.
   */
  dropNextOnReusedConnection(): Promise<void>
  /** The requests the server received (`METHOD path`), and how many connections it accepted. */
  traffic(): Promise<{ requests: string[]; connections: number }>
  stop(): Promise<void>
}

const WORKER = `
const { parentPort, workerData } = require('node:worker_threads')
const http = require('node:http')
const closed = new Int32Array(workerData.closed)
const sockets = new Set()
const requests = []
let connections = 0
let dropNext = false
const server = http.createServer((req, res) => {
  requests.push(req.method + ' ' + req.url)
  if (dropNext && req.socket.carried) {
    dropNext = false
    return req.socket.destroy()
  }
  req.socket.carried = true
  req.resume()
  req.on('end', () => res.end('answer to ' + req.url))
})
server.on('connection', (socket) => {
  connections++
  sockets.add(socket)
  socket.on('close', () => sockets.delete(socket))
})
server.listen(0, '127.0.0.1', () => parentPort.postMessage({ port: server.address().port }))
parentPort.on('message', (message) => {
  if (message === 'close') {
    const open = [...sockets]
    let left = open.length
    const done = () => { Atomics.store(closed, 0, 1); Atomics.notify(closed, 0) }
    if (left === 0) return done()
    for (const socket of open) { socket.once('close', () => { if (--left === 0) done() }); socket.destroy() }
  }
  if (message === 'drop-next') {
    dropNext = true
    parentPort.postMessage('dropping')
  }
  if (message === 'traffic') parentPort.postMessage({ requests, connections })
  if (message === 'stop') server.close(() => parentPort.postMessage('stopped'))
})
`

export async function startIdleClosingServer(): Promise<IdleClosingServer> {
  const closed = new Int32Array(new SharedArrayBuffer(4))
  const worker = new Worker(WORKER, { eval: true, workerData: { closed: closed.buffer } })
  const reply = <T>(): Promise<T> => new Promise((resolve) => worker.once('message', resolve))
  const { port } = await reply<{ port: number }>()
  return {
    url: `http://127.0.0.1:${port}`,
    closeIdleConnectionsNow() {
      Atomics.store(closed, 0, 0)
      worker.postMessage('close')
      Atomics.wait(closed, 0, 0)
    },
    async dropNextOnReusedConnection() {
      const dropping = reply()
      worker.postMessage('drop-next')
      await dropping
    },
    async traffic() {
      const answer = reply<{ requests: string[]; connections: number }>()
      worker.postMessage('traffic')
      return await answer
    },
    async stop() {
      const stopped = reply()
      worker.postMessage('stop')
      await stopped
      await worker.terminate()
    }
  }
}
