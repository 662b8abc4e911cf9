// The loop on the agent's pull request end to end, through dist/index.js under the runtime
// action.yml declares: a writer asks in the code repository, the job opens acme/site#7, and people
// ask for changes there. Each part is told apart in process (main-docs-pr.test.ts).
import { CREATE, MESSAGE, count } from './support/agent-fixture.js'
import {
  CODE_ONLY_TOKEN,
  codeStep,
  DOCS_PR,
  docsStep,
  markedComments,
  withTwoRepositories
} from './support/two-repositories.js'
import { COMMENT_RUN_DECISIONS, type ThreadStep } from './support/github-fixture.js'
import { runAction, runtimes, visibleLog } from '../test/harness/run-bundle.js'
import { progressOf } from './support/progress.js'
import { replyToSkip } from '../src/gate/skip-reply.js'

const [label, node] = runtimes().at(-1)!
const run = (step: ThreadStep) => runAction({ ...step, node })
/** The docs-PR comment's thread is in the docs repository. */
const ON_SITE = { repository: 'acme/site' }

describe(`the agent's pull request under ${label}`, () => {
  it('gets its comment, reviewers and labels, then takes a comment, a line comment and a review to the same job', async () => {
    await withTwoRepositories(async (repositories) => {
      const { github, simulator } = repositories
      const first = await run(codeStep(repositories, { 'pr-reviewers': 'requester, lead-lee', 'pr-labels': 'docs' }))
      expect(first.code).toBe(0)
      const jobId = first.outputs['job-id'] ?? ''
      expect(first.outputs).toMatchObject({ 'pr-number': '7', 'pr-repository': 'acme/site' })
      expect(github.requestedReviewers('acme', 'site', DOCS_PR)).toEqual(['writer-wendy', 'lead-lee'])
      expect(github.labels('acme', 'site', DOCS_PR)).toEqual(['docs'])
      const [made] = markedComments(repositories)
      const request = COMMENT_RUN_DECISIONS.request
      expect(progressOf(made!, DOCS_PR, ON_SITE)).toMatchObject({ kind: 'docs-pr', jobId, origin: request })

      const requests = [
        { kind: 'comment', login: 'reviewer-rita', body: '/docs make the introduction shorter' },
        { kind: 'line comment', login: 'reviewer-rita', body: '/docs make this shorter' },
        {
          kind: 'review',
          login: 'lead-lee',
          body: '/docs address my notes',
          lineComments: [{ path: 'docs/webhooks.mdx', body: 'too long', diff_hunk: '@@ -1 +1 @@\n+A', line: 1 }]
        }
      ] as const
      for (const request of requests) {
        const later = await run(docsStep(repositories, request))
        expect(later.code).toBe(0)
        expect(later.outputs['job-id']).toBe(jobId)
      }
      expect(count(simulator, 'POST', CREATE)).toBe(1)
      expect(count(simulator, 'POST', MESSAGE)).toBe(3)
      const messages = simulator.requests.filter((request) => MESSAGE.test(request.path))
      expect(messages.every((request) => request.path.includes(`/job/${jobId}/message`))).toBe(true)
      expect((JSON.parse(messages[1]!.body) as { prompt: string }).prompt).toContain('line 10 of `docs/webhooks.mdx`')
      expect((JSON.parse(messages[2]!.body) as { prompt: string }).prompt).toContain('too long')
      const [edited, ...more] = markedComments(repositories)
      expect(more).toEqual([])
      expect(edited!.id).toBe(made!.id)
      // Updated for the latest request, lead-lee's review, linked after the first request.
      const review = expect.stringMatching(/\/acme\/site\/pull\/7#pullrequestreview-\d+$/)
      const runLink = expect.stringMatching(/\/actions\/runs\/\d+$/)
      expect(progressOf(edited!, DOCS_PR, ON_SITE)).toMatchObject({
        state: 'ended',
        jobId,
        links: [request, review, runLink]
      })
      expect(edited!.body).toContain('@\u2060lead-lee')

      const outsider = await run(
        docsStep(repositories, { kind: 'comment', login: 'outsider-olga', body: '/docs rewrite it all' })
      )
      expect(outsider.code).toBe(0)
      expect(outsider.outputs.status).toBe('skipped')
      expect(simulator.requests.filter((request) => request.method === 'POST')).toHaveLength(4)
      expect(markedComments(repositories)).toEqual([edited])
    })
  })

  it('answers a requested reviewer with read access once, and starts nothing for them', async () => {
    await withTwoRepositories(async (repositories) => {
      await run(codeStep(repositories, { 'pr-reviewers': 'requester' }))
      const ask = (body: string) => run(docsStep(repositories, { kind: 'comment', login: 'writer-wendy', body }))
      const refused = await ask('/docs make the introduction shorter')
      expect(refused.code).toBe(0)
      expect(refused.outputs.status).toBe('skipped')
      const [docsComment, reply, ...more] = markedComments(repositories)
      expect(more).toEqual([])
      const wendy = { login: 'writer-wendy', isBot: false, claimsAccess: true }
      const reviewer = { requestedReviewer: { role: 'read', required: 'write' } } as const
      expect(reply!.body).toContain(replyToSkip(reviewer, wendy, '/docs')!)
      expect(refused.outputs['comment-url']).toBe(reply!.html_url)
      await ask('/docs please')
      expect(markedComments(repositories)).toEqual([docsComment, reply])
      expect(repositories.simulator.requests.filter((request) => request.method === 'POST')).toHaveLength(1)
    })
  })

  it('only warns when docs-token cannot reach the docs repository', async () => {
    await withTwoRepositories(async (repositories) => {
      const result = await run(codeStep(repositories, { 'docs-token': CODE_ONLY_TOKEN, 'pr-reviewers': 'requester' }))
      expect(result.code).toBe(0)
      expect(result.outputs).toMatchObject({ status: 'completed', 'pr-number': '7', 'pr-repository': 'acme/site' })
      const log = visibleLog(result)
      expect(log).toContain(
        "::warning::Could not read the comments of the thread on the agent's pull request acme/site#7: GitHub answered 404"
      )
      expect(log).toContain(
        "::warning::Could not read the agent's pull request acme/site#7 to request reviews: GitHub answered 404"
      )
      expect(repositories.github.comments('acme', 'site', DOCS_PR)).toEqual([])
    })
  })
})
