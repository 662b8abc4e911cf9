// What a reconcile run tells in the job summary: one line on what it looked at, then a table of
// every thread and job it saw and what it did there. Everything that came from GitHub or the agent
// API is escaped for a table cell.
import type { Level } from '../report/outcome.js'
import { summary } from '../report/render.js'
import { cellCode, code, escapeMarkdown, linkOrText, RUNNER_URL_PROTOCOLS } from '../markdown/escape.js'
import type { JobOutcome, ThreadOutcome } from './decide.js'
import type { WorkflowAfterRun } from './disarm.js'
import { describeSignal, type SignalOutcome, type Wording } from './pull-request-signal.js'
import type { QueuedOutcome } from './queued.js'
import { formatInstant } from '../base/duration.js'

export interface ReconcileFacts {
  label: string
  threads: readonly ThreadOutcome[]
  /** Other threads carry the label beyond those looked at. */
  more: boolean
  /** Labelled threads without comments, passed over unread. */
  passedOver: number
  /** The requests queued on the threads (held back by the hourly limit), and what became of each. */
  queued?: readonly QueuedOutcome[]
  /** Why the run stopped reading jobs before the end, if it did. */
  stoppedEarly?: string
  /** Why the threads could not be listed, if they could not. */
  unlisted?: string
  /** What came of the pull request event that started the run, if one did. */
  pullRequest?: SignalOutcome
  level: Level
  /** With reconcile-workflow set: the workflow's file, and what this run left it as. */
  workflow?: { file: string; after: WorkflowAfterRun }
}

const EMPTY = '–'

const SUMMARY_WORDING: Wording = {
  text: escapeMarkdown,
  pullRequest: ({ number, url }) => linkOrText(url, `pull request #${number}`)
}

export function renderReconcileSummary(facts: ReconcileFacts): string {
  const body: string[] = []
  if (facts.pullRequest) body.push(describeSignal(facts.pullRequest, SUMMARY_WORDING), '')
  if (facts.stoppedEarly) body.push(`Stopped reading agent jobs early: ${escapeMarkdown(facts.stoppedEarly)}`, '')
  if (facts.more) {
    body.push(
      `More threads carry the label: the ${facts.threads.length} updated last were looked at, the rest wait for the next run.`,
      ''
    )
  }
  if (facts.passedOver > 0 && facts.threads.length > 0) {
    body.push(`${plural(facts.passedOver, 'labelled thread')} without comments passed over.`, '')
  }
  if (facts.workflow) body.push(workflowLine(facts.workflow.file, facts.workflow.after), '')
  const rows = facts.threads.flatMap(threadRows)
  if (rows.length > 0) {
    body.push(
      '| Thread | Agent job | Seen | Done |',
      '| --- | --- | --- | --- |',
      ...rows.map((row) => `| ${row.join(' | ')} |`),
      ''
    )
  }
  const queued = facts.queued ?? []
  if (queued.length > 0) {
    body.push(
      '| Thread | Queued request | Done |',
      '| --- | --- | --- |',
      ...queued.map((request) => `| ${queuedRow(request).join(' | ')} |`),
      ''
    )
  }
  return summary(facts.level, headline(facts), body)
}

function queuedRow(request: QueuedOutcome): string[] {
  const link = linkOrText(
    `${request.url}#issuecomment-${request.commentId}`,
    `#${request.thread}`,
    RUNNER_URL_PROTOCOLS
  )
  switch (request.kind) {
    case 'created':
      return [
        link,
        `created agent job ${cellCode(request.jobId)}`,
        request.recorded ? 'comment names the job' : 'comment not updated (see the warnings)'
      ]
    case 'waiting': {
      const until = request.retryAt === undefined ? 'the next run' : formatInstant(request.retryAt)
      return [link, `waits until ${until}`, request.why ? `left: ${escapeMarkdown(request.why)}` : 'left queued']
    }
    case 'ended':
      return [link, 'not created', `comment says why: ${escapeMarkdown(request.why)}`]
  }
}

function headline({ label, threads, unlisted, passedOver }: ReconcileFacts): string {
  if (unlisted) return `Could not list the threads labelled ${code(label)}: ${escapeMarkdown(unlisted)}`
  if (threads.length === 0) {
    const none =
      passedOver > 0
        ? `No thread labelled ${code(label)} has comments (${plural(passedOver, 'thread')} without)`
        : `No thread carries the label ${code(label)}`
    return `${none}: no agent job is waiting for its end to be reported.`
  }
  const jobs = threads.flatMap((thread) => thread.jobs)
  const looked = `Looked at ${plural(threads.length, 'thread')} labelled ${code(label)}`
  if (jobs.length === 0) return `${looked}: no progress comment there waits for a job.`
  const count = (kind: JobOutcome['step']['kind'] | 'running' | 'unread') =>
    jobs.filter(({ step }) => step.kind === kind || (step.kind === 'leave' && step.why === kind)).length
  const parts = [
    [count('finish'), 'ended'],
    [count('running'), 'still running'],
    [count('report-lost'), 'lost'],
    [count('unread'), 'not read']
  ].flatMap(([n, what]) => (n === 0 ? [] : [`${n} ${what}`]))
  return `${looked}, waiting for ${plural(jobs.length, 'agent job')}: ${parts.join(', ')}.`
}

/** What the run left its workflow as: it bills a run every schedule only while enabled. */
function workflowLine(file: string, after: WorkflowAfterRun): string {
  const name = code(file)
  switch (after) {
    case 'waiting':
      return `The workflow ${name} stays enabled: a thread still waits for a reconcile run.`
    case 'disabled':
      return `Nothing waits any more: the workflow ${name} was disabled, and the next run that leaves a job enables it.`
    case 'enabled-again':
      return `The workflow ${name} was disabled, then enabled again: a thread was labelled meanwhile.`
    case 'kept':
      return `Nothing waits any more, but the workflow ${name} could not be disabled (see the warnings): it stays enabled.`
    case 'stranded':
      return `The workflow ${name} was disabled, and could not be enabled again for a thread labelled meanwhile (see the warnings).`
  }
}

function threadRows(thread: ThreadOutcome): string[][] {
  const link = linkOrText(thread.url, `#${thread.number}`, RUNNER_URL_PROTOCOLS)
  const label = thread.labelRemoved ? '; label removed' : ''
  if (thread.unreadable !== undefined) {
    return [[link, EMPTY, `comments not read: ${escapeMarkdown(thread.unreadable)}`, 'left for the next run']]
  }
  if (thread.unsigned) {
    return [[link, EMPTY, 'no comment signed with this API key and project', 'skipped; label kept']]
  }
  if (thread.jobs.length === 0) {
    return [
      [
        link,
        EMPTY,
        'no progress comment waiting (those signed with this API key reported their end)',
        `nothing to do${label}`
      ]
    ]
  }
  return thread.jobs.map((job) => [link, cellCode(job.jobId), seen(job), `${done(job)}${label}`])
}

function seen({ reading }: JobOutcome): string {
  switch (reading.kind) {
    case 'read': {
      const { status, prLink } = reading.job
      return prLink ? `${cellCode(status)}, ${linkOrText(prLink)}` : cellCode(status)
    }
    case 'lost':
      return 'not found: the agent API no longer knows it'
    case 'unread':
      return `not read: ${escapeMarkdown(reading.why)}`
  }
}

function done({ step, reported }: JobOutcome): string {
  switch (step.kind) {
    case 'finish':
      return reported ? 'comment shows the end' : 'comment not updated (see the warnings); tried again next run'
    case 'report-lost':
      return reported ? 'comment says the job is lost' : 'comment not updated (see the warnings); tried again next run'
    case 'leave':
      return step.why === 'running' ? 'left alone: still running' : 'left for the next run'
  }
}

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`
}
