// The pay-for-seconds model of `npm run bench`: if its arithmetic is wrong, every runner-second it
// prints for reconcile mode is wrong with it.
import { DEFAULT_SCHEDULE, detect } from '../tools/bench/lag.js'
import { type CostModel, idleRun, reconciledJobs, waitedJob } from '../tools/bench/reconcile.js'

const FREE: CostModel = { intervalMs: 300_000, githubCallMs: 0, agentCallMs: 0, runOverheadMs: 1000 }

describe('the pay-for-seconds model', () => {
  it('finishes a job alone at the first reconcile run after its end, charging it that run and its own start', async () => {
    const jobs = await reconciledJobs(FREE, 120_000, 1, 1, 0)
    expect(jobs).toEqual({ runnerMs: [2000], lagMs: [180_000], reads: [1], runs: 1, longestRunMs: 0 })
  })

  it('reads a job once a run until it ends, and shares each run among the jobs it found waiting', async () => {
    const jobs = await reconciledJobs(FREE, 400_000, 2, 200_000, 50_000)
    // Job 1 runs 50 s -> 450 s, job 2 250 s -> 650 s; the runs at 300, 600 and 900 s.
    expect(jobs.reads).toEqual([2, 3])
    expect(jobs.lagMs).toEqual([150_000, 250_000])
    expect(jobs.runs).toBe(3)
    // Each start (1 s), a half of the run at 300 s and of the one at 600 s; job 2 alone at 900 s.
    expect(jobs.runnerMs).toEqual([2000, 3000])
  })

  it('charges every GitHub and agent API call its latency', async () => {
    const slow = { ...FREE, githubCallMs: 100, agentCallMs: 100 }
    // The /docs run: the permission check, the eyes, the listing, the create, the label put on
    // (GitHub makes it on first use), the comment and its first edit (naming itself), the label again.
    // A reconcile run: the labelled listing, the comments, the read, the edit, the comments again
    // (a job started meanwhile keeps the label), the label off, the comments once more (one
    // written meanwhile puts it back).
    const jobs = await reconciledJobs(slow, 120_000, 1, 1, 0)
    expect(jobs.runnerMs).toEqual([1000 + 800 + 1000 + 700])
    expect(jobs.lagMs).toEqual([300_000 + 400 - (400 + 120_000)])
    expect(await idleRun(slow)).toBe(1100)
  })

  it('waits as the action waits: its reads are the wait loop’s polls', async () => {
    const waited = await waitedJob(FREE, 600_000)
    expect(waited.reads).toBe((await detect(600_000, DEFAULT_SCHEDULE)).polls)
    expect(waited.runnerMs).toBeCloseTo(1000 + 600_000 + (await detect(600_000, DEFAULT_SCHEDULE)).lagMs, 3)
  })
})
