// What a reconcile run works with: its GitHub connection and job reader, its time, the key its
// markers verify with, and the steps on the agent's pull request, passed in (run.ts, step.ts).
import type { AgentJob } from '../agent/job.js'
import type { Clock } from '../base/clock.js'
import type { GitHubApi } from '../github/api.js'
import type { CompanionMark, MarkerKey } from '../thread/marker.js'
import type { SignalDecision } from './pull-request-signal.js'

/** Where a job was asked for, as its waiting comment's marker tells it. */
export interface JobOrigin {
  thread: number
  /** Where the request was made, as the marker says; in an older marker, the triggering comment's page or the thread's. */
  requestUrl: string
  /** Who asked, when the marker names them. */
  requester?: string
  /** The run that started the job. */
  runUrl: string
  /**
   * What the starting run decided for the agent's pull request, as its marker signs it; absent in a
   * marker written before the action signed them, when this run's own inputs decide.
   */
  decided?: { triggerPhrase: string; reviewers: string[]; labels: string[] }
  /** On a code pull request's companion comment: what it remembers (companion-finish.ts). */
  companion?: CompanionMark
}

/**
 * The docs-PR steps (the comment on the agent's pull request, its reviewers and labels) for a job
 * that ended with one, as a run in run mode does them once the job ends.
 */
export interface DocsPullRequestSteps {
  followThrough: (job: AgentJob, origin: JobOrigin) => Promise<void>
}

export interface ReconcileLog {
  info: (text: string) => void
  notice: (text: string) => void
  warning: (text: string) => void
}

export interface ReconcileDeps {
  github: GitHubApi
  /** Reads the jobs; creates only the requests queued on the threads (queued.ts). */
  jobs: { getJob(jobId: string): Promise<AgentJob>; createJob(prompt: string): Promise<AgentJob> }
  clock: Clock
  /** Clock time at which the "timeout" ends: no listing or job read starts after it. */
  deadline: number
  /** Verifies the markers (and signs the rewritten ones). */
  key: MarkerKey
  /** owner/name of the repository whose threads these are. */
  repository: string
  /** GITHUB_SERVER_URL, for the link to the run that started each job. */
  serverUrl: string
  label: string
  docsPullRequest: DocsPullRequestSteps
  log: ReconcileLog
  /** A run started by a pull request event: what it asks (pull-request-signal.ts), the first poll gap, the run's cancellation. */
  pullRequest?: {
    decision: SignalDecision
    firstGapMs: number
    cancel?: AbortSignal
    /** When the run started: the wait's bound counts from it. */
    runStarted: number
  }
}
