// Values from the API that try to become workflow commands, through the bundle: the runner reads a
// step's stdout, so only a run of dist/index.js shows what would reach it.
import { runAction, visibleLog } from '../test/harness/run-bundle.js'
import { agentInputs, API_KEY, withSimulator } from './support/agent-fixture.js'
import { TAMPERING, workflowCommands } from './support/workflow-commands.js'

const PAYLOADS = ['\n::set-output name=x::y', '\n::stop-commands::abc', '\n::add-mask::x', ' ##[set-output name=x;]y']

/** The commands in a run's log that could change the run, but the one that masks the API key. */
function tampering(log: string) {
  return workflowCommands(log).filter(
    (command) => TAMPERING.includes(command.name) && !(command.name === 'add-mask' && command.data === API_KEY)
  )
}

describe('a hostile answer cannot reach the runner as a workflow command', () => {
  it.each(PAYLOADS)('with %j in the status, PR link, model and id of a job', async (payload) => {
    const jobId = `job${payload.replace(/\n/g, ' ')}`
    const prLink = `https://github.com/acme/docs/pull/7${payload}`
    const model = `model${payload}`
    const status = `active${payload}`
    await withSimulator(
      { jobIds: [jobId], prLink, model, interimStatuses: [{ afterMs: 0, status }], undocumented: ['status', 'prLink'] },
      async (simulator) => {
        const run = await runAction({ inputs: agentInputs(simulator) })
        expect(run.code).toBe(0)
        expect(tampering(run.stdout + run.stderr)).toEqual([])
        expect(run.outputs).toMatchObject({ status: 'completed', 'job-id': jobId, 'pr-link': prLink })
        expect(JSON.parse(run.outputs.job ?? '')).toMatchObject({ id: jobId, model, prLink })
        expect(run.outputs.x).toBeUndefined()
        expect(visibleLog(run)).toContain(
          `Job ${jobId.replace('##[', '##\\[')}: ${status.replace(/\n/g, '\\n').replace('##[', '##\\[')}`
        )
      }
    )
  })
})
