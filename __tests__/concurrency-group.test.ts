// The harness's model of GitHub's concurrency group, which the bench bills the companion's runs by:
// one run runs and one waits; a newer run replaces the waiting one; cancel-in-progress cuts the running one.
import { runGroup } from '../test/harness/concurrency-group.js'

const at = (atMs: number, label: string, cancelInProgress = false) => ({ atMs, label, cancelInProgress })

describe('a concurrency group', () => {
  it('keeps one waiting run: a burst runs its first and its last, the middle ones never start', () => {
    const runs = runGroup([at(0, 'push 1'), at(5_000, 'push 2'), at(10_000, 'push 3')], 20_000)
    expect(runs.map((run) => [run.arrival.label, run.fate.kind, run.fate.billed])).toEqual([
      ['push 1', 'ran', 1],
      ['push 2', 'cancelled-waiting', 0],
      ['push 3', 'ran', 1]
    ])
    expect(runs[2]!.fate).toMatchObject({ startMs: 20_000 })
  })

  it('with cancel-in-progress, cuts the running run and bills it a minute', () => {
    const runs = runGroup([at(0, 'push 1', true), at(5_000, 'push 2', true), at(10_000, 'push 3', true)], 20_000)
    expect(runs.map((run) => [run.fate.kind, run.fate.billed])).toEqual([
      ['cancelled-running', 1],
      ['cancelled-running', 1],
      ['ran', 1]
    ])
  })

  it('starts a run at once in an idle group', () => {
    const runs = runGroup([at(0, 'opened'), at(3_600_000, 'push 1')], 20_000)
    expect(runs.map((run) => run.fate)).toEqual([
      { kind: 'ran', startMs: 0, billed: 1 },
      { kind: 'ran', startMs: 3_600_000, billed: 1 }
    ])
  })
})
