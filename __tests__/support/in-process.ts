// Runs the action's run() (src/main.ts) inside the test process, the way a runner runs the bundle:
// the step's GITHUB_* variables and event file, the inputs read through @actions/core, and the
// runner's side of @actions/core (outputs, log, summary) read back from the fixture's calls. The
// simulator and the GitHub fake are plain HTTP servers in this process; the waits of a run take no
// time. Only what a process shows (stdout as the runner parses it, signals, exit codes, the runtime)
// is left to the end-to-end tests of dist/index.js.
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { jest } from '@jest/globals'
import * as core from '../../__fixtures__/core.js'
import { type Clock, systemClock, type VirtualClock } from '../../src/base/clock.js'
import { runnerVariables } from '../../test/harness/run-bundle.js'
import type { Scenario, Simulator, SimulatorOptions } from '../../test/harness/simulator/server.js'
import { agentInputs, withSimulator } from './agent-fixture.js'
import { type ThreadSetup, type ThreadStep, onThread } from './github-fixture.js'

jest.unstable_mockModule('@actions/core', () => core)
const { run } = await import('../../src/main.js')

/**
 * Real time, but a sleep returns at once and moves the clock past it: the waits of a run (polls,
 * backoff, Retry-After) cost nothing, while time spent on the network, a request that hangs,
 * still counts as it does on a runner. The simulator shares it, so jobs run on the same time.
 * Like the system clock it tells whole milliseconds (a timer takes nothing else), so a sleep
 * of a fraction of one ends at the next. Its time limits are the system clock's, so that a request
 * that hangs ends; a test that must not depend on how busy the machine is runs on a VirtualClock.
 */
export class SkippingClock implements Clock {
  private skipped = 0

  now(): number {
    return Date.now() + this.skipped
  }

  async sleep(ms: number, signal?: AbortSignal): Promise<void> {
    if (!signal?.aborted) this.skipped += Math.max(0, Math.ceil(ms))
  }

  timeout(ms: number): AbortSignal {
    return systemClock.timeout(ms)
  }
}

/** How many turns of the event loop without a request mean the run can only wait (moveWhileStuck). */
const STUCK_TURNS = 200
/** How far the clock moves each time: fine enough that each time limit runs out in its turn. */
const STUCK_STEP_MS = 250

/**
 * Moves a VirtualClock while a run waits on calls that never answer (a GitHub that hangs), as real
 * time would: whenever `activity` (a count of requests the servers saw) stays the same for
 * STUCK_TURNS turns of the event loop and no file or other work of Node's thread pool is pending,
 * STUCK_STEP_MS pass. Turns and pending work, not milliseconds: a run at work sends its next
 * request within a few turns of its last file operation however busy the machine is, so the clock
 * moves only while the run has nothing to do but wait, and a test on it does not depend on the
 * machine.
 */
export function moveWhileStuck(clock: VirtualClock, activity: () => number): { stop: () => Promise<void> } {
  let stopped = false
  const moving = (async () => {
    let seen = activity()
    let quiet = 0
    while (!stopped) {
      await new Promise((resolve) => setImmediate(resolve))
      if (activity() !== seen) {
        seen = activity()
        quiet = 0
      } else if (++quiet >= STUCK_TURNS) {
        quiet = 0
        if (!workPending()) clock.advance(STUCK_STEP_MS)
      }
    }
  })()
  return {
    stop: () => {
      stopped = true
      return moving
    }
  }
}

/** Whether Node has work under way that is not a socket, a server or a timer: a file, a DNS lookup, zlib. */
function workPending(): boolean {
  return process.getActiveResourcesInfo().some((resource) => !/^(TCP|Pipe|TTY|Timeout|Immediate)/.test(resource))
}

export interface ProcessRun {
  /** The step failed (core.setFailed): the bundle would exit with code 1. */
  failed: boolean
  /** The last value set for each output. */
  outputs: Record<string, string>
  /** Every output set, in order, as `name=value`. */
  outputsSet: string[]
  /** The log lines and the outputs (`output: name=value`) in the order the run wrote them. */
  transcript: string[]
  /** The job summary as written. */
  summary: string
  /**
   * The log, one line per call in order: `info: text`, `debug: text`, `notice (title): text`,
   * `warning: text`, and `error: text` for the message that failed the step.
   */
  log: string
  /** The values the run asked the runner to mask. */
  secrets: string[]
}

export interface ProcessRunOptions {
  inputs: Record<string, string>
  /** Variables for this run; undefined unsets one. */
  env?: Record<string, string | undefined>
  eventName?: string
  event?: unknown
  clock?: Clock
}

// A run in process must not pick up a proxy from the machine's environment: a run of the bundle
// starts from an environment of its own, without one.
const PROXY_VARIABLES = ['HTTPS_PROXY', 'https_proxy', 'HTTP_PROXY', 'http_proxy', 'NO_PROXY', 'no_proxy']

/** Runs run() as a runner would start the step, and reads back what a user would see. */
export async function runInProcess(options: ProcessRunOptions): Promise<ProcessRun> {
  const dir = await mkdtemp(path.join(tmpdir(), 'docs-agent-in-process-'))
  const variables = {
    ...Object.fromEntries(PROXY_VARIABLES.map((name) => [name, undefined])),
    ...runnerVariables(options.eventName ?? 'workflow_dispatch', dir),
    ...options.env
  }
  const restore = setEnvironment(variables)
  core.clearCore()
  core.getInput.mockImplementation((name, inputOptions) => {
    // As @actions/core reads INPUT_* variables: unset is empty, trimmed unless asked not to.
    const value = options.inputs[name] ?? ''
    return inputOptions?.trimWhitespace === false ? value : value.trim()
  })
  try {
    await writeFile(path.join(dir, 'event.json'), JSON.stringify(options.event ?? {}))
    await run(options.clock ?? new SkippingClock())
    return readBack()
  } finally {
    restore()
    await rm(dir, { recursive: true, force: true })
  }
}

/** A scheduled run in reconcile mode (run 2002) after the run of `step`, with that step's inputs and `clock`. */
export function reconcileInProcess(step: ThreadStep, clock: Clock, inputs = step.inputs): Promise<ProcessRun> {
  return runInProcess({
    eventName: 'schedule',
    event: { schedule: '*/5 * * * *' },
    env: { ...step.env, GITHUB_RUN_ID: '2002', GITHUB_JOB: 'reconcile' },
    clock,
    inputs: { ...inputs, mode: 'reconcile', 'trigger-phrase': '' }
  })
}

export interface InProcessSimulatorOptions {
  clock?: Clock
  /** Told of each request the simulator answered, as `METHOD /path -> status`: a test can act then. */
  onSimulatorRequest?: SimulatorOptions['log']
}

/** What a run against the simulator is given beyond the fixture's inputs. */
export type RunAgainstSimulator = (
  inputs?: Record<string, string>,
  options?: Omit<ProcessRunOptions, 'inputs' | 'clock'>
) => Promise<ProcessRun>

/**
 * Runs of the action in process against one fresh simulator, all on one clock: `run` takes inputs
 * over the fixture's, which point at the simulator.
 */
export function withRunsInProcess<T>(
  scenario: Scenario,
  body: (run: RunAgainstSimulator, simulator: Simulator) => Promise<T>,
  options: InProcessSimulatorOptions = {}
): Promise<T> {
  const clock = options.clock ?? new SkippingClock()
  return withSimulator(
    scenario,
    (simulator) =>
      body(
        (inputs = {}, runOptions = {}) =>
          runInProcess({ ...runOptions, clock, inputs: agentInputs(simulator, inputs) }),
        simulator
      ),
    { now: () => clock.now(), log: options.onSimulatorRequest }
  )
}

/** One run of the action in process against a fresh simulator on the run's clock. */
export function runAgainstInProcess(
  scenario: Scenario,
  inputs: Record<string, string>,
  options: InProcessSimulatorOptions & Omit<ProcessRunOptions, 'inputs' | 'clock'> = {}
): Promise<{ run: ProcessRun; simulator: Simulator }> {
  return withRunsInProcess(
    scenario,
    async (run, simulator) => ({ run: await run(inputs, options), simulator }),
    options
  )
}

export type ProcessThreadOptions = ThreadSetup & InProcessSimulatorOptions

/** Runs the action in process for a saved event against a fresh simulator and GitHub fake. */
export function runOnThreadInProcess(options: ProcessThreadOptions) {
  const clock = options.clock ?? new SkippingClock()
  return onThread(options, (step) => runInProcess({ ...step, clock }), {
    now: () => clock.now(),
    log: options.onSimulatorRequest
  })
}

/**
 * A cancelled workflow's signal to the step (SIGINT first, then SIGTERM). Emitted rather than sent
 * to the process: the test process must live on if the run has already stopped listening.
 */
export function cancelWorkflow(signal: 'SIGINT' | 'SIGTERM' = 'SIGINT'): void {
  process.emit(signal, signal)
}

function setEnvironment(values: Record<string, string | undefined>): () => void {
  const saved = Object.keys(values).map((name) => [name, process.env[name]] as const)
  const set = (name: string, value: string | undefined): void => {
    if (value === undefined) delete process.env[name]
    else process.env[name] = value
  }
  for (const [name, value] of Object.entries(values)) set(name, value)
  return () => {
    for (const [name, value] of saved) set(name, value)
  }
}

function readBack(): ProcessRun {
  const logLines = [
    ...calls(core.info, (text) => `info: ${text}`),
    ...calls(core.debug, (text) => `debug: ${text}`),
    ...calls(core.notice, (text, properties?) => `notice${titled(properties)}: ${String(text)}`),
    ...calls(core.warning, (text, properties?) => `warning${titled(properties)}: ${String(text)}`),
    ...calls(core.error, (text, properties?) => `error${titled(properties)}: ${String(text)}`),
    ...calls(core.setFailed, (text) => `error: ${String(text)}`)
  ]
  const outputLines = calls(core.setOutput, (name, value) => `output: ${name}=${String(value)}`)
  const inOrder = (entries: { order: number; line: string }[]) =>
    [...entries].sort((a, b) => a.order - b.order).map((entry) => entry.line)
  const outputs = core.setOutput.mock.calls.map(([name, value]) => [name, String(value)] as const)
  return {
    failed: core.setFailed.mock.calls.length > 0,
    outputs: Object.fromEntries(outputs),
    outputsSet: outputs.map(([name, value]) => `${name}=${value}`),
    transcript: inOrder([...logLines, ...outputLines]),
    summary: core.summary.written.join(''),
    log: inOrder(logLines).join('\n'),
    secrets: core.setSecret.mock.calls.map(([secret]) => secret)
  }
}

/** The outputs the run in progress has set so far: a test can look at the moment a request arrives. */
export function outputsSoFar(): Record<string, string> {
  return Object.fromEntries(core.setOutput.mock.calls.map(([name, value]) => [name, String(value)]))
}

function titled(properties: { title?: string } | undefined): string {
  return properties?.title ? ` (${properties.title})` : ''
}

function calls<A extends unknown[]>(
  fn: { mock: { calls: A[]; invocationCallOrder: number[] } },
  format: (...args: NoInfer<A>) => string
): { order: number; line: string }[] {
  return fn.mock.calls.map((args, i) => ({ order: fn.mock.invocationCallOrder[i] ?? 0, line: format(...args) }))
}
