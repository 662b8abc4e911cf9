// The story of one run: settings, the gate, the thread, the agent job, the report.
import * as core from '@actions/core'
import { AgentClient } from './agent/client.js'
import { redactKey } from './agent/redact.js'
import { isTerminal } from './agent/job.js'
import { type Clock, systemClock } from './clock.js'
import { addEventContext } from './context/step.js'
import { messageOf } from './error-message.js'
import { executePlan } from './execute.js'
import { Transport } from './http/transport.js'
import { log } from './log.js'
import { AFTER_JOB_BUDGET_MS, connectGitHub, type GitHubApi, type GitHubTarget } from './github/api.js'
import { readRunContext, type RunContext } from './github/context.js'
import { passGate } from './github/gate.js'
import { markerKey } from './github/marker.js'
import { finishOnPullRequest, textFacts, threadComment } from './github/run-on-pull-request.js'
import { Thread } from './github/thread.js'
import { WorkingLabel } from './github/working-label.js'
import type { Trigger } from './github/trigger.js'
import { conclude, jobIdOf, jobOf, leavesJobRunning, type NoteName, type RunResult } from './outcome.js'
import { type JobPlan, planJob, unreadableRerunMessage, unsureCreateRerunMessage } from './plan.js'
import { parsePullRequestLink, type PullRequestRef } from './pull-request.js'
import { progressAtEnd, renderSettingsErrorSummary, renderSummary, renderThreadComment } from './render.js'
import { announce, runnerExecutionLog, showPrompt, writeCommentUrl, writeOutputs, writeSummary } from './report.js'
import { reconcile } from './reconcile/step.js'
import { parseSettings, type Settings } from './settings.js'

export async function run(clock: Clock = systemClock): Promise<void> {
  const started = clock.now()
  // Masked before anything else can print it, even when the rest of the settings are invalid.
  const apiKey = core.getInput('api-key')
  if (apiKey !== '') core.setSecret(apiKey)
  const settings = await readSettings(apiKey)
  if (!settings) return
  const context = readRunContext(process.env)
  const cancellation = watchForCancellation()
  const transport = new Transport()
  const connect = connectTo(context, { clock, cancel: cancellation.signal, transport })
  const github = lazyGitHub(settings, context, connect)
  const deadline = started + settings.timeoutMs
  const client = new AgentClient({
    baseUrl: settings.baseUrl,
    apiKey: settings.apiKey,
    projectId: settings.projectId,
    clock,
    deadline,
    timeoutMs: settings.timeoutMs,
    signal: cancellation.signal,
    onRetry: (message) => log.debug(message)
  })
  try {
    if (settings.mode === 'reconcile') {
      const api = await github()
      if (api) await reconcile(settings, context, { github: api, connect, jobs: client, clock, deadline })
      return
    }
    const gate = await passGate(settings, context, github)
    if (gate.kind === 'skip') {
      // The reply is the run's only comment: written before the outputs, so that they report its URL.
      const replyUrl = gate.reply ? await reply(settings, context, gate.reply, github) : undefined
      return await report({ kind: 'skipped', reason: gate.reason }, settings, replyUrl, clock.now() - started)
    }
    const thread = await openThread(settings, context, gate.trigger, github)
    if (thread && gate.trigger.reactionTarget) await thread.acknowledge(gate.trigger.reactionTarget)

    const decision = await decidePlan(settings, gate.trigger, context, thread, client)
    if ('refused' in decision) {
      const result: RunResult = { kind: 'error', jobId: undefined, job: undefined, message: decision.refused }
      return await report(result, settings, thread?.url, clock.now() - started)
    }
    const { plan, occasion } = await addEventContext(decision.plan, settings, context, github)
    const prompt = plan.kind === 'join' ? undefined : plan.prompt
    if (prompt !== undefined) await showPrompt(prompt)
    const facts = { settings, context, trigger: gate.trigger }
    thread?.signFacts(textFacts(thread.issueNumber, occasion, decision.note))
    const comment = threadComment(thread, facts, decision.note)
    let working: Promise<void> | undefined
    const result = await executePlan(
      plan,
      {
        wait: settings.wait,
        firstGapMs: settings.pollIntervalMs,
        deadline,
        timeoutMs: settings.timeoutMs,
        signal: cancellation.signal,
        recordsUnsureCreate: thread !== undefined
      },
      {
        client,
        clock,
        log: runnerExecutionLog(),
        onWaiting: (jobId) => {
          const state = { kind: 'working', jobId, followUp: plan.kind === 'message' } as const
          working = thread?.write(jobId, comment(state), undefined, 'working')
        }
      }
    )
    if (result.kind === 'error' && result.unsureCreate) thread?.recordUnsureCreate(context.runAttempt)
    // The outputs and the summary go out before the comment's last edit, so that a slow or failing
    // GitHub cannot hold them back (a cancelled run has seconds before the runner kills it).
    const urlReported = thread?.url
    const pullRequest = parsePullRequestLink(jobOf(result)?.prLink, context.serverUrl)
    await report(result, settings, urlReported, clock.now() - started, { pullRequest, prompt })
    // The thread's last edit and the steps on the agent's pull request all end within
    // AFTER_JOB_BUDGET_MS of the job's end.
    const notAfter = clock.now() + AFTER_JOB_BUDGET_MS
    const lastEdit = async (open: Thread): Promise<void> => {
      // A comment first made (or found) after the outputs gets its URL written the moment it is known,
      // before a last edit that a cancelled run may not see finish.
      open.whenUrlKnown((url) => {
        if (url !== urlReported) writeCommentUrl(url)
      })
      // The "working" comment may still be on its way: the last edit waits for it rather than race it.
      await working
      // A job left running keeps the working text (a reconcile run finishes it) only with the label on.
      const running = leavesJobRunning(result)
      const atEnd = progressAtEnd(result, running && (await open.putLabel(notAfter)), occasion)
      await open.finish(jobIdOf(result), comment(atEnd), notAfter, running ? 'working' : undefined)
    }
    await Promise.all([
      thread && lastEdit(thread),
      finishOnPullRequest(result, pullRequest, thread, facts, {
        connect,
        clock,
        warn: (message) => log.warning(message),
        notAfter
      })
    ])
  } catch (error) {
    // A bug, not a job outcome: say so plainly rather than crash with a stack of minified code.
    log.fail(`docs-agent-action stopped on an unexpected error: ${messageOf(error)}`)
  } finally {
    client.close()
    transport.close()
    cancellation.dispose()
  }
}

/** The settings, or undefined once an invalid input has failed the step (log and summary). */
async function readSettings(apiKey: string): Promise<Settings | undefined> {
  try {
    return parseSettings((name) => core.getInput(name, { trimWhitespace: false }))
  } catch (error) {
    const message = messageOf(error)
    log.fail(message)
    // The summary does not rely on the runner's masking: an error that quotes another input holding
    // the key by mistake (a pasted base-url, say) must not publish it.
    await writeSummary(renderSettingsErrorSummary(redactKey(message, apiKey)))
    return undefined
  }
}

/** Connections to a repository (owner/name) of this GitHub, sharing the run's clock, cancellation and transport. */
function connectTo(
  context: RunContext,
  shared: Pick<GitHubTarget, 'clock' | 'cancel' | 'transport'>
): (repository: string, token: string) => GitHubApi {
  return (repository, token) => {
    const [owner = '', repo = ''] = repository.split('/')
    return connectGitHub({
      ...shared,
      token,
      apiUrl: context.apiUrl,
      owner,
      repo,
      onRetry: (message) => log.info(message)
    })
  }
}

/** The GitHub connection of the workflow's repository, made on first use; undefined without a token. */
function lazyGitHub(
  settings: Settings,
  context: RunContext,
  connect: (repository: string, token: string) => GitHubApi
): () => Promise<GitHubApi | undefined> {
  let connection: GitHubApi | undefined
  return () => {
    if (settings.githubToken === '') return Promise.resolve(undefined)
    connection ??= connect(`${context.owner}/${context.repo}`, settings.githubToken)
    return Promise.resolve(connection)
  }
}

async function openThread(
  settings: Settings,
  context: RunContext,
  trigger: Trigger,
  github: () => Promise<GitHubApi | undefined>
): Promise<Thread | undefined> {
  if (!settings.comment || trigger.threadNumber === undefined) return undefined
  const unset = [
    ['GITHUB_RUN_ID', context.runId],
    ['GITHUB_JOB', context.workflowJob],
    ['GITHUB_ACTION', context.step]
  ].flatMap(([name, value]) => (value === '' ? [name] : []))
  if (unset.length > 0) {
    log.warning(
      `${unset.join(', ')} ${unset.length === 1 ? 'is' : 'are'} not set, so a progress comment could not be tied ` +
        'to this workflow step; not commenting.'
    )
    return undefined
  }
  const api = await github()
  if (!api) {
    log.warning(
      'No github-token was given, so the action cannot comment on the thread. Pass github-token or set comment: false.'
    )
    return undefined
  }
  const writer = {
    repository: `${context.owner}/${context.repo}`,
    runId: context.runId,
    workflowJob: context.workflowJob,
    step: context.step,
    key: markerKey(settings.apiKey, settings.projectId)
  }
  const warn = (message: string): void => log.warning(message)
  const workingLabel = settings.workingLabel === '' ? undefined : new WorkingLabel(api, settings.workingLabel, warn)
  return new Thread(api, trigger.threadNumber, writer, trigger.commentId, warn, {
    ...(workingLabel && { workingLabel }),
    earlierAttempts: context.runAttempt > 1
  })
}

/** Tells the person on the thread why their command started nothing; the URL of the reply, if written. */
async function reply(
  settings: Settings,
  context: RunContext,
  skip: { trigger: Trigger; text: string },
  github: () => Promise<GitHubApi | undefined>
): Promise<string | undefined> {
  const thread = await openThread(settings, context, skip.trigger, github)
  await thread?.write(undefined, (marker) => renderThreadComment(marker, skip.text))
  return thread?.url
}

/**
 * A re-run resumes its earlier attempt's job while it runs; a thread's earlier job takes follow-ups.
 * A re-run that cannot read its thread is refused: it cannot tell whether a job was started.
 */
async function decidePlan(
  settings: Settings,
  trigger: Trigger,
  context: RunContext,
  thread: Thread | undefined,
  client: AgentClient
): Promise<{ plan: JobPlan; note?: NoteName } | { refused: string }> {
  const earlier = settings.jobId === '' && thread ? await thread.readEarlier() : {}
  if (!earlier && context.runAttempt > 1) return { refused: unreadableRerunMessage(context.runAttempt) }
  // A first attempt that could not read the thread has no job of its own there; it only misses follow-ups.
  const { ownJobId, latestJobId, unsureCreate } = earlier ?? {}
  let resumableJobId: string | undefined
  if (context.runAttempt > 1 && ownJobId) {
    const job = await client.getJob(ownJobId).catch(() => undefined)
    if (job && !isTerminal(job.status)) resumableJobId = job.id
  }
  const plan = planJob({
    prompt: settings.prompt,
    request: trigger.request,
    jobId: settings.jobId,
    followUp: settings.followUp,
    resumableJobId,
    // Only what someone wrote on the thread follows up on its job: a merge, or a run by hand to do a
    // pull request's docs again, starts afresh rather than message a job that may have failed.
    threadJobId: trigger.author ? latestJobId : undefined
  })
  if (plan.kind === 'create' && unsureCreate !== undefined) {
    return { refused: unsureCreateRerunMessage(context.runAttempt, unsureCreate, thread?.url) }
  }
  // The docs-PR comment names the job that opened the pull request: only a follow-up to that job
  // reports there.
  const toDocsJob = plan.kind === 'message' && plan.fromThread && plan.jobId === latestJobId
  if (thread?.docsComment && !toDocsJob) thread.standAside()
  // A request on a pull request that no signed comment ties to a job: the agent's pull request
  // perhaps, whose reviewer expected it to go to that job, so the comment says why it did not.
  const untied = plan.kind === 'create' && earlier && settings.followUp && trigger.onPullRequest
  return untied ? { plan, note: 'new-job' } : { plan }
}

async function report(
  result: RunResult,
  settings: Settings,
  commentUrl: string | undefined,
  elapsedMs: number,
  shown: { pullRequest?: PullRequestRef | undefined; prompt?: string | undefined } = {}
) {
  const conclusion = conclude(result, settings.failOnJobFailure)
  writeOutputs(result, commentUrl, shown.pullRequest)
  const { prompt } = shown
  await writeSummary(renderSummary({ result, conclusion, elapsedMs, ...(prompt === undefined ? {} : { prompt }) }))
  announce(result, conclusion)
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
