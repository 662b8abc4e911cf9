// The demo's companion scene (mode companion, examples/docs-companion.yml): a code pull request of
// acme/app followed from open to merge by its companion docs pull request in acme/docs, and another
// closed unmerged, each thread shown as the people on it see it, with the code's `docs` check and the
// companion landing by GitHub's auto-merge (companion-merge: auto).
import { fakeSha } from '../test/harness/changes.js'
import type { FakeGitHub, FakeGitHubOptions } from '../test/harness/fake-github.js'
import { MERGED_BODY, MERGED_CHANGES } from '../test/harness/merged-pull.js'
import { DOCS_CONTEXT } from '../src/companion/docs-status.js'
import type { Simulator } from '../test/harness/simulator/server.js'
import {
  agentInputs,
  DOCS_PR,
  DOCS_PR_LINK,
  DOCS_TOKEN,
  docsPullComment,
  fixture,
  githubVariables,
  heading,
  movedTo,
  type Print,
  showRun,
  TOKEN,
  withFakes
} from './demo-scenes.js'
import { type ThreadPlace, threadView } from './demo-view.js'

// As in examples/docs-companion.yml.
const COMPANION_PROMPT =
  'The pull request below is in review. Write the documentation for what it changes for users (options, ' +
  'behaviour, deprecations) in a pull request of its own. If nothing user-facing changes, change nothing.'

const CODE_PR: ThreadPlace = {
  owner: 'acme',
  repo: 'app',
  number: 61,
  title: 'Rename the retries option to maxRetries',
  pullRequest: true
}

const GITHUB: FakeGitHubOptions = {
  tokens: { [DOCS_TOKEN]: ['acme/docs'] },
  permissions: { 'dev-dan': 'write' },
  repositoryPermissions: { 'acme/docs': { 'reviewer-rita': 'write', 'dev-dan': 'read' } }
}

const pullLink = ({ owner, repo, number }: ThreadPlace): string => `https://github.com/${owner}/${repo}/pull/${number}`

/** The head of each push to a code pull request: push 0 is the head it was opened with. */
const head = (number: number, push: number): string => fakeSha(`acme/app#${number} push ${push}`)
/** The base branch's commit each event names: the job is created with what `base...head` changes. */
const base = (number: number): string => fakeSha(`acme/app#${number} base`)

/** 4. A pull request of acme/app and its companion in acme/docs, from open to merge; another closed unmerged. */
export async function companionScene(print: Print): Promise<boolean> {
  print(heading('4. @dev-dan opens acme/app#61; mode companion writes its docs in acme/docs beside it'))
  const scenario = { jobIds: ['job-companion'], repository: 'https://github.com/acme/docs', prLink: DOCS_PR_LINK }
  const followed = await withFakes(scenario, GITHUB, async (simulator, github) => {
    // acme/docs allows auto-merge (Settings → General), so companion-merge: auto hands the landing to
    // GitHub, and the docs repository's own reviews and checks decide when.
    github.merges.allowAutoMerge('acme', 'docs')
    const life = pullRequestLife(print, github, simulator, CODE_PR, DOCS_PR)
    const opened = await life('opened', 0, 'The companion workflow in acme/app: the pull request is opened')
    print(`\n${threadView(github, CODE_PR)}\n${checkView(github, CODE_PR, 0)}\n\n${threadView(github, DOCS_PR)}`)

    print(heading('4b. @dev-dan pushes twice: each new head goes to the same job'))
    const pushes = [
      await life('synchronize', 1, 'The companion workflow in acme/app: a push'),
      await life('synchronize', 2, 'The companion workflow in acme/app: another push')
    ]
    print(`\n${threadView(github, CODE_PR)}\n${checkView(github, CODE_PR, 2)}`)

    print(heading('4c. @reviewer-rita comments "/docs add an example" on the companion acme/docs#7'))
    const asked = await showRun(print, 'The comment workflow in acme/docs', {
      ...docsPullComment(github, 'reviewer-rita', '/docs add an example of maxRetries'),
      inputs: { ...agentInputs(simulator), 'trigger-phrase': '/docs', 'github-token': TOKEN }
    })
    print(`\n${threadView(github, DOCS_PR)}`)

    print(heading('4d. acme/app#61 is merged'))
    const merged = await life('merged', 2, 'The companion workflow in acme/app: the pull request is merged')
    print(`\n${threadView(github, CODE_PR)}\n${checkView(github, CODE_PR, 2)}\n\n${threadView(github, DOCS_PR)}`)
    return opened && pushes.every(Boolean) && asked && merged
  })

  print(heading('4e. @dev-dan opens acme/app#62, then closes it without merging'))
  const other = { ...CODE_PR, number: 62, title: 'Try a new retry strategy' }
  // #62's companion is a docs pull request of its own, after #61's.
  const otherDocs: ThreadPlace = { ...DOCS_PR, number: DOCS_PR.number + 1 }
  const otherScenario = { ...scenario, jobIds: ['job-companion-62'], prLink: pullLink(otherDocs) }
  const closed = await withFakes(otherScenario, GITHUB, async (simulator, github) => {
    const life = pullRequestLife(print, github, simulator, other, otherDocs)
    const opened = await life('opened', 0, 'The companion workflow in acme/app: the pull request is opened')
    const shut = await life('closed', 0, 'The companion workflow in acme/app: the pull request is closed')
    print(`\n${threadView(github, other)}\n${checkView(github, other, 0)}\n\n${threadView(github, otherDocs)}`)
    return opened && shut
  })
  return followed && closed
}

/** The `docs` check on the code pull request's head after push `push`, as its Checks list shows it. */
function checkView(github: FakeGitHub, { owner, repo, number }: ThreadPlace, push: number): string {
  const status = github.statuses.latest(owner, repo, head(number, push), DOCS_CONTEXT)
  if (!status) return '  checks: docs (expected, waiting for a status)'
  return `  checks: docs ${status.state}: ${status.description ?? ''} → ${status.targetUrl ?? 'no link'}`
}

/**
 * Seeds the code pull request, its pushes and the agent's pull request; the returned function runs
 * the companion step for one event of its life, as the workflow run's page shows it.
 */
function pullRequestLife(
  print: Print,
  github: FakeGitHub,
  simulator: Simulator,
  place: ThreadPlace,
  docs: ThreadPlace
) {
  const { number } = place
  github.addPullRequest(docs.owner, docs.repo, docs.number, 'docs-agent[bot]')
  github.changes.addPullRequest('acme', 'app', {
    number,
    title: place.title,
    body: MERGED_BODY,
    author: 'dev-dan',
    head: 'rename-retries',
    merged: false,
    changes: MERGED_CHANGES
  })
  github.changes.addComparison('acme', 'app', { base: base(number), head: head(number, 0) }, MERGED_CHANGES)
  for (const push of [1, 2]) {
    const change = { path: `src/client/timeout-${push}.ts`, added: [`export const timeoutMs = ${push * 15}_000`] }
    const commit = { message: `Give the client a ${push * 15}s timeout`, author: 'dev-dan' }
    github.changes.addComparison(
      'acme',
      'app',
      { base: head(number, push - 1), head: head(number, push) },
      [change],
      [commit]
    )
  }
  let runId = 3000 + number * 10
  return (action: 'opened' | 'synchronize' | 'closed' | 'merged', push: number, title: string) => {
    const saved = movedTo(fixture('pull_request.opened'), 'app')
    const pull = saved.pull_request as Record<string, unknown>
    const merged = action === 'merged'
    const event = {
      ...saved,
      action: merged ? 'closed' : action,
      number,
      sender: { ...(saved.sender as object), login: 'dev-dan' },
      pull_request: {
        ...pull,
        number,
        title: place.title,
        body: MERGED_BODY,
        html_url: `https://github.com/acme/app/pull/${number}`,
        user: { ...(pull.user as object), login: 'dev-dan', type: 'User' },
        state: action === 'closed' || merged ? 'closed' : 'open',
        merged,
        labels: github.labels('acme', 'app', number).map((name) => ({ name })),
        head: { ...(pull.head as object), ref: 'rename-retries', sha: head(number, push) },
        base: { ...(pull.base as object), sha: base(number) }
      }
    }
    return showRun(print, title, {
      eventName: 'pull_request_target',
      event,
      env: { ...githubVariables(github), GITHUB_REPOSITORY: 'acme/app', GITHUB_RUN_ID: String(runId++) },
      inputs: {
        ...agentInputs(simulator),
        mode: 'companion',
        prompt: COMPANION_PROMPT,
        'github-token': TOKEN,
        'docs-token': DOCS_TOKEN,
        'trigger-phrase': '/docs',
        'pr-reviewers': 'requester',
        'pr-labels': 'docs',
        'companion-merge': 'auto'
      }
    })
  }
}
