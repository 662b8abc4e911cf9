// What the bundle gets instead of undici's index.js, which loads every part of undici (fetch,
// WebSocket, EventSource, mocks, caches, cookies...). The one bundled package that imports undici,
// @actions/http-client (through @actions/core), takes only `ProxyAgent`, so only that is built here,
// from undici's own modules. tsconfig.bundle.json maps the request "undici" to this file for ncc
// alone; see docs/adr/0002-slim-undici.md for why, and for what to check on an undici upgrade.
import Dispatcher from 'undici/lib/dispatcher/dispatcher.js'
import connect from 'undici/lib/api/api-connect.js'
import ProxyAgent from 'undici/lib/dispatcher/proxy-agent.js'

// index.js gives every dispatcher request, stream, pipeline, upgrade and connect. ProxyAgent opens
// its tunnel with connect, and no bundled package calls the others, so they (and the streams they
// bring) stay out.
Object.assign(Dispatcher.prototype, { connect })

export { ProxyAgent }
