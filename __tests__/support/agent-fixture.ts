// A simulator per test and the inputs that point the bundle at it.
import {
  type Scenario,
  type Simulator,
  type SimulatorOptions,
  startSimulator
} from '../../test/harness/simulator/server.js'
import { type ActionRun, runAction, type RunOptions } from '../../test/harness/run-bundle.js'

export const API_KEY = 'mint_e2e_Zq8xT3st5ecretK3y'
export const PROJECT = 'proj_e2e'

/** `options` can put the simulator on a test's clock, or tell the test of each request it answered. */
export async function withSimulator<T>(
  scenario: Scenario,
  body: (simulator: Simulator) => Promise<T>,
  options: Omit<SimulatorOptions, 'scenario'> = {}
): Promise<T> {
  const simulator = await startSimulator({
    ...options,
    scenario: { apiKey: API_KEY, projectId: PROJECT, durationMs: 400, ...scenario }
  })
  try {
    return await body(simulator)
  } finally {
    await simulator.close()
  }
}

export function agentInputs(simulator: Simulator, inputs: Record<string, string> = {}): Record<string, string> {
  return {
    prompt: 'Add a page about webhooks',
    'api-key': API_KEY,
    'project-id': PROJECT,
    'base-url': simulator.url,
    'poll-interval': '1s',
    timeout: '20s',
    comment: 'false',
    'github-token': '',
    ...inputs
  }
}

/** Runs the bundle against a fresh simulator with this scenario. */
export function runAgainst(
  scenario: Scenario,
  inputs: Record<string, string>,
  options: Partial<RunOptions> = {}
): Promise<{ run: ActionRun; simulator: Simulator }> {
  return withSimulator(scenario, async (simulator) => {
    const run = await runAction({ ...options, inputs: agentInputs(simulator, inputs) })
    return { run, simulator }
  })
}

/** How many requests of one kind reached the simulator. */
export function count(simulator: Simulator, method: string, pattern: RegExp): number {
  return simulator.requests.filter((request) => request.method === method && pattern.test(request.path)).length
}

export const CREATE = /\/job$/
export const GET = /\/job\/[^/]+$/
export const MESSAGE = /\/message$/

/** A job the simulator knows, as an earlier run would have created it. */
export async function createJob(baseUrl: string): Promise<string> {
  const response = await fetch(`${baseUrl}/v2/agent/${PROJECT}/job`, {
    method: 'POST',
    headers: { authorization: `Bearer ${API_KEY}`, 'content-type': 'application/json' },
    body: JSON.stringify({ prompt: 'earlier request' })
  })
  return ((await response.json()) as { id: string }).id
}
