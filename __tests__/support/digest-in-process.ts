// Scheduled digests run through run() in process against the simulator and the GitHub fake, and
// what their jobs were told: shared by the in-process digest tests.
import { type FakeGitHub, type FakeGitHubOptions, startFakeGitHub } from '../../test/harness/fake-github.js'
import type { Scenario, Simulator } from '../../test/harness/simulator/server.js'
import { count, CREATE } from './agent-fixture.js'
import { githubVariables, TOKEN } from './github-fixture.js'
import type { Clock } from '../../src/base/clock.js'
import { type ProcessRun, type RunAgainstSimulator, SkippingClock, withRunsInProcess } from './in-process.js'

/** A scheduled digest, run `runId` of the workflow, with more inputs and environment. */
export type Digest = (
  runId: string,
  more?: { inputs?: Record<string, string>; env?: Record<string, string> }
) => Promise<ProcessRun>

export async function withDigests(
  body: (digest: Digest, github: FakeGitHub, simulator: Simulator) => Promise<void>,
  {
    github: options = {},
    scenario = {},
    clock = new SkippingClock()
  }: { github?: FakeGitHubOptions; scenario?: Scenario; clock?: Clock } = {}
): Promise<void> {
  const github = await startFakeGitHub(options)
  try {
    await withRunsInProcess(
      { durationMs: 300, ...scenario },
      (run: RunAgainstSimulator, simulator) =>
        body(
          (runId, { inputs = {}, env = {} } = {}) =>
            run(
              { mode: 'digest', prompt: 'Update the docs.', 'github-token': TOKEN, ...inputs },
              { eventName: 'schedule', env: { ...githubVariables(github), GITHUB_RUN_ID: runId, ...env } }
            ),
          github,
          simulator
        ),
      { clock }
    )
  } finally {
    await github.close()
  }
}

/** How many jobs the digests created. */
export const created = (simulator: Simulator) => count(simulator, 'POST', CREATE)

/** The prompt of the `n`th job created (0: the first). */
export const promptOf = (simulator: Simulator, n: number) =>
  (
    JSON.parse(simulator.requests.filter((r) => r.method === 'POST' && CREATE.test(r.path))[n]?.body ?? '{}') as {
      prompt: string
    }
  ).prompt

/** The merged pull requests (seeded as "Change N") the `n`th job created was told of, in order. */
export const toldOf = (simulator: Simulator, n: number): number[] =>
  [...promptOf(simulator, n).matchAll(/^- Title: Change (\d+)$/gm)].map((match) => Number(match[1]))
