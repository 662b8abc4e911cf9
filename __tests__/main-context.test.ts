// Docs follow code, through run() in process: merged pull requests, pushes, pushed tags, releases
// and issue-number start a job whose prompt says what changed, read from the GitHub fake.
import { CREATE, count, createJob } from './support/agent-fixture.js'
import { addOwnComment, githubCalls, signedMarker } from './support/github-fixture.js'
import { MERGED_CHANGES, seedMergedPull, seedPushedRange, seedReleases } from '../test/harness/merged-pull.js'
import { runOnThreadInProcess } from './support/in-process.js'
import type { FakeGitHub } from '../test/harness/fake-github.js'
import type { Simulator } from '../test/harness/simulator/server.js'
import { MERGED_RUN, PROMPT } from './support/context-fixture.js'
import { workflowRunUrl } from '../src/event/run-context.js'
import { DONE_WITH_PULL_REQUEST, endedAsOutputsSay, progressOf, statusWords } from './support/progress.js'
import { skipNotice } from './support/skip.js'
import { seedTags, tagPush } from './support/tag-push.js'

const MERGED = MERGED_RUN

const promptSent = (simulator: Simulator) => (JSON.parse(simulator.requests[0]!.body) as { prompt: string }).prompt
const diffReads = (github: FakeGitHub) =>
  github.requests.filter((request) => request.headers.accept === 'application/vnd.github.diff').map((r) => r.path)

describe('a merged pull request', () => {
  it('starts a job told what changed, without a phrase or a permission check, and reports on the PR', async () => {
    const { run, github, simulator } = await runOnThreadInProcess(MERGED)
    expect(run.failed).toBe(false)
    expect(run.outputs.status).toBe('completed')
    const prompt = promptSent(simulator)
    expect(prompt.startsWith(`${PROMPT}\n\n## Context: pull request #61, merged\n`)).toBe(true)
    expect(prompt).toContain('- Title: Rename the retries option to maxRetries\n- Author: dev-dan\n')
    expect(prompt).toContain('- modified `src/client/options.ts` (+4 -2)')
    expect(prompt).toContain('+  maxRetries?: number\n')
    expect(prompt).not.toContain('Checklist') // an HTML comment in the description
    expect(run.outputs.prompt).toBe(prompt)
    expect(run.log).toContain('info: ## Context: pull request #61, merged')
    expect(run.summary).toContain('<details><summary>The prompt sent to the agent')
    expect(githubCalls(github).some((call) => call.includes('/collaborators/'))).toBe(false)
    expect(githubCalls(github)).toContain('GET /repos/acme/docs/pulls/61/files')
    expect(diffReads(github)).toEqual(['/repos/acme/docs/pulls/61'])
    expect(github.reactions).toEqual([{ subject: 'issue', id: 61, content: 'eyes' }])
    const [comment] = github.comments('acme', 'docs', 61)
    expect(progressOf(comment!, 61)).toMatchObject(endedAsOutputsSay(run.outputs))
  })

  it('says on the PR that no docs changes were needed when the job changed nothing', async () => {
    const { run, github } = await runOnThreadInProcess({ ...MERGED, scenario: { prLink: null } })
    const [comment] = github.comments('acme', 'docs', 61)
    const job = { id: run.outputs['job-id']!, status: 'completed', prLink: null }
    const merged = { kind: 'ended', result: { kind: 'finished', job }, startedBy: { mergedPullRequest: 61 } } as const
    expect(comment!.body).toContain(statusWords(merged, workflowRunUrl(github.serverUrl, 'acme/docs', '1001')))
  })

  it('says on the PR how to try again after a failed job', async () => {
    const { run, github } = await runOnThreadInProcess({ ...MERGED, scenario: { finalStatus: 'failed' } })
    const [comment] = github.comments('acme', 'docs', 61)
    const job = { id: run.outputs['job-id']!, status: 'failed' }
    const failed = { kind: 'ended', result: { kind: 'finished', job }, startedBy: { mergedPullRequest: 61 } } as const
    expect(comment!.body).toContain(statusWords(failed, workflowRunUrl(github.serverUrl, 'acme/docs', '1001')))
  })

  it('re-run while its job still runs, joins that job and edits its comment on the PR', async () => {
    let jobId = ''
    const { run, github, simulator } = await runOnThreadInProcess({
      ...MERGED,
      scenario: { durationMs: 1500 },
      env: { GITHUB_RUN_ATTEMPT: '2' },
      before: async (fake, sim) => {
        seedMergedPull(fake)
        jobId = await createJob(sim.url)
        addOwnComment(fake, 61, { jobId }, '⏳ **Working on it.**')
      }
    })
    expect(run.outputs['job-id']).toBe(jobId)
    expect(count(simulator, 'POST', CREATE)).toBe(1) // the first attempt's
    const comments = github.comments('acme', 'docs', 61)
    expect(comments).toHaveLength(1)
    expect(progressOf(comments[0]!, 61)).toMatchObject({ ...DONE_WITH_PULL_REQUEST, jobId })
  })

  it('is skipped with a notice when closed without a merge, touching nothing', async () => {
    const { run, github, simulator } = await runOnThreadInProcess({ ...MERGED, event: 'pull_request.closed' })
    expect(run.outputs.status).toBe('skipped')
    expect(run.log).toContain(skipNotice({ kind: 'closed-unmerged', number: 62 }))
    expect(github.requests).toEqual([])
    expect(simulator.requests).toEqual([])
  })

  it('still starts when its files cannot be read, telling the agent and the log what is missing', async () => {
    const { run, simulator } = await runOnThreadInProcess({
      ...MERGED,
      github: { failures: [{ pathIncludes: '/pulls/61/files', status: 500, times: 99 }] }
    })
    expect(run.outputs.status).toBe('completed')
    expect(run.log).toMatch(
      /warning: Could not read the changed files of pull request #61 for the agent's context: GitHub answered 500 \(Internal Server Error\) \(\d tries\)\. The job starts without it\./
    )
    const prompt = promptSent(simulator)
    expect(prompt).toMatch(/- Not read: the changed files of pull request #61 \(GitHub answered 500/)
    expect(prompt).toContain('Diff:\n```diff\ndiff --git a/src/client/options.ts')
  })

  it('fits a diff far over context-limit: whole files out, the largest first, the file list kept', async () => {
    const huge = Array.from({ length: 3000 }, (_, i) => `export const setting${i} = ${i}`)
    const changes = [...MERGED_CHANGES, { path: 'src/generated/settings.ts', status: 'added' as const, added: huge }]
    const { simulator } = await runOnThreadInProcess({
      ...MERGED,
      inputs: { ...MERGED.inputs, 'context-limit': '4000' },
      before: (github) => void seedMergedPull(github, changes)
    })
    const section = promptSent(simulator).slice(PROMPT.length + 2)
    expect(section.length).toBeLessThanOrEqual(4000)
    expect(section).toContain('- added `src/generated/settings.ts` (+3000 -0)')
    expect(section).toContain('diff --git a/src/client/retry.ts')
    expect(section).not.toContain('setting1')
    // Longer than the section by itself, it was let pass as it arrived, and the section names it.
    expect(section).toContain(
      '- Not read: the diffs of 1 file of pull request #61, longer than this part of the prompt may hold ' +
        '(context-limit, 4000 characters): "src/generated/settings.ts".'
    )
  })

  it('sends the prompt alone with context: none, reading nothing', async () => {
    const { run, github, simulator } = await runOnThreadInProcess({
      ...MERGED,
      inputs: { ...MERGED.inputs, context: 'none' }
    })
    expect(promptSent(simulator)).toBe(PROMPT)
    expect(run.outputs.prompt).toBe(PROMPT)
    expect(githubCalls(github).filter((call) => call.includes('/pulls/'))).toEqual([])
  })
})

describe('a push, a release, and issue-number', () => {
  it('tells a push by its commits, files and diff', async () => {
    const { run, github, simulator } = await runOnThreadInProcess({
      event: 'push',
      inputs: { prompt: PROMPT, 'trigger-phrase': '' },
      before: (fake) => seedPushedRange(fake)
    })
    expect(run.outputs.status).toBe('completed')
    const prompt = promptSent(simulator)
    expect(prompt).toContain('## Context: a push to `main`\n')
    expect(prompt).toContain(
      'Commits:\n```text\n1f2e3d4 dev-dan: Add maxRetries to the client options\n' +
        '2a3b4c5 dev-dan: Log a deprecation warning for retries\n' +
        '7d4b8e2 maintainer-max: Document the backoff in the code comments\n```'
    )
    expect(prompt).toContain('- modified `src/client/retry.ts` (+3 -2)')
    expect(diffReads(github)).toEqual([
      '/repos/acme/docs/compare/c3d0be41ecbe669545ee3e94d31ed9a4bc91ee3c...7d4b8e2f0c9a1b3d5e6f7a8b9c0d1e2f3a4b5c6d'
    ])
  })

  it('names the range of a push whose file diff is longer than context-limit, and lets it pass', async () => {
    const huge = { path: 'src/generated/table.ts', status: 'added' as const, added: Array<string>(3000).fill('0,') }
    const { simulator } = await runOnThreadInProcess({
      event: 'push',
      inputs: { prompt: PROMPT, 'trigger-phrase': '', 'context-limit': '3000' },
      before: (fake) => seedPushedRange(fake, [...MERGED_CHANGES, huge])
    })
    const section = promptSent(simulator).slice(PROMPT.length + 2)
    expect(section.length).toBeLessThanOrEqual(3000)
    expect(section).toContain('7d4b8e2 maintainer-max: Document the backoff in the code comments\n')
    expect(section).toContain(
      '- Not read: the diffs of 1 file of c3d0be4...7d4b8e2, longer than this part of the prompt may hold ' +
        '(context-limit, 3000 characters): "src/generated/table.ts".'
    )
  })

  it('tells a pushed tag as a release, by the changes since the previous tag', async () => {
    const { run, simulator } = await runOnThreadInProcess({
      event: 'push',
      editEvent: tagPush('v1.2.0'),
      inputs: { prompt: PROMPT, 'trigger-phrase': '' },
      before: seedTags
    })
    expect(run.outputs.status).toBe('completed')
    const prompt = promptSent(simulator)
    expect(prompt).toContain('## Context: tag `v1.2.0`, a release\n')
    expect(prompt).toContain('- Tag: `v1.2.0`, pushed (changes since the previous tag, `v1.1.0`)')
    expect(prompt).toContain('dev-dan: Rename the retries option to maxRetries\n')
    expect(prompt).toContain('maintainer-max: Document the backoff\n')
    expect(prompt).toContain('diff --git a/src/client/options.ts b/src/client/options.ts')
  })

  it('tells the first tag by its commits, and says there is nothing to compare with', async () => {
    const { simulator } = await runOnThreadInProcess({
      event: 'push',
      editEvent: tagPush('v0.1.0'),
      inputs: { prompt: PROMPT, 'trigger-phrase': '' },
      before: (fake) =>
        fake.tags.addTag('acme', 'docs', 'v0.1.0', [{ message: 'First commit' }, { message: 'Add the client' }])
    })
    const prompt = promptSent(simulator)
    expect(prompt).toContain('- Tag: `v0.1.0`, pushed (the first tag)')
    expect(prompt).toMatch(/- Commits: 2, listed below newest first[^]*Add the client\n[^]*First commit\n/)
    expect(prompt).toContain('No tag came before v0.1.0, so there is nothing to compare with')
  })

  it('sends the prompt alone on a tag with context: none, reading nothing from GitHub', async () => {
    const { github, simulator } = await runOnThreadInProcess({
      event: 'push',
      editEvent: tagPush('v1.2.0'),
      inputs: { prompt: PROMPT, 'trigger-phrase': '', context: 'none' }
    })
    expect(promptSent(simulator)).toBe(PROMPT)
    expect(github.requests.filter((request) => /\/(tags|commits|compare)/.test(request.path))).toEqual([])
  })

  it('tells a published release by its notes and the changes since the release before', async () => {
    const { simulator } = await runOnThreadInProcess({
      event: 'release.published',
      inputs: { prompt: 'Write the release notes page.', 'trigger-phrase': '' },
      before: (fake) => seedReleases(fake)
    })
    const prompt = promptSent(simulator)
    expect(prompt).toContain('## Context: release `v1.2.0`\n')
    expect(prompt).toContain('- Changes since the previous release, `v1.1.0`, are listed below')
    expect(prompt).toContain("Release notes (markdown by its author):\n```markdown\n## What's Changed\n")
    expect(prompt).toContain('diff --git a/CHANGELOG.md b/CHANGELOG.md')
  })

  it('redoes a pull request by hand with a new job, not a message to the job its earlier run started', async () => {
    let earlierJob = ''
    const { run, simulator } = await runOnThreadInProcess({
      event: 'workflow_dispatch',
      inputs: { prompt: PROMPT, 'trigger-phrase': '', 'issue-number': '61' },
      before: async (fake, sim) => {
        seedMergedPull(fake)
        earlierJob = await createJob(sim.url)
        fake.addComment('acme', 'docs', 61, `${signedMarker(61, { jobId: earlierJob, runId: '999' })}\n❌ failed`)
      }
    })
    expect(run.outputs['job-id']).not.toBe(earlierJob)
    expect(count(simulator, 'POST', CREATE)).toBe(2) // the earlier run's, and this one
    expect(simulator.requests.some((request) => request.path.endsWith('/message'))).toBe(false)
  })

  /** The prompt a dispatch with issue-number sends, with the fake seeded by `seed`. */
  async function dispatchedPrompt(issueNumber: number, seed: (fake: FakeGitHub) => unknown): Promise<string> {
    const { simulator } = await runOnThreadInProcess({
      event: 'workflow_dispatch',
      inputs: { prompt: PROMPT, 'trigger-phrase': '', 'issue-number': String(issueNumber) },
      before: (fake) => void seed(fake)
    })
    return promptSent(simulator)
  }

  it.each([
    ['its author was deleted (user: null)', { author: null }],
    ['GitHub leaves its body out', { withoutBody: true }]
  ])('tells a pull request whose issue answer says %s, files and diff included', async (_what, spec) => {
    const pull = { number: 61, title: 'Rename the retries option', changes: MERGED_CHANGES, ...spec }
    const prompt = await dispatchedPrompt(61, (fake) => fake.changes.addPullRequest('acme', 'docs', pull))
    expect(prompt).toContain('## Context: pull request #61, merged\n')
    expect(prompt).toContain('Changed files (3 files,')
    expect(prompt).toContain('diff --git a/src/client/options.ts b/src/client/options.ts')
  })

  it('tells an issue whose author was deleted, saying so', async () => {
    const issue = { number: 12, title: 'Retries', body: 'Undocumented.', author: null }
    const prompt = await dispatchedPrompt(12, (fake) => fake.changes.addIssue('acme', 'docs', issue))
    expect(prompt).toContain('## Context: issue #12\n')
    expect(prompt).toContain('- Title: Retries\n- Author: a deleted account (GitHub names no user)\n')
    expect(prompt).toContain('```markdown\nUndocumented.\n```')
  })

  it('redoes a pull request by hand: a dispatch with issue-number gets its context and reports on it', async () => {
    const { github, simulator } = await runOnThreadInProcess({
      event: 'workflow_dispatch',
      inputs: { prompt: PROMPT, 'trigger-phrase': '', 'issue-number': '61' },
      before: (fake) => void seedMergedPull(fake)
    })
    expect(promptSent(simulator)).toContain(`${PROMPT}\n\n## Context: pull request #61, merged\n`)
    expect(githubCalls(github)).toEqual(
      expect.arrayContaining(['GET /repos/acme/docs/issues/61', 'GET /repos/acme/docs/pulls/61/files'])
    )
    // The pull request as JSON (base, head, merge commit), then as a diff.
    expect(githubCalls(github).filter((call) => call === 'GET /repos/acme/docs/pulls/61')).toHaveLength(2)
    expect(diffReads(github)).toEqual(['/repos/acme/docs/pulls/61'])
    expect(progressOf(github.comments('acme', 'docs', 61)[0]!, 61)).toMatchObject(DONE_WITH_PULL_REQUEST)
  })

  it('redoes a pull request from a dispatch whose files GitHub refuses, saying what is missing', async () => {
    const refused = { pathIncludes: '/pulls/61/files', status: 403, message: 'Resource not accessible by integration' }
    const { run, github, simulator } = await runOnThreadInProcess({
      event: 'workflow_dispatch',
      inputs: { prompt: PROMPT, 'trigger-phrase': '', 'issue-number': '61' },
      github: { failures: [refused] },
      before: (fake) => void seedMergedPull(fake)
    })
    expect(run.log).toContain(
      "warning: Could not read the changed files of pull request #61 for the agent's context: GitHub answered 403 (Resource not accessible by integration). The job starts without it."
    )
    const prompt = promptSent(simulator)
    expect(prompt).toContain('## Context: pull request #61, merged\n')
    expect(prompt).toContain('- Not read: the changed files of pull request #61 (GitHub answered 403')
    expect(prompt).toContain('diff --git a/src/client/options.ts')
    expect(progressOf(github.comments('acme', 'docs', 61)[0]!, 61)).toMatchObject(DONE_WITH_PULL_REQUEST)
  })
})

describe('a change with nothing asked', () => {
  it('is skipped when the prompt is empty, saying to set it rather than to write after the phrase', async () => {
    const { run, simulator } = await runOnThreadInProcess({ ...MERGED, inputs: { prompt: '' } })
    expect(run.outputs.status).toBe('skipped')
    expect(run.log).toContain(
      skipNotice({ kind: 'nothing-asked', eventName: 'pull_request_target', phrase: undefined, standingPrompt: false })
    )
    expect(simulator.requests).toEqual([])
  })
})
