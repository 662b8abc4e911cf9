// Scheduled digests run as a runner runs them (dist/index.js) against the simulator and the GitHub
// fake, and what their jobs were told: shared by the end-to-end digest tests.
import { fileURLToPath } from 'node:url'
import { type FakeGitHub, type FakeGitHubOptions, startFakeGitHub } from '../../test/harness/fake-github.js'
import { type ActionRun, runAction } from '../../test/harness/run-bundle.js'
import type { Scenario, Simulator } from '../../test/harness/simulator/server.js'
import { agentInputs, CREATE, withSimulator } from './agent-fixture.js'
import { githubVariables, TOKEN } from './github-fixture.js'

const HOUR_MS = 60 * 60 * 1000
/** The digest thread the first digest opens (the fake numbers opened issues from 1000). */
export const THREAD = 1000
const CLOCK_AHEAD = fileURLToPath(new URL('../../test/harness/clock-ahead.cjs', import.meta.url))

export async function withFakes(
  body: (github: FakeGitHub, simulator: Simulator) => Promise<void>,
  {
    github: options = {},
    scenario = {},
    now
  }: {
    github?: FakeGitHubOptions
    scenario?: Scenario
    /** The simulator's clock, for a test that moves its jobs' time on instead of sleeping. */
    now?: () => number
  } = {}
): Promise<void> {
  // GitHub asks only people who can read the repository to review.
  const github = await startFakeGitHub({ permissions: { 'dev-dan': 'write' }, ...options })
  // The agent's pull requests, one per job.
  for (const number of [1, 2, 3, 4]) github.addPullRequest('acme', 'docs', number, 'docs-agent[bot]')
  try {
    await withSimulator({ durationMs: 300, ...scenario }, (simulator) => body(github, simulator), now ? { now } : {})
  } finally {
    await github.close()
  }
}

/** A scheduled digest, run `runId` of the workflow, its clock `hoursLater` ahead of this one's. */
export function digest(
  node: string,
  github: FakeGitHub,
  simulator: Simulator,
  runId: string,
  { hoursLater = 0, inputs = {} }: { hoursLater?: number; inputs?: Record<string, string> } = {}
): Promise<ActionRun> {
  const clock = { NODE_OPTIONS: `--require ${CLOCK_AHEAD}`, DOCS_AGENT_CLOCK_AHEAD_MS: String(hoursLater * HOUR_MS) }
  return runAction({
    node,
    eventName: 'schedule',
    event: { schedule: '0 6 * * *' },
    // The agent's pull requests are on https://github.com/acme/docs (the simulator's repository): the
    // docs-PR steps and the comment's links then reach the fake as they would GitHub.
    env: { ...githubVariables(github), GITHUB_SERVER_URL: 'https://github.com', GITHUB_RUN_ID: runId, ...clock },
    inputs: agentInputs(simulator, {
      mode: 'digest',
      prompt: 'Update the docs for these changes.',
      'github-token': TOKEN,
      'pr-reviewers': 'requester',
      ...inputs
    })
  })
}

/** The prompt of the n-th job the simulator was asked to create. */
export function createdPrompt(simulator: Simulator, n: number): string {
  const creates = simulator.requests.filter((request) => request.method === 'POST' && CREATE.test(request.path))
  return (JSON.parse(creates[n]?.body ?? '{}') as { prompt?: string }).prompt ?? ''
}
