// Stands in for decode-named-character-reference in the bundle (tsconfig.bundle.json), for micromark
// and src/agent/redact.ts: the same function over the same table, HTML's named character references
// (package character-entities). The package holds the table as an object literal of 2,125
// properties, 28.7 kB of the minified bundle, built on every start; this module holds it as one
// string of 16 kB (tools/generate-character-references.ts writes it), and reads only the names that
// begin with the letter looked up, the first time one is: most runs look up none.
import { ENCODED_REFERENCES } from './named-character-references.generated.js'

/** The names not read yet, by their first letter. */
let unread: Map<string, string> | undefined
const table = new Map<string, string>()

/** The characters the named reference `value` (without `&` and `;`) stands for, or false for no such name. */
export function decodeNamedCharacterReference(value: string): string | false {
  unread ??= new Map(ENCODED_REFERENCES.split('-').map((names) => [names.charAt(1), names]))
  const initial = value.charAt(0)
  const names = unread.get(initial)
  if (names !== undefined) {
    unread.delete(initial)
    read(names)
  }
  return table.get(value) ?? false
}

/**
 * `names`: the names that begin with one letter, in sorted order, each written as how many
 * characters it shares with the name before it (one base-36 digit), the rest of its letters and
 * digits, then what it stands for: one code point (never a letter, a digit, `~` or `-`), or `~` and
 * two code points. The letters' runs are joined by `-`.
 */
function read(names: string): void {
  let name = ''
  for (const [, shared, rest, pair, single] of names.matchAll(/([0-9a-z])([A-Za-z0-9]*)(?:~(..)|(.))/gsu)) {
    name = name.slice(0, parseInt(shared!, 36)) + rest!
    table.set(name, pair ?? single!)
  }
}
