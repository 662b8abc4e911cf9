// A bad input through the bundle: the run stops before any request, the step exits 1 with an error
// annotation that names the input, the key masked first, and the summary file says so without the
// key. Every other bad input is driven through run() in process (main-inputs.test.ts).
import { API_KEY, agentInputs, withSimulator } from './support/agent-fixture.js'
import { runAction, runtimes, visibleLog } from '../test/harness/run-bundle.js'
import { summaryLevel } from './support/summary.js'

describe.each(runtimes())('bad inputs under %s', (_label, node) => {
  it('stops before any request, and keeps the key out of the summary when another input quotes it', async () => {
    await withSimulator({}, async (simulator) => {
      const run = await runAction({ node, inputs: agentInputs(simulator, { 'base-url': API_KEY }) })
      expect(run.code).toBe(1)
      expect(simulator.requests).toHaveLength(0)
      expect(run.outputs).toEqual({})
      // The runner is told to mask the key before anything is printed; the log masks it too.
      expect(run.stdout.split('\n')[0]).toBe(`::add-mask::${API_KEY}`)
      expect(visibleLog(run)).toMatch(/::error::Input "base-url" has the value ".+", which is not a URL/)
      // The summary does not rely on the runner's masking.
      expect(summaryLevel(run.summary)).toBe('failure')
      expect(run.summary).toContain('Input "base-url" has the value "\\*\\*\\*", which is not a URL')
      expect(run.summary).not.toContain(API_KEY)
    })
  })
})
