// The story of one run: settings, the gate, the thread, the agent job, the report.
import * as core from '@actions/core'
import { AgentClient } from './agent/client.js'
import { isTerminal } from './agent/job.js'
import { type Clock, systemClock } from './clock.js'
import { executePlan } from './execute.js'
import { isPlainIdentifier } from './identifier.js'
import { connectGitHub, type GitHubApi } from './github/api.js'
import { readRunContext, type RunContext } from './github/context.js'
import { passGate } from './github/gate.js'
import { Thread } from './github/thread.js'
import type { Trigger } from './github/trigger.js'
import { conclude, jobIdOf, type RunResult } from './outcome.js'
import { type JobPlan, planJob } from './plan.js'
import { type ProgressState, renderProgressComment, renderSettingsErrorSummary, renderSummary } from './render.js'
import { announce, writeOutputs, writeSummary } from './report.js'
import { parseSettings, type Settings, SettingsError } from './settings.js'

export async function run(clock: Clock = systemClock): Promise<void> {
  const started = clock.now()
  // Masked before anything else can print it, even when the rest of the settings are invalid.
  const apiKey = core.getInput('api-key')
  if (apiKey !== '') core.setSecret(apiKey)
  const settings = await readSettings(apiKey)
  if (!settings) return
  const context = readRunContext(process.env)
  const github = lazyGitHub(settings, context)
  const cancellation = watchForCancellation()
  const deadline = started + settings.timeoutMs
  const client = new AgentClient({
    baseUrl: settings.baseUrl,
    apiKey: settings.apiKey,
    projectId: settings.projectId,
    clock,
    deadline,
    signal: cancellation.signal,
    onRetry: (message) => core.debug(message)
  })
  try {
    const gate = await passGate(settings, context, github)
    if (gate.kind === 'skip') {
      return await report({ kind: 'skipped', reason: gate.reason }, settings, undefined, clock.now() - started)
    }
    const thread = await openThread(settings, context, gate.trigger, github)
    if (thread && gate.trigger.reactionTarget) await thread.acknowledge(gate.trigger.reactionTarget)

    const plan = await decidePlan(settings, gate.prompt, context, thread, client)
    const progress = (state: ProgressState, jobId: string | undefined) =>
      thread?.write(jobId, (marker) => renderProgressComment(marker, state, context.runUrl))
    const result = await executePlan(plan, {
      client,
      clock,
      wait: settings.wait,
      firstGapMs: settings.pollIntervalMs,
      deadline,
      timeoutMs: settings.timeoutMs,
      signal: cancellation.signal,
      onWaiting: async (jobId) => {
        await progress({ kind: 'working', jobId, followUp: plan.kind === 'message' }, jobId)
      }
    })
    // Outputs go out before the comment's last edit, so that a slow GitHub cannot hold them back
    // (a cancelled run has seconds); only a run whose first comment is its last writes it first,
    // to report its URL.
    const finalComment = () => progress({ kind: 'ended', result }, jobIdOf(result))
    const commentFirst = thread !== undefined && thread.url === undefined
    if (commentFirst) await finalComment()
    await report(result, settings, thread?.url, clock.now() - started)
    if (!commentFirst) await finalComment()
  } catch (error) {
    // A bug, not a job outcome: say so plainly rather than crash with a stack of minified code.
    core.setFailed(`docs-agent-action stopped on an unexpected error: ${(error as Error)?.message ?? String(error)}`)
  } finally {
    client.close()
    cancellation.dispose()
  }
}

/** The settings, or undefined once an invalid input has failed the step (log and summary). */
async function readSettings(apiKey: string): Promise<Settings | undefined> {
  try {
    return parseSettings((name) => core.getInput(name, { trimWhitespace: false }))
  } catch (error) {
    const message = error instanceof SettingsError ? error.message : String(error)
    core.setFailed(message)
    // The summary does not rely on the runner's masking: an error that quotes another input holding
    // the key by mistake (a pasted base-url, say) must not publish it.
    await writeSummary(renderSettingsErrorSummary(apiKey === '' ? message : message.replaceAll(apiKey, '***')))
    return undefined
  }
}

/** Connects to GitHub on first use only: runs without comments or a gate never load the client. */
function lazyGitHub(settings: Settings, context: RunContext): () => Promise<GitHubApi | undefined> {
  let connection: Promise<GitHubApi> | undefined
  return () => {
    if (settings.githubToken === '') return Promise.resolve(undefined)
    connection ??= connectGitHub({
      token: settings.githubToken,
      apiUrl: context.apiUrl,
      owner: context.owner,
      repo: context.repo,
      onRateLimit: (message) => core.info(message)
    })
    return connection
  }
}

async function openThread(
  settings: Settings,
  context: RunContext,
  trigger: Trigger,
  github: () => Promise<GitHubApi | undefined>
): Promise<Thread | undefined> {
  if (!settings.comment || trigger.threadNumber === undefined) return undefined
  if (!isPlainIdentifier(context.runId)) {
    core.warning('GITHUB_RUN_ID is not set, so a progress comment could not be tied to this run; not commenting.')
    return undefined
  }
  const api = await github()
  if (!api) {
    core.warning('No github-token was given, so the action cannot comment on the thread. Pass github-token or set comment: false.')
    return undefined
  }
  return new Thread(api, trigger.threadNumber, context.runId, trigger.commentId, (message) => core.warning(message))
}

/** A re-run resumes its earlier attempt's job while it runs; a thread's earlier job takes follow-ups. */
async function decidePlan(
  settings: Settings,
  prompt: string,
  context: RunContext,
  thread: Thread | undefined,
  client: AgentClient
): Promise<JobPlan> {
  const earlier = settings.jobId === '' && thread ? await thread.readEarlier() : {}
  let resumableJobId: string | undefined
  const earlierJobId = earlier.ownJobId
  if (context.runAttempt > 1 && earlierJobId) {
    const job = await client.getJob(earlierJobId).catch(() => undefined)
    if (job && !isTerminal(job.status)) resumableJobId = job.id
  }
  return planJob({
    prompt,
    jobId: settings.jobId,
    followUp: settings.followUp,
    resumableJobId,
    threadJobId: earlier.latestJobId
  })
}

async function report(result: RunResult, settings: Settings, commentUrl: string | undefined, elapsedMs: number) {
  const conclusion = conclude(result, settings.failOnJobFailure)
  writeOutputs(result, commentUrl)
  await writeSummary(renderSummary({ result, conclusion, elapsedMs }))
  announce(result, conclusion)
}

/** A cancelled workflow sends SIGINT, then SIGTERM: both stop the wait, and the run still reports. */
function watchForCancellation(): { signal: AbortSignal; dispose(): void } {
  const controller = new AbortController()
  const stop = (name: string): void => {
    if (controller.signal.aborted) return
    core.info(`Received ${name}: stopping the wait; the agent job goes on.`)
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
