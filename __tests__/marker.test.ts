import { formatMarker, isProgressComment, parseMarker } from '../src/github/marker.js'

describe('formatMarker', () => {
  it('writes an HTML comment GitHub does not render', () => {
    expect(formatMarker({ runId: '123', jobId: 'abc', triggerCommentId: 456 })).toBe(
      '<!-- docs-agent-action run=123 job=abc trigger=456 -->'
    )
    expect(formatMarker({ runId: '123' })).toBe('<!-- docs-agent-action run=123 -->')
  })

  it('round-trips through parseMarker at the start of a progress comment', () => {
    for (const marker of [
      { runId: '9876543210', jobId: 'job_01J.x-y', triggerCommentId: 3551234567 },
      { runId: '1', jobId: 'abc' },
      { runId: '1', triggerCommentId: 2 },
      { runId: '1' }
    ]) {
      expect(parseMarker(`${formatMarker(marker)}\nThe docs agent is working on it.`)).toEqual(marker)
    }
  })

  it('refuses values that are not plain identifiers, saying which', () => {
    expect(() => formatMarker({ runId: '1', jobId: 'a --> <b>' })).toThrow(/job id "a --> <b>" is not a plain identifier/)
    expect(() => formatMarker({ runId: '1 2' })).toThrow(/run id/)
    expect(() => formatMarker({ runId: '..' })).toThrow(/run id/)
    expect(() => formatMarker({ runId: '1', jobId: '' })).toThrow(/job id/)
    expect(() => formatMarker({ runId: '1', triggerCommentId: -5 })).toThrow(/trigger comment id -5/)
    expect(() => formatMarker({ runId: '1', triggerCommentId: 1.5 })).toThrow(/positive integer/)
  })
})

describe('parseMarker', () => {
  it('ignores a marker quoted anywhere but the start of the body', () => {
    const marker = formatMarker({ runId: '1', jobId: 'victim' })
    expect(parseMarker(`Look at this: ${marker}`)).toBeUndefined()
    expect(parseMarker(`> ${marker}`)).toBeUndefined()
    expect(parseMarker(`\n${marker}`)).toBeUndefined()
  })

  it('rejects anything but the exact format', () => {
    for (const body of [
      '<!-- docs-agent-action run=1 job=a"b -->',
      '<!-- docs-agent-action run=1 job=a/b -->',
      '<!-- docs-agent-action run=1 job=.. -->',
      '<!-- docs-agent-action run=1 job=a job=b -->',
      '<!-- docs-agent-action job=a run=1 -->',
      '<!-- docs-agent-action run=1 trigger=0 -->',
      '<!-- docs-agent-action run=1 trigger=abc -->',
      '<!-- docs-agent-action run=1 trigger=99999999999999999999 -->',
      '<!-- docs-agent-action run= -->',
      '<!-- docs-agent-action -->',
      '<!-- other-action run=1 -->',
      '<!--docs-agent-action run=1-->'
    ]) {
      expect(parseMarker(body)).toBeUndefined()
    }
  })

  it('is what isProgressComment recognises', () => {
    expect(isProgressComment('<!-- docs-agent-action run=1 job=j -->\nDone: https://github.com/acme/docs/pull/9')).toBe(true)
    expect(isProgressComment('/docs add a page <!-- docs-agent-action run=1 -->')).toBe(false)
    expect(isProgressComment('')).toBe(false)
  })
})
