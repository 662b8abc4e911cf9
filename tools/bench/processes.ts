// What the real-time parts share: one clock for the bench, the simulator and the GitHub fake, the
// runtimes to measure, and the bundle's inputs.
import { execFileSync } from 'node:child_process'
import { realpathSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import type { FakeRequest } from '../../test/harness/fake-github.js'
import { runtimes } from '../../test/harness/run-bundle.js'
import type { Simulator } from '../../test/harness/simulator/server.js'

/**
 * The variables that put a run of the bundle's clock `aheadMs` ahead (test/harness/clock-ahead.cjs):
 * a run "tomorrow", or after idle hours a bench skips rather than waits.
 */
export function clockAheadEnv(aheadMs: number): Record<string, string> {
  return { NODE_OPTIONS: `--require ${CLOCK_AHEAD}`, DOCS_AGENT_CLOCK_AHEAD_MS: String(aheadMs) }
}
const CLOCK_AHEAD = fileURLToPath(new URL('../../test/harness/clock-ahead.cjs', import.meta.url))

/** Epoch ms with sub-millisecond resolution. */
export const preciseNow = (): number => performance.timeOrigin + performance.now()

export const API_KEY = 'mint_bench_key'
export const PROJECT = 'bench-project'

/** The inputs a workflow would pass, pointing at the simulator; runAction adds action.yml's defaults. */
export function benchInputs(simulator: Simulator, inputs: Record<string, string> = {}): Record<string, string> {
  return {
    prompt: 'Add a page about webhooks',
    'api-key': API_KEY,
    'project-id': PROJECT,
    'base-url': simulator.url,
    comment: 'false',
    ...inputs
  }
}

export interface Runtime {
  node: string
  version: string
}

/** The runtimes the end-to-end tests use, each once (under npm, `node` is already Node 24). */
export function benchRuntimes(): Runtime[] {
  const seen = new Set<string>()
  const list: Runtime[] = []
  for (const [, node] of runtimes()) {
    const real = realpathSync(node)
    if (seen.has(real)) continue
    seen.add(real)
    list.push({ node, version: execFileSync(node, ['--version'], { encoding: 'utf8' }).trim() })
  }
  return list
}

/** The action's own runtime (action.yml: node24) when installed, else the first one there is. */
export function actionRuntime(list: readonly Runtime[]): Runtime {
  const runtime = list.find((r) => r.version.startsWith('v24.')) ?? list[0]
  if (!runtime) throw new Error('No node runtime found to run the bundle with.')
  return runtime
}

/**
 * When each request reached the GitHub fake. The fake records no arrival time (and is not the
 * bench's to change), so its list's push is wrapped: it is called the moment a request has been read.
 */
export function stampArrivals(requests: FakeRequest[]): Map<FakeRequest, number> {
  const arrivals = new Map<FakeRequest, number>()
  const push = requests.push.bind(requests)
  requests.push = (...items: FakeRequest[]): number => {
    for (const item of items) arrivals.set(item, preciseNow())
    return push(...items)
  }
  return arrivals
}
