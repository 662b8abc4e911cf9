// A person the action asked to review its pull request, whose "/docs" there is refused for want of
// permission, is told why and who can ask, once; anybody else refused stays unanswered. Through run()
// in process, in the two-repository setup.
import { CREATE, MESSAGE, count } from './support/agent-fixture.js'
import { githubCalls } from './support/github-fixture.js'
import { twoRepositoriesInProcess } from './support/two-repositories-in-process.js'
import {
  AGENT_LOGIN,
  codeStep,
  DOCS_PR,
  docsStep,
  markedComments,
  type TwoRepositories
} from './support/two-repositories.js'
import { progressOf } from './support/progress.js'
import { skipNotice } from './support/skip.js'
import { replyToSkip } from '../src/gate/skip-reply.js'

const { run, inTwoRepositories } = twoRepositoriesInProcess()
/** writer-wendy has read access on the docs repository (two-repositories.ts). */
const readerAsks = (repositories: TwoRepositories, body = '/docs make the introduction shorter') =>
  run(docsStep(repositories, { kind: 'comment', login: 'writer-wendy', body }))

describe('a requested reviewer refused on the docs PR', () => {
  it('gets one reply saying what permission they have, what is required and who can ask; no job', async () => {
    await inTwoRepositories(async (repositories) => {
      await run(codeStep(repositories, { 'pr-reviewers': 'requester, lead-lee' }))
      const refused = await readerAsks(repositories)
      expect(refused.outputs.status).toBe('skipped')
      expect(refused.log).toContain(
        skipNotice({ kind: 'not-permitted', login: 'writer-wendy', role: 'read', required: 'write' })
      )
      const [docsComment, reply, ...more] = markedComments(repositories)
      expect(progressOf(docsComment!, DOCS_PR, { repository: 'acme/site' })).toMatchObject({ kind: 'docs-pr' })
      expect(more).toEqual([])
      const wendy = { login: 'writer-wendy', isBot: false, claimsAccess: true }
      const reviewer = { requestedReviewer: { role: 'read', required: 'write' } } as const
      expect(reply!.body).toContain(replyToSkip(reviewer, wendy, '/docs')!)
      expect(refused.outputs['comment-url']).toBe(reply!.html_url)
      expect(count(repositories.simulator, 'POST', CREATE)).toBe(1)
      expect(count(repositories.simulator, 'POST', MESSAGE)).toBe(0)

      // Asking again: still skipped, and the reply is not repeated.
      const again = await readerAsks(repositories, '/docs please, the introduction')
      expect(again.outputs.status).toBe('skipped')
      expect(markedComments(repositories)).toEqual([docsComment, reply])
    })
  })

  it('is not answered when GitHub would not take them as a reviewer: the comment lists only those it took', async () => {
    await inTwoRepositories(async (repositories) => {
      // outsider-oz has no access to the docs repository, so GitHub refuses to ask them (422).
      const merged = await run(codeStep(repositories, { 'pr-reviewers': 'requester, outsider-oz' }))
      expect(merged.log).toContain('@outsider-oz')
      await run(docsStep(repositories, { kind: 'comment', login: 'outsider-oz', body: '/docs rewrite it all' }))
      expect(markedComments(repositories)).toHaveLength(1)
      expect(count(repositories.simulator, 'POST', MESSAGE)).toBe(0)
    })
  })

  it('is not answered for a phrase in a quote: only a command a reader sees is', async () => {
    await inTwoRepositories(async (repositories) => {
      await run(codeStep(repositories, { 'pr-reviewers': 'requester' }))
      await readerAsks(repositories, '> /docs make the introduction shorter\n\nSomeone wrote this.')
      expect(markedComments(repositories)).toHaveLength(1)
    })
  })
})

describe('a person refused on the docs PR whom the action did not ask to review', () => {
  it('gets nothing: no reply, no job', async () => {
    await inTwoRepositories(async (repositories) => {
      await run(codeStep(repositories, { 'pr-reviewers': 'lead-lee' }))
      const refused = await readerAsks(repositories)
      expect(refused.outputs.status).toBe('skipped')
      expect(markedComments(repositories)).toHaveLength(1)
      expect(count(repositories.simulator, 'POST', CREATE)).toBe(1)
      expect(
        githubCalls(repositories.github).filter((call) => call === 'POST /repos/acme/site/issues/7/comments')
      ).toHaveLength(1)
    })
  })

  it('gets nothing when the docs-PR comment was edited to list them: the marker no longer verifies', async () => {
    await inTwoRepositories(async (repositories) => {
      const { github } = repositories
      await run(codeStep(repositories, { 'pr-reviewers': 'lead-lee' }))
      const [docsComment] = markedComments(repositories)
      expect(docsComment!.body).toContain(' reviewers=lead-lee ')
      // Edited in place, as anyone with write access (or a token) could.
      github.deleteComment(docsComment!.id)
      const tampered = docsComment!.body.replace(' reviewers=lead-lee ', ' reviewers=lead-lee,writer-wendy ')
      github.addComment('acme', 'site', DOCS_PR, tampered, { login: AGENT_LOGIN }, docsComment!.id)
      const refused = await readerAsks(repositories)
      expect(refused.outputs.status).toBe('skipped')
      expect(markedComments(repositories)).toEqual([expect.objectContaining({ id: docsComment!.id })])
    })
  })
})
