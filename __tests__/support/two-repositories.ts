// Two repositories on one GitHub fake, as teams run the agent: the code repository (the runner's
// acme/docs, where a writer asks) and the docs repository (acme/site, where the agent opens its pull
// request and a reviewer asks for changes), with one simulator whose jobs open acme/site#7. A step
// runs in either repository, in process or as the bundle.
import {
  type FakeGitHub,
  type FakeGitHubOptions,
  seedEventComment,
  startFakeGitHub
} from '../../test/harness/fake-github.js'
import { RUNNER_STEP } from '../../test/harness/run-bundle.js'
import type { Scenario, Simulator } from '../../test/harness/simulator/server.js'
import { withSimulator } from './agent-fixture.js'
import { COMMENT_RUN_DECISIONS, commandInputs, githubVariables, loadEvent, type ThreadStep } from './github-fixture.js'
import type { DocsCommentFacts } from '../../src/report/docs-pr-comment.js'

export const CODE_REPOSITORY = RUNNER_STEP.GITHUB_REPOSITORY
export const DOCS_REPOSITORY = 'acme/site'
export const DOCS_PR = 7
/** A token that reaches the docs repository only, as a GitHub App or fine-grained token would. */
export const DOCS_TOKEN = 'ghs_docs_repository_token'
/** A token that reaches the code repository only, as the code repository's GITHUB_TOKEN does. */
export const CODE_ONLY_TOKEN = 'ghs_code_repository_token'
/** Who opens the agent's pull requests. */
export const AGENT_LOGIN = 'docs-agent[bot]'

export interface TwoRepositories {
  github: FakeGitHub
  simulator: Simulator
  /** The link the agent's jobs end with: acme/site#7 on the fake's host. */
  prLink: string
}

/**
 * A fresh fake and simulator; the docs PR exists, opened by the agent. The jobs end with a link to
 * `prNumber` (default the docs PR) unless the scenario says otherwise.
 */
export async function withTwoRepositories<T>(
  body: (repositories: TwoRepositories) => Promise<T>,
  options: {
    scenario?: Scenario
    github?: FakeGitHubOptions
    now?: () => number
    prNumber?: number
    /** Told of each request the simulator answered (or left hanging), as `METHOD /path -> status`. */
    onSimulatorRequest?: (line: string) => void
  } = {}
): Promise<T> {
  const github = await startFakeGitHub({
    permissions: { 'writer-wendy': 'write' },
    repositoryPermissions: {
      [DOCS_REPOSITORY]: {
        'reviewer-rita': 'write',
        'lead-lee': 'write',
        'writer-wendy': 'read',
        'outsider-olga': 'none'
      }
    },
    tokens: { [DOCS_TOKEN]: [DOCS_REPOSITORY], [CODE_ONLY_TOKEN]: [CODE_REPOSITORY] },
    ...options.github
  })
  try {
    github.addPullRequest('acme', 'site', DOCS_PR, AGENT_LOGIN)
    // The link GitHub gives for a pull request: https, on the host of GITHUB_SERVER_URL.
    const prLink = `https://${new URL(github.serverUrl).host}/${DOCS_REPOSITORY}/pull/${options.prNumber ?? DOCS_PR}`
    return await withSimulator(
      { prLink, durationMs: 400, ...options.scenario },
      (simulator) => body({ github, simulator, prLink }),
      {
        ...(options.now && { now: options.now }),
        ...(options.onSimulatorRequest && { log: options.onSimulatorRequest })
      }
    )
  } finally {
    await github.close()
  }
}

/** The action's comments on the docs PR (those with its marker), oldest first. */
export function markedComments({ github }: TwoRepositories): ReturnType<FakeGitHub['comments']> {
  return github.comments('acme', 'site', DOCS_PR).filter((comment) => comment.body.startsWith('<!-- docs-agent-action'))
}

/**
 * What the docs-PR comment tells of the code step's request (codeStep: writer-wendy's "/docs"
 * comment on issue 42), its run linked at `runUrl`: opened for that comment, which is also the
 * request it answers.
 */
export function codeRequestOnDocsPr(runUrl: string): DocsCommentFacts {
  const request = { url: COMMENT_RUN_DECISIONS.request!, requester: 'writer-wendy' }
  return {
    pullRequest: { repository: DOCS_REPOSITORY, number: DOCS_PR },
    origin: request.url,
    request,
    triggerPhrase: '/docs',
    runUrl
  }
}

/** A step of the code repository's workflow: a writer's "/docs" comment on issue 42. */
export function codeStep({ github, simulator }: TwoRepositories, inputs: Record<string, string> = {}): ThreadStep {
  const event = loadEvent('issue_comment.created')
  seedEventComment(github, event)
  return {
    eventName: 'issue_comment',
    event,
    inputs: commandInputs(simulator, { 'docs-token': DOCS_TOKEN, ...inputs }),
    env: githubVariables(github)
  }
}

/** Each step of the docs repository's workflow is a run of its own. */
let nextRunId = 2001

export type DocsRequestKind = 'comment' | 'line comment' | 'review'

/** Where and how a person asks on the docs PR. */
export interface DocsRequest {
  kind: DocsRequestKind
  login: string
  body: string
  /** A review's comments on lines, seeded in the fake before the step. */
  lineComments?: readonly { path: string; body: string; diff_hunk: string; line: number }[]
}

/** A step of the docs repository's workflow, for a request made on the docs PR; seeds what GitHub holds. */
export function docsStep(
  { github, simulator }: TwoRepositories,
  request: DocsRequest,
  inputs: Record<string, string> = {}
): ThreadStep {
  const user = { login: request.login, id: 7_130_000 + request.login.length, type: 'User', site_admin: false }
  const repository = {
    ...(loadEvent('issue_comment.created').repository as object),
    name: 'site',
    full_name: DOCS_REPOSITORY
  }
  const pageOfPr = `https://github.com/${DOCS_REPOSITORY}/pull/${DOCS_PR}`
  /** A saved payload moved to the docs PR, with `key` (the comment or review) written by the person. */
  const onDocsPr = (saved: Record<string, unknown>, key: string, fields: Record<string, unknown>) => ({
    ...saved,
    repository,
    sender: user,
    pull_request: { ...(saved.pull_request as object), number: DOCS_PR, html_url: pageOfPr },
    [key]: { ...(saved[key] as object), body: request.body, user, ...fields }
  })
  let eventName: string
  let event: Record<string, unknown>
  if (request.kind === 'comment') {
    const id = github.addComment('acme', 'site', DOCS_PR, request.body, { login: request.login }).id
    const saved = loadEvent('issue_comment.created.pr')
    eventName = 'issue_comment'
    event = {
      ...saved,
      repository,
      sender: user,
      issue: { ...(saved.issue as object), number: DOCS_PR, html_url: pageOfPr },
      comment: {
        id,
        body: request.body,
        user,
        html_url: `${pageOfPr}#issuecomment-${id}`,
        author_association: 'MEMBER'
      }
    }
  } else if (request.kind === 'line comment') {
    eventName = 'pull_request_review_comment'
    event = onDocsPr(loadEvent('pull_request_review_comment.created'), 'comment', {
      id: 1_871_300_001,
      path: 'docs/webhooks.mdx',
      diff_hunk:
        '@@ -8,6 +8,9 @@ Webhooks\n+Rotate the signing secret every 90 days from the dashboard,\n+and keep the old one for a day.',
      line: 10,
      html_url: `${pageOfPr}#discussion_r1871300001`
    })
  } else {
    const { id } = github.addReview('acme', 'site', DOCS_PR, {
      body: request.body,
      user: { login: request.login },
      comments: request.lineComments ?? []
    })
    eventName = 'pull_request_review'
    event = onDocsPr(loadEvent('pull_request_review.submitted'), 'review', {
      id,
      html_url: `${pageOfPr}#pullrequestreview-${id}`
    })
  }
  return {
    eventName,
    event,
    inputs: commandInputs(simulator, inputs),
    env: {
      ...githubVariables(github),
      GITHUB_REPOSITORY: DOCS_REPOSITORY,
      GITHUB_RUN_ID: String(nextRunId++)
    }
  }
}
