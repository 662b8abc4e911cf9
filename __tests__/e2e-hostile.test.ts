// Values from the API that try to become workflow commands or echo the API key, through the bundle:
// the runner reads a step's stdout and masks only its log, so only a run of dist/index.js shows what
// would reach the runner and the thread.
import type { FakeGitHub } from '../test/harness/fake-github.js'
import { type ActionRun, runAction, runtimes, visibleLog } from '../test/harness/run-bundle.js'
import { agentInputs, API_KEY, withSimulator } from './support/agent-fixture.js'
import { runOnThread } from './support/github-fixture.js'
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

describe.each(runtimes())('the API key echoed back by the API, under %s', (_label, node) => {
  const published = (run: ActionRun, github: FakeGitHub) => [
    ...github.comments('acme', 'docs', 42).map((comment) => comment.body),
    run.summary,
    JSON.stringify(run.outputs),
    visibleLog(run)
  ]

  it("never reaches the thread, the summary or the outputs from a job's link, ref or model", async () => {
    const scenario = {
      prLink: `https://github.com/acme/docs/pull/7?k=${API_KEY}`,
      ref: `main-${API_KEY}`,
      model: API_KEY
    }
    const { run, github } = await runOnThread({ event: 'issue_comment.created', node, scenario })
    expect(run.code).toBe(0)
    for (const text of published(run, github)) expect(text).not.toContain(API_KEY)
    expect(run.outputs['pr-link']).toBe('https://github.com/acme/docs/pull/7?k=***')
    expect(JSON.parse(run.outputs.job ?? '')).toMatchObject({ model: '***', source: { ref: 'main-***' } })
  })

  it('never shows the key with invisible characters between its letters, which a reader would not see', async () => {
    const hidden = [...API_KEY].join('\u200b')
    const scenario = {
      prLink: `https://github.com/acme/docs/pull/7?k=${hidden}`,
      ref: `main-${hidden}`,
      model: hidden,
      undocumented: ['prLink' as const]
    }
    const { run, github } = await runOnThread({ event: 'issue_comment.created', node, scenario })
    expect(run.code).toBe(0)
    for (const text of published(run, github)) expect(text.replace(/\u200b/g, '')).not.toContain(API_KEY)
    expect(JSON.parse(run.outputs.job ?? '')).toMatchObject({ model: '***', source: { ref: 'main-***' } })
  })

  it('never shows the key written with named character references, which a page shows as the key', async () => {
    // The bundle reads the names from its own compact table (src/vendor/named-character-references.ts).
    const named = API_KEY.replace('_', '&lowbar;').replace(/_/g, '&UnderBar;')
    const scenario = { ref: `main-${named}`, model: named }
    const { run, github } = await runOnThread({ event: 'issue_comment.created', node, scenario })
    expect(run.code).toBe(0)
    for (const text of published(run, github)) expect(text).not.toContain(API_KEY.slice(-12))
    expect(JSON.parse(run.outputs.job ?? '')).toMatchObject({ model: '***', source: { ref: 'main-***' } })
  })

  it('never shows a piece from its middle or end, nor the key wrapped across a line break', async () => {
    const scenario = {
      ref: `main-${API_KEY.slice(9, 19)}`,
      model: `key ending in ${API_KEY.slice(-10)}; wrapped: ${API_KEY.slice(0, 12)}\n  ${API_KEY.slice(12)}`
    }
    const { run, github } = await runOnThread({ event: 'issue_comment.created', node, scenario })
    expect(run.code).toBe(0)
    for (const text of published(run, github)) {
      for (const piece of [API_KEY.slice(-8), API_KEY.slice(9, 17), API_KEY.slice(12, 20)]) {
        expect(text).not.toContain(piece)
      }
    }
    expect(JSON.parse(run.outputs.job ?? '')).toMatchObject({
      model: 'key ending in ***; wrapped: ***',
      source: { ref: 'main-***' }
    })
  })

  it('never shows a piece of it that another input quotes, in the error annotation of bad settings', async () => {
    // The runner masks the key only whole and as written: this piece, in capitals, is the log's to mask.
    const piece = API_KEY.slice(5, 17).toUpperCase()
    await withSimulator({}, async (simulator) => {
      const inputs = agentInputs(simulator, { 'base-url': `https://example.com/?k=${piece}` })
      const run = await runAction({ node, inputs })
      expect(run.code).toBe(1)
      expect(visibleLog(run)).toContain('::error::Input "base-url" has the value "https://example.com/?k=***"')
      for (const text of [visibleLog(run), run.summary]) expect(text).not.toContain(piece)
    })
  })

  it('takes no job whose id holds the key, and says why without quoting it', async () => {
    const { run, github } = await runOnThread({
      event: 'issue_comment.created',
      node,
      scenario: { jobIds: [`job-${API_KEY}`] }
    })
    expect(run.code).toBe(1)
    for (const text of published(run, github)) expect(text).not.toContain(API_KEY)
    expect(run.outputs['job-id']).toBeUndefined()
    expect(visibleLog(run)).toContain(`::error::Creating the agent job failed after the request was sent`)
    expect(visibleLog(run)).toContain(`(its "id" contains the API key)`)
  })
})
