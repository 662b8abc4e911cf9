// action.yml as data: the inputs and outputs it declares, for the tools that must agree with it
// (the documentation check, the generated input defaults, the bundle runner of the tests).
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { parse } from 'yaml'

export interface ActionInput {
  name: string
  description: string
  required: boolean
  default: string
}

export interface ActionOutput {
  name: string
  description: string
}

export interface ActionMetadata {
  inputs: ActionInput[]
  outputs: ActionOutput[]
}

export function parseActionMetadata(actionYaml: string): ActionMetadata {
  const document = parse(actionYaml) as {
    inputs?: Record<string, { description?: unknown; required?: unknown; default?: unknown }>
    outputs?: Record<string, { description?: unknown }>
  }
  const inputs = Object.entries(document.inputs ?? {}).map(([name, input]) => ({
    name,
    description: scalarText(input?.description),
    required: input?.required === true || input?.required === 'true',
    default: scalarText(input?.default)
  }))
  const outputs = Object.entries(document.outputs ?? {}).map(([name, output]) => ({
    name,
    description: scalarText(output?.description)
  }))
  return { inputs, outputs }
}

/** The repository's own action.yml. */
export function readActionMetadata(): ActionMetadata {
  return parseActionMetadata(readFileSync(fileURLToPath(new URL('../action.yml', import.meta.url)), 'utf8'))
}

/**
 * Whether a default is an expression the runner evaluates (`${{ github.token }}`) rather than a
 * value it passes as written: only a runner can know what it stands for.
 */
export function isExpression(value: string): boolean {
  return value.includes('${{')
}

/** A YAML scalar as the runner passes it: text, a number or a boolean as written; nothing as ''. */
function scalarText(value: unknown): string {
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? String(value) : ''
}
