// Writes src/settings/action-inputs.generated.ts from action.yml: the input names, and the defaults the
// settings parser gives an input left empty. action.yml stays the one place they are written; the
// module is built from it and never committed; tools/generate.ts runs this.
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { type ActionInput, isExpression, readActionMetadata } from './action-metadata.js'

const GENERATED_PATH = fileURLToPath(new URL('../src/settings/action-inputs.generated.ts', import.meta.url))

function inputsModule(inputs: ActionInput[]): string {
  const defaults = inputs.filter((input) => !input.required && !isExpression(input.default))
  return [
    '// Generated from action.yml by tools/generate-inputs.ts, and not committed: edit action.yml.',
    '',
    '/** Every input action.yml declares. */',
    'export type InputName =',
    ...inputs.map((input) => `  | ${JSON.stringify(input.name)}`),
    '',
    '/**',
    " * action.yml's default for each optional input, as written there. An expression (github-token's",
    ' * `${{ github.token }}`) is left out: only the runner can evaluate it.',
    ' */',
    'export const INPUT_DEFAULTS = {',
    ...defaults.map((input) => `  ${JSON.stringify(input.name)}: ${JSON.stringify(input.default)},`),
    '} as const satisfies Partial<Record<InputName, string>>',
    ''
  ].join('\n')
}

// action.yml's own mistake (a description with ': ' in it, say) is said in one line, where it is,
// rather than as a stack trace of the YAML parser.
let metadata: ReturnType<typeof readActionMetadata>
try {
  metadata = readActionMetadata()
} catch (error) {
  console.error(`action.yml could not be read: ${error instanceof Error ? error.message : String(error)}`)
  console.error('Quote a value that holds ": " or "#", e.g. description: "a: b".')
  process.exit(1)
}
// Written only when it differs, so that an unchanged action.yml touches nothing.
const text = inputsModule(metadata.inputs)
if (!existsSync(GENERATED_PATH) || readFileSync(GENERATED_PATH, 'utf8') !== text) writeFileSync(GENERATED_PATH, text)
