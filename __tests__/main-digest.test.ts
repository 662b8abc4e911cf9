// Digest mode through run() in process, against the simulator and the GitHub fake (what each digest
// covers, run after run, is main-digest-cover.test.ts's). A digest thread named by issue-number, a re-run
// of a digest that ended well, a job the agent API no longer knows, the runs that stop before a job
// (a GitHub read that fails, a job that cannot be read), a listing cut short and a slow one.
import { VirtualClock } from '../src/base/clock.js'
import { UNSIGNED_BODY } from '../src/digest/memory.js'
import { formatMarker, markerKey } from '../src/thread/marker.js'
import { seedMergeHoursAgo } from '../test/harness/merged-pull.js'
import { API_KEY, PROJECT } from './support/agent-fixture.js'
import { TOKEN } from './support/github-fixture.js'
import { SkippingClock } from './support/in-process.js'
import { created, promptOf, withDigests } from './support/digest-in-process.js'
import { progressOf } from './support/progress.js'
import { escapeMarkdown } from '../src/markdown/escape.js'
import { nothingToCoverReason } from '../src/report/digest-comment.js'
import { DIGEST_AFTER_UNSURE_CREATE } from '../src/job/plan.js'

const HOUR_MS = 60 * 60 * 1000
const THREAD = 500

const merge = seedMergeHoursAgo

describe('a digest in process', () => {
  it('uses the thread issue-number names, and a re-run of a digest that ended well starts nothing', () =>
    withDigests(async (digest, github, simulator) => {
      merge(github, 61, 5)
      const inputs = { 'issue-number': String(THREAD) }
      const first = await digest('6001', { inputs })
      expect(first.outputs.status).toBe('completed')
      expect(github.openedIssues()).toEqual([])
      expect(github.comments('acme', 'docs', THREAD)).toHaveLength(1)
      merge(github, 62, 0.5)
      const rerun = await digest('6001', { inputs, env: { GITHUB_RUN_ATTEMPT: '2' } })
      // Its job completed: nothing is covered twice, and the merge after it waits for the next digest.
      expect(rerun.outputs.status).toBe('skipped')
      expect(rerun.log).toContain(`This digest's job ${first.outputs['job-id']} already covered its pull requests`)
      expect(created(simulator)).toBe(1)
      expect(github.comments('acme', 'docs', THREAD)).toHaveLength(1)
    }))

  it('signs a covered digest done, so that the next digest need not read its job', () =>
    withDigests(async (digest, github, simulator) => {
      merge(github, 65, 5)
      const first = await digest('6050')
      const jobId = first.outputs['job-id'] ?? ''
      expect(progressOf(github.comments('acme', 'docs', 1000)[0]!, 1000)!.digest).toMatchObject({ done: true })
      const readsBefore = simulator.requests.filter((request) => request.path.endsWith(`/${jobId}`)).length
      const second = await digest('6051')
      expect(second.outputs.status).toBe('skipped')
      expect(simulator.requests.filter((request) => request.path.endsWith(`/${jobId}`))).toHaveLength(readsBefore)
    }))

  it('tries its range again on a re-run whose own job the agent API no longer knows', () =>
    withDigests(async (digest, github, simulator) => {
      merge(github, 67, 5)
      expect((await digest('6060', { inputs: { wait: 'false' } })).outputs.status).toBe('active')
      // The re-run's reads of its own job (three tries each: a new job may not be readable at once), and of a job to resume, get 404.
      simulator.setScenario({
        apiKey: API_KEY,
        projectId: PROJECT,
        durationMs: 300,
        faults: [{ route: 'get', times: 6, fault: { kind: 'status', status: 404 } }]
      })
      const rerun = await digest('6060', { env: { GITHUB_RUN_ATTEMPT: '2' } })
      expect(rerun.outputs.status).toBe('completed')
      expect(created(simulator)).toBe(2)
      expect(promptOf(simulator, 1)).toContain('Change 67')
    }))

  it('covers again the range of a digest whose job the agent API no longer knows', () =>
    withDigests(async (digest, github, simulator) => {
      merge(github, 71, 5)
      const now = Date.now()
      const marker = formatMarker(
        {
          repository: 'acme/docs',
          threadNumber: THREAD,
          runId: '5999',
          workflowJob: 'docs',
          step: '__acme_docs-agent-action',
          jobId: 'job-gone',
          commentId: 4_000_001,
          digest: { from: now - 10 * HOUR_MS, to: now - HOUR_MS, pulls: [71], branch: 'main' }
        },
        markerKey(API_KEY, PROJECT)
      )
      github.addComment('acme', 'docs', THREAD, `${marker}\nAn earlier digest.`, undefined, 4_000_001)
      const run = await digest('6002', { inputs: { 'issue-number': String(THREAD) } })
      expect(run.outputs.status).toBe('completed')
      expect(promptOf(simulator, 0)).toContain('Change 71')
    }))

  it("keeps a thread the previous version wrote, and goes on after its last finished digest's end", () =>
    withDigests(async (digest, github, simulator) => {
      merge(github, 72, 40)
      merge(github, 73, 30)
      const covered = Date.now() - 25 * HOUR_MS
      merge(github, 74, 10)
      // The previous version's thread: its text unsigned, a finished digest that recorded no commit.
      github.addIssue('acme', 'docs', 700, { title: 'Docs digests', body: UNSIGNED_BODY })
      github.label('acme', 'docs', 700, 'docs-agent: digest')
      const place = {
        repository: 'acme/docs',
        threadNumber: 700,
        workflowJob: 'docs',
        step: '__acme_docs-agent-action'
      }
      const earlier = formatMarker(
        {
          ...place,
          runId: '5998',
          jobId: 'job-old',
          commentId: 4_000_002,
          digest: { from: covered - 24 * HOUR_MS, to: covered, pulls: [72, 73], branch: 'main', done: true }
        },
        markerKey(API_KEY, PROJECT)
      )
      github.addComment('acme', 'docs', 700, `${earlier}\nAn earlier digest.`, undefined, 4_000_002)
      const run = await digest('6003')
      expect(run.outputs.status).toBe('completed')
      expect(promptOf(simulator, 0)).not.toMatch(/Change 7[23]/)
      expect(promptOf(simulator, 0)).toContain('Change 74')
      expect(github.openedIssues()).toEqual([])
      expect(github.comments('acme', 'docs', 700)).toHaveLength(2)
    }))

  it('starts nothing, and says why in the summary, when every merge carries the skip-label', () =>
    withDigests(async (digest, github, simulator) => {
      merge(github, 75, 5)
      merge(github, 76, 4)
      for (const number of [75, 76]) github.label('acme', 'docs', number, 'docs: none')
      const run = await digest('6010', { inputs: { 'skip-label': 'docs: none' } })
      expect(run.outputs.status).toBe('skipped')
      const leftOut = { numbers: [75, 76], label: 'docs: none', withCompanion: [], byBots: [] }
      const reason = nothingToCoverReason(leftOut, 'main')!
      expect(run.log).toContain(reason)
      expect(run.summary).toContain(escapeMarkdown(reason))
      expect(created(simulator)).toBe(0)
      expect(github.openedIssues()).toEqual([])
    }))

  it('keeps remembering on its thread after someone closes it', () =>
    withDigests(async (digest, github, simulator) => {
      merge(github, 131, 5)
      expect((await digest('6020')).outputs.status).toBe('completed')
      github.addIssue('acme', 'docs', 1000, { state: 'closed' })
      const next = await digest('6021')
      expect(next.outputs.status).toBe('skipped')
      expect(github.openedIssues()).toEqual([1000])
      expect(created(simulator)).toBe(1)
    }))

  it('starts no job when the comment that records its range cannot be written', () =>
    withDigests(
      async (digest, github, simulator) => {
        merge(github, 141, 5)
        const unrecorded = await digest('6022')
        expect(unrecorded.failed).toBe(true)
        expect(unrecorded.log).toContain('The digest could not be recorded on #1000')
        expect(created(simulator)).toBe(0)
        const next = await digest('6023')
        expect(next.outputs.status).toBe('completed')
        expect(promptOf(simulator, 0)).toContain('Change 141')
      },
      { github: { failures: [{ method: 'POST', pathIncludes: '/issues/1000/comments', status: 403, times: 1 }] } }
    ))

  it('starts nothing on a re-run of a failed digest whose merges a later digest covered', () =>
    withDigests(async (digest, github, simulator) => {
      merge(github, 151, 5)
      simulator.setScenario({ apiKey: API_KEY, projectId: PROJECT, durationMs: 300, finalStatus: 'failed' })
      expect((await digest('6024')).outputs.status).toBe('failed')
      simulator.setScenario({ apiKey: API_KEY, projectId: PROJECT, durationMs: 300 })
      expect((await digest('6025')).outputs.status).toBe('completed')
      const rerun = await digest('6024', { env: { GITHUB_RUN_ATTEMPT: '2' } })
      expect(rerun.outputs.status).toBe('skipped')
      expect(rerun.log).toMatch(/A later digest \(comment \d+ on #1000\) started where this digest started/)
      expect(created(simulator)).toBe(2)
    }))

  it('says so when issue-number names no issue', () =>
    withDigests(
      async (digest, github, simulator) => {
        merge(github, 161, 5)
        const run = await digest('6026', { inputs: { 'issue-number': '999' } })
        expect(run.failed).toBe(true)
        expect(run.log).toContain('issue-number 999 names no issue in acme/docs that the token can read')
        expect(created(simulator)).toBe(0)
      },
      // As GitHub answers for an issue that does not exist (the fake makes any number exist).
      { github: { failures: [{ method: 'GET', pathIncludes: '/issues/999/comments', status: 404, times: 1 }] } }
    ))

  it('keeps the digests of two branches apart on one thread', () =>
    withDigests(async (digest, github, simulator) => {
      merge(github, 171, 5)
      const mergedAt = new Date(Date.now() - 3 * HOUR_MS).toISOString().replace(/\.\d{3}Z$/, 'Z')
      const changes = [{ path: 'src/release.ts', added: ['export const fix = true'] }]
      github.changes.addPullRequest('acme', 'docs', {
        number: 172,
        title: 'Change 172',
        base: 'release',
        mergedAt,
        changes
      })
      expect((await digest('6032')).outputs.status).toBe('completed')
      const release = await digest('6033', { inputs: { 'digest-branch': 'release' } })
      expect(release.outputs.status).toBe('completed')
      expect(promptOf(simulator, 1)).toContain('Change 172')
      expect(promptOf(simulator, 1)).not.toContain('Change 171')
      expect(github.openedIssues()).toEqual([1000])
    }))

  it('warns to raise context-limit when some pull requests get no part of their own', () =>
    withDigests(async (digest, github) => {
      for (let number = 181; number <= 220; number++) merge(github, number, 5)
      const run = await digest('6034', { inputs: { 'context-limit': '1000' } })
      expect(run.outputs.status).toBe('completed')
      expect(run.log).toMatch(
        /warning: context-limit \(1000 characters\) is too small for this digest of 40 pull requests/
      )
      expect(run.outputs.prompt?.length).toBeLessThan(1200)
    }))

  it('says where the merges go after a create that got no answer', () =>
    withDigests(
      async (digest, github, simulator) => {
        merge(github, 191, 5)
        const lost = await digest('6040')
        expect(lost.failed).toBe(true)
        const where = DIGEST_AFTER_UNSURE_CREATE
        // Not the words of a run on a thread, whose re-run can be pointed at the job by its job-id.
        const rerunWords = 'a re-run of this workflow run will not create another job'
        expect(lost.summary).toContain(escapeMarkdown(where))
        expect(lost.summary).not.toContain(rerunWords)
        const [recorded] = github.comments('acme', 'docs', 1000)
        expect(recorded?.body).toContain(escapeMarkdown(where))
        expect(recorded?.body).not.toContain(rerunWords)
        // Nor to re-run now: the re-run below refuses, so that it makes no second job.
        expect(recorded?.body).not.toContain('to try now, re-run')
        expect(recorded?.body.split(escapeMarkdown(where))).toHaveLength(2)
        const rerun = await digest('6040', { env: { GITHUB_RUN_ATTEMPT: '2' } })
        expect(rerun.failed).toBe(true)
        expect(rerun.log).toContain(`not creating another. ${where}`)
        expect(created(simulator)).toBe(1)
      },
      { scenario: { faults: [{ route: 'create', fault: { kind: 'reset', afterEffect: true } }] } }
    ))

  it('starts nothing when a GitHub read fails, and says the next digest covers the merges', () =>
    withDigests(
      async (digest, github, simulator) => {
        merge(github, 81, 5)
        const run = await digest('6003')
        expect(run.failed).toBe(true)
        expect(run.log).toMatch(
          /The digest stopped before starting a job: .*403.*The next digest run covers these merges/
        )
        expect(created(simulator)).toBe(0)
        expect(github.openedIssues()).toEqual([])
      },
      { github: { failures: [{ method: 'GET', pathIncludes: '/pulls?', status: 403, times: 10 }] } }
    ))

  it('starts nothing when an earlier digest job cannot be read', () =>
    withDigests(async (digest, github, simulator) => {
      merge(github, 91, 5)
      // Not waited for, so its comment is not signed done: the next digest reads the job.
      const first = await digest('6004', { inputs: { wait: 'false' } })
      expect(first.outputs.status).toBe('active')
      simulator.setScenario({
        apiKey: API_KEY,
        projectId: PROJECT,
        faults: [{ route: 'get', times: 20, fault: { kind: 'status', status: 403 } }]
      })
      merge(github, 92, 0.5)
      const second = await digest('6005')
      expect(second.failed).toBe(true)
      expect(second.log).toMatch(/The digest stopped before starting a job/)
      expect(created(simulator)).toBe(1)
    }))

  it('covers the oldest commits of a range longer than a digest reads, and the next digest the rest', () =>
    withDigests(
      async (digest, github, simulator) => {
        merge(github, 301, 50)
        expect((await digest('6040')).outputs.status).toBe('completed')
        // A page holds one commit here, so a digest reads 10 where GitHub's pages would hold 1,000: each
        // merge is two commits (the merge and the pull request's own).
        for (let number = 302; number <= 309; number++) merge(github, number, 1)
        const cut = await digest('6041')
        expect(cut.outputs.status).toBe('completed')
        const covered = (n: number) => [...promptOf(simulator, n).matchAll(/Change (\d+)/g)].map((m) => Number(m[1]))
        expect(new Set(covered(1))).toEqual(new Set([302, 303, 304, 305, 306]))
        expect(cut.log).toMatch(/warning: This digest ends at commit [0-9a-f]{12} .*more than 1,000 commits were made/)
        const next = await digest('6042')
        expect(next.outputs.status).toBe('completed')
        expect(new Set(covered(2))).toEqual(new Set([307, 308, 309]))
        expect(next.log).not.toMatch(/warning: This digest ends at commit/)
      },
      { github: { perPage: 1 } }
    ))

  it('gives the commit pages together more time than one call', () => {
    const clock = new VirtualClock(Date.now())
    return withDigests(
      async (digest, github, simulator) => {
        merge(github, 310, 20)
        expect((await digest('6043')).outputs.status).toBe('completed')
        for (let n = 1; n <= 8; n++) merge(github, 310 + n, 10 - n)
        // Gathering takes at most half of what `timeout` leaves.
        const run = await digest('6044', { inputs: { timeout: '2m' } })
        expect(run.outputs.status).toBe('completed')
        expect(promptOf(simulator, 1)).toContain('Change 318')
        expect(promptOf(simulator, 1)).toContain('Change 311')
      },
      // Eight pages of 1.5 s of the run's time: longer than one call's 10 s.
      {
        clock,
        github: { perPage: 2, latencyMs: ({ path }) => (path.includes('/compare/') ? (clock.advance(1500), 0) : 0) }
      }
    )
  })

  it("queues a digest the vendor's hourly limit refuses on its thread, and a later reconcile run creates it once", () => {
    const clock = new SkippingClock()
    const label = { 'working-label': 'docs-agent: working' }
    return withDigests(
      async (digest, github, simulator) => {
        merge(github, 121, 5)
        const limited = await digest('6007', { inputs: label })
        // Green, as any request the limit holds back: queued, not lost, and not covered twice.
        expect(limited.failed).toBe(false)
        expect(limited.outputs.status).toBe('queued')
        const [queued] = github.comments('acme', 'docs', 1000)
        expect(progressOf(queued!, 1000)).toMatchObject({ state: 'queued', jobId: undefined, digest: { pulls: [121] } })
        expect(github.labels('acme', 'docs', 1000)).toContain('docs-agent: working')
        simulator.setScenario({ apiKey: API_KEY, projectId: PROJECT, durationMs: 300 })
        // The next digest waits for the queued one: its merges are not covered twice.
        const meanwhile = await digest('6008', { inputs: label })
        expect(meanwhile.outputs.status).toBe('skipped')
        expect(meanwhile.log).toContain(
          "is queued for the agent API's hourly limit and a reconcile run creates its job"
        )
        // A re-run of the queued digest starts nothing either.
        const rerun = await digest('6007', { inputs: label, env: { GITHUB_RUN_ATTEMPT: '2' } })
        expect(rerun.outputs.status).toBe('skipped')
        expect(created(simulator)).toBe(1)

        await clock.sleep(2 * HOUR_MS)
        const reconcile = { mode: 'reconcile', prompt: '', comment: 'true', ...label }
        const due = await digest('6009', { inputs: reconcile })
        expect(due.failed).toBe(false)
        expect(created(simulator)).toBe(2)
        expect(promptOf(simulator, 1)).toContain('Change 121')
        await clock.sleep(1000)
        await digest('6010', { inputs: reconcile })
        const [ended] = github.comments('acme', 'docs', 1000)
        expect(progressOf(ended!, 1000)).toMatchObject({ state: 'ended', digest: { pulls: [121], done: true } })
        expect(created(simulator)).toBe(2)
        // Covered once: the next digest has nothing to do.
        expect((await digest('6011', { inputs: label })).outputs.status).toBe('skipped')
        expect(created(simulator)).toBe(2)
      },
      {
        clock,
        scenario: {
          faults: [{ route: 'create', times: 10, fault: { kind: 'status', status: 429, retryAfter: '7200' } }]
        }
      }
    )
  })
})

describe('a digest with wait: false, finished by a reconcile run', () => {
  const clock = new SkippingClock()
  it("tells reviewers on the agent's pull request the phrase the digest set, as a waiting digest would", () =>
    withDigests(
      async (digest, github, simulator) => {
        github.addPullRequest('acme', 'docs', 1, 'docs-agent[bot]')
        // The agent's pull request on this GitHub, which is served over https.
        const env = { GITHUB_SERVER_URL: `https://${new URL(github.serverUrl).host}` }
        const prLink = `${env.GITHUB_SERVER_URL}/acme/docs/pull/1`
        simulator.setScenario({ apiKey: API_KEY, projectId: PROJECT, durationMs: 300, prLink })
        merge(github, 81, 3)
        const inputs = { 'trigger-phrase': '/docs', 'github-token': TOKEN, 'working-label': 'docs-agent: working' }
        const started = await digest('7001', { inputs: { ...inputs, wait: 'false' }, env })
        expect(started.outputs.status).toBe('active')
        await clock.sleep(1000)
        // The reconcile recipe gives only credentials: the phrase travels with the digest's comment.
        const reconciled = await digest('7002', {
          inputs: { mode: 'reconcile', prompt: '', comment: 'true', 'working-label': 'docs-agent: working' },
          env
        })
        expect(reconciled.failed).toBe(false)
        const [docsComment] = github.comments('acme', 'docs', 1)
        expect(docsComment?.body).toContain('**Changes?** Start a comment on this pull request with `/docs`')
        expect(docsComment?.body).not.toContain('such as')
      },
      { clock }
    ))
})

describe('the skip-label', () => {
  it('is made by the first digest that reads it, so nobody creates it by hand, and only once', () =>
    withDigests(async (digest, github) => {
      merge(github, 91, 5)
      const inputs = { 'skip-label': 'docs: none' }
      expect(github.repositoryLabels('acme', 'docs').map((label) => label.name)).not.toContain('docs: none')
      const first = await digest('8001', { inputs })
      expect(first.failed).toBe(false)
      const made = github.repositoryLabels('acme', 'docs').filter((label) => label.name === 'docs: none')
      expect(made).toEqual([
        expect.objectContaining({ description: 'docs-agent-action: leave this pull request out of the docs' })
      ])
      expect(first.log).toContain('Created the label "docs: none" (skip-label)')
      const second = await digest('8002', { inputs })
      expect(second.log).not.toContain('Created the label')
      expect(github.repositoryLabels('acme', 'docs').filter((label) => label.name === 'docs: none')).toHaveLength(1)
    }))
})
