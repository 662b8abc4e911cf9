// The job and what follows it: the create or send call and the wait, with the thread's "working"
// comment; then the outputs and the summary; then, within a bounded time, the thread's last edit and
// the steps on the agent's pull request.
import { redactKey } from '../agent/redact.js'
import { type ArmAfterRun, armAfterRun } from '../arm/arm.js'
import { log } from '../base/log.js'
import { finishOnPullRequest } from '../docs-pr/run-on-pull-request.js'
import { type RunSetup, threadComment } from '../report/thread-comment.js'
import { AFTER_JOB_BUDGET_MS, type GitHubApi } from '../github/api.js'
import type { PullRequestRef } from '../github/pull-request-link.js'
import { executePlan } from '../job/execute.js'
import { conclude } from '../report/outcome.js'
import { jobIdOf, leavesWorkForReconcile, type StartedBy, type RunResult } from '../job/result.js'
import type { JobPlan } from '../job/plan.js'
import { progressAtEnd, renderNote, renderSummary } from '../report/render.js'
import { announce, runnerExecutionLog, writeCommentUrl, writeOutputs, writeSummary } from '../report/report.js'
import type { Settings } from '../settings/settings.js'
import type { Thread } from '../thread/thread.js'
import { queueHeldBackCreate } from './queue-step.js'
import type { Session } from './session.js'

export interface JobRun {
  result: RunResult
  /** The "working" comment's write, if one was started: the last edit waits for it. */
  working: Promise<boolean> | undefined
}

/** The create, send or join call and the wait, as the settings ask; the thread says "working" meanwhile. */
export async function runJob(
  settings: Settings,
  session: Session,
  plan: JobPlan,
  thread: Thread | undefined,
  comment: ReturnType<typeof threadComment>,
  startedBy: StartedBy
): Promise<JobRun> {
  let working: Promise<boolean> | undefined
  // A create recorded before it was sent (recordCreateAhead) is settled once it has its answer.
  const answered = (): void => {
    if (plan.kind === 'create') thread?.settleCreate(session.context.runAttempt)
  }
  const result = await executePlan(
    plan,
    {
      wait: settings.wait,
      firstGapMs: settings.pollIntervalMs,
      deadline: session.deadline,
      timeoutMs: settings.timeoutMs,
      signal: session.cancel
    },
    {
      client: session.agent,
      clock: session.clock,
      log: runnerExecutionLog(),
      onWaiting: (jobId) => {
        answered()
        const state = { kind: 'working', jobId, followUp: plan.kind === 'message' } as const
        working = thread?.write(jobId, comment(state), undefined, 'working')
      },
      onEarlierPullRequest: (prLink) => thread?.recordEarlierPullRequest(prLink)
    }
  )
  if (result.kind !== 'error' || result.unsureCreate === undefined) answered()
  const queuedOrNot = await queueHeldBackCreate(result, { settings, session, plan, startedBy }, thread, comment)
  return {
    result: thread ? await recordUnsureCreate(queuedOrNot, session, thread, comment, startedBy) : queuedOrNot,
    working
  }
}

/**
 * Records on the thread, before a create is sent, that it may get no answer: a run killed while it
 * waits for one (GitHub's cancel ends with SIGKILL, which leaves no time to write) leaves the record,
 * and no later run creates again. runJob takes it back once the answer came. Whether the comment holds it.
 */
export async function recordCreateAhead(
  session: Session,
  thread: Thread,
  body: (marker: string) => string
): Promise<boolean> {
  const attempt = session.context.runAttempt
  thread.recordUnsureCreate(attempt)
  const recorded = await thread.write(undefined, body)
  if (!recorded) thread.settleCreate(attempt)
  return recorded
}

/**
 * A create that may have made a job, recorded in the progress comment's marker before anything says
 * so: a re-run reads the record and creates nothing. The step's words say "recorded" only once that
 * write succeeded; the record stays in later edits either way, which may still land.
 */
async function recordUnsureCreate(
  result: RunResult,
  session: Session,
  thread: Thread,
  comment: ReturnType<typeof threadComment>,
  startedBy: StartedBy
): Promise<RunResult> {
  if (result.kind !== 'error' || result.unsureCreate === undefined) return result
  thread.recordUnsureCreate(session.context.runAttempt)
  const recorded = { ...result, unsureCreate: 'recorded' } as const
  const notAfter = session.clock.now() + AFTER_JOB_BUDGET_MS
  const written = await thread.finish(undefined, comment(progressAtEnd(recorded, false, startedBy)), notAfter)
  return written ? recorded : { ...result, unsureCreate: 'unwritten' }
}

/** The step's outputs, its job summary and its conclusion (log and exit code). */
export async function report(
  result: RunResult,
  settings: Settings,
  session: Session,
  commentUrl: string | undefined,
  /** `prompt`: as showPrompt showed it (redacted). */
  shown: { pullRequest?: PullRequestRef | undefined; prompt?: string | undefined; details?: string[] } = {}
): Promise<void> {
  const conclusion = conclude(result, settings.failOnJobFailure, { digest: settings.mode === 'digest' })
  writeOutputs(result, commentUrl, shown.pullRequest)
  const { prompt, details = [] } = shown
  const elapsedMs = session.clock.now() - session.started
  await writeSummary(
    renderSummary({
      result,
      // Its words may quote people's text (a skip's reason names a label): redacted before it is escaped.
      conclusion: { ...conclusion, message: redactKey(conclusion.message, settings.apiKey) },
      elapsedMs,
      details,
      ...(prompt === undefined ? {} : { prompt })
    }),
    settings.apiKey
  )
  announce(result, conclusion)
}

/**
 * After the outputs: the thread's last edit and the steps on the agent's pull request, all ended
 * within AFTER_JOB_BUDGET_MS of the job's end, so that a slow GitHub adds seconds, never minutes.
 */
export async function finishAfterJob(
  session: Session,
  { result, working }: JobRun,
  thread: Thread | undefined,
  done: {
    facts: RunSetup
    comment: ReturnType<typeof threadComment>
    startedBy: StartedBy
    pullRequest: PullRequestRef | undefined
    /** The comment URL the outputs already carry. */
    urlReported: string | undefined
  }
): Promise<void> {
  const { clock, connect } = session
  const notAfter = clock.now() + AFTER_JOB_BUDGET_MS
  const lastEdit = async (open: Thread): Promise<void> => {
    // A comment first made (or found) after the outputs gets its URL written the moment it is known,
    // before a last edit that a cancelled run may not see finish.
    open.whenUrlKnown((url) => {
      if (url !== done.urlReported) writeCommentUrl(url)
    })
    // The "working" comment may still be on its way: the last edit waits for it rather than race it.
    await working
    // Work left for reconcile (a job running, a request queued) keeps the working text only with the label on.
    const leftForReconcile = leavesWorkForReconcile(result)
    const labelled = leftForReconcile && (await open.putLabel(notAfter))
    const atEnd = progressAtEnd(result, labelled, done.startedBy)
    await open.finish(jobIdOf(result), done.comment(atEnd), notAfter, leftForReconcile ? 'working' : undefined)
    // Then, with the label on, the workflow that will finish the comment is switched on (src/arm/).
    const github = await session.github()
    if (github) await armAfterRun(result, labelled, arming(github, done.facts.settings, notAfter))
  }
  await Promise.all([
    thread && lastEdit(thread),
    finishOnPullRequest(result, done.pullRequest, thread, done.facts, {
      connect,
      clock,
      warn: (message) => log.warning(message),
      notAfter
    })
  ])
}

/** What the arming after the last edit works with: this repository's GitHub, the workflow, the log and the summary. */
function arming(github: GitHubApi, settings: Settings, notAfter: number): ArmAfterRun {
  return {
    github,
    workflow: settings.reconcileWorkflow,
    limits: github.lastEditLimits(notAfter),
    log,
    note: (text) => writeSummary(renderNote('What finishes the progress comment', text), settings.apiKey)
  }
}
