// The service's words reach the comment and the summary, where the runner does not mask: the key
// must leave them in every form a service might echo it in.
import { redactKey } from '../src/agent/redact.js'

const KEY = 'mint_Ab9_secret'

/** RFC 4648 base32, written out bit by bit as the test's own reference. */
function base32(text: string): string {
  const bits = [...Buffer.from(text)].map((byte) => byte.toString(2).padStart(8, '0')).join('')
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'
  return (bits.match(/.{1,5}/g) ?? []).map((group) => alphabet[parseInt(group.padEnd(5, '0'), 2)]).join('')
}

describe('redactKey', () => {
  it.each([
    ['as it is', KEY],
    ['in another letter case', KEY.toUpperCase()],
    ['fully percent-encoded', [...KEY].map((c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`).join('')],
    ['partly percent-encoded, as a form body writes "_"', KEY.replace(/_/g, '%5f')],
    ['in hex', Buffer.from(KEY).toString('hex').toUpperCase()],
    ['in base64 inside an Authorization header', Buffer.from(`Bearer ${KEY}`).toString('base64')],
    ['in URL-safe base64 at another offset', Buffer.from(`x${KEY}`).toString('base64url')],
    ['as decimal HTML character references', [...KEY].map((c) => `&#${c.charCodeAt(0)};`).join('')],
    ['as hex HTML character references', [...KEY].map((c) => `&#x${c.charCodeAt(0).toString(16)};`).join('')],
    ['with named HTML character references', KEY.replace(/_/g, '&lowbar;')],
    ...[0, 1, 2, 3, 4].map((offset) => [
      `in base32 at offset ${offset}`,
      base32(`${'x'.repeat(offset)}${KEY} and more`)
    ]),
    ['in lower-case base32', base32(`Bearer ${KEY}`).toLowerCase()],
    ['with hyphens between its characters', [...KEY].join('-')],
    ['with dots and slashes between its characters', [...KEY].join('./')],
    ['reversed', [...KEY].reverse().join('')]
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

// The settings step redacts the log with whatever was given as the key, even a value it then refuses.
describe('redactKey with a value too short to be a key', () => {
  it('masks it only as it is written: in another case, spread over words or encoded it is ordinary text', () => {
    expect(redactKey('on: "on", ON, to not, %6fn', 'on')).toBe('***: "***", ON, to not, %6fn')
  })

  it('leaves its hex and base64 forms, a few characters any number or word may hold', () => {
    expect(redactKey('see PR #6162 and YWI=', 'ab')).toBe('see PR #6162 and YWI=')
  })
})

describe('redactKey with a key of 8 characters or more', () => {
  it('masks any 8 of its characters in a row: 8 of a 10-character key leave 2 to guess', () => {
    expect(redactKey('key QWERTY12 is not valid', 'qwerty1234')).toBe('key *** is not valid')
  })

  it('masks them whatever they spell: its runs of letters cannot be told from ordinary words', () => {
    expect(redactKey('Waaaaaaaaah, the key was refused', 'a'.repeat(20))).toBe('W***h, the key was refused')
  })
})

describe('redactKey with a key as the vendor issues them', () => {
  const BASE62 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'
  // Random-looking but the same on every run, so that a failure can be run again.
  const randomKey = (length: number): string => {
    let state = length
    const next = () => {
      state ^= state << 13
      state ^= state >>> 17
      state ^= state << 5
      return (state >>> 0) / 2 ** 32
    }
    return `mint_sk_live_${Array.from({ length }, () => BASE62[Math.floor(next() * BASE62.length)]).join('')}`
  }
  const key = randomKey(32)
  const tail = key.slice(-8)

  it.each([
    ['its last 8 characters, as "ending in"', `the key ending in ${tail} was revoked`, tail],
    ['8 characters from its middle', `rejected token …${key.slice(15, 23)}… (cut)`, key.slice(15, 23)],
    ['its end from the middle on, as a service that cut its start leaves it', `bad: …${key.slice(20)}`, key.slice(20)]
  ])('takes out %s', (_what, text, fragment) => {
    const redacted = redactKey(text, key)
    expect(redacted).toContain('***')
    expect(redacted).not.toContain(fragment)
  })

  it.each([
    ['a space', ' '],
    ['a line break, as a wrapped error message has it', '\n'],
    ['a line break and an indent', '\r\n    ']
  ])('takes out the key with %s inside it', (_what, gap) => {
    const wrapped = `${key.slice(0, 20)}${gap}${key.slice(20)}`
    expect(redactKey(`refused: ${wrapped} is revoked`, key)).toBe('refused: *** is revoked')
  })

  it('takes out a middle piece with invisible characters and a line break between its characters', () => {
    const piece = [...key.slice(14, 26)].join('\u200b').replace('\u200b', '\n')
    expect(redactKey(`echo: ${piece}.`, key)).toBe('echo: ***.')
  })

  it('leaves 7 characters of its middle, which ordinary text may hold', () => {
    // Between characters no key holds, so that only the 7 could match.
    expect(redactKey(`id (${key.slice(16, 23)}) ok`, key)).toBe(`id (${key.slice(16, 23)}) ok`)
  })

  it('masks pieces of a 5,000-character key in text of that size', () => {
    const long = randomKey(5000)
    const text = `head ${long.slice(100, 3100)} middle ${long.slice(4000)} end ${long}`
    expect(redactKey(text, long)).toBe('head *** middle *** end ***')
  })

  it('masks the hex form of a key as long as a pasted file, too long for a regular expression', () => {
    const pasted = randomKey(17_000)
    const hex = Buffer.from(pasted).toString('hex')
    expect(redactKey(`lower ${hex} upper ${hex.toUpperCase()} end`, pasted)).toBe('lower *** upper *** end')
  })
})

describe('redactKey over an answer body of the largest size the client reads (1 MiB)', () => {
  // The time it takes is measured, not asserted here (a busy runner would fail a clock); what a
  // reader sees is: every piece masked wherever it stands, and every other character left as it was.
  const prose = 'The agent wrote pages about webhooks, 100% of the API; see https://example.com/a?x=%20y.\n'
  const half = prose.repeat(Math.ceil(2 ** 19 / prose.length))

  it('masks the key at its start, middle and end, encoded or wrapped, and keeps the rest as it is', () => {
    const key = `mint_${'Zq7x'.repeat(11)}`
    const encoded = [...key.slice(0, 12)].map((c) => `%${c.charCodeAt(0).toString(16)}`).join('')
    const wrapped = `${key.slice(20, 30)}\n  ${key.slice(30)}`
    const text = `${encoded} ${half}${key.toUpperCase()}${half}${wrapped}`
    expect(redactKey(text, key)).toBe(`*** ${half}***${half}***`)
  })
})

describe('redactKey and percent escapes that are not UTF-8', () => {
  it('still reads the escaped characters of the key next to them', () => {
    const escaped = [...KEY].map((c) => `%${c.charCodeAt(0).toString(16)}`).join('')
    expect(redactKey(`token=${escaped}%ff&x=1`, KEY)).toBe('token=***%ff&x=1')
  })
})
