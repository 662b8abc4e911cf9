// Bad inputs through run() in process: each one stops the run before any request, with an error
// that names the input, quotes the value, and never shows the key, in the log and in the job
// summary; a doubtful one is warned of. e2e-inputs.test.ts runs one through the bundle.
import { API_KEY } from './support/agent-fixture.js'
import { withRunsInProcess } from './support/in-process.js'
import { summaryLevel } from './support/summary.js'

const cases: [string, Record<string, string>, RegExp][] = [
  ['missing api-key', { 'api-key': '' }, /Input "api-key" is required/],
  ['missing project-id', { 'project-id': '' }, /Input "project-id" is required/],
  ['blank prompt and no job-id', { prompt: '   ' }, /Input "prompt" is empty and no "job-id" was given/],
  // The kind is told without a piece of the key long enough to be masked.
  [
    'an assistant key',
    { 'api-key': 'mint_dsc_0123456789abcdef' },
    /assistant \(discovery\) key \("_dsc_" follows "mint"/
  ],
  ['an index key', { 'api-key': 'mint_us_0123456789abcdef' }, /index key.*admin key/],
  ['a key with a newline', { 'api-key': 'mint_0123456789abcdef\nmore' }, /"api-key" contains whitespace/],
  [
    'plain http to a remote host',
    { 'base-url': 'http://api.example.com' },
    /"base-url" has the value "http:\/\/api.example.com": .*https/
  ],
  [
    'a project id with a slash',
    { 'project-id': 'a/../b' },
    /"project-id" has the value "a\/..\/b", which is not a plain identifier/
  ],
  ['a job id of ..', { 'job-id': '..' }, /"job-id" has the value ".."/],
  [
    'an unparsable timeout',
    { timeout: 'half an hour' },
    /"timeout" has the value "half an hour", which is not a duration/
  ],
  ['an unparsable poll-interval', { 'poll-interval': '2 seconds' }, /"poll-interval" has the value "2 seconds"/],
  ['a boolean that is not one', { wait: 'yes please' }, /"wait" has the value "yes please"; use "true" or "false"/]
]

describe('bad inputs', () => {
  it.each(cases)('%s', async (_name, overrides, message) => {
    await withRunsInProcess({}, async (runWith, simulator) => {
      const run = await runWith(overrides)
      expect(run.failed).toBe(true)
      expect(run.log).toMatch(new RegExp(`error: .*${message.source}`))
      expect(simulator.requests).toHaveLength(0)
      // The key as given (its first line, for the one with a line break), in cases that give one.
      const key = overrides['api-key']?.split('\n')[0]
      const shows = (text: string): boolean => key !== undefined && key !== '' && text.includes(key)
      expect(shows(run.log)).toBe(false)
      expect(run.outputs).toEqual({})
      // The run page shows the summary first: it says what is wrong too, never with the key.
      expect(summaryLevel(run.summary)).toBe('failure')
      expect(run.summary).toContain(`Input "${Object.keys(overrides)[0]}"`)
      expect(shows(run.summary)).toBe(false)
    })
  })

  it('masks the key before it reads the rest, and keeps it out of the summary when another input quotes it', async () => {
    await withRunsInProcess({}, async (runWith) => {
      const run = await runWith({ 'base-url': API_KEY })
      expect(run.failed).toBe(true)
      expect(run.secrets).toEqual([API_KEY])
      expect(run.summary).toContain('Input "base-url" has the value "\\*\\*\\*", which is not a URL')
      expect(run.summary).not.toContain(API_KEY)
    })
  })

  it('masks a piece of the key that another input quotes in capitals, which the runner would not mask', async () => {
    const piece = API_KEY.slice(5, 17).toUpperCase()
    await withRunsInProcess({}, async (runWith) => {
      const run = await runWith({ 'base-url': `https://example.com/?k=${piece}` })
      expect(run.failed).toBe(true)
      expect(run.log).toContain('error: Input "base-url" has the value "https://example.com/?k=***"')
      for (const text of [run.log, run.summary]) expect(text).not.toContain(piece)
    })
  })
})

describe('a doubtful input', () => {
  it('warns that timeout: 30 is seconds, in the log and the summary, and runs', async () => {
    await withRunsInProcess({}, async (runWith) => {
      const run = await runWith({ timeout: '30' })
      expect(run.failed).toBe(false)
      const warning =
        'Input "timeout" is 30, a bare number, which is read as 30 seconds. If you meant minutes, write the unit: timeout: 30m'
      expect(run.log).toContain(`warning: ${warning}`)
      expect(run.summary).toContain(warning)
    })
  })
})
