// Answers too large for GitHub, through the bundle: GitHub refuses a comment over 65,536 characters
// (the fake does too) and the runner drops a job summary over 1 MiB, so every comment and summary is
// cut to fit, visibly, with its signed marker whole.
import { runtimes } from '../test/harness/run-bundle.js'
import { markerOf, runOnThread } from './support/github-fixture.js'
import { progressOf } from './support/progress.js'
import { summaryLevel } from './support/summary.js'

const NOTE =
  /… \(cut: \d+ more characters would pass GitHub's limit of (65536 characters for a comment|1 MiB for a job summary)\)\n$/

describe.each(runtimes())('what GitHub would refuse for its size, under %s', (_label, node) => {
  it('cuts a comment and a summary quoting a 300 KB error to fit, saying so, with the marker whole', async () => {
    const error = JSON.stringify({ error: `${'&'.repeat(300_000)} the end` })
    const { run, github } = await runOnThread({
      event: 'issue_comment.created',
      node,
      scenario: { faults: [{ route: 'create', fault: { kind: 'status', status: 400, body: error } }] }
    })
    expect(run.code).toBe(1)
    const [comment, ...others] = github.comments('acme', 'docs', 42).slice(1)
    expect(others).toEqual([])
    expect(comment!.body.length).toBeLessThanOrEqual(65_536)
    expect(comment!.body).toMatch(
      /^<!-- docs-agent-action [^\n]+ -->\n❌ \*\*The docs agent could not finish\.\*\* Creating the agent job failed: the service answered 400 "&amp;&amp;/
    )
    expect(comment!.body).toMatch(
      /&amp; … \(cut: \d+ more characters would pass GitHub's limit of 65536 characters for a comment\)\n$/
    )
    expect(markerOf(comment!, 42)).toMatchObject({ threadNumber: 42, triggerCommentId: 3551234567 })
    expect(Buffer.byteLength(run.summary)).toBeLessThanOrEqual(1024 * 1024)
    expect(summaryLevel(run.summary)).toBe('failure')
    expect(run.summary).toContain('the service answered 400 "&amp;') // the error's text, escaped
    expect(run.summary).toMatch(NOTE)
    expect(run.stdout).not.toContain('::warning::Could not write the progress comment')
  })

  it('cuts the comment of a job whose PR link is 300 KB before the link, never through it', async () => {
    const prLink = `https://github.com/acme/docs/pull/1?${'x'.repeat(300_000)}`
    const { run, github } = await runOnThread({ event: 'issue_comment.created', node, scenario: { prLink } })
    expect(run.code).toBe(0)
    const [comment] = github.comments('acme', 'docs', 42).slice(1)
    expect(comment!.body.length).toBeLessThanOrEqual(65_536)
    expect(progressOf(comment!, 42)).toMatchObject({
      state: 'ended',
      jobId: run.outputs['job-id'],
      pullRequest: undefined
    })
    expect(comment!.body).not.toContain('/pull/1?x')
    expect(markerOf(comment!, 42)).toMatchObject({ commentId: comment!.id })
    expect(run.stdout).not.toContain('::warning::Could not write the progress comment')
    expect(run.outputs['pr-link']).toBe(prLink)
  })
})
