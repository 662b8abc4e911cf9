// Issue 32, 3 and the hostile review's findings 2 and 3, through run() in process: GitHub cancels a
// maintainer's waiting run, unanswered, when an organisation member without write access, a
// read-only collaborator or a triager who labels lands in the thread's concurrency group after it
// (comment-concurrency.test.ts shows the cancelling). That run is refused, and before it ends answers
// the request it took the place of.
import type { FakeGitHub } from '../test/harness/fake-github.js'
import { addOwnComment, githubCalls, signedMarker } from './support/github-fixture.js'
import { runOnThreadInProcess } from './support/in-process.js'

const WRITERS = {
  'writer-wendy': 'write',
  'maintainer-max': 'maintain',
  'reader-rita': 'read',
  'triager-tom': 'triage'
} as const

/** The thread before the refused run: wendy's request answered (a progress comment of ours), max's waiting. */
function answeredThenWaiting(issue: number) {
  return (github: FakeGitHub): number => {
    const wendy = github.addComment('acme', 'docs', issue, '/docs add a page', { login: 'writer-wendy' })
    github.addComment(
      'acme',
      'docs',
      issue,
      `${signedMarker(issue, { jobId: 'job-0', request: wendy.html_url })}\nDone.`
    )
    return github.addComment('acme', 'docs', issue, 'Also:\n/docs add a changelog entry', { login: 'maintainer-max' })
      .id
  }
}

function sentPrompts(simulator: { requests: { method: string; path: string; body: string }[] }): string[] {
  return simulator.requests.filter((r) => r.method === 'POST').map((r) => r.body)
}

describe("a refused run that took a maintainer's waiting request's place", () => {
  it('answers that request: an organisation member with read access (finding 2)', async () => {
    let waiting = 0
    const { run, github, simulator } = await runOnThreadInProcess({
      event: 'issue_comment.created.member-reader',
      github: { permissions: WRITERS },
      before: (fake) => {
        waiting = answeredThenWaiting(42)(fake)
      }
    })
    const prompts = sentPrompts(simulator)
    expect(prompts).toHaveLength(1)
    expect(prompts[0]).toContain('add a changelog entry')
    expect(prompts[0]).not.toContain('webhooks')
    expect(github.reactions).toContainEqual({ subject: 'issue_comment', id: waiting, content: 'eyes' })
    expect(run.outputs.status).not.toBe('skipped')
    expect(run.log).toMatch(/Skipped: @reader-rita has read permission/)
  })

  it('answers that request: a triager who put the trigger-label on (finding 3)', async () => {
    let waiting = 0
    const { run, github, simulator } = await runOnThreadInProcess({
      event: 'issues.opened',
      editEvent: (event) => {
        event.action = 'labeled'
        event.label = { id: 7, name: 'docs please', color: 'ededed', default: false, description: null }
        event.sender = { login: 'triager-tom', id: 78, type: 'User' }
        // GitHub stamps the issue with the label's time: the fake's comments were written before it.
        ;(event.issue as { updated_at: string }).updated_at = new Date(Date.now() + 60_000).toISOString()
      },
      inputs: { 'trigger-label': 'docs please' },
      github: { permissions: WRITERS },
      before: (fake) => {
        waiting = answeredThenWaiting(43)(fake)
      }
    })
    const prompts = sentPrompts(simulator)
    expect(prompts).toHaveLength(1)
    expect(prompts[0]).toContain('add a changelog entry')
    expect(github.reactions).toContainEqual({ subject: 'issue_comment', id: waiting, content: 'eyes' })
    expect(run.outputs.status).not.toBe('skipped')
  })

  it('answers nothing when the newest request before it was answered: an older one was taken over by it', async () => {
    const { run, simulator } = await runOnThreadInProcess({
      event: 'issue_comment.created.member-reader',
      github: { permissions: WRITERS },
      before: (fake) => {
        fake.addComment('acme', 'docs', 42, '/docs first', { login: 'writer-wendy' })
        const max = fake.addComment('acme', 'docs', 42, '/docs second', { login: 'maintainer-max' })
        // max's run started a job: its progress comment names his request (an id below his: only the name tells).
        const marker = signedMarker(42, { jobId: 'job-1', request: max.html_url, commentId: 999 })
        fake.addComment('acme', 'docs', 42, `${marker}\nWorking on it.`, undefined, 999)
      }
    })
    expect(sentPrompts(simulator)).toEqual([])
    expect(run.outputs.status).toBe('skipped')
  })

  it("answers nothing for a stranger's run, which has a group of its own and could race that request's run", async () => {
    const { run, github, simulator } = await runOnThreadInProcess({
      event: 'issue_comment.created.member-reader',
      editEvent: (event) => {
        ;(event.comment as { author_association: string }).author_association = 'NONE'
      },
      github: { permissions: WRITERS },
      before: (fake) => {
        answeredThenWaiting(42)(fake)
      }
    })
    expect(sentPrompts(simulator)).toEqual([])
    expect(run.outputs.status).toBe('skipped')
    expect(githubCalls(github)).toEqual(['GET /repos/acme/docs/collaborators/reader-rita/permission'])
  })

  it('keeps its refusal when the thread cannot be read, and says it could not look', async () => {
    const { run, simulator } = await runOnThreadInProcess({
      event: 'issue_comment.created.member-reader',
      github: { permissions: WRITERS, failures: [{ pathIncludes: '/issues/42/comments', status: 403, times: 10 }] },
      before: (fake) => {
        answeredThenWaiting(42)(fake)
      }
    })
    expect(sentPrompts(simulator)).toEqual([])
    expect(run.outputs.status).toBe('skipped')
    expect(run.log).toMatch(/Could not look on #42 for a request this run took the place of: .*403/)
    expect(run.log).not.toMatch(/unexpected error/)
  })

  it("asks no stranger's permission twice: a flood of one person's requests costs one check", async () => {
    const { github, simulator } = await runOnThreadInProcess({
      event: 'issue_comment.created.member-reader',
      github: { permissions: WRITERS },
      before: (fake) => {
        const max = answeredThenWaiting(42)(fake)
        expect(max).toBeGreaterThan(0)
        for (let i = 0; i < 20; i++) fake.addComment('acme', 'docs', 42, `/docs spam ${i}`, { login: 'mallory' })
      }
    })
    expect(sentPrompts(simulator)[0]).toContain('add a changelog entry')
    const checks = githubCalls(github).filter((call) => call.includes('/permission'))
    expect(checks.filter((call) => call.includes('mallory'))).toHaveLength(1)
    // Whether a request was answered is read from our signed comments, never from reactions.
    expect(githubCalls(github).filter((call) => call.startsWith('GET') && call.includes('/reactions'))).toEqual([])
  })

  it('answers nothing when a progress comment of ours is newer than the request, though no 👀 is on it', async () => {
    const { run, simulator } = await runOnThreadInProcess({
      event: 'issue_comment.created.member-reader',
      github: { permissions: WRITERS },
      before: (fake) => {
        fake.addComment('acme', 'docs', 42, '/docs add a changelog entry', { login: 'maintainer-max' })
        // Its run started job-1 and wrote its progress comment, but its reaction failed.
        addOwnComment(fake, 42, { jobId: 'job-1', state: 'working', runId: '111' }, 'Working on it.')
      }
    })
    expect(sentPrompts(simulator)).toEqual([])
    expect(run.outputs.status).toBe('skipped')
  })

  it('answers nothing for a request older than an hour, though a user token, not an app, put 👀 on it', async () => {
    const { run, simulator } = await runOnThreadInProcess({
      event: 'issue_comment.created.member-reader',
      editEvent: (event) => {
        ;(event.comment as { created_at: string }).created_at = new Date(Date.now() + 2 * 3600_000).toISOString()
      },
      github: { permissions: WRITERS },
      before: (fake) => {
        const max = fake.addComment('acme', 'docs', 42, '/docs add a changelog entry', { login: 'maintainer-max' })
        fake.reactions.push({
          subject: 'issue_comment',
          id: max.id,
          content: 'eyes',
          user: { login: 'docs-machine', type: 'User' }
        })
      }
    })
    expect(sentPrompts(simulator)).toEqual([])
    expect(run.outputs.status).toBe('skipped')
  })

  it('answers the request though another app put 👀 on it: only our signed comments tell what was answered', async () => {
    const { simulator } = await runOnThreadInProcess({
      event: 'issue_comment.created.member-reader',
      github: { permissions: WRITERS },
      before: (fake) => {
        const max = fake.addComment('acme', 'docs', 42, '/docs add a changelog entry', { login: 'maintainer-max' })
        fake.reactions.push({
          subject: 'issue_comment',
          id: max.id,
          content: 'eyes',
          user: { login: 'other-app[bot]', type: 'Bot' }
        })
      }
    })
    expect(sentPrompts(simulator)).toEqual(['{"prompt":"add a changelog entry"}'])
  })

  it("leaves the request's own run, arriving after, nothing to do: it starts no second job", async () => {
    let request = ''
    const { run, simulator } = await runOnThreadInProcess({
      event: 'issue_comment.created',
      editEvent: (event) => {
        request = (event.comment as { html_url: string }).html_url
      },
      before: (fake) => {
        // The refused run (another run) answered it: its progress comment names the request.
        const marker = signedMarker(42, { jobId: 'job-1', request, runId: '222' })
        fake.addComment('acme', 'docs', 42, `${marker}\nDone.`)
      }
    })
    expect(sentPrompts(simulator)).toEqual([])
    expect(run.outputs.status).toBe('skipped')
    expect(run.log).toMatch(/a progress comment of another run on this thread already answers this request/)
  })
})
