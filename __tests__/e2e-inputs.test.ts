// Bad inputs through the bundle: each one stops the run before any request, with an error that
// names the input, quotes the value, and never shows the key, in the log and in the job summary.
import { API_KEY, agentInputs, withSimulator } from './support/agent-fixture.js'
import { runAction, runtimes, visibleLog } from '../test/harness/run-bundle.js'

const cases: [string, Record<string, string>, RegExp][] = [
  ['missing api-key', { 'api-key': '' }, /Input "api-key" is required/],
  ['missing project-id', { 'project-id': '' }, /Input "project-id" is required/],
  ['blank prompt and no job-id', { prompt: '   ' }, /Input "prompt" is empty and no "job-id" was given/],
  ['an assistant key', { 'api-key': 'mint_dsc_0123456789abcdef' }, /assistant \(discovery\) key.*admin key/],
  ['an index key', { 'api-key': 'mint_us_0123456789abcdef' }, /index key.*admin key/],
  ['a key with a newline', { 'api-key': 'mint_0123456789abcdef\nmore' }, /"api-key" contains whitespace/],
  ['plain http to a remote host', { 'base-url': 'http://api.example.com' }, /"base-url" has the value "http:\/\/api.example.com": .*https/],
  ['a project id with a slash', { 'project-id': 'a/../b' }, /"project-id" has the value "a\/..\/b", which is not a plain identifier/],
  ['a job id of ..', { 'job-id': '..' }, /"job-id" has the value ".."/],
  ['an unparsable timeout', { timeout: 'half an hour' }, /"timeout" has the value "half an hour", which is not a duration/],
  ['an unparsable poll-interval', { 'poll-interval': '2 seconds' }, /"poll-interval" has the value "2 seconds"/],
  ['a boolean that is not one', { wait: 'yes please' }, /"wait" has the value "yes please"; use "true" or "false"/]
]

describe.each(runtimes())('bad inputs under %s', (_label, node) => {
  it.each(cases)('%s', async (_name, overrides, message) => {
    await withSimulator({}, async (simulator) => {
      const run = await runAction({ node, inputs: agentInputs(simulator, overrides) })
      expect(run.code).toBe(1)
      const log = visibleLog(run)
      expect(log).toMatch(new RegExp(`::error::.*${message.source}`))
      expect(simulator.requests).toHaveLength(0)
      const key = overrides['api-key']
      if (key) expect(log).not.toContain(key.split('\n')[0])
      expect(run.outputs).toEqual({})
      // The run page shows the summary first: it says what is wrong too, never with the key.
      expect(run.summary).toContain('No agent job was started')
      expect(run.summary).toContain(`Input "${Object.keys(overrides)[0]}"`)
      if (key) expect(run.summary).not.toContain(key.split('\n')[0])
    })
  })

  it('keeps the key out of the summary when another input quotes it', async () => {
    await withSimulator({}, async (simulator) => {
      const run = await runAction({ node, inputs: agentInputs(simulator, { 'base-url': API_KEY }) })
      expect(run.code).toBe(1)
      expect(run.summary).toContain('Input "base-url" has the value "\\*\\*\\*", which is not a URL')
      expect(run.summary).not.toContain(API_KEY)
    })
  })
})
