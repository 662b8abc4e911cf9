// Stands in for undici in the bundle (docs/adr/0004-no-undici-in-the-bundle.md, as ADR 0008 amends
// it). Two bundled packages name undici when they load, and neither's undici is ever used:
// - @actions/http-client imports `ProxyAgent` for HttpClient.getAgentDispatcher();
// - @actions/github builds octokit's default `request.fetch` and `request.agent` when it loads: an
//   undici `fetch` over getAgentDispatcher()'s ProxyAgent (one is constructed when a proxy is set).
//   The action's octokit is given a fetch over src/http/transport.ts instead (src/github/octokit.ts),
//   which replaces both.
// So a ProxyAgent may be constructed, but nothing may go through it or through `fetch`
// (tools/check-undici-unused.ts checks who may import this and call getAgentDispatcher()).
function unavailable() {
  return new Error(
    'undici is not bundled with docs-agent-action: its ProxyAgent and fetch are stand-ins that carry no request; ' +
      'see docs/adr/0004-no-undici-in-the-bundle.md and docs/adr/0008-octokit-over-our-transport.md.'
  )
}

export class ProxyAgent {
  dispatch() {
    throw unavailable()
  }
}

export function fetch() {
  return Promise.reject(unavailable())
}
