// The loop on the agent's pull request through run() in process: a writer asks in the code
// repository, the job opens acme/site#7, and reviewers ask for changes there, each part told apart.
import { CREATE, MESSAGE, count } from './support/agent-fixture.js'
import { COMMENT_RUN_DECISIONS, githubCalls } from './support/github-fixture.js'
import { twoRepositoriesInProcess } from './support/two-repositories-in-process.js'
import {
  CODE_ONLY_TOKEN,
  codeStep,
  DOCS_PR,
  type DocsRequest,
  docsStep,
  markedComments,
  type TwoRepositories,
  withTwoRepositories
} from './support/two-repositories.js'
import { progressOf } from './support/progress.js'
import { skipNotice } from './support/skip.js'

const { clock, run, inTwoRepositories } = twoRepositoriesInProcess()
/** The writer's "/docs" comment in the code repository, and the link every comment has to its workflow run. */
const REQUEST = COMMENT_RUN_DECISIONS.request
const RUN_LINK = expect.stringMatching(/\/actions\/runs\/\d+$/)
const prompts = ({ simulator }: TwoRepositories) =>
  simulator.requests
    .filter((request) => request.method === 'POST')
    .map((request) => JSON.parse(request.body) as { prompt: string })

describe('a job that ends with a pull request in the docs repository', () => {
  it('sets pr-number and pr-repository, comments there once, asks the reviewers and adds the labels', async () => {
    await inTwoRepositories(async (repositories) => {
      const { github } = repositories
      const first = await run(
        codeStep(repositories, { 'pr-reviewers': 'requester, lead-lee', 'pr-labels': 'docs, agent' })
      )
      expect(first.failed).toBe(false)
      expect(first.outputs).toMatchObject({
        'pr-number': '7',
        'pr-repository': 'acme/site',
        'pr-link': repositories.prLink
      })
      expect(first.log).not.toMatch(/warning/)
      const [comment, ...more] = markedComments(repositories)
      expect(more).toEqual([])
      // Opened for the request, ready for review: no later request to link.
      expect(progressOf(comment!, DOCS_PR, { repository: 'acme/site' })).toMatchObject({
        kind: 'docs-pr',
        state: 'ended',
        jobId: first.outputs['job-id'],
        origin: REQUEST,
        links: [REQUEST, RUN_LINK]
      })
      expect(github.requestedReviewers('acme', 'site', DOCS_PR)).toEqual(['writer-wendy', 'lead-lee'])
      expect(github.labels('acme', 'site', DOCS_PR)).toEqual(['docs', 'agent'])
      // The code repository's own thread still ends with the link.
      const progress = progressOf(github.comments('acme', 'docs', 42).at(-1)!, 42)
      expect(progress).toMatchObject({ state: 'ended', pullRequest: repositories.prLink })

      // The writer asks again on the code repository: the same comment on the docs PR is edited.
      await run(codeStep(repositories))
      expect(markedComments(repositories)).toEqual([expect.objectContaining({ id: comment!.id })])
      expect(githubCalls(github).filter((call) => call === 'POST /repos/acme/site/issues/7/comments')).toHaveLength(1)
    })
  })

  it('with comment: false, still asks the reviewers and adds the labels, and writes nothing there', async () => {
    await inTwoRepositories(async (repositories) => {
      await run(codeStep(repositories, { comment: 'false', 'pr-reviewers': 'requester', 'pr-labels': 'docs' }))
      expect(repositories.github.comments('acme', 'site', DOCS_PR)).toEqual([])
      expect(repositories.github.requestedReviewers('acme', 'site', DOCS_PR)).toEqual(['writer-wendy'])
      expect(repositories.github.labels('acme', 'site', DOCS_PR)).toEqual(['docs'])
    })
  })

  it('only warns when docs-token cannot reach the docs repository; the outcome and outputs stand', async () => {
    await inTwoRepositories(async (repositories) => {
      const result = await run(
        codeStep(repositories, { 'docs-token': CODE_ONLY_TOKEN, 'pr-labels': 'docs', 'pr-reviewers': 'requester' })
      )
      expect(result.failed).toBe(false)
      expect(result.outputs).toMatchObject({ status: 'completed', 'pr-number': '7', 'pr-repository': 'acme/site' })
      expect(result.log).toContain(
        "warning: Could not read the comments of the thread on the agent's pull request acme/site#7: GitHub answered 404 (Not Found). " +
          'The token may lack a permission: docs-token (github-token when unset) needs "Pull requests: Read and write" on acme/site;'
      )
      expect(result.log).toContain(
        `warning: Could not add the labels "docs" to the agent's pull request acme/site#7: GitHub answered 404`
      )
      expect(result.log).toContain(
        "warning: Could not read the agent's pull request acme/site#7 to request reviews: GitHub answered 404"
      )
      expect(repositories.github.comments('acme', 'site', DOCS_PR)).toEqual([])
    })
  })

  it('leaves a pull request on another host alone: no outputs for it, nothing done there', async () => {
    await withTwoRepositories(
      async (repositories) => {
        const result = await run(codeStep(repositories, { 'pr-labels': 'docs' }))
        expect(result.outputs).toMatchObject({
          'pr-link': 'https://gitlab.example/acme/site/pull/7',
          'pr-number': '',
          'pr-repository': ''
        })
        expect(githubCalls(repositories.github).filter((call) => call.includes('/acme/site/'))).toEqual([])
      },
      { now: () => clock.now(), scenario: { prLink: 'https://gitlab.example/acme/site/pull/7' } }
    )
  })
})

describe('asking for changes on the docs PR', () => {
  /** The writer's job opened the docs PR; then `request` is made there. */
  async function followUp(repositories: TwoRepositories, request: DocsRequest, inputs: Record<string, string> = {}) {
    const first = await run(codeStep(repositories))
    const later = await run(docsStep(repositories, request, inputs))
    return { jobId: first.outputs['job-id'] ?? '', later }
  }

  it('sends a comment to the job that opened the pull request and reports in the docs-PR comment', async () => {
    await inTwoRepositories(async (repositories) => {
      const { jobId, later } = await followUp(repositories, {
        kind: 'comment',
        login: 'reviewer-rita',
        body: '/docs make the introduction shorter'
      })
      expect(later.failed).toBe(false)
      expect(later.outputs['job-id']).toBe(jobId)
      expect(count(repositories.simulator, 'POST', CREATE)).toBe(1)
      expect(count(repositories.simulator, 'POST', MESSAGE)).toBe(1)
      expect(prompts(repositories)[1]).toEqual({ prompt: 'make the introduction shorter' })
      const [comment, ...more] = markedComments(repositories)
      expect(more).toEqual([])
      // Opened for the first request; updated for the reviewer's comment on this pull request.
      expect(progressOf(comment!, DOCS_PR, { repository: 'acme/site' })).toMatchObject({
        state: 'ended',
        jobId,
        origin: REQUEST,
        links: [
          REQUEST,
          expect.stringMatching(/^https:\/\/github\.com\/acme\/site\/pull\/7#issuecomment-\d+$/),
          RUN_LINK
        ]
      })
      expect(comment!.body).toContain('@\u2060reviewer-rita')
      expect(later.log).toContain(
        `Sent the follow-up message to agent job ${jobId} named by this thread's earlier progress comment.`
      )
      // The thread is the pull request the job opened: the job updated it.
      expect(later.log).toContain(`Agent job ${jobId} completed the follow-up and updated pull request #${DOCS_PR}.`)
      expect(later.outputs['pr-new']).toBe('false')
    })
  })

  it('leaves the docs-PR comment naming its job when follow-up is off, and reports the new job apart', async () => {
    await inTwoRepositories(async (repositories) => {
      const { jobId, later } = await followUp(
        repositories,
        { kind: 'comment', login: 'reviewer-rita', body: '/docs write a new page instead' },
        // Not waiting: the new job's own pull request would otherwise get the docs-PR steps, and the
        // simulator gives every job the same pull request.
        { 'follow-up': 'false', wait: 'false' }
      )
      expect(later.failed).toBe(false)
      expect(later.outputs['job-id']).not.toBe(jobId)
      expect(count(repositories.simulator, 'POST', CREATE)).toBe(2)
      const [comment, ...more] = markedComments(repositories)
      expect(progressOf(comment!, DOCS_PR, { repository: 'acme/site' })).toMatchObject({ kind: 'docs-pr', jobId })
      expect(comment!.body).not.toContain(later.outputs['job-id'])
      expect(more.map((other) => other.body)).toEqual([expect.stringContaining(later.outputs['job-id']!)])
    })
  })

  it('tells the job which file, lines and diff a line comment is about', async () => {
    await inTwoRepositories(async (repositories) => {
      await followUp(repositories, { kind: 'line comment', login: 'reviewer-rita', body: '/docs make this shorter' })
      expect(prompts(repositories)[1]!.prompt).toBe(
        'make this shorter\n\n' +
          "This request is a comment on line 10 of `docs/webhooks.mdx` (the pull request's version). " +
          'The diff it was written on, ending at that line:\n\n' +
          '```diff\n@@ -8,6 +8,9 @@ Webhooks\n+Rotate the signing secret every 90 days from the dashboard,\n' +
          '+and keep the old one for a day.\n```'
      )
      const { links } = progressOf(markedComments(repositories)[0]!, DOCS_PR, { repository: 'acme/site' })!
      expect(links).toContain('https://github.com/acme/site/pull/7#discussion_r1871300001')
    })
  })

  it('sends a review with its comments on lines, leaving out those that ask on their own', async () => {
    await inTwoRepositories(async (repositories) => {
      await followUp(repositories, {
        kind: 'review',
        login: 'lead-lee',
        body: '/docs address my notes',
        lineComments: [
          { path: 'docs/webhooks.mdx', body: 'too long', diff_hunk: '@@ -1 +1 @@\n+A long line', line: 1 },
          { path: 'docs/auth.mdx', body: '/docs rename this page', diff_hunk: '@@ -1 +1 @@\n+Auth', line: 1 }
        ]
      })
      const { prompt } = prompts(repositories)[1]!
      expect(prompt).toContain(
        "address my notes\n\nThe review has 1 comment on the pull request's files:\n\n" +
          "A comment on line 1 of `docs/webhooks.mdx` (the pull request's version):\n\ntoo long"
      )
      expect(prompt).not.toContain('rename this page')
      const { links } = progressOf(markedComments(repositories)[0]!, DOCS_PR, { repository: 'acme/site' })!
      expect(links).toContainEqual(
        expect.stringMatching(/^https:\/\/github\.com\/acme\/site\/pull\/7#pullrequestreview-\d+$/)
      )
    })
  })

  it("sends a review's own text when its comments on lines cannot be read, after a warning", async () => {
    await withTwoRepositories(
      async (repositories) => {
        const { later } = await followUp(repositories, {
          kind: 'review',
          login: 'lead-lee',
          body: '/docs address my notes',
          lineComments: [{ path: 'docs/webhooks.mdx', body: 'too long', diff_hunk: '@@ -1 +1 @@\n+A', line: 1 }]
        })
        expect(prompts(repositories)[1]).toEqual({ prompt: 'address my notes' })
        expect(later.log).toMatch(
          /warning: Could not read the comments on lines of the review on #7: GitHub answered 403 .*The review's own text goes to the agent without them\./
        )
      },
      { now: () => clock.now(), github: { failures: [{ pathIncludes: '/reviews/', status: 403 }] } }
    )
  })

  it('gives an outsider nothing: no job, no comment, no reaction', async () => {
    await inTwoRepositories(async (repositories) => {
      const { later } = await followUp(repositories, {
        kind: 'comment',
        login: 'outsider-olga',
        body: '/docs rewrite it all'
      })
      expect(later.outputs.status).toBe('skipped')
      expect(later.log).toContain(
        skipNotice({ kind: 'not-permitted', login: 'outsider-olga', role: 'none', required: 'write' })
      )
      expect(prompts(repositories)).toHaveLength(1)
      expect(repositories.github.reactions).toHaveLength(1) // the writer's, on the code repository
      expect(progressOf(markedComments(repositories)[0]!, DOCS_PR, { repository: 'acme/site' })!.links).toEqual([
        REQUEST,
        RUN_LINK
      ])
    })
  })

  it('starts a new job on a pull request that no signed comment ties to one, and says so', async () => {
    await withTwoRepositories(
      async (repositories) => {
        const later = await run(
          docsStep(repositories, { kind: 'comment', login: 'reviewer-rita', body: '/docs fix the typo' })
        )
        expect(later.outputs).toMatchObject({ status: 'completed', 'pr-number': '8' })
        expect(count(repositories.simulator, 'POST', CREATE)).toBe(1)
        const progress = repositories.github.comments('acme', 'site', DOCS_PR).at(-1)!
        expect(progressOf(progress, DOCS_PR, { repository: 'acme/site' })).toMatchObject({
          state: 'ended',
          pullRequest: later.outputs['pr-link'],
          note: 'new-job'
        })
        const docsComment = repositories.github.comments('acme', 'site', 8)[0]!
        expect(progressOf(docsComment, 8, { repository: 'acme/site' })).toMatchObject({ kind: 'docs-pr' })
      },
      { now: () => clock.now(), prNumber: 8 }
    )
  })
})
