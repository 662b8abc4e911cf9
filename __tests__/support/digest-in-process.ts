// Scheduled digests run through run() in process against the simulator and the GitHub fake, and
// what their jobs were told: shared by the in-process digest tests.
import {
  type FakeGitHub,
  type FakeGitHubOptions,
  type FakeRequest,
  startFakeGitHub
} from '../../test/harness/fake-github.js'
import type { Scenario, Simulator } from '../../test/harness/simulator/server.js'
import { count, CREATE } from './agent-fixture.js'
import { githubVariables, TOKEN } from './github-fixture.js'
import { type Clock, VirtualClock } from '../../src/base/clock.js'
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

const HOUR_MS = 60 * 60 * 1000

/** A digest run `hoursLater` after the test began, with more inputs and environment. */
export type DigestLater = (
  runId: string,
  more?: { hoursLater?: number; inputs?: Record<string, string>; env?: Record<string, string> }
) => Promise<ProcessRun>

/**
 * Digests on one VirtualClock, each run `hoursLater` after the test began; the agent's pull requests
 * (one per job) are on the fake, and the requester may be asked to review.
 * `latency` is told of each GitHub request with the clock, to move it by GitHub's pace; what it
 * returns is how long the fake holds the answer in real time (none when it returns nothing).
 */
export function digestsOnOneClock(
  body: (digest: DigestLater, github: FakeGitHub, simulator: Simulator, clock: VirtualClock) => Promise<void>,
  {
    scenario,
    github: options = {},
    latency
  }: {
    scenario?: Scenario
    github?: FakeGitHubOptions
    latency?: (request: FakeRequest, clock: VirtualClock) => number | void
  } = {}
): Promise<void> {
  const began = Date.now()
  const clock = new VirtualClock(began)
  return withDigests(
    (digest, github, simulator) => {
      for (const number of [1, 2, 3, 4]) github.addPullRequest('acme', 'docs', number, 'docs-agent[bot]')
      const later: DigestLater = (runId, { hoursLater = 0, inputs = {}, env = {} } = {}) => {
        clock.advance(Math.max(0, began + hoursLater * HOUR_MS - clock.now()))
        return digest(runId, { inputs: { 'pr-reviewers': 'requester', ...inputs }, env })
      }
      return body(later, github, simulator, clock)
    },
    {
      clock,
      scenario,
      github: {
        permissions: { 'dev-dan': 'write' },
        ...options,
        ...(latency && { latencyMs: (request) => latency(request, clock) ?? 0 })
      }
    }
  )
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
