// The steps on the agent's pull request once its job has ended with it, against an in-memory
// repository: one docs-PR comment however many runs report, the reviewers GitHub accepts, the labels,
// and warnings (never a failure) for everything GitHub refuses.
import type { AgentJob } from '../src/agent/job.js'
import { systemClock } from '../src/base/clock.js'
import { type DocsPullRequestUpdate, updateDocsPullRequest } from '../src/docs-pr/docs-pr.js'
import { reviewersFor } from '../src/settings/github-name-inputs.js'
import { markerKey, readMarker } from '../src/thread/marker.js'
import { MemoryGitHub } from './support/memory-github.js'
import { docsCommentFor } from './support/progress.js'

const KEY = markerKey('mint_test_key', 'proj')
const ORIGIN = 'https://github.com/acme/app/issues/42#issuecomment-1'
const job: AgentJob = {
  id: 'job-7',
  status: 'completed',
  prLink: 'https://github.com/acme/docs/pull/7',
  model: 'm',
  source: { repository: 'https://github.com/acme/docs', ref: 'main' },
  createdAt: '2026-11-22T10:00:00Z',
  archivedAt: null
}

function update(
  fields: Partial<DocsPullRequestUpdate> = {},
  settings: Partial<DocsPullRequestUpdate['settings']> = {}
) {
  return {
    pullRequest: { repository: 'acme/docs', number: 7 },
    job,
    request: { url: ORIGIN, requester: 'writer-wendy' },
    settings: {
      docsToken: 'ghs_docs',
      comment: true,
      prReviewers: [],
      prLabels: [],
      triggerPhrase: '/docs',
      ...settings
    },
    runUrl: 'https://github.com/acme/app/actions/runs/1001',
    signer: { runId: '1001', workflowJob: 'docs', step: '__run', key: KEY },
    ...fields
  }
}

/** The docs repository, reached with whatever token; what was connected to and every warning. */
function docsRepository() {
  const github = new MemoryGitHub()
  github.addPullRequest(7, 'docs-agent[bot]')
  github.readers = new Set(['writer-wendy', 'reviewer-rita', 'lead-lee'])
  const connections: string[] = []
  const warnings: string[] = []
  const deps = {
    connect: (repository: string, token: string) => {
      connections.push(`${repository} with ${token}`)
      return github.api()
    },
    clock: systemClock,
    warn: (message: string) => warnings.push(message)
  }
  const markerOf = (index: number) => {
    const comment = github.comments(7)[index]!
    return readMarker(comment.body, KEY, { repository: 'acme/docs', threadNumber: 7, commentId: comment.id })
  }
  return { github, connections, warnings, deps, markerOf }
}

describe('the docs-PR steps', () => {
  it('comment once (signed and naming its comment), ask the reviewers and add the labels with docs-token', async () => {
    const { github, connections, warnings, deps, markerOf } = docsRepository()
    await updateDocsPullRequest(
      update({}, { prReviewers: ['requester', 'reviewer-rita', 'Writer-Wendy'], prLabels: ['docs', 'agent'] }),
      deps
    )
    expect(connections).toEqual(['acme/docs with ghs_docs'])
    expect(github.comments(7)).toHaveLength(1)
    const ended = { kind: 'ended', result: { kind: 'finished', job } } as const
    const facts = { origin: ORIGIN, ...update(), triggerPhrase: '/docs' }
    expect(github.comments(7)[0]!.body).toBe(docsCommentFor(github.comments(7)[0]!, facts, ended))
    expect(markerOf(0)).toMatchObject({
      kind: 'docs-pr',
      origin: ORIGIN,
      jobId: 'job-7',
      commentId: github.comments(7)[0]!.id
    })
    expect(github.reviewers.get(7)).toEqual(['writer-wendy', 'reviewer-rita'])
    expect(github.labels.get(7)).toEqual(['docs', 'agent'])
    expect(warnings).toEqual([])
  })

  it('edits the same comment for a later request, keeping where the job was first asked for', async () => {
    const { github, deps, markerOf } = docsRepository()
    await updateDocsPullRequest(update(), deps)
    const later = { url: 'https://github.com/acme/app/issues/42#issuecomment-2', requester: 'lead-lee' }
    await updateDocsPullRequest(update({ request: later }), deps)
    expect(github.comments(7)).toHaveLength(1)
    expect(markerOf(0)).toMatchObject({ origin: ORIGIN })
    // Opened for the first request, updated for the later one.
    const ended = { kind: 'ended', result: { kind: 'finished', job } } as const
    const facts = { origin: ORIGIN, ...update({ request: later }), triggerPhrase: '/docs' }
    expect(github.comments(7)[0]!.body).toBe(docsCommentFor(github.comments(7)[0]!, facts, ended))
    // The create's naming edit, then the first request's last edit; the later request edits it once.
    expect(github.calls).toEqual(['list', 'create', 'update', 'update', 'list', 'update'])
  })

  it('asks the others when GitHub refuses one reviewer, naming who was left out', async () => {
    const { github, warnings, deps } = docsRepository()
    await updateDocsPullRequest(
      update({}, { comment: false, prReviewers: ['outsider-olga', 'reviewer-rita', 'lead-lee'] }),
      deps
    )
    expect(github.reviewers.get(7)).toEqual(['reviewer-rita', 'lead-lee'])
    expect(warnings).toEqual([
      "Could not request a review from @outsider-olga on the agent's pull request acme/docs#7: GitHub answered 422 (Reviews may only be " +
        'requested from collaborators. One or more of the users or teams you specified is not a collaborator of the ' +
        'acme/docs repository.). GitHub asks for reviews only from people who can read acme/docs and did not open ' +
        'the pull request: give them access or take them out of pr-reviewers.'
    ])
  })

  it('says so when the one reviewer asked for is refused', async () => {
    const { github, warnings, deps } = docsRepository()
    await updateDocsPullRequest(update({}, { comment: false, prReviewers: ['outsider-olga'] }), deps)
    expect(github.calls).toEqual(['getPullRequest', 'review request'])
    expect(warnings).toEqual([
      expect.stringMatching(
        /^Could not request a review from @outsider-olga on the agent's pull request acme\/docs#7: GitHub answered 422/
      )
    ])
  })

  it('never asks the author, a bot or nobody as the requester', async () => {
    expect(reviewersFor(['requester', 'lead-lee'], undefined)).toEqual(['lead-lee'])
    expect(reviewersFor(['requester', 'lead-lee'], 'renovate[bot]')).toEqual(['lead-lee'])
    const { github, warnings, deps } = docsRepository()
    const byTheAuthor = { url: ORIGIN, requester: 'docs-agent[bot]' }
    await updateDocsPullRequest(update({ request: byTheAuthor }, { comment: false, prReviewers: ['requester'] }), deps)
    github.addPullRequest(7, 'writer-wendy')
    await updateDocsPullRequest(update({}, { comment: false, prReviewers: ['requester'] }), deps)
    expect(github.calls).toEqual(['getPullRequest'])
    expect(github.reviewers.get(7)).toBeUndefined()
    expect(warnings).toEqual([])
  })

  it('with comment: false, writes no comment but still asks for reviews and adds labels', async () => {
    const { github, deps } = docsRepository()
    await updateDocsPullRequest(update({}, { comment: false, prReviewers: ['requester'], prLabels: ['docs'] }), deps)
    expect(github.comments(7)).toEqual([])
    expect(github.reviewers.get(7)).toEqual(['writer-wendy'])
    expect(github.labels.get(7)).toEqual(['docs'])
  })

  it('only warns when docs-token cannot reach the repository, and makes no comment it could not look for', async () => {
    const { github, warnings, deps } = docsRepository()
    github.noAccess = true
    await updateDocsPullRequest(update({}, { prReviewers: ['requester'], prLabels: ['docs'] }), deps)
    expect(github.calls.sort()).toEqual(['getPullRequest', 'labels', 'list'])
    const hint =
      'The token may lack a permission: docs-token (github-token when unset) needs "Pull requests: Read and write" on acme/docs;'
    expect(warnings.sort()).toEqual([
      expect.stringContaining(
        `Could not add the labels "docs" to the agent's pull request acme/docs#7: GitHub answered 404 (Not Found). ${hint}`
      ),
      expect.stringContaining(
        `Could not read the agent's pull request acme/docs#7 to request reviews: GitHub answered 404 (Not Found). ${hint}`
      ),
      expect.stringContaining(
        `Could not read the comments of the thread on the agent's pull request acme/docs#7: GitHub answered 404 (Not Found). ${hint}`
      )
    ])
  })

  it('without any token, warns only when reviewers or labels were asked for', async () => {
    const { github, warnings, deps } = docsRepository()
    await updateDocsPullRequest(update({}, { docsToken: '' }), deps)
    expect(warnings).toEqual([])
    await updateDocsPullRequest(update({}, { docsToken: '', prLabels: ['docs'] }), deps)
    expect(warnings).toEqual([
      "No docs-token or github-token was given, so no reviewers or labels were added to the agent's pull request acme/docs#7."
    ])
    expect(github.calls).toEqual([])
  })
})
