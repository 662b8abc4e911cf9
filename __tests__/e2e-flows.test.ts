// The bundle end to end, as a runner runs it, against the simulator, under the runtime action.yml
// declares: the main flow as stdout shows it (the key masked first, the prompt in a group, one line
// per status change, the pull request's notice) and a cancel's signal. Every other outcome, and the
// runs on a thread, are driven through run() in process (main-flows.test.ts, main-thread.test.ts,
// main-context.test.ts and their neighbours).
import { API_KEY, GET, agentInputs, count, runAgainst, withSimulator } from './support/agent-fixture.js'
import { runAction, runtimes, shownByRunner, visibleLog } from '../test/harness/run-bundle.js'

describe.each(runtimes())('the bundle under %s', (_label, node) => {
  it('creates a job, waits for it and reports the pull request, never showing the key', async () => {
    const lines: string[] = []
    const { run, simulator } = await runAgainst(
      { durationMs: 2500 },
      {},
      { node, onLogLine: (line) => lines.push(line) }
    )
    const log = visibleLog(run)
    expect(run.code).toBe(0)
    const jobId = run.outputs['job-id']
    expect(jobId).toMatch(/\S/)
    expect(run.outputs).toMatchObject({ status: 'completed', 'pr-link': 'https://github.com/acme/docs/pull/1' })
    expect(JSON.parse(run.outputs.job ?? '')).toMatchObject({
      id: jobId,
      status: 'completed',
      model: 'simulated-model'
    })
    expect(log).toContain(`Created agent job ${jobId}.`)
    expect(log).toContain('::group::The prompt sent to the agent\nAdd a page about webhooks\n::endgroup::')
    expect(log).toContain('::notice title=Docs agent::Pull request: https://github.com/acme/docs/pull/1')
    // One line per status change, not one per poll.
    expect(count(simulator, 'GET', GET)).toBeGreaterThan(2)
    expect(log.match(/: active \(/g)).toHaveLength(1)
    expect(log.match(/: completed \(/g)).toHaveLength(1)
    expect(run.summary).toContain('[https://github.com/acme/docs/pull/1](https://github.com/acme/docs/pull/1)')
    expect(run.summary).toContain(`- **Job:** \`${jobId}\``)
    expect(JSON.parse(simulator.requests[0]?.body ?? '')).toEqual({ prompt: 'Add a page about webhooks' })
    // The runner masks the key from the first line on; the action itself never prints it.
    expect(run.stdout.split('\n')[0]).toBe(`::add-mask::${API_KEY}`)
    expect(log).not.toContain(API_KEY)
    expect(run.summary).not.toContain(API_KEY)
    expect(JSON.stringify(run.outputs)).not.toContain(API_KEY)
    // The demo's view: the whole log line by line, less the mask command and debug lines.
    expect(run.stderr).toBe('') // so the order of the lines is stdout's
    expect(lines.join('\n')).toBe(run.stdout.replace(/\n$/, ''))
    const shown = lines.filter((line) => shownByRunner(line))
    expect(shown.join('\n')).not.toContain(API_KEY)
    expect(shown.some((line) => line.startsWith('::debug::'))).toBe(false)
    expect(shown).toContain(`Created agent job ${jobId}.`)
  })

  it('stops waiting on SIGTERM, writes outputs and exits non-zero by itself', async () => {
    let signalled = false
    let bundle: { kill(signal: NodeJS.Signals): boolean } | undefined
    await withSimulator(
      { durationMs: 60_000 },
      async (simulator) => {
        const run = await runAction({ node, inputs: agentInputs(simulator), onStart: (child) => (bundle = child) })
        // Ended by itself, not by the harness's kill 25 s on: the job runs a minute, so a wait that
        // went on would still be waiting then.
        expect(run.signal).toBeNull()
        expect(run.code).toBe(1)
        expect(run.outputs.status).toBe('active')
        expect(run.outputs['job-id']).toMatch(/\S/)
        expect(visibleLog(run)).toContain('Received SIGTERM: stopping; an agent job that was started goes on.')
        expect(visibleLog(run)).toContain('::error::The workflow was cancelled')
      },
      {
        // Cancelled once the job exists and is being polled: the first poll's answer is the moment.
        log: (line) => {
          if (signalled || !line.startsWith('GET ')) return
          signalled = true
          bundle?.kill('SIGTERM')
        }
      }
    )
  })
})
