// What one run holds open while it works: the run's context, its cancellation (a cancelled workflow),
// one transport, GitHub connections made on first use, and the agent API client under the run's
// deadline. Closed once at the end, whatever happened.
import { AgentClient } from '../agent/client.js'
import type { Clock } from '../base/clock.js'
import { log } from '../base/log.js'
import { readRunContext, type RunContext } from '../event/run-context.js'
import { connectGitHub, type GitHubApi, graphqlEndpoint } from '../github/api.js'
import { Transport } from '../http/transport.js'
import type { Settings } from '../settings/settings.js'

/** A connection to a repository (owner/name) of this GitHub, with a token. */
export type Connect = (repository: string, token: string) => GitHubApi

export interface Session {
  context: RunContext
  clock: Clock
  /** When the run started, and when its "timeout" ends (clock time). */
  started: number
  deadline: number
  /** Aborts when the workflow is cancelled. */
  cancel: AbortSignal
  connect: Connect
  /** The workflow repository's connection with github-token, made on first use; undefined without a token. */
  github: () => Promise<GitHubApi | undefined>
  agent: AgentClient
  close(): void
}

export function openSession(settings: Settings, clock: Clock, started: number): Session {
  const context = readRunContext(process.env)
  const cancellation = watchForCancellation()
  const transport = new Transport()
  // Said once a run; every connection keeps to the same rule (connectGitHub).
  const graphql = graphqlEndpoint(context.apiUrl, context.graphqlUrl)
  if (graphql.ignored) log.warning(graphql.ignored)
  const connect: Connect = (repository, token) => {
    const [owner = '', repo = ''] = repository.split('/')
    return connectGitHub({
      clock,
      cancel: cancellation.signal,
      transport,
      token,
      apiUrl: context.apiUrl,
      graphqlUrl: graphql.url,
      owner,
      repo,
      onRetry: (message) => log.info(message)
    })
  }
  let connection: GitHubApi | undefined
  const github = (): Promise<GitHubApi | undefined> => {
    if (settings.githubToken === '') return Promise.resolve(undefined)
    connection ??= connect(`${context.owner}/${context.repo}`, settings.githubToken)
    return Promise.resolve(connection)
  }
  const deadline = started + settings.timeoutMs
  const agent = new AgentClient({
    baseUrl: settings.baseUrl,
    apiKey: settings.apiKey,
    projectId: settings.projectId,
    clock,
    deadline,
    timeoutMs: settings.timeoutMs,
    signal: cancellation.signal,
    onRetry: (message) => log.debug(message)
  })
  return {
    context,
    clock,
    started,
    deadline,
    cancel: cancellation.signal,
    connect,
    github,
    agent,
    close() {
      agent.close()
      transport.close()
      cancellation.dispose()
    }
  }
}

/** A cancelled workflow sends SIGINT, then SIGTERM: both stop the wait, and the run still reports. */
function watchForCancellation(): { signal: AbortSignal; dispose(): void } {
  const controller = new AbortController()
  const stop = (name: string): void => {
    if (controller.signal.aborted) return
    log.info(`Received ${name}: stopping; an agent job that was started goes on.`)
    controller.abort()
  }
  const onInterrupt = (): void => stop('SIGINT')
  const onTerminate = (): void => stop('SIGTERM')
  process.on('SIGINT', onInterrupt)
  process.on('SIGTERM', onTerminate)
  return {
    signal: controller.signal,
    dispose: () => {
      process.off('SIGINT', onInterrupt)
      process.off('SIGTERM', onTerminate)
    }
  }
}
