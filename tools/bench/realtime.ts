// A few runs of the bundle in real time against the simulator, to show the virtual figures hold:
// job done (the simulator's completion time) -> process exit, and the polls it took. Each run goes
// through /usr/bin/time, which also gives the peak RSS of the whole run.
import { existsSync } from 'node:fs'
import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { runAction } from '../../test/harness/run-bundle.js'
import { startSimulator } from '../../test/harness/simulator/server.js'
import { DEFAULT_SCHEDULE, type Detection, detect } from './lag.js'
import { API_KEY, benchInputs, preciseNow, PROJECT } from './processes.js'

export interface RealRun {
  durationMs: number
  exitCode: number | null
  /** GET job calls the simulator answered. */
  polls: number
  /** Every request the simulator saw, the create call included. */
  requests: number
  lagMs: number
  /** What the virtual-time model predicts for the same job. */
  predicted: Detection
  /** Kilobytes, from GNU time's %M; undefined without /usr/bin/time. */
  peakRssKb: number | undefined
}

export const GNU_TIME = '/usr/bin/time'
/** How far a real lag may be from the prediction and still count as "the figures hold". */
export const AGREEMENT_MS = 300

/** Runs one job of `durationMs` to its end with the default schedule (poll-interval 2s). */
export async function realRun(node: string, durationMs: number): Promise<RealRun> {
  const simulator = await startSimulator({
    scenario: { apiKey: API_KEY, projectId: PROJECT, durationMs },
    now: preciseNow
  })
  const dir = await mkdtemp(path.join(tmpdir(), 'docs-agent-bench-'))
  try {
    const rssFile = path.join(dir, 'peak-rss')
    const launcher = existsSync(GNU_TIME) ? await timedLauncher(dir) : undefined
    let exitedAt = 0
    const run = await runAction({
      node: launcher ?? node,
      env: { BENCH_NODE: node, BENCH_RSS_FILE: rssFile },
      inputs: benchInputs(simulator),
      onStart: (child) => child.once('exit', () => (exitedAt = preciseNow())),
      killAfterMs: durationMs + 30_000
    })
    const create = simulator.requests[0]
    if (run.code !== 0 || !create)
      throw new Error(`The ${durationMs} ms run failed (exit ${run.code}): ${run.stdout}${run.stderr}`)
    return {
      durationMs,
      exitCode: run.code,
      polls: simulator.requests.filter((r) => r.method === 'GET').length,
      requests: simulator.requests.length,
      lagMs: exitedAt - (create.at + durationMs),
      predicted: await detect(durationMs, DEFAULT_SCHEDULE),
      peakRssKb: launcher ? Number.parseInt(await readFile(rssFile, 'utf8'), 10) : undefined
    }
  } finally {
    await rm(dir, { recursive: true, force: true })
    await simulator.close()
  }
}

/** A stand-in "node" that runs the real one under GNU time, writing the peak RSS (KB) to a file. */
export async function timedLauncher(dir: string): Promise<string> {
  const file = path.join(dir, 'node-under-time.sh')
  // bash, not sh: dash drops variables whose names are not identifiers, such as INPUT_API-KEY.
  await writeFile(file, `#!/usr/bin/env bash\nexec ${GNU_TIME} -f %M -o "$BENCH_RSS_FILE" "$BENCH_NODE" "$@"\n`)
  await chmod(file, 0o755)
  return file
}
