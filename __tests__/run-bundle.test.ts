// How the demo shows a run's log: whole lines, and only those a runner would show.
import { API_KEY } from './support/agent-fixture.js'
import { LineSplitter, runnerInputs, shownByRunner } from '../test/harness/run-bundle.js'

describe('shownByRunner', () => {
  it('hides the mask command, which carries the key, even with debug logging on', () => {
    expect(shownByRunner(`::add-mask::${API_KEY}`)).toBe(false)
    expect(shownByRunner(`::add-mask::${API_KEY}`, { debug: true })).toBe(false)
  })

  it('shows debug lines only with debug logging on', () => {
    expect(shownByRunner('::debug::poll: active after 2000 ms')).toBe(false)
    expect(shownByRunner('::debug::poll: active after 2000 ms', { debug: true })).toBe(true)
  })

  it('shows everything else', () => {
    for (const line of [
      'Created agent job j1.',
      '::group::Waiting for agent job j1',
      '::notice title=Docs agent::Pull request: x',
      ''
    ]) {
      expect(shownByRunner(line)).toBe(true)
    }
  })
})

describe('runnerInputs', () => {
  it("passes every input as a runner does: the step's value, else action.yml's default, else ''", () => {
    const inputs = runnerInputs({ prompt: 'Add a page', timeout: '' })
    expect(inputs).toMatchObject({
      prompt: 'Add a page',
      timeout: '',
      'poll-interval': '2s',
      wait: 'true',
      'api-key': ''
    })
  })

  it('leaves github-token empty: its default is an expression only a runner can evaluate', () => {
    expect(runnerInputs({})['github-token']).toBe('')
    expect(runnerInputs({ 'github-token': 'ghs_x' })['github-token']).toBe('ghs_x')
  })
})

describe('LineSplitter', () => {
  it('gives whole lines from chunks that end mid-line, and the last line without a break', () => {
    const lines: string[] = []
    const splitter = new LineSplitter((line) => lines.push(line))
    for (const chunk of ['::add-', 'mask::secret\nCreated agent', ' job j1.\n', '\nDone']) splitter.push(chunk)
    expect(lines).toEqual(['::add-mask::secret', 'Created agent job j1.', ''])
    splitter.end()
    expect(lines).toEqual(['::add-mask::secret', 'Created agent job j1.', '', 'Done'])
  })
})
