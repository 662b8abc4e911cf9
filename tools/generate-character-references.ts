// Writes src/vendor/named-character-references.generated.ts: HTML's named character references, from
// the package character-entities, in the compact form src/vendor/named-character-references.ts reads
// (that module says the form and why). Not committed; tools/generate.ts runs this.
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { characterEntities } from 'character-entities'

const GENERATED_PATH = fileURLToPath(new URL('../src/vendor/named-character-references.generated.ts', import.meta.url))
/** The most characters one base-36 digit can say a name shares with the one before it. */
const MOST_SHARED = 35

/** The names by first letter, each letter's run as named-character-references.ts reads it, joined by `-`. */
function encode(table: Record<string, string>): string {
  const byInitial = new Map<string, string[]>()
  for (const name of Object.keys(table).sort()) byInitial.set(name[0]!, [...(byInitial.get(name[0]!) ?? []), name])
  return [...byInitial.values()].map((names) => encodeRun(names, table)).join('-')
}

function encodeRun(names: string[], table: Record<string, string>): string {
  let previous = ''
  return names
    .map((name) => {
      let shared = 0
      while (shared < MOST_SHARED && shared < previous.length && name[shared] === previous[shared]) shared++
      previous = name
      return shared.toString(36) + name.slice(shared) + encodeValue(name, table[name]!)
    })
    .join('')
}

function encodeValue(name: string, value: string): string {
  const points = [...value]
  if (!/^[A-Za-z][A-Za-z0-9]*$/.test(name))
    throw new Error(`The name ${JSON.stringify(name)} is not letters and digits.`)
  if (points.length === 2 && !value.includes('-')) return `~${value}`
  if (points.length === 1 && !/[A-Za-z0-9~-]/.test(value)) return value
  throw new Error(`The value of ${name}, ${JSON.stringify(value)}, does not fit the compact form.`)
}

const text = [
  '// Generated from the package character-entities by tools/generate-character-references.ts, and not',
  '// committed. The form is described in named-character-references.ts.',
  `export const ENCODED_REFERENCES = ${JSON.stringify(encode(characterEntities))}`,
  ''
].join('\n')
// Written only when it differs, so that a build touches nothing it need not.
if (!existsSync(GENERATED_PATH) || readFileSync(GENERATED_PATH, 'utf8') !== text) writeFileSync(GENERATED_PATH, text)
