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

  it('leaves text without the key alone', () => {
    expect(redactKey('refused: mint_other is revoked (100%)', KEY)).toBe('refused: mint_other is revoked (100%)')
  })
})
