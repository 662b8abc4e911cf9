// Values from the API that try to become workflow commands or echo the API key, through the bundle:
// the runner reads a step's stdout and masks only its log, so only a run of dist/index.js shows what
// would reach the runner. The key's disguises (invisible characters, character references, pieces),
// an id that holds it and an input that quotes a piece of it run through run() in process
// (main-flows.test.ts, main-inputs.test.ts).
import { runAction, runtimes, visibleLog } from '../test/harness/run-bundle.js'
import { agentInputs, API_KEY, withSimulator } from './support/agent-fixture.js'
import { runOnThread } from './support/github-fixture.js'
import { TAMPERING, workflowCommands } from './support/workflow-commands.js'

const [label, node] = runtimes().at(-1)!
/** Each payload, one after another in every value: any that got through would start a line of its own. */
const PAYLOAD = [
  '\n::set-output name=x::y',
  '\n::stop-commands::abc',
  '\n::add-mask::x',
  ' ##[set-output name=x;]y'
].join('')

/** The commands in a run's log that could change the run, but the one that masks the API key. */
function tampering(log: string) {
  return workflowCommands(log).filter(
    (command) => TAMPERING.includes(command.name) && !(command.name === 'add-mask' && command.data === API_KEY)
  )
}

describe(`hostile answers under ${label}`, () => {
  it('cannot reach the runner as a workflow command from the status, PR link, model and id of a job', async () => {
    const jobId = `job${PAYLOAD.replace(/\n/g, ' ')}`
    const prLink = `https://github.com/acme/docs/pull/7${PAYLOAD}`
    const model = `model${PAYLOAD}`
    const status = `active${PAYLOAD}`
    await withSimulator(
      { jobIds: [jobId], prLink, model, interimStatuses: [{ afterMs: 0, status }], undocumented: ['status', 'prLink'] },
      async (simulator) => {
        const run = await runAction({ node, inputs: agentInputs(simulator) })
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

  it("never shows the key from a job's link, ref or model on the thread, in the summary, outputs or log", async () => {
    const scenario = {
      prLink: `https://github.com/acme/docs/pull/7?k=${API_KEY}`,
      ref: `main-${API_KEY}`,
      model: API_KEY
    }
    const { run, github } = await runOnThread({ event: 'issue_comment.created', node, scenario })
    expect(run.code).toBe(0)
    const published = [
      ...github.comments('acme', 'docs', 42).map((comment) => comment.body),
      run.summary,
      JSON.stringify(run.outputs),
      visibleLog(run)
    ]
    for (const text of published) expect(text).not.toContain(API_KEY)
    expect(run.outputs['pr-link']).toBe('https://github.com/acme/docs/pull/7?k=***')
    expect(JSON.parse(run.outputs.job ?? '')).toMatchObject({ model: '***', source: { ref: 'main-***' } })
  })
})
