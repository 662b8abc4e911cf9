// Markdown for people: the job summary and the layout of the thread's comments (their words are
// outcome.ts's and queued-and-lost.ts's). Anything that came from the API is escaped, and a link is a link only when it is https.
import type { AgentJob } from '../agent/job.js'
import { formatDuration } from '../base/duration.js'
import { answeredRequest, type CommentMarkup, type Conclusion, endedComment, workingComment } from './outcome.js'
import { creatingComment, lostComment, queuedEndComment } from './queued-and-lost.js'
import type { QueuedEnd } from '../job/queue.js'
import { jobIdOf, jobOf, type StartedBy, type RunResult, statusOutputOf } from '../job/result.js'
import { BIDI_CONTROLS, code, escapeMarkdown, linkOrText, RUNNER_URL_PROTOCOLS } from '../markdown/escape.js'

const HEADINGS: Record<Conclusion['level'], string> = {
  success: '✅',
  notice: 'ℹ️',
  warning: '⚠️',
  failure: '❌'
}

export interface SummaryFacts {
  result: RunResult
  conclusion: Conclusion
  elapsedMs: number
  /** The prompt sent to the agent, shown collapsed; absent when nothing was sent. */
  prompt?: string
  /** More of the run's facts, as markdown list items after the job's (a digest's pull requests). */
  details?: string[]
}

export function renderSummary({ result, conclusion, elapsedMs, prompt, details = [] }: SummaryFacts): string {
  const job = jobOf(result)
  const jobId = jobIdOf(result)
  const facts: [string, string][] = [['Status', code(statusOutputOf(result) ?? 'unknown')]]
  if (jobId) facts.push(['Pull request', pullRequestText(job)], ['Job', code(jobId)])
  if (job?.model) facts.push(['Model', escapeMarkdown(job.model)])
  if (job?.source?.repository) {
    const ref = job.source.ref ? ` @ ${code(job.source.ref)}` : ''
    facts.push(['Source', `${linkOrText(job.source.repository)}${ref}`])
  }
  facts.push(['Elapsed', formatDuration(elapsedMs)])
  const list = [...facts.map(([name, value]) => `- **${name}:** ${value}`), ...details]
  const sent = prompt ? ['', ...promptDetails(prompt)] : []
  return summary(conclusion.level, escapeMarkdown(conclusion.message), [...list, ...sent])
}

/**
 * The prompt, collapsed, as the agent got it: in <pre>, an HTML block that markdown does not touch
 * and that only its closing tag ends, which the escaped text cannot contain.
 */
function promptDetails(prompt: string): string[] {
  const escaped = prompt.replace(BIDI_CONTROLS, '').replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
  return [
    `<details><summary>The prompt sent to the agent (${prompt.length} characters)</summary>`,
    '',
    `<pre>${escaped}</pre>`,
    '',
    '</details>'
  ]
}

/** The summary of a run whose inputs are invalid: what is wrong and what to do, no job facts. */
export function renderSettingsErrorSummary(message: string): string {
  return summary('failure', "No agent job was started: the step's inputs are invalid.", [
    escapeMarkdown(message),
    '',
    "Fix the step's `with:` block in the workflow file (or the secret or variable it reads), then re-run the workflow."
  ])
}

/**
 * The run's warnings for the job summary, each as logged (it says what to do). `after`: those
 * raised once the summary above was written (the thread's last edit, the agent's pull request).
 */
export function renderWarnings(warnings: string[], when: 'before' | 'after'): string {
  const heading =
    when === 'before'
      ? `### ⚠️ Warnings (${warnings.length}): the job's own result above is unaffected`
      : `### ⚠️ Warnings after the result was written (${warnings.length}): the job's own result above is unaffected`
  return [
    '',
    heading,
    '',
    'Each was also logged, and says what to do about it.',
    '',
    ...warnings.map((warning) => `- ${escapeMarkdown(warning)}`),
    ''
  ].join('\n')
}

/** A note the run adds after its summary (what will finish its comment): a heading, and the escaped text. */
export function renderNote(heading: string, text: string): string {
  return ['', `### ℹ️ ${heading}`, '', escapeMarkdown(text), ''].join('\n')
}

/** A job summary: the heading for its level, the headline, then the body's lines. */
export function summary(level: Conclusion['level'], headline: string, body: string[]): string {
  return [`## ${HEADINGS[level]} Docs agent`, '', headline, '', ...body, ''].join('\n')
}

/** Why there is no pull request, by the job's last status: only a job still at work may yet open one. */
const NO_PULL_REQUEST: Record<string, string> = {
  active: 'none yet',
  completed: 'none (no files changed)',
  archived: 'none (the job was archived)',
  failed: 'none (the job failed)'
}

function pullRequestText(job: AgentJob | undefined): string {
  if (job?.prLink) return linkOrText(job.prLink)
  if (!job) return 'unknown (the job was never read)'
  // A status the API does not document is treated as still running, as the wait does.
  return NO_PULL_REQUEST[job.status] ?? 'none yet'
}

/**
 * What the progress comment on a thread says: the job is working, how the run ended (and what
 * started the run), or (reconcile mode) that the agent API no longer knows the job.
 */
export type ProgressState =
  | { kind: 'working'; jobId: string; followUp: boolean }
  | { kind: 'ended'; result: RunResult; startedBy?: StartedBy }
  | { kind: 'lost'; jobId: string }
  /** A queued request whose create a reconcile run began. */
  | { kind: 'creating' }
  /** A queued request a reconcile run ends without a job. */
  | { kind: 'queue-ended'; why: QueuedEnd; startedBy?: StartedBy }

/** What a run's own comments say: the job is working, or how the run ended (only reconcile mode writes the others). */
export type RunProgressState = Exclude<ProgressState, { kind: 'lost' | 'creating' | 'queue-ended' }>

/**
 * What the run's last comment says. A job started without waiting, on a thread that gets the
 * working-label, keeps the working text: a run in reconcile mode will replace it with the end.
 * Otherwise the comment says how the run ended.
 */
export function progressAtEnd(result: RunResult, reconciledLater: boolean, startedBy?: StartedBy): RunProgressState {
  if (reconciledLater && result.kind === 'started') {
    return { kind: 'working', jobId: result.job.id, followUp: result.how === 'messaged' }
  }
  return startedBy === undefined ? { kind: 'ended', result } : { kind: 'ended', result, startedBy }
}

/**
 * The progress comment's body; `marker` is its hidden first line (see thread/marker.ts). The link to
 * the request it answers (`requestUrl`, the trigger's page, when it is a comment or review) and a
 * `note` (outcome.ts's words) follow, each a paragraph of its own.
 */
export function renderProgressComment(
  marker: string,
  state: ProgressState,
  runUrl: string,
  note?: string,
  requestUrl?: string
): string {
  const markup = commentMarkup(runUrl)
  const answered = requestUrl === undefined ? undefined : answeredRequest(requestUrl, markup)
  const paragraphs = [progressText(state, markup), answered, note === undefined ? undefined : escapeMarkdown(note)]
  return renderThreadComment(marker, paragraphs.filter((text) => text).join('\n\n'))
}

/** The words of the progress comment for each state (outcome.ts's). */
export function progressText(state: ProgressState, markup: CommentMarkup): string {
  switch (state.kind) {
    case 'working':
      return workingComment(state.jobId, state.followUp, markup)
    case 'ended':
      return endedComment(state.result, markup, state.startedBy)
    case 'lost':
      return lostComment(state.jobId, markup)
    case 'creating':
      return creatingComment(markup)
    case 'queue-ended':
      return queuedEndComment(state.why, markup, state.startedBy)
  }
}

/** How a comment about this workflow run writes what it quotes: escaped text, https links, the run's link. */
export function commentMarkup(runUrl: string): CommentMarkup {
  return {
    code,
    text: (value) => escapeMarkdown(value),
    link: (url, label) => linkOrText(url, label),
    run: linkOrText(runUrl, 'workflow run', RUNNER_URL_PROTOCOLS)
  }
}

/** The layout of every comment the action writes on a thread: the hidden marker line, then the text. */
export function renderThreadComment(marker: string, markdown: string): string {
  return `${marker}\n${markdown}\n`
}
