// One code pull request's life on the GitHub fake, as mode companion sees it: pull request #61 of
// acme/docs, opened, pushed to, closed or merged, each event a workflow run of its own with the
// payload GitHub sends (labels as the fake holds them). The docs live in acme/site, where the
// simulator's jobs open #7 (two-repositories.ts).
import { fakeSha, type FileChange } from '../../test/harness/changes.js'
import { MERGED_BODY, MERGED_CHANGES } from '../../test/harness/merged-pull.js'
import { agentInputs } from './agent-fixture.js'
import { githubVariables, loadEvent, TOKEN, type ThreadStep } from './github-fixture.js'
import { DOCS_TOKEN, type TwoRepositories } from './two-repositories.js'

export const CODE_PR = 61

/** The head of each push: push 0 is the head the pull request was opened with. */
export const heads = (push: number): string => fakeSha(`acme/docs#61 push ${push}`)

/** The base branch's commit every event of #61 names: a create reads the changes of `CODE_BASE...head`. */
export const CODE_BASE = fakeSha('acme/docs#61 base')

/** Each event of the code pull request starts a workflow run of its own. */
let nextRunId = 5001

export interface CodePullRequestSeed {
  author?: string
  /** The author is an app's bot account (GitHub's `type: Bot`). */
  bot?: boolean
  /** Who caused the event (for a push, who pushed); the author by default. */
  sender?: string
  draft?: boolean
}

/**
 * Seeds #61, open, with its first head; the pushes to come are compared from one head to the next.
 * `changes`: what GitHub's record of #61 changes once every push seeded is on it.
 */
export function seedCodePullRequest(repositories: TwoRepositories, pushes = 2, changes = MERGED_CHANGES): void {
  const { github } = repositories
  github.changes.addPullRequest('acme', 'docs', {
    number: CODE_PR,
    title: 'Rename the retries option to maxRetries',
    body: MERGED_BODY,
    author: 'writer-wendy',
    head: 'rename-retries',
    // Where GitHub's record of #61 stands after every push seeded.
    headSha: heads(pushes),
    merged: false,
    changes
  })
  for (let push = 1; push <= pushes; push++) seedComparison(repositories, push - 1, push)
  for (let push = 0; push <= pushes; push++) seedChangesAt(repositories, push)
}

/** What #61 changes at head `push`, as the comparison with its base gives it (a create reads it). */
export function seedChangesAt({ github }: TwoRepositories, push: number, changes: FileChange[] = MERGED_CHANGES): void {
  github.changes.addComparison('acme', 'docs', { base: CODE_BASE, head: heads(push) }, changes)
}

/** What the pushes from head `from` to head `to` change: a file and a commit for each push. */
export function seedComparison({ github }: TwoRepositories, from: number, to: number): void {
  const pushes = Array.from({ length: to - from }, (_, at) => from + at + 1)
  github.changes.addComparison(
    'acme',
    'docs',
    { base: heads(from), head: heads(to) },
    pushes.map((push) => ({ path: `src/client/push-${push}.ts`, added: [`export const timeoutMs${push} = 30_000`] })),
    pushes.map((push) => ({ message: `Add timeoutMs${push} to the client options`, author: 'writer-wendy' }))
  )
}

export type CodeEvent =
  | { action: 'opened' | 'reopened' | 'ready_for_review' | 'synchronize' | 'review_requested'; head: number }
  | { action: 'closed'; head: number; merged: boolean }

/** The pull_request_target event GitHub sends for #61, with the fake's labels on it. */
export function codeEvent(
  { github }: TwoRepositories,
  event: CodeEvent,
  seed: CodePullRequestSeed = {}
): Record<string, unknown> {
  const saved = loadEvent('pull_request.opened')
  const pull = saved.pull_request as Record<string, unknown>
  const author = seed.author ?? 'writer-wendy'
  const merged = event.action === 'closed' && event.merged
  return {
    ...saved,
    action: event.action,
    number: CODE_PR,
    sender: { ...(saved.sender as object), login: seed.sender ?? author },
    pull_request: {
      ...pull,
      number: CODE_PR,
      title: 'Rename the retries option to maxRetries',
      body: MERGED_BODY,
      html_url: `https://${new URL(github.serverUrl).host}/acme/docs/pull/${CODE_PR}`,
      user: { ...(pull.user as object), login: author, type: seed.bot ? 'Bot' : 'User' },
      draft: seed.draft ?? false,
      state: event.action === 'closed' ? 'closed' : 'open',
      merged,
      merge_commit_sha: merged ? fakeSha('merge of #61') : null,
      labels: github.labels('acme', 'docs', CODE_PR).map((name) => ({ name, color: 'ededed', default: false })),
      head: { ...(pull.head as object), ref: 'rename-retries', sha: heads(event.head) },
      base: { ...(pull.base as object), sha: CODE_BASE }
    }
  }
}

/** The companion step of the code repository's workflow (examples/docs-companion.yml) for one event. */
export function companionStep(
  repositories: TwoRepositories,
  event: CodeEvent,
  seed: CodePullRequestSeed = {},
  inputs: Record<string, string> = {}
): ThreadStep {
  return {
    eventName: 'pull_request_target',
    event: codeEvent(repositories, event, seed),
    inputs: agentInputs(repositories.simulator, {
      mode: 'companion',
      prompt: 'Write the docs for the change below in a pull request of its own.',
      'github-token': TOKEN,
      'docs-token': DOCS_TOKEN,
      'trigger-phrase': '/docs',
      'pr-reviewers': 'requester',
      'pr-labels': 'docs',
      ...inputs
    }),
    env: { ...githubVariables(repositories.github), GITHUB_RUN_ID: String(nextRunId++) }
  }
}

/** The per-merge step (examples/docs-on-merge.yml) for #61's merge. */
export function perMergeStep(repositories: TwoRepositories): ThreadStep {
  return {
    eventName: 'pull_request_target',
    event: codeEvent(repositories, { action: 'closed', head: 2, merged: true }),
    inputs: agentInputs(repositories.simulator, {
      prompt: 'The pull request below was merged. Update the docs.',
      comment: 'true',
      'github-token': TOKEN,
      'docs-token': DOCS_TOKEN
    }),
    env: { ...githubVariables(repositories.github), GITHUB_RUN_ID: String(nextRunId++) }
  }
}

/** The reconcile step (examples/reconcile.yml) of the code repository, with the docs token. */
export function reconcileStep(repositories: TwoRepositories): ThreadStep {
  return {
    eventName: 'schedule',
    event: { schedule: '3-59/10 * * * *' },
    inputs: agentInputs(repositories.simulator, {
      mode: 'reconcile',
      prompt: '',
      'github-token': TOKEN,
      'docs-token': DOCS_TOKEN
    }),
    env: { ...githubVariables(repositories.github), GITHUB_RUN_ID: String(nextRunId++), GITHUB_JOB: 'reconcile' }
  }
}

/** A "/docs" comment on the code pull request, run by the comment workflow (mode run). */
export function commentOnCodeStep(repositories: TwoRepositories, login: string, body: string): ThreadStep {
  const { github } = repositories
  const id = github.addComment('acme', 'docs', CODE_PR, body, { login }).id
  const saved = loadEvent('issue_comment.created.pr')
  const page = `${github.serverUrl}/acme/docs/pull/${CODE_PR}`
  const user = { ...(saved.comment as { user: object }).user, login, type: 'User' }
  return {
    eventName: 'issue_comment',
    event: {
      ...saved,
      sender: user,
      issue: {
        ...(saved.issue as object),
        number: CODE_PR,
        html_url: page,
        // As GitHub sends them: the labels the pull request carries now.
        labels: github.labels('acme', 'docs', CODE_PR).map((name) => ({ name, color: 'ededed', default: false }))
      },
      comment: {
        ...(saved.comment as object),
        id,
        body,
        user,
        html_url: `${page}#issuecomment-${id}`,
        author_association: 'MEMBER'
      }
    },
    inputs: agentInputs(repositories.simulator, {
      prompt: '',
      'trigger-phrase': '/docs',
      comment: 'true',
      'github-token': TOKEN,
      'docs-token': DOCS_TOKEN
    }),
    env: { ...githubVariables(github), GITHUB_RUN_ID: String(nextRunId++) }
  }
}

/** The action's comments on the code pull request. */
export const codeComments = ({ github }: TwoRepositories) =>
  github.comments('acme', 'docs', CODE_PR).filter((comment) => comment.body.startsWith('<!-- docs-agent-action'))

/** The prompts the agent API was sent on paths matching `pattern` (creates, messages). */
export const sentPrompts = ({ simulator }: TwoRepositories, pattern: RegExp) =>
  simulator.requests
    .filter((request) => request.method === 'POST' && pattern.test(request.path))
    .map((request) => (JSON.parse(request.body) as { prompt: string }).prompt)
