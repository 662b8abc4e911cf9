import {
  formatMarker,
  isProgressComment,
  isWrittenBy,
  markerKey,
  type ProgressMarker,
  readMarker
} from '../src/thread/marker.js'

const API_KEY = 'mint_test_key'
const PROJECT = 'proj_docs'
const key = markerKey(API_KEY, PROJECT)
const place = { repository: 'acme/docs', threadNumber: 42 }
const step = { runId: '1001', workflowJob: 'docs', step: '__run' }
const marker: ProgressMarker = { ...place, ...step, jobId: 'job 1', triggerCommentId: 456 }
const signed = formatMarker(marker, key)

describe('formatMarker', () => {
  it('writes a hidden HTML comment whose signature earlier versions wrote too', () => {
    // Worked out apart from the code (HMAC-SHA256 keyed by HMAC-SHA256(api key, label NUL project
    // id), first 16 bytes): a change here makes every marker already on a thread untrusted.
    expect(signed).toBe(
      '<!-- docs-agent-action repo=acme%2Fdocs thread=42 run=1001 workflow-job=docs step=__run job=job%201 ' +
        'trigger=456 sig=20eaabaa839787cbd18ef3acc405caf6 -->'
    )
    expect(formatMarker({ ...place, ...step }, key)).toMatch(
      /^<!-- docs-agent-action repo=acme%2Fdocs thread=42 run=1001 workflow-job=docs step=__run sig=[0-9a-f]{32} -->$/
    )
  })

  it('never writes the API key', () => {
    expect(signed).not.toContain(API_KEY)
    expect(signed).not.toContain(Buffer.from(API_KEY).toString('hex'))
  })

  it.each([
    ['a space', 'job 1'],
    ['the end of an HTML comment', 'a --> <b>x</b> --!>'],
    ['a fake field', 'a sig=00 --> <!-- docs-agent-action'],
    ['a percent sign', '%41'],
    ['unicode', 'ジョブ-1 🚀 é'],
    ['a line break', 'a\n-->']
  ])('keeps a job id with %s inside the comment and reads it back unchanged', (_what, jobId) => {
    const text = formatMarker({ ...marker, jobId, step: jobId, workflowJob: jobId }, key)
    // Nothing between the delimiters can end the comment or start another field's value.
    expect(text.slice('<!--'.length, -'-->'.length)).toMatch(/^[A-Za-z0-9._~%= -]+$/)
    expect(readMarker(`${text}\nThe docs agent is working on it.`, key, place)).toEqual({
      ...marker,
      jobId,
      step: jobId,
      workflowJob: jobId
    })
  })

  it('round-trips without the optional fields', () => {
    for (const written of [
      { ...place, ...step },
      { ...place, ...step, jobId: 'abc' },
      { ...place, ...step, triggerCommentId: 2 },
      { ...place, ...step, jobId: 'abc', state: 'working' as const },
      {
        ...place,
        ...step,
        jobId: 'abc',
        state: 'working' as const,
        startedBy: 'merged-pr' as const,
        note: 'new-job' as const
      },
      { ...place, ...step, unsureCreate: 1 },
      { ...place, ...step, jobId: 'abc', kind: 'docs-pr' as const },
      { ...place, ...step, jobId: 'abc', state: 'working' as const, kind: 'docs-pr' as const },
      { ...place, ...step, jobId: 'abc', kind: 'docs-pr' as const, origin: 'https://github.com/acme/app/issues/4#x' }
    ]) {
      expect(readMarker(formatMarker(written, key), key, place)).toEqual(written)
    }
  })

  it("carries the run's decisions for the agent's pull request, none of whose values can break the marker", () => {
    const decided: ProgressMarker = {
      ...marker,
      state: 'working',
      request: 'https://github.com/acme/app/pull/7',
      requester: 'rita',
      phrase: '/docs --> sig=00',
      // A label may hold commas, spaces and the end of an HTML comment.
      reviewers: ['rita', 'lee-2'],
      labels: ['docs, later', 'a --> b', 'ドキュメント']
    }
    const text = formatMarker(decided, key)
    expect(text.slice('<!--'.length, -'-->'.length)).toMatch(/^[A-Za-z0-9._~%=, -]+$/)
    expect(readMarker(text, key, place)).toEqual(decided)
    // Nothing decided is told apart from an older marker that does not say.
    const none = { ...marker, phrase: '', reviewers: [], labels: [] }
    expect(formatMarker(none, key)).toContain(' phrase= reviewers= labels= sig=')
    expect(readMarker(formatMarker(none, key), key, place)).toEqual(none)
    expect(readMarker(signed, key, place)).not.toHaveProperty('reviewers')
  })

  it('refuses values it cannot write, saying which', () => {
    expect(() => formatMarker({ ...marker, jobId: '' }, key)).toThrow(/the job id is empty/)
    expect(() => formatMarker({ ...marker, step: '' }, key)).toThrow(/the step is empty/)
    expect(() => formatMarker({ ...marker, jobId: 'a\ud800' }, key)).toThrow(
      /job id "a\\ud800" is not well-formed Unicode/
    )
    expect(() => formatMarker({ ...marker, triggerCommentId: -5 }, key)).toThrow(
      /trigger comment id -5 is not a positive integer/
    )
    expect(() => formatMarker({ ...marker, threadNumber: 1.5 }, key)).toThrow(/thread number 1.5/)
  })
})

describe('readMarker', () => {
  it('reads a marker signed with this key at this place', () => {
    expect(readMarker(`${signed}\n✅ **Done.**`, key, place)).toEqual(marker)
  })

  it.each([
    ['another agent job', 'job=job%201', 'job=job%202'],
    ['another run', 'run=1001', 'run=1002'],
    ['another workflow job', 'workflow-job=docs', 'workflow-job=lint'],
    ['another step', 'step=__run', 'step=__run_2'],
    ['another trigger', 'trigger=456', 'trigger=457'],
    ['no trigger', ' trigger=456', ''],
    ['no job', ' job=job%201', ''],
    ['another thread', 'thread=42', 'thread=43'],
    ['a truncated signature', 'c405caf6 -->', 'c405caf -->'],
    ['an upper-case signature', 'sig=20eaabaa839787cbd18ef3acc405caf6', 'sig=20EAABAA839787CBD18EF3ACC405CAF6']
  ])('rejects a marker edited to name %s', (_what, from, to) => {
    const tampered = signed.replace(from, to)
    expect(tampered).not.toBe(signed)
    expect(readMarker(tampered, key, place)).toBeUndefined()
  })

  it('rejects another spelling of the same fields even when signed with the key', () => {
    const fields = 'repo=%61cme%2Fdocs thread=42 run=1001 workflow-job=docs step=__run'
    const resigned = `<!-- docs-agent-action ${fields} sig=${key.signature(fields).toString('hex')} -->`
    expect(readMarker(resigned, key, place)).toBeUndefined()
  })

  it('rejects a marker whose state, unsure create, kind or origin was dropped, added or changed after signing', () => {
    const working = formatMarker({ ...marker, state: 'working' }, key)
    expect(readMarker(working.replace(' state=working', ''), key, place)).toBeUndefined()
    expect(readMarker(signed.replace(' sig=', ' kind=docs-pr sig='), key, place)).toBeUndefined()
    const unsure = formatMarker({ ...place, ...step, unsureCreate: 2 }, key)
    expect(readMarker(unsure.replace(' unsure-create=2', ''), key, place)).toBeUndefined()
    expect(readMarker(unsure.replace('unsure-create=2', 'unsure-create=1'), key, place)).toBeUndefined()
    const docs = formatMarker({ ...marker, kind: 'docs-pr', origin: 'https://github.com/acme/app/issues/4' }, key)
    expect(readMarker(docs.replace('issues%2F4', 'issues%2F5'), key, place)).toBeUndefined()
  })

  it('rejects a marker whose reviewers, labels, trigger phrase or requester were changed after signing', () => {
    const decided = formatMarker(
      { ...marker, requester: 'rita', phrase: '/docs', reviewers: ['rita'], labels: ['docs'] },
      key
    )
    expect(readMarker(decided, key, place)).toBeDefined()
    for (const [from, to] of [
      ['reviewers=rita', 'reviewers=rita,mallory'],
      ['reviewers=rita', 'reviewers=mallory'],
      ['reviewers=rita', 'reviewers='],
      ['labels=docs', 'labels=docs,release'],
      ['phrase=%2Fdocs', 'phrase=%2Fgo'],
      ['by=rita', 'by=mallory'],
      [' by=rita', '']
    ] as const) {
      expect(readMarker(decided.replace(from, to), key, place)).toBeUndefined()
    }
  })

  it('reads back a merge signed companion-merge=auto, and rejects one added or dropped after signing', () => {
    const head = 'c'.repeat(40)
    const landing = formatMarker({ ...marker, companion: { head, landing: 'auto' } }, key)
    expect(readMarker(landing, key, place)?.companion).toEqual({ head, landing: 'auto' })
    expect(readMarker(landing.replace(' companion-merge=auto', ''), key, place)).toBeUndefined()
    const plain = formatMarker({ ...marker, companion: { head } }, key)
    expect(readMarker(plain.replace(head, `${head} companion-merge=auto`), key, place)).toBeUndefined()
  })

  it('reads back the pull request a follow-up found, and rejects one changed or dropped after signing', () => {
    const earlierPrLink = 'https://github.com/acme/docs/pull/7'
    const followUp = formatMarker({ ...marker, state: 'working', earlierPrLink }, key)
    expect(followUp).toContain(' earlier-pr=https%3A%2F%2Fgithub.com%2Facme%2Fdocs%2Fpull%2F7 ')
    expect(readMarker(followUp, key, place)?.earlierPrLink).toBe(earlierPrLink)
    expect(readMarker(followUp.replace('pull%2F7', 'pull%2F8'), key, place)).toBeUndefined()
    expect(readMarker(followUp.replace(/ earlier-pr=\S+/, ''), key, place)).toBeUndefined()
  })

  it("reads back a digest's range and pull requests, and rejects one changed after signing", () => {
    const digest = { from: 1_761_955_200_000, to: 1_762_041_600_000, pulls: [12, 15, 9], branch: 'release/2.x' }
    const written = formatMarker({ ...marker, digest }, key)
    expect(written).toContain(
      ' digest-from=1761955200000 digest-to=1762041600000 digest-prs=12,15,9 digest-branch=release%2F2.x sig='
    )
    expect(readMarker(written, key, place)?.digest).toEqual(digest)
    for (const [from, to] of [
      ['digest-prs=12,15,9', 'digest-prs=12,15'],
      ['digest-to=1762041600000', 'digest-to=1762041700000'],
      ['digest-from=1761955200000', 'digest-from=1761955100000'],
      ['digest-branch=release%2F2.x', 'digest-branch=main']
    ] as const) {
      expect(readMarker(written.replace(from, to), key, place)).toBeUndefined()
    }
    const done = formatMarker({ ...marker, digest: { ...digest, done: true } }, key)
    expect(done).toContain(' digest-branch=release%2F2.x digest-done=1 sig=')
    expect(readMarker(done, key, place)?.digest).toEqual({ ...digest, done: true })
    // Nobody can sign a failed digest done, nor take done away from a covered one.
    expect(readMarker(written.replace(' sig=', ' digest-done=1 sig='), key, place)).toBeUndefined()
    expect(readMarker(done.replace(' digest-done=1', ''), key, place)).toBeUndefined()
  })

  it("reads back the commit a digest's range ends at, and refuses to write one that is not a SHA", () => {
    const head = 'a'.repeat(40)
    const digest = { from: 1, to: 2, pulls: [12], branch: 'main', head, done: true as const }
    const written = formatMarker({ ...marker, digest }, key)
    expect(written).toContain(` digest-branch=main digest-head=${head} digest-done=1 sig=`)
    expect(readMarker(written, key, place)?.digest).toEqual(digest)
    expect(readMarker(written.replace(head, 'b'.repeat(40)), key, place)).toBeUndefined()
    expect(() => formatMarker({ ...marker, digest: { ...digest, head: 'main' } }, key)).toThrow(
      'the digest head "main" is not a commit SHA'
    )
  })

  it("reads back the digest thread's mark only on the issue whose number it signs", () => {
    const written = formatMarker({ ...marker, kind: 'digest-thread' }, key)
    expect(readMarker(written, key, place)?.kind).toBe('digest-thread')
    expect(readMarker(written, key, { ...place, threadNumber: place.threadNumber + 1 })).toBeUndefined()
  })

  it('rejects a marker signed with another key, such as one rotated since', () => {
    expect(readMarker(formatMarker(marker, markerKey('mint_rotated_key', PROJECT)), key, place)).toBeUndefined()
  })

  it("rejects a marker of another docs project signed with the same API key, as a wrong project-id's", () => {
    expect(readMarker(formatMarker(marker, markerKey(API_KEY, 'proj_other')), key, place)).toBeUndefined()
  })

  it('rejects a genuine marker copied to another thread or repository', () => {
    expect(readMarker(signed, key, { ...place, threadNumber: 43 })).toBeUndefined()
    expect(readMarker(signed, key, { ...place, repository: 'acme/other' })).toBeUndefined()
  })

  it('reads a marker that names its comment only in that comment', () => {
    const bound = formatMarker({ ...marker, commentId: 7 }, key)
    expect(readMarker(bound, key, { ...place, commentId: 7 })).toEqual({ ...marker, commentId: 7 })
    expect(readMarker(bound, key, { ...place, commentId: 8 })).toBeUndefined()
    expect(readMarker(bound, key, place)).toBeUndefined()
    // A marker not yet edited to name its comment reads anywhere on its thread.
    expect(readMarker(signed, key, { ...place, commentId: 8 })).toEqual(marker)
  })

  it('ignores a marker anywhere but the start of the body', () => {
    expect(readMarker(`Look at this: ${signed}`, key, place)).toBeUndefined()
    expect(readMarker(`> ${signed}`, key, place)).toBeUndefined()
    expect(readMarker(`\n${signed}`, key, place)).toBeUndefined()
  })

  it('rejects the unsigned markers of earlier versions', () => {
    expect(readMarker('<!-- docs-agent-action run=1001 job=abc trigger=456 -->', key, place)).toBeUndefined()
  })

  it('rejects numbers past the safe range', () => {
    const fields = 'repo=acme%2Fdocs thread=42 run=1001 workflow-job=docs step=__run trigger=9999999999999999'
    const resigned = `<!-- docs-agent-action ${fields} sig=${key.signature(fields).toString('hex')} -->`
    expect(readMarker(resigned, key, place)).toBeUndefined()
  })
})

describe('isWrittenBy', () => {
  it('is the same step of the same run, whatever the attempt', () => {
    expect(isWrittenBy(marker, step)).toBe(true)
    expect(isWrittenBy(marker, { ...step, runId: '1002' })).toBe(false)
    expect(isWrittenBy(marker, { ...step, workflowJob: 'lint' })).toBe(false)
    expect(isWrittenBy(marker, { ...step, step: '__run_2' })).toBe(false)
  })
})

describe('isProgressComment', () => {
  it('recognises anything that starts like a marker, signed or not, so that it never triggers', () => {
    expect(isProgressComment(`${signed}\nDone: https://github.com/acme/docs/pull/9`)).toBe(true)
    expect(isProgressComment('<!-- docs-agent-action run=1 job=j -->\n/docs do it')).toBe(true)
    expect(isProgressComment('<!-- docs-agent-action garbage\n/docs do it')).toBe(true)
    expect(isProgressComment('/docs add a page <!-- docs-agent-action run=1 -->')).toBe(false)
    expect(isProgressComment('')).toBe(false)
  })
})
