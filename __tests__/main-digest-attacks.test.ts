// The digest's promise (every merge without the skip-label reaches exactly one agent job that
// covers it) under the attacks of issue 25, through run() in process: each attack, then the digest
// after it covering exactly the right pull requests. The runs share a VirtualClock: "a day later"
// moves it, and GitHub's pace (a page of comments, a diff) moves it in the fake's latency, so no
// test waits real time and none depends on how busy the machine is.
import { PULLS_AT_ONCE } from '../src/digest/gather.js'
import { seedMergeHoursAgo } from '../test/harness/merged-pull.js'
import { API_KEY, count, CREATE, PROJECT } from './support/agent-fixture.js'
import { digestsOnOneClock, toldOf } from './support/digest-in-process.js'

const merge = seedMergeHoursAgo
const HOUR_MS = 60 * 60 * 1000
const DAY_HOURS = 24
/** The digest thread the first digest opens (the fake numbers opened issues from 1000). */
const THREAD = 1000
const OUTSIDER = { login: 'mallory', type: 'User' as const }

describe('a digest under attack', () => {
  it("ignores copies of a failed digest's first comment: the next digest covers its pull requests", () =>
    digestsOnOneClock(async (digest, github, simulator) => {
      merge(github, 61, 30)
      merge(github, 62, 29)
      expect((await digest('3101')).outputs.status).toBe('completed')
      merge(github, 63, -12)
      merge(github, 64, -13)
      simulator.setScenario({ apiKey: API_KEY, projectId: PROJECT, durationMs: 300, finalStatus: 'failed' })
      expect((await digest('3102', { hoursLater: 24 })).outputs.status).toBe('failed')
      // The failed digest's comment as first written (GitHub shows a comment's edit history to readers).
      const creates = github.requests.filter(
        (r) => r.method === 'POST' && r.path.endsWith(`/issues/${THREAD}/comments`)
      )
      const firstVersion = (JSON.parse(creates.at(-1)?.body ?? '{}') as { body: string }).body
      expect(firstVersion).toMatch(/^<!-- docs-agent-action .* sig=/)
      for (let copy = 0; copy < 10; copy++) github.addComment('acme', 'docs', THREAD, firstVersion, OUTSIDER)
      simulator.setScenario({ apiKey: API_KEY, projectId: PROJECT, durationMs: 300 })
      merge(github, 65, -36)
      expect((await digest('3103', { hoursLater: 48 })).outputs.status).toBe('completed')
      expect(toldOf(simulator, 0)).toEqual([61, 62])
      expect(toldOf(simulator, 2)).toEqual([63, 64, 65])
    }))

  it('is not moved by old pull requests touched after the merges', () =>
    digestsOnOneClock(async (digest, github, simulator) => {
      for (let number = 2001; number <= 3000; number++) merge(github, number, 40 * DAY_HOURS)
      merge(github, 61, 30)
      expect((await digest('3201')).outputs.status).toBe('completed')
      for (let number = 62; number <= 66; number++) merge(github, number, -12)
      // A comment on each old pull request, a label sweep: they are updated after the five merges.
      const now = new Date(Date.now() + 20 * HOUR_MS).toISOString().replace(/\.\d{3}Z$/, 'Z')
      for (let number = 2001; number <= 3000; number++) github.changes.touchPullRequest('acme', 'docs', number, now)
      const run = await digest('3202', { hoursLater: 24 })
      expect(run.outputs.status).toBe('completed')
      expect(run.log).not.toContain('warning')
      expect(toldOf(simulator, 0)).toEqual([61])
      expect(toldOf(simulator, 1)).toEqual([62, 63, 64, 65, 66])
    }))

  it('reads a flooded thread from its newest comment back to the last finished digest', () =>
    digestsOnOneClock(
      async (digest, github, simulator) => {
        merge(github, 61, 30)
        expect((await digest('3301')).outputs.status).toBe('completed')
        for (let n = 0; n < 1500; n++) github.addComment('acme', 'docs', THREAD, `flood ${n}`, OUTSIDER)
        merge(github, 62, -12)
        expect((await digest('3302', { hoursLater: 24 })).outputs.status).toBe('completed')
        for (let n = 0; n < 1500; n++) github.addComment('acme', 'docs', THREAD, `flood again ${n}`, OUTSIDER)
        merge(github, 63, -36)
        const run = await digest('3303', { hoursLater: 48 })
        expect(run.outputs.status).toBe('completed')
        expect(toldOf(simulator, 1)).toEqual([62])
        expect(toldOf(simulator, 2)).toEqual([63])
      },
      // GitHub's pace for a page of 100 comments: reading all 3,000 would take longer than a call's 10 s.
      {
        latency: ({ method, path }, clock) => {
          if (method === 'GET' && path.includes(`/issues/${THREAD}/comments?`)) clock.advance(400)
        }
      }
    ))

  it("takes the range from GitHub's commits, not from a runner's clock an hour ahead", () =>
    digestsOnOneClock(async (digest, github, simulator) => {
      merge(github, 61, 30)
      expect((await digest('3401', { hoursLater: 1 })).outputs.status).toBe('completed')
      // Merged ten minutes after that digest by GitHub's clock: before the time its runner read.
      merge(github, 62, -10 / 60)
      expect((await digest('3402', { hoursLater: 25 })).outputs.status).toBe('completed')
      expect(toldOf(simulator, 0)).toEqual([61])
      expect(toldOf(simulator, 1)).toEqual([62])
    }))

  it('keeps its memory on its own thread when someone labels an older issue', () =>
    digestsOnOneClock(async (digest, github, simulator) => {
      for (const number of [61, 62, 63]) merge(github, number, 30)
      expect((await digest('3501')).outputs.status).toBe('completed')
      github.addIssue('acme', 'docs', 5, { title: 'An older issue', body: 'Please document the CLI.' })
      github.label('acme', 'docs', 5, 'docs-agent: digest')
      merge(github, 64, -12)
      expect((await digest('3502', { hoursLater: 24 })).outputs.status).toBe('completed')
      expect(toldOf(simulator, 1)).toEqual([64])
      expect(github.comments('acme', 'docs', 5)).toEqual([])
      expect(github.comments('acme', 'docs', THREAD)).toHaveLength(2)
    }))

  it('starts no second job while the last digest job runs, says so on the thread, and covers the merges next', () =>
    digestsOnOneClock(
      async (digest, github, simulator) => {
        merge(github, 61, 30)
        expect((await digest('3601', { inputs: { wait: 'false' } })).outputs.status).toBe('active')
        // The next digests' jobs are short; the first one runs 3 hours on the runs' clock.
        simulator.setScenario({ apiKey: API_KEY, projectId: PROJECT, durationMs: 300 })
        merge(github, 62, -1)
        const waiting = await digest('3602', { hoursLater: 2 })
        expect(waiting.outputs.status).toBe('skipped')
        expect(count(simulator, 'POST', CREATE)).toBe(1)
        const said = github.comments('acme', 'docs', THREAD).at(-1)?.body ?? ''
        expect(said).toContain('of the previous digest')
        expect(said).toContain('is still running')
        expect(said).toContain('wait for the next digest')
        expect((await digest('3603', { hoursLater: 4 })).outputs.status).toBe('completed')
        expect(toldOf(simulator, 0)).toEqual([61])
        expect(toldOf(simulator, 1)).toEqual([62])
      },
      { scenario: { durationMs: 3 * HOUR_MS } }
    ))
})

describe('a big digest', () => {
  const PULL_READ = /\/pulls\/(\d+)(\/files)?(\?|$)/

  it('keeps every diff of 60 pull requests read at 400 ms each, each read timed from when it is sent', () =>
    digestsOnOneClock(
      async (digest, github, simulator) => {
        for (let number = 101; number <= 160; number++) merge(github, number, 10)
        const run = await digest('3701', { inputs: { timeout: '5m', 'context-limit': '200000' } })
        expect(run.outputs.status).toBe('completed')
        expect(run.log).not.toContain('time limit')
        expect(toldOf(simulator, 0)).toHaveLength(60)
        expect((run.outputs.prompt ?? '').match(/^Diff:$/gm)).toHaveLength(60)
      },
      // 60 pull requests at 400 ms a read, two at a time, take far longer than one call's 10 s in all.
      {
        latency: ({ path }, clock) => {
          if (PULL_READ.test(path)) clock.advance(400)
        }
      }
    ))

  it('gathers within timeout, then starts its job with the parts it could read', () => {
    // Ten pull requests answer at once, the other ninety never. Once every read going on hangs, the
    // clock moves by a call's 10 s limit, as it would while they waited: past the gathering's half
    // of the 20 s, which leaves the other half to start the job.
    const hanging = new Set<string>()
    let moved = false
    return digestsOnOneClock(
      async (digest, github, simulator) => {
        for (let number = 101; number <= 200; number++) merge(github, number, 10)
        const run = await digest('3702', { inputs: { timeout: '20s', 'context-limit': '200000' } })
        expect(count(simulator, 'POST', CREATE)).toBe(1)
        expect(toldOf(simulator, 0)).toHaveLength(100)
        expect(run.log).toMatch(
          /The digest's gathering reached its time limit \(`timeout`\) before reading what \d+ pull requests change: they get their parts without files or diff\./
        )
        expect((run.outputs.prompt ?? '').match(/^Diff:$/gm)).toHaveLength(10)
      },
      {
        latency: ({ path }, clock) => {
          const pull = PULL_READ.exec(path)?.[1]
          if (pull === undefined || Number(pull) <= 110) return
          hanging.add(pull)
          if (hanging.size === PULLS_AT_ONCE && !moved) {
            moved = true
            clock.advance(10_000)
          }
          return 10 * 60_000
        }
      }
    )
  })
})
