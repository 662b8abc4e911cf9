// Keeps README.md's inputs and outputs tables in step with action.yml, so the docs cannot drift.
//   npx tsx tools/check-docs.ts           fails, naming each difference
//   npx tsx tools/check-docs.ts --write   rewrites both tables from action.yml
// The tables sit between <!-- inputs:start --> / <!-- inputs:end --> and
// <!-- outputs:start --> / <!-- outputs:end -->. Inputs: | Input | Default | Description |, names
// and defaults in backticks, '' for an empty default, `required` for a required input.
// Outputs: | Output | Description |.
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { compareExamples, embeddedExamples, writeExamples } from './readme-examples.js'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { messageOf } from '../src/error-message.js'
import { type ActionInput, type ActionMetadata, type ActionOutput, parseActionMetadata } from './action-metadata.js'

type Section = 'inputs' | 'outputs'

const HEADERS: Record<Section, string[]> = {
  inputs: ['Input', 'Default', 'Description'],
  outputs: ['Output', 'Description']
}

const WRITE_HINT = 'run `npx tsx tools/check-docs.ts --write` to regenerate the tables and examples'

/** The Default cell README.md must show for an input. */
export function defaultCell(input: ActionInput): string {
  if (input.required) return 'required'
  return input.default === '' ? "`''`" : `\`${input.default}\``
}

function markers(section: Section): { start: string; end: string } {
  return { start: `<!-- ${section}:start -->`, end: `<!-- ${section}:end -->` }
}

/** The text between a section's markers, or an error naming the missing marker. */
function sectionBounds(readme: string, section: Section): { from: number; to: number } | string {
  const { start, end } = markers(section)
  const from = readme.indexOf(start)
  const to = readme.indexOf(end)
  if (from === -1 || to === -1 || to < from) {
    return `README.md has no ${start} ... ${end} block; put the ${section} table between those markers.`
  }
  return { from: from + start.length, to }
}

function splitRow(line: string): string[] {
  const body = line.trim().replace(/^\|/, '').replace(/\|$/, '')
  return body.split(/(?<!\\)\|/).map((cell) => cell.trim().replace(/\\\|/g, '|'))
}

function stripBackticks(cell: string): string {
  const match = /^`+\s?(.*?)\s?`+$/.exec(cell)
  return match ? (match[1] ?? '') : cell
}

/** Rows of a section's table as cells, or the errors that stop it being read. */
function readTable(readme: string, section: Section): { rows: string[][] } | { errors: string[] } {
  const bounds = sectionBounds(readme, section)
  if (typeof bounds === 'string') return { errors: [bounds] }
  const lines = readme
    .slice(bounds.from, bounds.to)
    .split('\n')
    .filter((line) => line.trim().startsWith('|'))
  const [header, separator, ...rows] = lines.map(splitRow)
  const expected = HEADERS[section]
  if (!header || header.join('|') !== expected.join('|') || !separator) {
    const want = `| ${expected.join(' | ')} |`
    return { errors: [`README.md's ${section} table must start with the header ${want}; ${WRITE_HINT}.`] }
  }
  return { rows }
}

function compareNames(section: Section, documented: string[], declared: string[]): string[] {
  const errors: string[] = []
  const seen = new Set<string>()
  for (const name of documented) {
    if (seen.has(name)) errors.push(`README.md's ${section} table lists \`${name}\` twice.`)
    seen.add(name)
    if (!declared.includes(name)) {
      errors.push(`README.md's ${section} table documents \`${name}\`, which action.yml does not declare.`)
    }
  }
  for (const name of declared) {
    if (!seen.has(name)) {
      errors.push(`README.md's ${section} table is missing \`${name}\`, which action.yml declares.`)
    }
  }
  return errors
}

/** Every difference between README.md's tables and action.yml, as messages naming the input or output. */
export function compareDocs(action: ActionMetadata, readme: string): string[] {
  const errors: string[] = []

  const inputTable = readTable(readme, 'inputs')
  if ('errors' in inputTable) {
    errors.push(...inputTable.errors)
  } else {
    const rows = inputTable.rows.map(([name = '', shownDefault = '']) => ({
      name: stripBackticks(name),
      shownDefault
    }))
    const declared = action.inputs.map((input) => input.name)
    errors.push(
      ...compareNames(
        'inputs',
        rows.map((row) => row.name),
        declared
      )
    )
    for (const input of action.inputs) {
      const row = rows.find((candidate) => candidate.name === input.name)
      const expected = defaultCell(input)
      const shown = row?.shownDefault
      if (shown !== undefined && shown !== expected && !(input.required && shown === '`required`')) {
        errors.push(
          `README.md gives input \`${input.name}\` the default ${shown || '(empty)'}; action.yml says ${expected}.`
        )
      }
    }
  }

  const outputTable = readTable(readme, 'outputs')
  if ('errors' in outputTable) {
    errors.push(...outputTable.errors)
  } else {
    const documented = outputTable.rows.map(([name = '']) => stripBackticks(name))
    const declared = action.outputs.map((output) => output.name)
    errors.push(...compareNames('outputs', documented, declared))
  }
  return errors
}

function tableCell(text: string): string {
  return text
    .replace(/\s*\n\s*/g, ' ')
    .replace(/\|/g, '\\|')
    .trim()
}

export function renderInputsTable(inputs: ActionInput[]): string {
  const rows = inputs.map((input) => `| \`${input.name}\` | ${defaultCell(input)} | ${tableCell(input.description)} |`)
  return [`| ${HEADERS.inputs.join(' | ')} |`, '| --- | --- | --- |', ...rows].join('\n')
}

export function renderOutputsTable(outputs: ActionOutput[]): string {
  const rows = outputs.map((output) => `| \`${output.name}\` | ${tableCell(output.description)} |`)
  return [`| ${HEADERS.outputs.join(' | ')} |`, '| --- | --- |', ...rows].join('\n')
}

/** README.md with both tables regenerated from action.yml; throws when a marker pair is missing. */
export function writeTables(action: ActionMetadata, readme: string): string {
  const tables: Record<Section, string> = {
    inputs: renderInputsTable(action.inputs),
    outputs: renderOutputsTable(action.outputs)
  }
  let updated = readme
  for (const section of ['inputs', 'outputs'] as const) {
    const bounds = sectionBounds(updated, section)
    if (typeof bounds === 'string') throw new Error(bounds)
    updated = `${updated.slice(0, bounds.from)}\n${tables[section]}\n${updated.slice(bounds.to)}`
  }
  return updated
}

function main(args: string[]): number {
  const unknown = args.filter((arg) => arg !== '--write')
  if (unknown.length > 0) {
    console.error(`Unknown argument ${unknown.join(' ')}. Usage: npx tsx tools/check-docs.ts [--write]`)
    return 2
  }
  const root = fileURLToPath(new URL('..', import.meta.url))
  const readmePath = join(root, 'README.md')
  if (!existsSync(readmePath)) {
    console.error(
      `README.md not found at ${readmePath}: the inputs and outputs tables cannot be checked ` +
        'against action.yml. Write README.md with the tables between the inputs/outputs markers.'
    )
    return 1
  }
  const action = parseActionMetadata(readFileSync(join(root, 'action.yml'), 'utf8'))
  const readme = readFileSync(readmePath, 'utf8')
  const readExample = (path: string): string | undefined =>
    existsSync(join(root, path)) ? readFileSync(join(root, path), 'utf8') : undefined

  if (args.includes('--write')) {
    try {
      writeFileSync(readmePath, writeExamples(writeTables(action, readme), readExample))
    } catch (error) {
      console.error(messageOf(error))
      return 1
    }
    console.log('README.md inputs and outputs tables rewritten from action.yml, examples from examples/.')
    return 0
  }

  const errors = [...compareDocs(action, readme), ...compareExamples(readme, readExample)]
  if (errors.length > 0) {
    for (const error of errors) console.error(error)
    console.error(`README.md does not match action.yml and examples/ (${errors.length} differences); ${WRITE_HINT}.`)
    return 1
  }
  console.log(
    `README.md documents all ${action.inputs.length} inputs and ${action.outputs.length} outputs of action.yml, ` +
      `and its ${embeddedExamples(readme).length} example workflows match examples/.`
  )
  return 0
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = main(process.argv.slice(2))
}
