// The runner side of a result: step outputs, the job summary, annotations, and the log of the job's start and wait.
import { stat } from 'node:fs/promises'
import * as core from '@actions/core'
import type { AgentJob } from '../agent/job.js'
import { redactKey } from '../agent/redact.js'
import { formatDuration } from '../base/duration.js'
import { messageOf } from '../base/error-message.js'
import type { ExecutionLog } from '../job/execute.js'
import { log, takeWarnings } from '../base/log.js'
import { type Conclusion } from './outcome.js'
import { jobIdOf, jobOf, prNewOutputOf, type RunResult, statusOutputOf } from '../job/result.js'
import type { PullRequestRef } from '../github/pull-request-link.js'
import { fitMarkdown, SUMMARY_LIMIT } from '../markdown/size-limits.js'
import type { WaitLog } from '../job/wait.js'
import { renderWarnings } from './render.js'

/** `pullRequest`: the PR link read as a pull request of this GitHub host, when it is one. */
export function writeOutputs(
  result: RunResult,
  commentUrl: string | undefined,
  pullRequest: PullRequestRef | undefined
): void {
  const job = jobOf(result)
  const jobId = jobIdOf(result)
  core.setOutput('status', statusOutputOf(result) ?? '')
  if (jobId) core.setOutput('job-id', jobId)
  core.setOutput('pr-link', job?.prLink ?? '')
  core.setOutput('pr-number', pullRequest ? String(pullRequest.number) : '')
  core.setOutput('pr-repository', pullRequest?.repository ?? '')
  core.setOutput('pr-new', prNewOutputOf(result))
  core.setOutput('job', job ? JSON.stringify(job) : '')
  writeCommentUrl(commentUrl ?? '')
}

/**
 * The prompt about to be sent: the `prompt` output, and the whole text in a collapsed group of the
 * log. It quotes what people wrote on GitHub, which may hold the key or a wrapped piece of it: the
 * whole text is redacted before it is split into lines, which a wrapped piece would straddle. The
 * text as shown, for the summary to show the same.
 */
export async function showPrompt(prompt: string, apiKey: string): Promise<string> {
  const shown = redactKey(prompt, apiKey)
  core.setOutput('prompt', shown)
  await log.group('The prompt sent to the agent', () => {
    // Line by line: each is escaped on its own, so the text reads as written and runs no command.
    for (const line of shown.split('\n')) log.info(line)
    return Promise.resolve()
  })
  return shown
}

/** Reconcile mode's one output: the jobs whose end (or loss) the run wrote on their threads. */
/** Also on its own, for a progress comment first made after the other outputs were written. */
export function writeCommentUrl(url: string): void {
  core.setOutput('comment-url', url)
}

/** The most the warnings may take of the summary, so that the run's own facts always have room. */
const WARNINGS_SHARE = 4

/**
 * Every summary the action writes goes through here: the one place it is cut to GitHub's size, and
 * where the warnings logged so far are added, under a heading of their own, without `apiKey`.
 */
export async function writeSummary(markdown: string, apiKey: string): Promise<void> {
  const warnings = takeRedactedWarnings(apiKey)
  const written = await summaryBytes()
  const section = warnings.length > 0 ? fitWithin(renderWarnings(warnings, 'before'), written, WARNINGS_SHARE) : ''
  const room = SUMMARY_LIMIT.max - written - SUMMARY_LIMIT.measure(section)
  await appendSummary(fitMarkdown(markdown, { ...SUMMARY_LIMIT, max: room }) + section)
}

/**
 * The warnings logged after the summary was written (the thread's last edit and the agent's pull
 * request come after it, so that GitHub cannot hold the outputs back): a second section at its end.
 */
export async function writeLateWarnings(apiKey: string): Promise<void> {
  const warnings = takeRedactedWarnings(apiKey)
  if (warnings.length === 0) return
  await appendSummary(fitWithin(renderWarnings(warnings, 'after'), await summaryBytes(), 1))
}

/**
 * The warnings logged so far, without the key: the summary is published where the runner's log
 * masking does not reach, and a warning may quote what a service or a person wrote. Taken out
 * before the markdown escapes, which would split the key ("mint\\_...") so that it no longer matches.
 */
function takeRedactedWarnings(apiKey: string): string[] {
  return takeWarnings().map((warning) => redactKey(warning, apiKey))
}

/** `markdown` cut to fit the summary's room left after `written` bytes, or the given share of the whole when less. */
function fitWithin(markdown: string, written: number, share: number): string {
  const room = Math.min(SUMMARY_LIMIT.max - written, Math.floor(SUMMARY_LIMIT.max / share))
  return fitMarkdown(markdown, { ...SUMMARY_LIMIT, max: room })
}

/** The bytes this step's summary file holds already: GitHub's limit is for all it holds. */
async function summaryBytes(): Promise<number> {
  const path = process.env.GITHUB_STEP_SUMMARY
  if (!path) return 0
  try {
    return (await stat(path)).size
  } catch {
    return 0
  }
}

async function appendSummary(markdown: string): Promise<void> {
  // A summary is a nicety: a runner without GITHUB_STEP_SUMMARY must not fail a finished job.
  if (!process.env.GITHUB_STEP_SUMMARY) return
  try {
    // No line break added: it would count toward the limit, and the markdown ends with one.
    await core.summary.addRaw(markdown).write()
  } catch (error) {
    log.warning(`Could not write the job summary: ${messageOf(error)}`)
  }
}

/** Sets the step's conclusion; a failure marks the step failed (exit code 1). */
export function announce(result: RunResult, conclusion: Conclusion): void {
  const job = jobOf(result)
  if (job?.prLink) log.notice(`Pull request: ${job.prLink}`, 'Docs agent')
  switch (conclusion.level) {
    case 'success':
      log.info(conclusion.message)
      break
    case 'notice':
      log.notice(conclusion.message, 'Docs agent')
      break
    case 'warning':
      log.resultWarning(conclusion.message, 'Docs agent')
      break
    case 'failure':
      log.fail(conclusion.message)
      break
  }
}

/** The execution's log lines, written to the runner's log. */
export function runnerExecutionLog(): ExecutionLog {
  return { group: log.group, info: log.info, wait: runnerWaitLog() }
}

function runnerWaitLog(): WaitLog {
  const line = (job: AgentJob, elapsedMs: number): string =>
    `Job ${job.id}: ${job.status} (${formatDuration(elapsedMs)} waited)`
  return {
    statusChanged: (job, elapsedMs) => log.info(line(job, elapsedMs)),
    heartbeat: (job, elapsedMs) => log.info(`${line(job, elapsedMs)}, still waiting`),
    unknownStatus: (status) =>
      log.warning(
        `The job reports status "${status}", which the API does not document; treating it as still running until it ends or "timeout" passes.`
      ),
    polled: (job, elapsedMs, nextGapMs) =>
      log.debug(`poll: ${job.status} after ${elapsedMs} ms; next poll in ${nextGapMs} ms`)
  }
}
