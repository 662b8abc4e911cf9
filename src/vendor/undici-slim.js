// What the bundle gets instead of undici's index.js, which loads every part of undici (WebSocket,
// EventSource, mocks, caches, cookies...). The bundled packages take only `fetch`
// (@actions/github) and `ProxyAgent` (@actions/http-client) from undici, so only those are built
// here, from undici's own modules. tsconfig.bundle.json maps the request "undici" to this file for
// ncc alone; see docs/adr/0002-slim-undici.md for why, and for what to check on an undici upgrade.
import Dispatcher from 'undici/lib/dispatcher/dispatcher.js'
import connect from 'undici/lib/api/api-connect.js'
import ProxyAgent from 'undici/lib/dispatcher/proxy-agent.js'
import fetchModule from 'undici/lib/web/fetch/index.js'

// index.js gives every dispatcher request, stream, pipeline, upgrade and connect. ProxyAgent opens
// its tunnel with connect and fetch uses none of them, nor does any bundled package, so the others
// (and the streams they bring) stay out.
Object.assign(Dispatcher.prototype, { connect })

export { ProxyAgent }

// As index.js wraps it: the stack of a failed fetch then shows the caller, not undici's internals.
export async function fetch(init, options = undefined) {
  try {
    return await fetchModule.fetch(init, options)
  } catch (err) {
    if (err && typeof err === 'object') {
      Error.captureStackTrace(err)
    }
    throw err
  }
}
