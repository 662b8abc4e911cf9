// The simulator as a person starts it: what it prints must be enough to call it.
import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

const TSX = join('node_modules', '.bin', 'tsx')

/**
 * Starts the CLI and resolves with its stdout once it has printed the project id. No timer: on a
 * busy machine tsx may take long to start, so a CLI that says no more than where it listens is left
 * to jest's timeout, the net for a hung test.
 */
function startCli(args: string[]): Promise<{ child: ChildProcess; banner: string }> {
  const child = spawn(TSX, ['test/harness/simulator/cli.ts', '--port', '0', ...args], {
    stdio: ['ignore', 'pipe', 'pipe']
  })
  return new Promise((resolve, reject) => {
    let stdout = ''
    let stderr = ''
    child.stdout?.on('data', (chunk: Buffer) => {
      stdout += chunk.toString()
      if (/project-id: \S+\n/.test(stdout)) resolve({ child, banner: stdout })
    })
    child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
    child.on('exit', (code) =>
      reject(new Error(`the simulator exited (${code}) before its banner: ${stdout}${stderr}`))
    )
  })
}

function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    child.once('exit', () => resolve())
    child.kill('SIGTERM')
  })
}

/** The value the banner gives for one of the action's inputs. */
function input(banner: string, name: string): string {
  return new RegExp(`^ +${name}: (\\S+)$`, 'm').exec(banner)?.[1] ?? ''
}

async function createWith(banner: string): Promise<number> {
  const response = await fetch(`${input(banner, 'base-url')}/v2/agent/${input(banner, 'project-id')}/job`, {
    method: 'POST',
    headers: { authorization: `Bearer ${input(banner, 'api-key')}`, 'content-type': 'application/json' },
    body: JSON.stringify({ prompt: 'Document the webhooks API' })
  })
  return response.status
}

describe('the simulator CLI', () => {
  it('prints where it listens and the key and project it accepts, and they work', async () => {
    const { child, banner } = await startCli([])
    try {
      expect(banner).toMatch(/^simulator listening on http:\/\/127\.0\.0\.1:\d+\n/)
      expect(banner).toMatch(/It accepts api-key mint_demo_key and project-id demo-project/)
      expect(await createWith(banner)).toBe(201)
    } finally {
      await stop(child)
    }
  })

  it("prints a scenario file's key and project instead of the defaults", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'simulator-cli-'))
    const scenario = join(dir, 'scenario.json')
    writeFileSync(
      scenario,
      JSON.stringify({ apiKey: 'mint_my_own_key', projectId: 'my-project', finalStatus: 'failed' })
    )
    const { child, banner } = await startCli(['--scenario', scenario, '--duration', '5s'])
    try {
      expect(input(banner, 'api-key')).toBe('mint_my_own_key')
      expect(input(banner, 'project-id')).toBe('my-project')
      expect(banner).toContain('a job runs 5s, then ends failed.')
      expect(await createWith(banner)).toBe(201)
    } finally {
      await stop(child)
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
