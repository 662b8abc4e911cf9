// The bundle on a thread: a saved webhook payload, the simulator and the GitHub fake together.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import {
  type FakeGitHub,
  type FakeGitHubOptions,
  seedEventComment,
  startFakeGitHub
} from '../../test/harness/fake-github.js'
import { formatMarker, markerKey, type ProgressMarker, readMarker } from '../../src/thread/marker.js'
import { type ActionRun, runAction, type RunOptions, RUNNER_STEP } from '../../test/harness/run-bundle.js'
import type { Scenario, Simulator, SimulatorOptions } from '../../test/harness/simulator/server.js'
import { agentInputs, API_KEY, PROJECT, withSimulator } from './agent-fixture.js'

export const TOKEN = 'ghs_fake_token'
const fixtures = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../__fixtures__/events')

export function loadEvent(name: string): Record<string, unknown> {
  return JSON.parse(readFileSync(path.join(fixtures, `${name}.json`), 'utf8')) as Record<string, unknown>
}

export interface ThreadRun {
  run: ActionRun
  github: FakeGitHub
  simulator: Simulator
}

/** A thread as a test sets it up: the event, the fakes' state and what the run is given. */
export interface ThreadSetup {
  event: string
  /** Changes the saved payload before the run. */
  editEvent?: (event: Record<string, unknown>) => void
  eventName?: string
  scenario?: Scenario
  github?: FakeGitHubOptions
  inputs?: Record<string, string>
  env?: Record<string, string>
  /** Seeds the fake and the simulator before the run. */
  before?: (github: FakeGitHub, simulator: Simulator) => Promise<void> | void
}

/** What a step on the thread is given: the event, and the inputs and variables that point it at the fakes. */
export interface ThreadStep {
  eventName: string
  event: Record<string, unknown>
  inputs: Record<string, string>
  env: Record<string, string>
}

/**
 * Runs one step for a saved event against a fresh simulator and GitHub fake; `start` runs it, as a
 * process of the bundle or in process. `simulatorOptions` can put the simulator on the run's clock.
 */
export async function onThread<R>(
  setup: ThreadSetup,
  start: (step: ThreadStep) => Promise<R>,
  simulatorOptions: Omit<SimulatorOptions, 'scenario'> = {}
): Promise<{ run: R; github: FakeGitHub; simulator: Simulator }> {
  const github = await startFakeGitHub({
    permissions: { 'writer-wendy': 'write', 'reader-rita': 'read', 'maintainer-max': 'maintain' },
    ...setup.github
  })
  try {
    return await withSimulator(
      setup.scenario ?? {},
      async (simulator) => {
        const event = loadEvent(setup.event)
        setup.editEvent?.(event)
        seedEventComment(github, event)
        await setup.before?.(github, simulator)
        const run = await start({
          eventName: setup.eventName ?? setup.event.split('.')[0] ?? '',
          event,
          inputs: commandInputs(simulator, setup.inputs),
          env: { ...githubVariables(github), ...setup.env }
        })
        return { run, github, simulator }
      },
      simulatorOptions
    )
  } finally {
    await github.close()
  }
}

/** The inputs of a step run by "/docs" comments, pointed at the simulator with the fake's token. */
export function commandInputs(simulator: Simulator, inputs: Record<string, string> = {}): Record<string, string> {
  return agentInputs(simulator, {
    prompt: '',
    'trigger-phrase': '/docs',
    comment: 'true',
    'github-token': TOKEN,
    ...inputs
  })
}

/** The runner's variables that point a step at the GitHub fake. */
export function githubVariables(github: FakeGitHub): Record<string, string> {
  return { GITHUB_API_URL: github.url, GITHUB_SERVER_URL: github.serverUrl }
}

export interface ThreadRunOptions extends ThreadSetup {
  node?: string
  onStart?: RunOptions['onStart']
  onLogLine?: RunOptions['onLogLine']
}

/** A scheduled run of the bundle in reconcile mode (run 2002), on the fakes the step points at. */
export function reconcileRun(step: ThreadStep, node: string): Promise<ActionRun> {
  return runAction({
    node,
    eventName: 'schedule',
    event: { schedule: '*/5 * * * *' },
    env: { ...step.env, GITHUB_RUN_ID: '2002', GITHUB_JOB: 'reconcile' },
    inputs: { ...step.inputs, mode: 'reconcile', 'trigger-phrase': '', timeout: '1m' }
  })
}

/** Runs the bundle for a saved event against a fresh simulator and GitHub fake. */
export function runOnThread(options: ThreadRunOptions): Promise<ThreadRun> {
  const { node, onStart, onLogLine } = options
  return onThread(options, (step) => runAction({ ...step, node, onStart, onLogLine }))
}

/** Method and path (without the query) of every GitHub request, in order. */
export function githubCalls(github: FakeGitHub): string[] {
  return github.requests.map((request) => `${request.method} ${request.path.split('?')[0]}`)
}

/** The marker the bundle writes on a thread with the runner's defaults, unless `fields` say otherwise. */
export function markerFields(threadNumber: number, fields: Partial<ProgressMarker> = {}): ProgressMarker {
  return {
    repository: RUNNER_STEP.GITHUB_REPOSITORY,
    threadNumber,
    runId: RUNNER_STEP.GITHUB_RUN_ID,
    workflowJob: RUNNER_STEP.GITHUB_JOB,
    step: RUNNER_STEP.GITHUB_ACTION,
    ...fields
  }
}

/**
 * What a run on the saved "/docs" comment (issue_comment.created, by writer-wendy) with the default
 * inputs signs into its markers for the agent's pull request.
 */
export const COMMENT_RUN_DECISIONS: Partial<ProgressMarker> = {
  request: 'https://github.com/acme/docs/issues/42#issuecomment-3551234567',
  requester: 'writer-wendy',
  phrase: '/docs',
  reviewers: [],
  labels: []
}

/** A marker signed as a run of the bundle with the test API key signs it, e.g. an earlier run's. */
export function signedMarker(threadNumber: number, fields: Partial<ProgressMarker> = {}): string {
  return formatMarker(markerFields(threadNumber, fields), markerKey(API_KEY, PROJECT))
}

let seededId = 7_000_001
/** An earlier attempt's comment on acme/docs as the action leaves it: its marker names it. */
export function addOwnComment(
  fake: FakeGitHub,
  threadNumber: number,
  fields: Partial<ProgressMarker>,
  text: string
): void {
  const id = seededId++
  const body = `${signedMarker(threadNumber, { ...fields, commentId: id })}\n${text}`
  fake.addComment('acme', 'docs', threadNumber, body, undefined, id)
}

/** The verified marker a comment on this thread starts with, if any (it may name the comment). */
export function markerOf(comment: { body: string; id: number }, threadNumber: number): ProgressMarker | undefined {
  const place = { repository: RUNNER_STEP.GITHUB_REPOSITORY, threadNumber, commentId: comment.id }
  return readMarker(comment.body, markerKey(API_KEY, PROJECT), place)
}
