// Docs follow code through the bundle, as a runner runs it, against the simulator and the GitHub
// fake: a merged pull request under each runtime, and the other events once, under the runtime
// action.yml declares. Every other case runs through run() in process (main-context.test.ts).
import { MERGED_CHANGES, seedMergedPull, seedPushedRange, seedReleases } from '../test/harness/merged-pull.js'
import { githubCalls, runOnThread } from './support/github-fixture.js'
import { runtimes, visibleLog } from '../test/harness/run-bundle.js'
import type { Simulator } from '../test/harness/simulator/server.js'
import { MERGED_RUN, PROMPT } from './support/context-fixture.js'
import { DONE_WITH_PULL_REQUEST, progressOf } from './support/progress.js'
import { skipCommand } from './support/skip.js'

const MERGED = MERGED_RUN
const [, actionRuntime] = runtimes().at(-1)!
const promptSent = (simulator: Simulator) => (JSON.parse(simulator.requests[0]!.body) as { prompt: string }).prompt

describe.each(runtimes())('a merged pull request under %s', (_label, node) => {
  it('starts a job told what changed, shows the prompt, and reports on the PR', async () => {
    const { run, github, simulator } = await runOnThread({ ...MERGED, node })
    expect(run.code).toBe(0)
    const prompt = promptSent(simulator)
    expect(prompt.startsWith(`${PROMPT}\n\n## Context: pull request #61, merged\n`)).toBe(true)
    expect(prompt).toContain('diff --git a/src/client/options.ts b/src/client/options.ts')
    expect(run.outputs.prompt).toBe(prompt)
    const log = visibleLog(run)
    expect(log).toContain('::group::The prompt sent to the agent\nUpdate the docs for this change.\n\n## Context')
    expect(run.summary).toContain('<details><summary>The prompt sent to the agent')
    expect(github.reactions).toEqual([{ subject: 'issue', id: 61, content: 'eyes' }])
    const shown = progressOf(github.comments('acme', 'docs', 61)[0]!, 61)
    expect(shown).toMatchObject({ state: 'ended', jobId: run.outputs['job-id'], pullRequest: run.outputs['pr-link'] })
  })
})

describe('other events, through the bundle', () => {
  it('skips a pull request closed without a merge, with a notice', async () => {
    const { run, simulator } = await runOnThread({ ...MERGED, event: 'pull_request.closed', node: actionRuntime })
    expect(run.code).toBe(0)
    expect(run.outputs.status).toBe('skipped')
    expect(visibleLog(run)).toContain(skipCommand({ kind: 'closed-unmerged', number: 62 }))
    expect(simulator.requests).toEqual([])
  })

  it('tells a push of several commits, its diff cut to a context-limit far below it', async () => {
    const huge = {
      path: 'src/generated/table.ts',
      status: 'added' as const,
      added: Array.from({ length: 3000 }, () => '0,')
    }
    const { run, simulator } = await runOnThread({
      event: 'push',
      inputs: { prompt: PROMPT, 'trigger-phrase': '', 'context-limit': '3000' },
      before: (github) => seedPushedRange(github, [...MERGED_CHANGES, huge]),
      node: actionRuntime
    })
    expect(run.code).toBe(0)
    const section = promptSent(simulator).slice(PROMPT.length + 2)
    expect(section.length).toBeLessThanOrEqual(3000)
    expect(section).toContain('1f2e3d4 dev-dan: Add maxRetries to the client options\n')
    expect(section).toContain('7d4b8e2 maintainer-max: Document the backoff in the code comments\n')
    // Longer than the section by itself, the file's diff was let pass as it arrived, and the section names it.
    expect(section).toContain(
      '- Not read: the diffs of 1 file of c3d0be4...7d4b8e2, longer than this part of the prompt may hold ' +
        '(context-limit, 3000 characters): "src/generated/table.ts".'
    )
  })

  it('tells a published release by the changes since the release before', async () => {
    const { run, simulator } = await runOnThread({
      event: 'release.published',
      inputs: { prompt: 'Write the release notes page.', 'trigger-phrase': '' },
      before: (github) => seedReleases(github),
      node: actionRuntime
    })
    expect(run.code).toBe(0)
    expect(promptSent(simulator)).toContain('- Changes since the previous release, `v1.1.0`, are listed below')
  })

  it('redoes a pull request from a dispatch with its number, even when its files cannot be read', async () => {
    const { run, github, simulator } = await runOnThread({
      event: 'workflow_dispatch',
      inputs: { prompt: PROMPT, 'trigger-phrase': '', 'issue-number': '61' },
      github: {
        failures: [{ pathIncludes: '/pulls/61/files', status: 403, message: 'Resource not accessible by integration' }]
      },
      before: (fake) => void seedMergedPull(fake),
      node: actionRuntime
    })
    expect(run.code).toBe(0)
    expect(visibleLog(run)).toContain(
      "::warning::Could not read the changed files of pull request #61 for the agent's context: GitHub answered 403 (Resource not accessible by integration). The job starts without it."
    )
    const prompt = promptSent(simulator)
    expect(prompt).toContain('## Context: pull request #61, merged\n')
    expect(prompt).toContain('- Not read: the changed files of pull request #61 (GitHub answered 403')
    expect(prompt).toContain('diff --git a/src/client/options.ts')
    expect(progressOf(github.comments('acme', 'docs', 61)[0]!, 61)).toMatchObject(DONE_WITH_PULL_REQUEST)
  })

  it('sends the prompt alone with context: none', async () => {
    const { run, github, simulator } = await runOnThread({
      ...MERGED,
      inputs: { prompt: PROMPT, context: 'none' },
      node: actionRuntime
    })
    expect(run.code).toBe(0)
    expect(promptSent(simulator)).toBe(PROMPT)
    expect(githubCalls(github).filter((call) => call.includes('/pulls/'))).toEqual([])
  })
})
