// The service's words reach the comment and the summary, where the runner does not mask: the key
// must leave them in every form a service might echo it in.
import { redactKey } from '../src/agent/redact.js'

const KEY = 'mint_Ab9_secret'

describe('redactKey', () => {
  it.each([
    ['as it is', KEY],
    ['in another letter case', KEY.toUpperCase()],
    ['fully percent-encoded', [...KEY].map((c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`).join('')],
    ['partly percent-encoded, as a form body writes "_"', KEY.replace(/_/g, '%5f')],
    ['in hex', Buffer.from(KEY).toString('hex').toUpperCase()],
    ['in base64 inside an Authorization header', Buffer.from(`Bearer ${KEY}`).toString('base64')],
    ['in URL-safe base64 at another offset', Buffer.from(`x${KEY}`).toString('base64url')]
  ])('takes the key out %s', (_how, form) => {
    const redacted = redactKey(`refused: ${form} is revoked`, KEY)
    expect(redacted).toMatch(/^refused: .*\*\*\*.* is revoked$/)
    expect(redacted).not.toContain(form)
  })

  it.each([
    ['a zero-width space', '\u200b'],
    ['a word joiner and a soft hyphen', '\u2060\u00ad'],
    ['bidi controls', '\u202e\u2066'],
    ['tag characters', '\u{E0041}']
  ])('takes the key out with %s between its characters, which a reader does not see', (_what, invisible) => {
    const hidden = [...KEY].join(invisible)
    expect(redactKey(`status: active-${hidden}.`, KEY)).toBe('status: active-***.')
  })

  it.each([
    ['at the end, as a service that cut its own text leaves it', `refused: ${KEY.slice(0, 8)}`],
    ['before an ellipsis', `refused: ${KEY.slice(0, 12)}… is revoked`],
    ['in another letter case', `refused: ${KEY.slice(0, 10).toUpperCase()}`]
  ])('takes out a beginning of the key of 8 characters or more %s', (_where, text) => {
    const redacted = redactKey(text, KEY)
    expect(redacted).toMatch(/^refused: \*\*\*/)
    expect(redacted.toLowerCase()).not.toContain(KEY.slice(0, 8).toLowerCase())
  })

  it('leaves a beginning of the key shorter than 8 characters, which ordinary text may hold', () => {
    expect(redactKey(`the prefix ${KEY.slice(0, 7)} names the vendor`, KEY)).toBe(
      `the prefix ${KEY.slice(0, 7)} names the vendor`
    )
  })

  it('masks a key of thousands of characters, which a pattern nesting a group per character could not even compile', () => {
    const long = `mint_${'k'.repeat(5000)}`
    expect(redactKey(`bad key ${long}, twice: ${long.slice(0, 3000)}`, long)).toBe('bad key ***, twice: ***')
  })

  it('leaves text without the key alone', () => {
    expect(redactKey('refused: mint_other is revoked (100%)', KEY)).toBe('refused: mint_other is revoked (100%)')
  })
})
