// The simulated jobs. Each record is live: status, prLink and archivedAt are getters computed from
// the clock, so a record in `jobs` (or one serialised into an answer) is always current.

import { randomUUID } from 'node:crypto'
import { runningStatusAt, statusAt, type ResolvedScenario } from './scenario.js'
import type { JobField, JobRecord } from './schema.js'

/** One stretch of work: after a create, or after a follow-up message. */
interface Run {
  startedAt: number
  /** Captured at the start, so a later setScenario changes new runs, not this one. */
  scenario: ResolvedScenario
  prLink: string | null
}

interface JobState {
  projectId: string
  run: Run
  /** What the scenarios that shaped this record (its creation and its runs) serve off the document. */
  undocumented: Set<JobField>
}

export class JobStore {
  readonly jobs = new Map<string, JobRecord>()
  private readonly states = new Map<string, JobState>()
  private pullRequests = 0

  constructor(private readonly now: () => number) {}

  create(projectId: string, scenario: ResolvedScenario, id: string = randomUUID()): JobRecord {
    const state: JobState = {
      projectId,
      run: this.startRun(scenario),
      undocumented: new Set(scenario.undocumented)
    }
    const now = this.now
    const job: JobRecord = {
      id,
      get status() {
        return statusAt(state.run.scenario, now() - state.run.startedAt)
      },
      source: { repository: scenario.repository, ref: scenario.ref },
      model: scenario.model,
      get prLink() {
        return this.status === 'completed' ? state.run.prLink : null
      },
      createdAt: new Date(now()).toISOString(),
      get archivedAt() {
        const { scenario: runScenario, startedAt } = state.run
        return this.status === 'archived' ? new Date(startedAt + runScenario.durationMs).toISOString() : null
      }
    }
    this.states.set(id, state)
    this.jobs.set(id, job)
    return job
  }

  /** The job, when it exists under this project. */
  find(projectId: string, id: string): JobRecord | undefined {
    return this.states.get(id)?.projectId === projectId ? this.jobs.get(id) : undefined
  }

  /** Puts the job back to work for another run. */
  followUp(id: string, scenario: ResolvedScenario): void {
    const state = this.states.get(id)
    if (!state) return
    state.run = this.startRun(scenario)
    for (const field of scenario.undocumented) state.undocumented.add(field)
  }

  /** The fields of this job a scenario asked to serve outside the document. */
  undocumentedFields(id: string): JobField[] {
    return [...(this.states.get(id)?.undocumented ?? [])]
  }

  /**
   * The job as the create / message answer shows it: just started, so never terminal, even when
   * the run is so short (durationMs 0) that the next GET already sees it finished.
   */
  snapshotJustStarted(job: JobRecord): JobRecord {
    const state = this.states.get(job.id)
    const status = state ? runningStatusAt(state.run.scenario, 0) : job.status
    return { ...job, status, prLink: null, archivedAt: null }
  }

  private startRun(scenario: ResolvedScenario): Run {
    const prLink =
      scenario.prLink === undefined ? `${scenario.repository}/pull/${++this.pullRequests}` : scenario.prLink
    return { startedAt: this.now(), scenario, prLink }
  }
}
