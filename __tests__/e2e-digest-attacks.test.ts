// The digest's promise (every merge without the skip-label reaches exactly one agent job that
// covers it) under the attacks of issue 25, end to end through dist/index.js: each attack, then the
// digest after it covering exactly the right pull requests.
import { runtimes } from '../test/harness/run-bundle.js'
import { seedMergeHoursAgo } from '../test/harness/merged-pull.js'
import { API_KEY, count, CREATE, PROJECT } from './support/agent-fixture.js'
import { digest, THREAD, toldOf, withFakes } from './support/digest-runs.js'

const merge = seedMergeHoursAgo
const DAY_HOURS = 24
const FLOODED_TEST_MS = 180_000
/** A digest job's length on the simulator's clock, which a test moves on rather than sleeping. */
const JOB_MS = 10 * 60_000
const OUTSIDER = { login: 'mallory', type: 'User' as const }

describe.each(runtimes())('a digest under attack, under %s', (_label, node) => {
  it("ignores copies of a failed digest's first comment: the next digest covers its pull requests", () =>
    withFakes(async (github, simulator) => {
      merge(github, 61, 30)
      merge(github, 62, 29)
      expect((await digest(node, github, simulator, '3101')).outputs.status).toBe('completed')
      merge(github, 63, -12)
      merge(github, 64, -13)
      simulator.setScenario({ apiKey: API_KEY, projectId: PROJECT, durationMs: 300, finalStatus: 'failed' })
      expect((await digest(node, github, simulator, '3102', { hoursLater: 24 })).outputs.status).toBe('failed')
      // The failed digest's comment as first written (GitHub shows a comment's edit history to readers).
      const creates = github.requests.filter(
        (r) => r.method === 'POST' && r.path.endsWith(`/issues/${THREAD}/comments`)
      )
      const firstVersion = (JSON.parse(creates.at(-1)?.body ?? '{}') as { body: string }).body
      expect(firstVersion).toMatch(/^<!-- docs-agent-action .* sig=/)
      for (let copy = 0; copy < 10; copy++) github.addComment('acme', 'docs', THREAD, firstVersion, OUTSIDER)
      simulator.setScenario({ apiKey: API_KEY, projectId: PROJECT, durationMs: 300 })
      merge(github, 65, -36)
      expect((await digest(node, github, simulator, '3103', { hoursLater: 48 })).outputs.status).toBe('completed')
      expect(toldOf(simulator, 0)).toEqual([61, 62])
      expect(toldOf(simulator, 2)).toEqual([63, 64, 65])
    }))

  it('is not moved by old pull requests touched after the merges', () =>
    withFakes(async (github, simulator) => {
      for (let number = 2001; number <= 3000; number++) merge(github, number, 40 * DAY_HOURS)
      merge(github, 61, 30)
      expect((await digest(node, github, simulator, '3201')).outputs.status).toBe('completed')
      for (let number = 62; number <= 66; number++) merge(github, number, -12)
      // A comment on each old pull request, a label sweep: they are updated after the five merges.
      const now = new Date(Date.now() + 20 * 3_600_000).toISOString().replace(/\.\d{3}Z$/, 'Z')
      for (let number = 2001; number <= 3000; number++) github.changes.touchPullRequest('acme', 'docs', number, now)
      const run = await digest(node, github, simulator, '3202', { hoursLater: 24 })
      expect(run.outputs.status).toBe('completed')
      expect(run.stdout).not.toContain('::warning')
      expect(toldOf(simulator, 0)).toEqual([61])
      expect(toldOf(simulator, 1)).toEqual([62, 63, 64, 65, 66])
    }))

  it(
    'reads a flooded thread from its newest comment back to the last finished digest',
    () =>
      withFakes(
        async (github, simulator) => {
          merge(github, 61, 30)
          expect((await digest(node, github, simulator, '3301')).outputs.status).toBe('completed')
          for (let n = 0; n < 1500; n++) github.addComment('acme', 'docs', THREAD, `flood ${n}`, OUTSIDER)
          merge(github, 62, -12)
          expect((await digest(node, github, simulator, '3302', { hoursLater: 24 })).outputs.status).toBe('completed')
          for (let n = 0; n < 1500; n++) github.addComment('acme', 'docs', THREAD, `flood again ${n}`, OUTSIDER)
          merge(github, 63, -36)
          const run = await digest(node, github, simulator, '3303', { hoursLater: 48 })
          expect(run.outputs.status).toBe('completed')
          expect(toldOf(simulator, 1)).toEqual([62])
          expect(toldOf(simulator, 2)).toEqual([63])
        },
        // GitHub's pace for a page of 100 comments.
        {
          github: {
            latencyMs: ({ method, path }) =>
              method === 'GET' && path.includes(`/issues/${THREAD}/comments?`) ? 400 : 0
          }
        }
      ),
    // A guard against a hang, not a bound: every read of the thread waits GitHub's pace, page after page.
    FLOODED_TEST_MS
  )

  it("takes the range from GitHub's commits, not from a runner's clock an hour ahead", () =>
    withFakes(async (github, simulator) => {
      merge(github, 61, 30)
      expect((await digest(node, github, simulator, '3401', { hoursLater: 1 })).outputs.status).toBe('completed')
      // Merged ten minutes after that digest by GitHub's clock: before the time its runner read.
      merge(github, 62, -10 / 60)
      expect((await digest(node, github, simulator, '3402', { hoursLater: 25 })).outputs.status).toBe('completed')
      expect(toldOf(simulator, 0)).toEqual([61])
      expect(toldOf(simulator, 1)).toEqual([62])
    }))

  it('keeps its memory on its own thread when someone labels an older issue', () =>
    withFakes(async (github, simulator) => {
      for (const number of [61, 62, 63]) merge(github, number, 30)
      expect((await digest(node, github, simulator, '3501')).outputs.status).toBe('completed')
      github.addIssue('acme', 'docs', 5, { title: 'An older issue', body: 'Please document the CLI.' })
      github.label('acme', 'docs', 5, 'docs-agent: digest')
      merge(github, 64, -12)
      expect((await digest(node, github, simulator, '3502', { hoursLater: 24 })).outputs.status).toBe('completed')
      expect(toldOf(simulator, 1)).toEqual([64])
      expect(github.comments('acme', 'docs', 5)).toEqual([])
      expect(github.comments('acme', 'docs', THREAD)).toHaveLength(2)
    }))

  it('starts no second job while the last digest job runs, says so on the thread, and covers the merges next', () => {
    // The job's time moves on only when the test says so: however slow the runs, it still runs for the second digest.
    let skipped = 0
    return withFakes(
      async (github, simulator) => {
        merge(github, 61, 30)
        expect((await digest(node, github, simulator, '3601', { inputs: { wait: 'false' } })).outputs.status).toBe(
          'active'
        )
        merge(github, 62, -1)
        const waiting = await digest(node, github, simulator, '3602', { hoursLater: 2 })
        expect(waiting.outputs.status).toBe('skipped')
        expect(count(simulator, 'POST', CREATE)).toBe(1)
        const said = github.comments('acme', 'docs', THREAD).at(-1)?.body ?? ''
        expect(said).toContain('of the previous digest')
        expect(said).toContain('is still running')
        expect(said).toContain('wait for the next digest')
        skipped += JOB_MS
        // The next digest's own job is short: it waits for it.
        simulator.setScenario({ apiKey: API_KEY, projectId: PROJECT, durationMs: 300 })
        expect((await digest(node, github, simulator, '3603', { hoursLater: 4 })).outputs.status).toBe('completed')
        expect(toldOf(simulator, 0)).toEqual([61])
        expect(toldOf(simulator, 1)).toEqual([62])
      },
      { scenario: { durationMs: JOB_MS }, now: () => Date.now() + skipped }
    )
  })
})

describe('a big digest', () => {
  const [[, node] = ['', process.execPath]] = runtimes()

  it('keeps every diff of 60 pull requests read at 400 ms each, each read timed from when it is sent', () =>
    withFakes(
      async (github, simulator) => {
        for (let number = 101; number <= 160; number++) merge(github, number, 10)
        const run = await digest(node, github, simulator, '3701', {
          inputs: { timeout: '5m', 'context-limit': '200000' }
        })
        expect(run.outputs.status).toBe('completed')
        expect(run.stdout).not.toContain('time limit')
        expect(toldOf(simulator, 0)).toHaveLength(60)
        expect(simulator.requests.length).toBeGreaterThan(0)
        expect((run.outputs.prompt ?? '').match(/^Diff:$/gm)).toHaveLength(60)
      },
      { github: { latencyMs: ({ path }) => (/\/pulls\/\d+(\/files)?(\?|$)/.test(path) ? 400 : 0) } }
    ))

  it('gathers within timeout, then starts its job with the parts it could read', () =>
    withFakes(
      async (github, simulator) => {
        for (let number = 101; number <= 200; number++) merge(github, number, 10)
        // Ten pull requests answer at once, the other ninety not within the gathering's half of the
        // 20 s: what is read depends on the fake, not on how busy the machine is.
        const run = await digest(node, github, simulator, '3702', {
          inputs: { timeout: '20s', 'context-limit': '200000' }
        })
        expect(count(simulator, 'POST', CREATE)).toBe(1)
        expect(toldOf(simulator, 0)).toHaveLength(100)
        expect(run.stdout).toMatch(
          /The digest's gathering reached its time limit \(`timeout`\) before reading what \d+ pull requests/
        )
        const diffs = (run.outputs.prompt ?? '').match(/^Diff:$/gm)?.length ?? 0
        expect(diffs).toBeGreaterThanOrEqual(10)
      },
      {
        github: {
          latencyMs: ({ path }) => {
            const pull = /\/pulls\/(\d+)(\/files)?(\?|$)/.exec(path)
            return pull === null || Number(pull[1]) <= 110 ? 0 : 60_000
          }
        }
      }
    ))
})
