// The GitHub client connected to a fresh GitHub fake for acme/docs, on a virtual clock (a call's time
// limit never runs out however busy the machine is): for tests of the client's reads. `close` stops both and checks the fake's traffic against GitHub's description.
import { VirtualClock } from '../../src/base/clock.js'
import { connectGitHub, type GitHubApi } from '../../src/github/api.js'
import { Transport } from '../../src/http/transport.js'
import { type FakeGitHub, type FakeGitHubOptions, startFakeGitHub } from '../../test/harness/fake-github.js'

export interface FakeConnection {
  api: GitHubApi
  github: FakeGitHub
  close(): Promise<void>
}

export async function connectToFake(options: FakeGitHubOptions = {}): Promise<FakeConnection> {
  const github = await startFakeGitHub(options)
  const transport = new Transport()
  const api = connectGitHub({
    token: 'ghs_fake_token',
    apiUrl: github.url,
    owner: 'acme',
    repo: 'docs',
    clock: new VirtualClock(Date.now()),
    cancel: new AbortController().signal,
    onRetry: () => {},
    transport
  })
  return {
    api,
    github,
    close: async () => {
      transport.close()
      await github.close()
    }
  }
}
