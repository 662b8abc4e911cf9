// Stands in for undici in the bundle (docs/adr/0004-no-undici-in-the-bundle.md). The one bundled
// import of undici is `ProxyAgent` in @actions/http-client, which @actions/core carries for its OIDC
// client; only HttpClient.getAgentDispatcher() constructs it, and no bundled code calls that
// (tools/check-undici-unused.ts checks both on every build). Both services are reached through
// src/http/transport.ts, which does not use undici.
export class ProxyAgent {
  constructor() {
    throw new Error(
      'undici is not bundled with docs-agent-action, so HttpClient.getAgentDispatcher() is not available; ' +
        'see docs/adr/0004-no-undici-in-the-bundle.md.'
    )
  }
}
