// A scheduled digest run as a runner runs it (dist/index.js) against the simulator and the GitHub
// fake, and what its job was told: for the end-to-end digest test.
import { type FakeGitHub, startFakeGitHub } from '../../test/harness/fake-github.js'
import { type ActionRun, runAction } from '../../test/harness/run-bundle.js'
import type { Simulator } from '../../test/harness/simulator/server.js'
import { agentInputs, CREATE, withSimulator } from './agent-fixture.js'
import { githubVariables, TOKEN } from './github-fixture.js'

/** The digest thread the first digest opens (the fake numbers opened issues from 1000). */
export const THREAD = 1000

export async function withFakes(body: (github: FakeGitHub, simulator: Simulator) => Promise<void>): Promise<void> {
  // GitHub asks only people who can read the repository to review.
  const github = await startFakeGitHub({ permissions: { 'dev-dan': 'write' } })
  // The agent's pull requests, one per job.
  for (const number of [1, 2, 3, 4]) github.addPullRequest('acme', 'docs', number, 'docs-agent[bot]')
  try {
    await withSimulator({ durationMs: 300 }, (simulator) => body(github, simulator))
  } finally {
    await github.close()
  }
}

/** A scheduled digest, run `runId` of the workflow. */
export function digest(node: string, github: FakeGitHub, simulator: Simulator, runId: string): Promise<ActionRun> {
  return runAction({
    node,
    eventName: 'schedule',
    event: { schedule: '0 6 * * *' },
    // The agent's pull requests are on https://github.com/acme/docs (the simulator's repository): the
    // docs-PR steps and the comment's links then reach the fake as they would GitHub.
    env: { ...githubVariables(github), GITHUB_SERVER_URL: 'https://github.com', GITHUB_RUN_ID: runId },
    inputs: agentInputs(simulator, {
      mode: 'digest',
      prompt: 'Update the docs for these changes.',
      'github-token': TOKEN,
      'pr-reviewers': 'requester'
    })
  })
}

/** The prompt of the n-th job the simulator was asked to create. */
export function createdPrompt(simulator: Simulator, n: number): string {
  const creates = simulator.requests.filter((request) => request.method === 'POST' && CREATE.test(request.path))
  return (JSON.parse(creates[n]?.body ?? '{}') as { prompt?: string }).prompt ?? ''
}
