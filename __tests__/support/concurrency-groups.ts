// GitHub's concurrency groups as a deterministic model, for tests of a workflow's `concurrency:`: in
// one group at most one run is in progress and one waits. A run that arrives while one is in
// progress waits, and the run that waited before it is cancelled before it starts (with
// cancel-in-progress, the run in progress is cancelled instead and the new one starts). When the run
// in progress ends, the waiting one starts.

export class ConcurrencyGroups {
  private readonly inProgress = new Map<string, string>()
  private readonly waiting = new Map<string, string>()
  /** Runs cancelled, in the order GitHub cancelled them. */
  readonly cancelled: string[] = []
  /** Runs started, in order. */
  readonly started: string[] = []

  arrive(run: string, group: string, cancelInProgress = false): void {
    const current = this.inProgress.get(group)
    if (current === undefined) return this.start(run, group)
    if (cancelInProgress) {
      this.cancelled.push(current)
      return this.start(run, group)
    }
    const displaced = this.waiting.get(group)
    if (displaced !== undefined) this.cancelled.push(displaced)
    this.waiting.set(group, run)
  }

  finish(run: string): void {
    for (const [group, current] of this.inProgress) {
      if (current !== run) continue
      this.inProgress.delete(group)
      const next = this.waiting.get(group)
      this.waiting.delete(group)
      if (next !== undefined) this.start(next, group)
    }
  }

  private start(run: string, group: string): void {
    this.inProgress.set(group, run)
    this.started.push(run)
  }
}
