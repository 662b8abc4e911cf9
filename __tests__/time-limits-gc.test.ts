// The time limits of GitHub calls and agent API requests fire after a garbage collection, under the
// runtime the action runs on. Node 20 collected the timeout signal that AbortSignal.any was given
// (it holds its sources weakly), and a GitHub that never answered then held the run until the
// runner killed it. Only a child process can collect garbage at will (--expose-gc).
import { spawn } from 'node:child_process'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { runtimes } from '../test/harness/run-bundle.js'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const SCRIPT = path.join(root, '__tests__', 'support', 'time-limits-under-gc.ts')
/** Far past the script's limits (0.3 s and 1 s) on any machine however busy: a net for a hang. */
const KILL_AFTER_MS = 5 * 60_000

function runScript(node: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(node, ['--expose-gc', '--import', 'tsx', SCRIPT], { cwd: root })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
    const killer = setTimeout(() => child.kill('SIGKILL'), KILL_AFTER_MS)
    child.on('error', reject)
    child.on('close', (code) => {
      clearTimeout(killer)
      resolve({ code, stdout, stderr })
    })
  })
}

describe.each(runtimes())('time limits after a garbage collection under %s', (_label, node) => {
  it('end a GitHub call and an agent API read that the server never answers', async () => {
    const { code, stdout, stderr } = await runScript(node)
    expect({ code, stderr }).toEqual({ code: 0, stderr: '' })
    expect(JSON.parse(stdout)).toEqual({
      github: 'the comment listing did not finish within its time limit of 300ms.',
      // Stopped at the deadline, or just before it when a busy machine leaves too little time for
      // another try: either way the limit fired.
      agent: expect.stringMatching(/^Reading the agent job job-1 failed: no answer \(ABORT_ERR\); stopped after \d+m?s/)
    })
  })
})
