// The agent's pull request as the signal, as pure decisions. The vendor's GitHub App opens the
// agent's pull request, and a pull request a GitHub App opens starts workflows: a reconcile run on
// `pull_request: opened` can finish the thread whose job opened it at once, rather than at the next
// schedule. The agent may open it moments before its job reads as ended, and a job names no
// `prLink` while `active`: so the run reads the waiting jobs that still read `active` again until
// one ends with that pull request (pull-request-wait.ts), and does the rest as a scheduled run would.
import { type AgentJob, isTerminal } from '../agent/job.js'
import { isBot } from '../event/bots.js'
import type { PullRequestEvent } from '../event/pull-request-event.js'
import { parsePullRequestLink, type PullRequestRef } from '../github/pull-request-link.js'
import type { JobReading } from './decide.js'

/** The pull request the event names, which a waiting job may have opened. */
export interface AwaitedPullRequest {
  number: number
  url: string
  ref: PullRequestRef
}

/** What the event asks of the run: to wait for the job that opened the pull request, or no more than a schedule. */
export type SignalDecision = { kind: 'await'; pullRequest: AwaitedPullRequest } | { kind: 'as-scheduled'; why: string }

/**
 * Only a pull request just opened by a bot (the vendor's app) on this GitHub can be the agent's. A
 * person's is not, so nothing is waited for: the recipe's `if:` keeps the job from starting for
 * one, and this is the same rule for a workflow without it. Another action (a push to the pull
 * request, a close) does not say that a job is ending; the run already started, and the minute it
 * bills is spent, so it does a scheduled run's work.
 */
export function signalOf(event: PullRequestEvent, serverUrl: string): SignalDecision {
  const asScheduled = (why: string): SignalDecision => ({ kind: 'as-scheduled', why: `${why} ${SCHEDULED}` })
  switch (event.kind) {
    case 'other':
      return asScheduled(
        `The pull request event is "${event.action}", not "opened": only the agent's pull request, just opened, ` +
          'says that its job is ending. To start no run for the others, give the trigger "types: [opened]".'
      )
    case 'unreadable':
      return asScheduled("The pull request event's payload lacks the pull request's number, link or author.")
    case 'opened': {
      const { number, url, author } = event
      if (author === undefined || !isBot(author)) {
        const who = author === undefined ? 'a deleted account' : `"${author.login}", a person`
        return asScheduled(
          `Pull request #${number} was opened by ${who}, not by the agent's app. So that a person's pull request ` +
            'starts no job, give the job the "if:" of the action\'s recipe, examples/reconcile.yml.'
        )
      }
      const ref = parsePullRequestLink(url, serverUrl)
      if (ref === undefined) {
        return asScheduled(`Pull request #${number} is not named by a link to this GitHub's pull request page.`)
      }
      return { kind: 'await', pullRequest: { number, url, ref } }
    }
  }
}

const SCHEDULED = 'This run did what a scheduled run does.'

/**
 * Whether the job ended with this pull request as its link, both read as GitHub links are
 * (pull-request-link.ts). Owners and repository names are the same whatever their case on GitHub,
 * and the agent's link need not spell them as the event does.
 */
export function openedBy(job: AgentJob, pullRequest: AwaitedPullRequest, serverUrl: string): boolean {
  const ref = isTerminal(job.status) ? parsePullRequestLink(job.prLink, serverUrl) : undefined
  return (
    ref !== undefined &&
    ref.number === pullRequest.ref.number &&
    ref.repository.toLowerCase() === pullRequest.ref.repository.toLowerCase()
  )
}

/** Where the wait for the pull request's job stands after the jobs read so far. */
export type WaitStep =
  /** This job ended with the pull request. */
  | { kind: 'found'; jobId: string }
  /** None did yet; these still read as running, and one of them may have opened it. */
  | { kind: 'poll'; jobIds: string[] }
  /** No waiting job ended with it, and none still runs: it is not one of theirs. */
  | { kind: 'none' }

export function waitStep(
  pullRequest: AwaitedPullRequest,
  readings: ReadonlyMap<string, JobReading>,
  serverUrl: string
): WaitStep {
  const jobs = [...readings.values()].flatMap((reading) => (reading.kind === 'read' ? [reading.job] : []))
  const opener = jobs.find((job) => openedBy(job, pullRequest, serverUrl))
  if (opener) return { kind: 'found', jobId: opener.id }
  const running = jobs.filter((job) => !isTerminal(job.status)).map((job) => job.id)
  return running.length > 0 ? { kind: 'poll', jobIds: running } : { kind: 'none' }
}

/**
 * How long after its start a run on a pull request stops waiting for the job that opened it.
 * GitHub bills each run as whole minutes, so a run bills one minute whatever it does within it;
 * waiting past it would bill a second one, for a pull request that may be another app's (Renovate,
 * a release bot) opened while a job runs. The agent opens its pull request moments before its job
 * reads as ended (5 s in the simulator; a longer gap costs a scheduled run), and the run starts after
 * the event (queued, then set up), so its job has often ended by the first read, and otherwise within
 * a few polls. Counted from the action's start, 40 s leaves 20 s of the minute for the runner's setup
 * (about 5 s) and the writes after the wait; the runner's setup before the action starts is not
 * seen, so a slow one can still take the run into a second minute. A job not ended by then is left
 * to the schedule, which reports it after it ends.
 */
export const PULL_REQUEST_WAIT_MS = 40_000

/** What ends the wait when no job ends with the pull request first: the bound above, or the "timeout" if it comes sooner. */
export interface WaitLimit {
  endsAt: number
  by: 'bound' | 'timeout'
}

/** The wait's limit in a run that started at `runStarted` and whose "timeout" ends at `deadline`. */
export function waitLimit(runStarted: number, deadline: number): WaitLimit {
  const bound = runStarted + PULL_REQUEST_WAIT_MS
  return deadline <= bound ? { endsAt: deadline, by: 'timeout' } : { endsAt: bound, by: 'bound' }
}

/** The log's line as the wait starts: the jobs it reads again, and what ends it. */
export function describeWait(pullRequest: AwaitedPullRequest, jobIds: string[], limit: WaitLimit, startedAt: number) {
  const until =
    limit.by === 'timeout'
      ? `at most until the "timeout", in ${seconds(limit.endsAt - startedAt)}`
      : `until ${seconds(PULL_REQUEST_WAIT_MS)} after this run started, to stay within the first minute GitHub bills`
  return (
    `Pull request #${pullRequest.number} was opened by the agent's app: waiting for the job among ` +
    `${jobIds.join(', ')} that ends with it, ${until}.`
  )
}

/** What a run started by a pull request event came to, for its log and summary. */
export type SignalOutcome =
  | { kind: 'as-scheduled'; why: string }
  | { kind: 'found'; pullRequest: AwaitedPullRequest; jobId: string; waitedMs: number }
  | { kind: 'none'; pullRequest: AwaitedPullRequest }
  /** The wait's limit (`by`: the bound, or the `timeout`) came while these jobs still ran. */
  | { kind: 'timed-out'; pullRequest: AwaitedPullRequest; jobIds: string[]; waitedMs: number; by: WaitLimit['by'] }
  /** The job reads stopped (a refused key, cancelled, unreachable: warned about where it happened). */
  | { kind: 'stopped'; pullRequest: AwaitedPullRequest; why: string }

/** How a sentence is written where it goes: plain in the log; escaped, with the pull request a link, in the summary. */
export interface Wording {
  text: (plain: string) => string
  pullRequest: (pullRequest: AwaitedPullRequest) => string
}

const PLAIN: Wording = {
  text: (plain) => plain,
  pullRequest: ({ number, url }) => `pull request #${number} (${url})`
}

/** One sentence or two on what the run did about the pull request. */
export function describeSignal(outcome: SignalOutcome, wording: Wording = PLAIN): string {
  const { text } = wording
  if (outcome.kind === 'as-scheduled') return text(outcome.why)
  const pr = wording.pullRequest(outcome.pullRequest)
  switch (outcome.kind) {
    case 'found': {
      const waited = outcome.waitedMs > 0 ? `, and read as ended after ${seconds(outcome.waitedMs)}` : ''
      return `${text(`Agent job ${outcome.jobId} opened`)} ${pr}${text(`${waited}: this run reports its end on the threads that wait for it.`)}`
    }
    case 'none':
      return `${text('No agent job a labelled thread waits for opened')} ${pr}${text(`, and none still runs. ${SCHEDULED}`)}`
    case 'timed-out': {
      const { jobIds, waitedMs } = outcome
      const bound = `${seconds(PULL_REQUEST_WAIT_MS)} after its start, to stay within the first minute GitHub bills`
      const [ended, why] =
        outcome.by === 'timeout'
          ? [`The "timeout" ran out after ${seconds(waitedMs)} of waiting for the agent job that opened`, '']
          : // A run whose first reads took the bound's time waited not at all: it says so, not "after 0 s".
            waitedMs < 1000
            ? [
                'Did not wait for the agent job that opened',
                ` The run's first reads took the time a run on a pull request waits, until ${bound}.`
              ]
            : [
                `Stopped waiting after ${seconds(waitedMs)} for the agent job that opened`,
                ` A run on a pull request waits until ${bound}.`
              ]
      return (
        `${text(ended)} ${pr}` +
        text(
          `: ${jobIds.join(', ')} still ${jobIds.length === 1 ? 'reads' : 'read'} as running.${why} ` +
            `The first scheduled run after they end reports them. ${SCHEDULED}`
        )
      )
    }
    case 'stopped':
      return `${text('Stopped waiting for the agent job that opened')} ${pr}${text(`: ${outcome.why} The next scheduled run reports it.`)}`
  }
}

function seconds(ms: number): string {
  return `${Math.round(ms / 1000)} s`
}
