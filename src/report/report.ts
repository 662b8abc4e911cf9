// The runner side of a result: step outputs, the job summary, annotations, and the log of the job's start and wait.
import * as core from '@actions/core'
import type { AgentJob } from '../agent/job.js'
import { formatDuration } from '../base/duration.js'
import { messageOf } from '../base/error-message.js'
import type { ExecutionLog } from '../job/execute.js'
import { log } from '../base/log.js'
import { type Conclusion, jobIdOf, jobOf, type RunResult, statusOutputOf } from '../job/outcome.js'
import type { PullRequestRef } from '../github/pull-request-link.js'
import { fitMarkdown, SUMMARY_LIMIT } from '../markdown/size-limits.js'
import type { WaitLog } from '../job/wait.js'

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
  core.setOutput('job', job ? JSON.stringify(job) : '')
  writeCommentUrl(commentUrl ?? '')
}

/** The prompt about to be sent: the `prompt` output, and the whole text in a collapsed group of the log. */
export async function showPrompt(prompt: string): Promise<void> {
  core.setOutput('prompt', prompt)
  await log.group('The prompt sent to the agent', () => {
    // Line by line: each is escaped on its own, so the text reads as written and runs no command.
    for (const line of prompt.split('\n')) log.info(line)
    return Promise.resolve()
  })
}

/** Reconcile mode's one output: the jobs whose end (or loss) the run wrote on their threads. */
/** Also on its own, for a progress comment first made after the other outputs were written. */
export function writeCommentUrl(url: string): void {
  core.setOutput('comment-url', url)
}

/** Every summary the action writes goes through here: the one place it is cut to GitHub's size. */
export async function writeSummary(markdown: string): Promise<void> {
  // A summary is a nicety: a runner without GITHUB_STEP_SUMMARY must not fail a finished job.
  if (!process.env.GITHUB_STEP_SUMMARY) return
  try {
    // No line break added: it would count toward the limit, and the markdown ends with one.
    await core.summary.addRaw(fitMarkdown(markdown, SUMMARY_LIMIT)).write()
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
      log.warning(conclusion.message, 'Docs agent')
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
