// Runs the checks of `npm run check` at once, each a script of package.json named on the command
// line. On two cores this is what keeps the check short: the tests still spend part of their time waiting on
// sockets and child processes, which leaves room for lint, the type check and the bundle. All run
// at the same priority: niced, lint and the rest got almost no CPU beside other busy processes (a
// machine shared with other work), and no test needs a core before them, since none measures time.
// Each check's output is printed whole when it ends, under its name, so outputs never interleave;
// the closing lines list every check with its result and time, and the exit code is 1 when any failed.
//   npx tsx tools/run-checks.ts test:unit test:e2e lint typecheck ...
import { spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { performance } from 'node:perf_hooks'
import { pathToFileURL } from 'node:url'

export interface Check {
  name: string
  command: string
  args: string[]
}

interface Outcome {
  check: Check
  /** Empty when the check passed; otherwise how it ended, e.g. `exit code 1`. */
  failure: string
  seconds: number
}

/** Runs every check at once and reports each as it ends; resolves true when all passed. */
export async function runChecks(checks: Check[], write: (text: string) => void): Promise<boolean> {
  const started = performance.now()
  write(`Running ${checks.length} checks at once: ${checks.map((check) => check.name).join(', ')}.\n`)
  const outcomes = await Promise.all(
    checks.map(async (check) => {
      const { failure, output } = await runOne(check)
      const outcome = { check, failure, seconds: (performance.now() - started) / 1000 }
      write(`\n── ${check.name}: ${resultOf(outcome)} ──\n${output}`)
      return outcome
    })
  )
  const failed = outcomes.filter((outcome) => outcome.failure !== '')
  const width = Math.max(...checks.map((check) => check.name.length))
  write(`\nChecks, ${seconds((performance.now() - started) / 1000)} in all:\n`)
  for (const outcome of outcomes) write(`  ${outcome.check.name.padEnd(width)}  ${resultOf(outcome)}\n`)
  write(
    failed.length === 0
      ? `All ${checks.length} checks passed.\n`
      : `${failed.length} of ${checks.length} checks failed: ${failed.map((outcome) => outcome.check.name).join(', ')}. ` +
          'Each one’s output is above, under its name.\n'
  )
  return failed.length === 0
}

function resultOf({ failure, seconds: time }: Outcome): string {
  return failure === '' ? `passed, ${seconds(time)}` : `FAILED (${failure}), ${seconds(time)}`
}

function seconds(time: number): string {
  return `${time.toFixed(1)} s`
}

/** Runs one check to its end: stdout and stderr as one text in the order they came. */
function runOne(check: Check): Promise<{ failure: string; output: string }> {
  return new Promise((resolve) => {
    let output = ''
    const child = spawn(check.command, check.args, { stdio: ['ignore', 'pipe', 'pipe'] })
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.on('error', (error) => resolve({ failure: `could not start ${check.command}: ${error.message}`, output }))
    child.on('close', (code, signal) => {
      const failure = signal ? `killed by ${signal}` : code === 0 ? '' : `exit code ${code}`
      resolve({ failure, output: output === '' || output.endsWith('\n') ? output : `${output}\n` })
    })
  })
}

/**
 * The package's scripts named in `names`, each run by the shell as npm would run it, without npm: an
 * npm process for each cost a quarter of a second of CPU. As npm does, a script's pre-script runs
 * before it and its post-script after, each only when the one before passed (typecheck has
 * pretypecheck). The caller puts node_modules/.bin first on the PATH, as npm does.
 */
export function checksFrom(names: string[], scripts: Record<string, string>): Check[] {
  return names.map((name) => {
    const script = scripts[name]
    if (script === undefined) throw new Error(`package.json has no script "${name}" to run as a check.`)
    const hooked = [scripts[`pre${name}`], script, scripts[`post${name}`]].filter((one) => one !== undefined)
    // Each in a subshell of its own, on lines of its own: a script's `;`, `||` or trailing comment
    // stays within it.
    const command = hooked.length === 1 ? script : hooked.map((one) => `(\n${one}\n)`).join(' && ')
    return { name, command: 'sh', args: ['-c', command] }
  })
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { scripts } = JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> }
  process.env.PATH = [path.resolve('node_modules', '.bin'), process.env.PATH].join(path.delimiter)
  const checks = checksFrom(process.argv.slice(2), scripts)
  process.exitCode = (await runChecks(checks, (text) => process.stdout.write(text))) ? 0 : 1
}
