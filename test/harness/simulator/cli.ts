// Runs the agent API simulator until SIGINT/SIGTERM:
//   npx tsx test/harness/simulator/cli.ts [--port 8787] [--host 127.0.0.1] [--scenario s.json]
//                                  [--duration 3s]
// Stdout says where it listens (`simulator listening on <url>`, the line scripts and workflows
// wait for), then the key and project it accepts; request lines go to stderr.

import { readFile } from 'node:fs/promises'
import { parseArgs } from 'node:util'
import { formatDuration, parseDuration } from '../../../src/base/duration.js'
import { parseScenario, type ResolvedScenario, resolveScenario, type Scenario } from './scenario.js'
import { startSimulator } from './server.js'

const USAGE =
  'usage: tsx test/harness/simulator/cli.ts [--port 8787] [--host 127.0.0.1] ' +
  '[--scenario path.json] [--duration 3s]'

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      port: { type: 'string', default: '8787' },
      host: { type: 'string', default: '127.0.0.1' },
      scenario: { type: 'string' },
      duration: { type: 'string' }
    }
  })
  const port = Number(values.port)
  if (!Number.isInteger(port) || port < 0 || port > 65_535) {
    throw new Error(`--port ${JSON.stringify(values.port)} is not a port number (0-65535)`)
  }
  let scenario = values.scenario === undefined ? {} : await readScenarioFile(values.scenario)
  if (values.duration !== undefined) {
    const durationMs = parseDuration(values.duration)
    if (durationMs === undefined) {
      const given = JSON.stringify(values.duration)
      throw new Error(`--duration ${given} is not a duration; use e.g. 500ms, 3s, 1m30s`)
    }
    scenario = { ...scenario, durationMs }
  }

  const simulator = await startSimulator({
    scenario,
    port,
    host: values.host,
    log: (line) => console.error(`${new Date().toISOString()} ${line}`)
  })
  for (const line of banner(simulator.url, resolveScenario(scenario))) console.log(line)

  const stop = (signal: NodeJS.Signals): void => {
    console.error(`${signal}: closing the simulator`)
    simulator.close().then(
      () => process.exit(0),
      (cause: unknown) => {
        console.error(`could not close cleanly: ${String(cause)}`)
        process.exit(1)
      }
    )
  }
  process.once('SIGINT', stop)
  process.once('SIGTERM', stop)
}

/** Everything needed to point the action, or curl, at the simulator: it refuses any other key or project. */
function banner(url: string, scenario: ResolvedScenario): string[] {
  return [
    `simulator listening on ${url}`,
    `It accepts api-key ${scenario.apiKey} and project-id ${scenario.projectId} (other keys get 401, other projects 404);`,
    `a job runs ${formatDuration(scenario.durationMs)}, then ends ${scenario.finalStatus}. Point the action at it with:`,
    `  base-url: ${url}`,
    `  api-key: ${scenario.apiKey}`,
    `  project-id: ${scenario.projectId}`
  ]
}

async function readScenarioFile(path: string): Promise<Scenario> {
  const text = await readFile(path, 'utf8')
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch (cause) {
    throw new Error(`${path} is not valid JSON (${cause instanceof Error ? cause.message : String(cause)})`)
  }
  return parseScenario(value, path)
}

main().catch((cause: unknown) => {
  console.error(`simulator: ${cause instanceof Error ? cause.message : String(cause)}\n${USAGE}`)
  process.exitCode = 1
})
