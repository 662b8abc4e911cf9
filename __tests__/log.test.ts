import { escapeLogText } from '../src/base/log.js'
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
