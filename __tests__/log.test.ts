import { jest } from '@jest/globals'
import { redactKey } from '../src/agent/redact.js'
import { escapeLogText, log } from '../src/base/log.js'
import { INJECTIONS, workflowCommands } from './support/workflow-commands.js'

describe('escapeLogText', () => {
  it.each(INJECTIONS)('keeps %j in a log line from being a workflow command', (payload) => {
    const line = `Job j1: active${payload} (3s waited)`
    expect(workflowCommands(line)).not.toEqual([])
    expect(workflowCommands(escapeLogText(line))).toEqual([])
  })

  it('keeps a message that starts with a value from being a command', () => {
    expect(workflowCommands(escapeLogText('  ::set-output name=x::y'))).toEqual([])
  })

  it('shows line breaks and other controls as visible escapes, on one line', () => {
    expect(escapeLogText('a\nb\r\nc\u2028d\u0007e\tf')).toBe('a\\nb\\r\\nc\\u2028d\\u0007e\tf')
  })

  it('leaves ordinary text as it is', () => {
    const text = 'Agent job 7f3c completed and opened a pull request: https://github.com/acme/docs/pull/7#top'
    expect(escapeLogText(text)).toBe(text)
  })
})

// The runner masks only the whole key (core.setSecret): the log takes out the rest itself, in every
// line it writes and every annotation it raises, once the settings step has given it the redaction.
describe('the log with the key redaction in use', () => {
  const KEY = 'mint_sk_live_AfjMCPxDLH3JdJiU01TeYDssi8Ho6mx4'
  const piece = KEY.slice(13, 25)
  let written: string

  beforeAll(() => log.useRedaction((text) => redactKey(text, KEY)))

  beforeEach(() => {
    written = ''
    jest.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
      written += String(chunk)
      return true
    })
  })

  afterEach(() => {
    jest.restoreAllMocks()
    process.exitCode = undefined
  })

  it.each([
    ['an info line', () => log.info(`token ${piece} refused`)],
    ['a debug line', () => log.debug(`token ${piece} refused`)],
    ['a notice and its title', () => log.notice(`token ${piece} refused`, `Key ${piece}`)],
    ['a warning and its title', () => log.warning(`token ${piece} refused`, `Key ${piece}`)],
    ["the step's result as a warning", () => log.resultWarning(`token ${piece} refused`, `Key ${piece}`)],
    ['the error that fails the step', () => log.fail(`token ${piece} refused`)],
    ['a group title', () => void log.group(`token ${piece} refused`, () => Promise.resolve())]
  ])('writes %s without a piece of the key', (_what, write) => {
    write()
    expect(written).toContain('token *** refused')
    expect(written).not.toContain(piece)
  })

  it('takes out the key wrapped across a line break before the break is escaped', () => {
    log.warning(`refused: ${KEY.slice(0, 20)}\n${KEY.slice(20)} is revoked`)
    expect(written).toMatch(/^::warning::refused: \*\*\* is revoked$/m)
  })
})
