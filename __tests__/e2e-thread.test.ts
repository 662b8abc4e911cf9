// Issue-comment automation end to end under each runtime: a saved webhook payload, the bundle, the
// simulator and a local fake of the GitHub REST API. Who may trigger, re-runs, follow-ups and the
// ways GitHub fails are driven through run() in process (main-thread.test.ts and its neighbours).
import { COMMENT_RUN_DECISIONS, githubCalls, markerFields, markerOf, runOnThread } from './support/github-fixture.js'
import { runtimes } from '../test/harness/run-bundle.js'
import { progressOf, statusWords } from './support/progress.js'

const COMMENT_ID = 3551234567
const RUN_LINK = (serverUrl: string) => `${serverUrl}/acme/docs/actions/runs/1001`

describe.each(runtimes())('a /docs comment under %s', (_label, node) => {
  it('checks permission, reacts, then keeps one progress comment that ends with the PR link, labelled meanwhile', async () => {
    const { run, github, simulator } = await runOnThread({ event: 'issue_comment.created', node })
    expect(run.code).toBe(0)
    const jobId = run.outputs['job-id'] ?? ''
    expect(githubCalls(github)).toEqual([
      'GET /repos/acme/docs/collaborators/writer-wendy/permission',
      `POST /repos/acme/docs/issues/comments/${COMMENT_ID}/reactions`,
      'GET /repos/acme/docs/issues/42/comments',
      'POST /repos/acme/docs/issues/42/comments',
      // The waiting comment names itself in its marker at once, so that no copy can pass for it.
      expect.stringMatching(/^PATCH \/repos\/acme\/docs\/issues\/comments\/\d+$/),
      // The working-label while the comment waits for the job; GitHub makes it on first use.
      'POST /repos/acme/docs/issues/42/labels',
      expect.stringMatching(/^PATCH \/repos\/acme\/docs\/issues\/comments\/\d+$/),
      // Off again once no other comment on the thread waits for its job.
      'GET /repos/acme/docs/issues/42/comments',
      'DELETE /repos/acme/docs/issues/42/labels/docs-agent%3A%20working',
      // And read again: a comment another run wrote meanwhile would put the label back.
      'GET /repos/acme/docs/issues/42/comments'
    ])
    expect(github.labels('acme', 'docs', 42)).toEqual([])
    expect(github.repositoryLabels('acme', 'docs')).toEqual([
      expect.objectContaining({ name: 'docs-agent: working', color: 'ededed' })
    ])
    expect(github.reactions).toEqual([{ subject: 'issue_comment', id: COMMENT_ID, content: 'eyes' }])
    const working = JSON.parse(github.requests[3]!.body) as { body: string }
    expect(working.body).toContain(statusWords({ kind: 'working', jobId, followUp: false }, RUN_LINK(github.serverUrl)))
    const [trigger, comment, ...others] = github.comments('acme', 'docs', 42)
    expect(trigger!.id).toBe(COMMENT_ID)
    expect(others).toEqual([])
    expect(comment!.body).toMatch(/^<!-- docs-agent-action [^\n]+ -->\n/)
    expect(markerOf(comment!, 42)).toEqual(
      markerFields(42, { jobId, triggerCommentId: COMMENT_ID, commentId: comment!.id, ...COMMENT_RUN_DECISIONS })
    )
    const pullRequest = 'https://github.com/acme/docs/pull/1'
    expect(progressOf(comment!, 42)).toMatchObject({ state: 'ended', jobId, pullRequest })
    expect(run.outputs['comment-url']).toBe(comment!.html_url)
    expect(JSON.parse(simulator.requests[0]!.body)).toEqual({
      prompt: expect.stringMatching(/^add a page about webhooks\n\n## Context: issue #42\n/)
    })
  })
})
