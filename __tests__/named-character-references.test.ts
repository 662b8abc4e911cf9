// The bundle reads HTML's named character references through src/vendor/named-character-references.ts
// in place of decode-named-character-reference (tsconfig.bundle.json): micromark and the key's
// redaction must find the same names, standing for the same characters, as the package does.
import { characterEntities } from 'character-entities'
import { decodeNamedCharacterReference as fromPackage } from 'decode-named-character-reference'
import { decodeNamedCharacterReference } from '../src/vendor/named-character-references.js'

const NAMES = Object.keys(characterEntities)

describe('decodeNamedCharacterReference', () => {
  it("decodes every one of HTML's 2,125 named references as the package does", () => {
    expect(NAMES).toHaveLength(2125)
    const decoded = Object.fromEntries(NAMES.map((name) => [name, decodeNamedCharacterReference(name)]))
    expect(decoded).toEqual(characterEntities)
  })

  it('finds no name the package does not: near misses, other letter cases, numeric references, names of Object.prototype', () => {
    const candidates = [
      ...NAMES.flatMap((name) => [name.slice(0, -1), `${name}x`, name.toUpperCase(), name.toLowerCase()]),
      ...['', '#123', '#x26', 'amp;', '&amp', ' amp', 'fj', 'fjli', '__proto__', 'constructor', 'hasOwnProperty']
    ]
    const answers = (decode: (name: string) => string | false) => candidates.map((name) => [name, decode(name)])
    expect(answers(decodeNamedCharacterReference)).toEqual(answers(fromPackage))
    expect(decodeNamedCharacterReference('__proto__')).toBe(false)
  })
})
