// A release on a pushed tag, and problems shown where people look, through the bundle as a runner
// runs it, against the simulator and the GitHub fake, under each runtime.
import { seedTags, tagPush } from './support/tag-push.js'
import { runOnThread } from './support/github-fixture.js'
import { runtimes, visibleLog } from '../test/harness/run-bundle.js'
import type { Simulator } from '../test/harness/simulator/server.js'
import { summaryLevel, warningsIn } from './support/summary.js'

const PROMPT = 'Write the release notes page.'
const promptSent = (simulator: Simulator) => (JSON.parse(simulator.requests[0]!.body) as { prompt: string }).prompt

describe.each(runtimes())('a pushed tag under %s', (_label, node) => {
  it('runs as a release told by the changes since the previous tag', async () => {
    const { run, simulator } = await runOnThread({
      event: 'push',
      editEvent: tagPush('v1.2.0'),
      inputs: { prompt: PROMPT, 'trigger-phrase': '' },
      before: seedTags,
      node
    })
    expect(run.code).toBe(0)
    expect(run.outputs.status).toBe('completed')
    const prompt = promptSent(simulator)
    expect(prompt).toContain('## Context: tag `v1.2.0`, a release\n')
    expect(prompt).toContain('- Tag: `v1.2.0`, pushed (changes since the previous tag, `v1.1.0`)')
    expect(prompt).toContain('dev-dan: Rename the retries option to maxRetries\n')
    expect(prompt).toContain('maintainer-max: Document the backoff\n')
    expect(prompt).toContain('diff --git a/src/client/options.ts b/src/client/options.ts')
  })

  it('tells the first tag by its commits, and says what was read', async () => {
    const { run, simulator } = await runOnThread({
      event: 'push',
      editEvent: tagPush('v0.1.0'),
      inputs: { prompt: PROMPT, 'trigger-phrase': '' },
      before: (github) =>
        github.tags.addTag('acme', 'docs', 'v0.1.0', [{ message: 'First commit' }, { message: 'Add the client' }]),
      node
    })
    expect(run.code).toBe(0)
    const prompt = promptSent(simulator)
    expect(prompt).toContain('- Tag: `v0.1.0`, pushed (the first tag)')
    expect(prompt).toMatch(/- Commits: 2, listed below newest first[^]*Add the client\n[^]*First commit\n/)
    expect(prompt).toContain('No tag came before v0.1.0, so there is nothing to compare with')
  })

  it('runs the prompt alone on a tag with context: none, reading nothing from GitHub', async () => {
    const { run, github, simulator } = await runOnThread({
      event: 'push',
      editEvent: tagPush('v1.2.0'),
      inputs: { prompt: PROMPT, 'trigger-phrase': '', context: 'none' },
      node
    })
    expect(run.code).toBe(0)
    expect(promptSent(simulator)).toBe(PROMPT)
    expect(github.requests.filter((request) => /\/(tags|commits|compare)/.test(request.path))).toEqual([])
  })
})

describe.each(runtimes())('problems in the job summary under %s', (_label, node) => {
  it('shows a refused comment (issues: write missing) with its fix, the job result unaffected', async () => {
    const { run } = await runOnThread({
      event: 'issue_comment.created',
      github: {
        failures: [
          {
            method: 'POST',
            pathIncludes: '/issues/42/comments',
            status: 403,
            message: 'Resource not accessible by integration',
            times: 99
          }
        ]
      },
      node
    })
    expect(run.code).toBe(0)
    expect(run.outputs.status).toBe('completed')
    expect(summaryLevel(run.summary)).toBe('success')
    expect(warningsIn(run.summary, 'before')).toBe(1)
    expect(run.summary).toContain('issues: write')
    // The last edit comes after the summary: its refusal is added in a second section.
    expect(warningsIn(run.summary, 'after')).toBe(1)
    expect(visibleLog(run)).toContain('::warning::Could not write the progress comment on #42')
  })

  it('warns that timeout: 30 is seconds, in the log and the summary', async () => {
    const { run } = await runOnThread({
      event: 'workflow_dispatch',
      inputs: { prompt: PROMPT, 'trigger-phrase': '', timeout: '30' },
      node
    })
    expect(run.code).toBe(0)
    const warning =
      'Input "timeout" is 30, a bare number, which is read as 30 seconds. If you meant minutes, write the unit: timeout: 30m'
    expect(visibleLog(run)).toContain(`::warning::${warning}`)
    expect(run.summary).toContain(warning)
  })
})
