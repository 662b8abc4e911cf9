// The demo's scenes: the committed bundle run as a runner runs it, against the agent API simulator
// and the GitHub fake, shown as the people involved see it: the workflow run's page and the threads.
// Each scene starts its own fakes and says whether every run in it succeeded.
import { readFileSync } from 'node:fs'
import {
  type FakeGitHub,
  type FakeGitHubOptions,
  seedEventComment,
  startFakeGitHub
} from '../test/harness/fake-github.js'
import { seedMergedPull } from '../test/harness/merged-pull.js'
import { type RunOptions, runAction } from '../test/harness/run-bundle.js'
import { type Scenario, type Simulator, startSimulator } from '../test/harness/simulator/server.js'
import { runView, type ThreadPlace, threadView, wrapped } from './demo-view.js'
import { markerKey, readMarker } from '../src/thread/marker.js'

export type Print = (text: string) => void

const API_KEY = 'mint_demo_key'
const PROJECT = 'demo-project'
export const TOKEN = 'ghs_fake_token'
/** A token that reaches only the docs repository, as one minted for a GitHub App installed there. */
export const DOCS_TOKEN = 'ghs_docs_repository_token'
/** How long a job runs: short, so that the demo takes seconds. */
const JOB_MS = 1200
// As in examples/docs-on-merge.yml.
const MERGED_PROMPT =
  'The pull request below was merged. Update the documentation for what it changes for users (options, ' +
  'behaviour, deprecations). If nothing user-facing changed, change nothing.'

const ISSUE: ThreadPlace = { owner: 'acme', repo: 'docs', number: 42, title: 'Webhooks are not documented' }

/** 1. A "/docs" comment on an issue: the thread says the job is working, then links its pull request. */
export async function commentScene(print: Print): Promise<boolean> {
  print(heading('1. @writer-wendy comments "/docs add a page about webhooks" on issue acme/docs#42'))
  return withFakes({ jobIds: ['job-webhooks'] }, {}, async (simulator, github) => {
    const working = watchWhileWorking(github, ISSUE)
    const ok = await showRun(print, 'The comment workflow in acme/docs', {
      ...issueCommentStep(github),
      inputs: { ...agentInputs(simulator), 'trigger-phrase': '/docs', 'github-token': TOKEN }
    })
    print(`\nWhile the job ran, the issue showed:\n${working()}`)
    print(`\nWhen the run ended:\n${threadView(github, ISSUE)}`)
    return ok
  })
}

/**
 * 2. Docs follow code across two repositories: a merged pull request in acme/app starts a job whose
 * pull request lands in acme/docs; a reviewer's "/docs" there goes to the same job.
 */
export async function twoRepositoriesScene(print: Print): Promise<boolean> {
  print(heading('2. Pull request acme/app#61 by @dev-dan is merged; the docs live in acme/docs'))
  const scenario = { jobIds: ['job-retries'], repository: 'https://github.com/acme/docs', prLink: DOCS_PR_LINK }
  const github = {
    tokens: { [DOCS_TOKEN]: ['acme/docs'] },
    repositoryPermissions: { 'acme/docs': { 'dev-dan': 'write' } }
  }
  return withFakes(scenario, github as FakeGitHubOptions, async (simulator, github) => {
    github.addPullRequest('acme', 'docs', DOCS_PR.number, 'docs-agent[bot]')
    seedMergedPull(github, undefined, 'app')
    const merged = await showRun(print, 'The docs-on-merge workflow in acme/app', {
      eventName: 'pull_request_target',
      event: movedTo(fixture('pull_request.closed.merged'), 'app'),
      env: { ...githubVariables(github), GITHUB_REPOSITORY: 'acme/app' },
      inputs: {
        ...agentInputs(simulator),
        prompt: MERGED_PROMPT,
        'github-token': TOKEN,
        'docs-token': DOCS_TOKEN,
        'trigger-phrase': '/docs',
        'pr-reviewers': 'requester',
        'pr-labels': 'docs'
      }
    })
    const mergedPull = { owner: 'acme', repo: 'app', number: 61, title: 'Rename the retries option to maxRetries' }
    print(`\n${threadView(github, { ...mergedPull, pullRequest: true })}`)
    print(`\n${threadView(github, DOCS_PR)}`)

    print(heading('2b. @dev-dan, asked to review, comments "/docs make it shorter" on acme/docs#7'))
    const followUp = await showRun(print, 'The comment workflow in acme/docs', {
      ...docsPullComment(github, 'dev-dan', '/docs make it shorter'),
      inputs: { ...agentInputs(simulator), 'trigger-phrase': '/docs', 'github-token': TOKEN }
    })
    print(`\n${threadView(github, DOCS_PR)}`)
    return merged && followUp
  })
}

/**
 * 3. Paying for seconds: the run starts the job with `wait: false` and ends at once; once the job
 * is over, a scheduled run in reconcile mode, given only credentials, finishes the thread.
 */
export async function reconcileScene(print: Print): Promise<boolean> {
  print(heading('3. The same comment with wait: false; a scheduled reconcile run finishes the thread'))
  let skipped = 0
  const now = () => Date.now() + skipped
  return withFakes(
    { jobIds: ['job-pay-for-seconds'], durationMs: 10 * 60_000 },
    {},
    async (simulator, github) => {
      const credentials = { ...agentInputs(simulator), 'github-token': TOKEN }
      const started = await showRun(print, 'The comment workflow in acme/docs, with wait: false', {
        ...issueCommentStep(github),
        inputs: { ...credentials, 'trigger-phrase': '/docs', wait: 'false' }
      })
      print(`\n${threadView(github, ISSUE)}`)
      skipped += 10 * 60_000
      print('\nTen minutes later the job has ended (the simulator skips the wait), and the schedule runs.')
      const reconciled = await showRun(print, 'The reconcile workflow in acme/docs: mode reconcile and credentials', {
        eventName: 'schedule',
        event: { schedule: '3-59/10 * * * *' },
        env: { ...githubVariables(github), GITHUB_RUN_ID: '1002', GITHUB_JOB: 'reconcile' },
        inputs: { ...credentials, mode: 'reconcile' }
      })
      print(`\n${threadView(github, ISSUE)}`)
      return started && reconciled
    },
    now
  )
}

export const DOCS_PR: ThreadPlace = {
  owner: 'acme',
  repo: 'docs',
  number: 7,
  title: 'Docs from the agent',
  pullRequest: true
}
export const DOCS_PR_LINK = 'https://github.com/acme/docs/pull/7'

export async function withFakes(
  scenario: Scenario,
  githubOptions: FakeGitHubOptions,
  body: (simulator: Simulator, github: FakeGitHub) => Promise<boolean>,
  now?: () => number
): Promise<boolean> {
  const simulator = await startSimulator({
    scenario: { apiKey: API_KEY, projectId: PROJECT, durationMs: JOB_MS, ...scenario },
    ...(now ? { now } : {})
  })
  const github = await startFakeGitHub({ permissions: { 'writer-wendy': 'write' }, ...githubOptions })
  try {
    return await body(simulator, github)
  } finally {
    await Promise.all([simulator.close(), github.close()])
  }
}

export function agentInputs(simulator: Simulator): Record<string, string> {
  return { 'api-key': API_KEY, 'project-id': PROJECT, 'base-url': simulator.url, 'poll-interval': '1s', prompt: '' }
}

/** GitHub's API on the fake; the pages (links in comments) on github.com, as people see them. */
export function githubVariables(github: FakeGitHub): Record<string, string> {
  return { GITHUB_API_URL: github.url, GITHUB_SERVER_URL: 'https://github.com' }
}

export function fixture(name: string): Record<string, unknown> {
  const file = new URL(`../__fixtures__/events/${name}.json`, import.meta.url)
  return JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>
}

/** The saved "/docs" comment by @writer-wendy on issue #42, seeded on the fake. */
function issueCommentStep(github: FakeGitHub): Pick<RunOptions, 'eventName' | 'event' | 'env'> {
  const event = fixture('issue_comment.created')
  seedEventComment(github, event)
  return { eventName: 'issue_comment', event, env: githubVariables(github) }
}

/** A comment by `login` on the docs pull request, seeded on the fake, and the event of its run in acme/docs. */
export function docsPullComment(
  github: FakeGitHub,
  login: string,
  body: string
): Pick<RunOptions, 'eventName' | 'event' | 'env'> {
  const id = github.addComment('acme', 'docs', DOCS_PR.number, body, { login }).id
  const saved = fixture('issue_comment.created.pr')
  const user = { login, id: 7_130_001, type: 'User', site_admin: false }
  const event = {
    ...saved,
    sender: user,
    issue: { ...(saved.issue as object), number: DOCS_PR.number, html_url: DOCS_PR_LINK },
    comment: { id, body, user, html_url: `${DOCS_PR_LINK}#issuecomment-${id}`, author_association: 'MEMBER' }
  }
  return { eventName: 'issue_comment', event, env: { ...githubVariables(github), GITHUB_RUN_ID: '2001' } }
}

/** A saved payload of acme/docs as if it came from acme/`repo`. */
export function movedTo(event: Record<string, unknown>, repo: string): Record<string, unknown> {
  const moved = JSON.stringify(event)
    .replaceAll('acme/docs', `acme/${repo}`)
    .replaceAll('"name":"docs"', `"name":"${repo}"`)
  return JSON.parse(moved) as Record<string, unknown>
}

/**
 * Watches the thread while a run goes on; the returned function gives the last view of it while a
 * comment of the action there was working (its marker says so): the bot writes its "working" comment
 * and label beside its polls, so no log line marks the moment, and the last such view has them all.
 */
function watchWhileWorking(github: FakeGitHub, place: ThreadPlace): () => string {
  const key = markerKey(API_KEY, PROJECT)
  const thread = { repository: `${place.owner}/${place.repo}`, threadNumber: place.number }
  const working = () =>
    github
      .comments(place.owner, place.repo, place.number)
      .some((comment) => readMarker(comment.body, key, { ...thread, commentId: comment.id })?.state === 'working')
  let seen: string | undefined
  const timer = setInterval(() => {
    if (working()) seen = threadView(github, place)
  }, 20)
  return () => {
    clearInterval(timer)
    return seen ?? '(the thread never showed it)'
  }
}

export async function showRun(print: Print, title: string, options: Omit<RunOptions, 'onLogLine'>): Promise<boolean> {
  const log: string[] = []
  const run = await runAction({ ...options, onLogLine: (line) => log.push(line) })
  print(`\n${title} (the run's page, groups collapsed):\n${runView(log, run)}`)
  return run.code === 0
}

export function heading(text: string): string {
  return `\n${wrapped(`=== ${text} ===`, '')}`
}
