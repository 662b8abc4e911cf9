// The story of one run: read the settings, start (or join) the agent job, wait for it, report.
import * as core from '@actions/core'
import { AgentClient } from './agent/client.js'
import { AgentApiError } from './agent/errors.js'
import type { AgentJob } from './agent/job.js'
import { type Clock, systemClock } from './clock.js'
import { conclude, type RunResult } from './outcome.js'
import { announce, runnerWaitLog, writeOutputs, writeSummary } from './report.js'
import { parseSettings, type Settings, SettingsError } from './settings.js'
import { waitForJob } from './wait.js'

export async function run(clock: Clock = systemClock): Promise<void> {
  const started = clock.now()
  // Masked before anything else can print it, even when the rest of the settings are invalid.
  core.setSecret(core.getInput('api-key'))
  let settings: Settings
  try {
    settings = parseSettings((name) => core.getInput(name, { trimWhitespace: false }))
  } catch (error) {
    core.setFailed(error instanceof SettingsError ? error.message : String(error))
    return
  }

  const cancellation = watchForCancellation()
  const client = new AgentClient({
    baseUrl: settings.baseUrl,
    apiKey: settings.apiKey,
    projectId: settings.projectId,
    clock,
    deadline: started + settings.timeoutMs,
    signal: cancellation.signal,
    onRetry: (message) => core.debug(message)
  })
  try {
    const result = await runJob(settings, client, clock, started, cancellation.signal)
    const conclusion = conclude(result, settings.failOnJobFailure)
    writeOutputs(result, undefined)
    await writeSummary(result, conclusion, clock.now() - started)
    announce(result, conclusion)
  } finally {
    client.close()
    cancellation.dispose()
  }
}

async function runJob(
  settings: Settings,
  client: AgentClient,
  clock: Clock,
  started: number,
  signal: AbortSignal
): Promise<RunResult> {
  let job: AgentJob | undefined
  const jobId = settings.jobId || undefined
  try {
    job = await core.group('Starting the agent job', () => startJob(settings, client))
    if (job && !settings.wait) return { kind: 'started', job, followUp: settings.jobId !== '' }
    const id = job?.id ?? settings.jobId
    const outcome = await core.group(`Waiting for agent job ${id}`, () =>
      waitForJob(
        {
          jobId: id,
          initial: job,
          firstGapMs: settings.pollIntervalMs,
          deadline: started + settings.timeoutMs,
          signal
        },
        { getJob: (jobIdToRead) => client.getJob(jobIdToRead), clock, log: runnerWaitLog() }
      )
    )
    switch (outcome.kind) {
      case 'finished':
        return { kind: 'finished', job: outcome.job }
      case 'timed-out':
        return { kind: 'timed-out', jobId: id, job: outcome.job, timeoutMs: settings.timeoutMs }
      case 'cancelled':
        return { kind: 'cancelled', jobId: id, job: outcome.job }
    }
  } catch (error) {
    if (!(error instanceof AgentApiError)) throw error
    const id = job?.id ?? jobId
    if (error.reason === 'cancelled' && id) return { kind: 'cancelled', jobId: id, job }
    return { kind: 'error', jobId: id, job, message: error.message }
  }
}

/** Creates the job, or sends the prompt to the given one; nothing to send means join it as it is. */
async function startJob(settings: Settings, client: AgentClient): Promise<AgentJob | undefined> {
  if (settings.jobId === '') {
    const job = await client.createJob(settings.prompt)
    core.info(`Created agent job ${job.id}.`)
    return job
  }
  if (settings.prompt === '') {
    core.info(`Joining agent job ${settings.jobId}.`)
    return undefined
  }
  const job = await client.sendMessage(settings.jobId, settings.prompt)
  core.info(`Sent the follow-up message to agent job ${job.id}.`)
  return job
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
