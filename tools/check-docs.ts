// Keeps the documentation in step with the code it describes, so that it cannot drift:
// - docs/reference.md's inputs and outputs tables match action.yml;
// - every workflow a page shows under an `<!-- example: PATH -->` line is a copy of that file;
// - every relative link of a page names a file that exists, and a heading that page has;
// - README.md and docs/ stay within their size budget (tools/doc-budget.ts).
// The pages are README.md, SECURITY.md and docs/**/*.md (tools/doc-files.ts).
//   npx tsx tools/check-docs.ts           fails, naming each difference
//   npx tsx tools/check-docs.ts --write   rewrites the tables from action.yml and the examples from examples/
// The tables sit between <!-- inputs:start --> / <!-- inputs:end --> and
// <!-- outputs:start --> / <!-- outputs:end -->. Inputs: | Input | Default | Description |, names
// and defaults in backticks, '' for an empty default, `required` for a required input.
// Outputs: | Output | Description |. An optional second inputs table, between
// <!-- advanced-inputs:start --> / <!-- advanced-inputs:end -->, holds the inputs rarely worth
// setting: together the two tables list every input once, and --write keeps each input in the
// table it is in (a new input goes to the first).
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { messageOf } from '../src/base/error-message.js'
import { type ActionInput, type ActionMetadata, type ActionOutput, parseActionMetadata } from './action-metadata.js'
import { documentationPages } from './doc-files.js'
import { budgetErrors } from './doc-budget.js'
import { brokenLinks } from './doc-links.js'
import { compareExamples, embeddedExamples, writeExamples } from './readme-examples.js'

/** The page that holds the inputs and outputs tables. */
export const REFERENCE_PAGE = 'docs/reference.md'

type Section = 'inputs' | 'advanced-inputs' | 'outputs'

const INPUT_HEADER = ['Input', 'Default', 'Description']

const HEADERS: Record<Section, string[]> = {
  inputs: INPUT_HEADER,
  'advanced-inputs': INPUT_HEADER,
  outputs: ['Output', 'Description']
}

const WRITE_HINT = 'run `npx tsx tools/check-docs.ts --write` to regenerate the tables and examples'

/** The Default cell the reference page must show for an input. */
export function defaultCell(input: ActionInput): string {
  if (input.required) return 'required'
  return input.default === '' ? "`''`" : `\`${input.default}\``
}

function markers(section: Section): { start: string; end: string } {
  return { start: `<!-- ${section}:start -->`, end: `<!-- ${section}:end -->` }
}

/** The text between a section's markers, or an error naming the missing marker. */
function sectionBounds(page: string, section: Section): { from: number; to: number } | string {
  const { start, end } = markers(section)
  const from = page.indexOf(start)
  const to = page.indexOf(end)
  if (from === -1 || to === -1 || to < from) {
    return `${REFERENCE_PAGE} has no ${start} ... ${end} block; put the ${section} table between those markers.`
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
function readTable(page: string, section: Section): { rows: string[][] } | { errors: string[] } {
  const bounds = sectionBounds(page, section)
  if (typeof bounds === 'string') return { errors: [bounds] }
  const lines = page
    .slice(bounds.from, bounds.to)
    .split('\n')
    .filter((line) => line.trim().startsWith('|'))
  const [header, separator, ...rows] = lines.map(splitRow)
  const expected = HEADERS[section]
  if (!header || header.join('|') !== expected.join('|') || !separator) {
    const want = `| ${expected.join(' | ')} |`
    return { errors: [`${REFERENCE_PAGE}'s ${section} table must start with the header ${want}; ${WRITE_HINT}.`] }
  }
  return { rows }
}

/** The optional advanced inputs table's rows: none when the page has no such block. */
function advancedRows(page: string): { rows: string[][] } | { errors: string[] } {
  const { start } = markers('advanced-inputs')
  return page.includes(start) ? readTable(page, 'advanced-inputs') : { rows: [] }
}

/** The rows of both inputs tables, the first table's first. */
function readInputRows(page: string): { rows: string[][] } | { errors: string[] } {
  const tables = [readTable(page, 'inputs'), advancedRows(page)]
  const errors = tables.flatMap((table) => ('errors' in table ? table.errors : []))
  if (errors.length > 0) return { errors }
  return { rows: tables.flatMap((table) => ('rows' in table ? table.rows : [])) }
}

function compareNames(section: Section, documented: string[], declared: string[]): string[] {
  const errors: string[] = []
  const seen = new Set<string>()
  for (const name of documented) {
    if (seen.has(name)) errors.push(`${REFERENCE_PAGE}'s ${section} table lists \`${name}\` twice.`)
    seen.add(name)
    if (!declared.includes(name)) {
      errors.push(`${REFERENCE_PAGE}'s ${section} table documents \`${name}\`, which action.yml does not declare.`)
    }
  }
  for (const name of declared) {
    if (!seen.has(name)) {
      errors.push(`${REFERENCE_PAGE}'s ${section} table is missing \`${name}\`, which action.yml declares.`)
    }
  }
  return errors
}

/** Every difference between the reference page's tables and action.yml, as messages naming the input or output. */
export function compareDocs(action: ActionMetadata, reference: string): string[] {
  const errors: string[] = []

  const inputTable = readInputRows(reference)
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
          `${REFERENCE_PAGE} gives input \`${input.name}\` the default ${shown || '(empty)'}; action.yml says ${expected}.`
        )
      }
    }
  }

  const outputTable = readTable(reference, 'outputs')
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

/** The reference page with its tables regenerated from action.yml; throws when a marker pair is missing. */
export function writeTables(action: ActionMetadata, reference: string): string {
  const advanced = advancedRows(reference)
  const advancedNames = new Set('rows' in advanced ? advanced.rows.map(([name = '']) => stripBackticks(name)) : [])
  const tables: Partial<Record<Section, string>> = {
    inputs: renderInputsTable(action.inputs.filter((input) => !advancedNames.has(input.name))),
    outputs: renderOutputsTable(action.outputs)
  }
  if (reference.includes(markers('advanced-inputs').start)) {
    tables['advanced-inputs'] = renderInputsTable(action.inputs.filter((input) => advancedNames.has(input.name)))
  }
  let updated = reference
  for (const section of ['inputs', 'advanced-inputs', 'outputs'] as const) {
    const table = tables[section]
    if (table === undefined) continue
    const bounds = sectionBounds(updated, section)
    if (typeof bounds === 'string') throw new Error(bounds)
    updated = `${updated.slice(0, bounds.from)}\n${table}\n${updated.slice(bounds.to)}`
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
  if (!existsSync(join(root, REFERENCE_PAGE))) {
    console.error(
      `${REFERENCE_PAGE} not found in ${root}: the inputs and outputs tables cannot be checked against ` +
        'action.yml. Write it with the tables between the inputs/outputs markers.'
    )
    return 1
  }
  const action = parseActionMetadata(readFileSync(join(root, 'action.yml'), 'utf8'))
  const read = (path: string): string | undefined =>
    existsSync(join(root, path)) ? readFileSync(join(root, path), 'utf8') : undefined
  const pages = documentationPages(root).map((path) => ({ path, text: read(path) ?? '' }))

  if (args.includes('--write')) {
    try {
      for (const page of pages) {
        const tabled = page.path === REFERENCE_PAGE ? writeTables(action, page.text) : page.text
        writeFileSync(join(root, page.path), writeExamples(tabled, read))
      }
    } catch (error) {
      console.error(messageOf(error))
      return 1
    }
    console.log(`${REFERENCE_PAGE}'s tables rewritten from action.yml, the pages' examples from examples/.`)
    return 0
  }

  const repository = { exists: (path: string) => existsSync(join(root, path)), read }
  const errors = [
    ...compareDocs(action, read(REFERENCE_PAGE) ?? ''),
    ...pages.flatMap(({ path, text }) => [
      ...compareExamples(path, text, read),
      ...brokenLinks(path, text, repository)
    ]),
    ...budgetErrors(pages)
  ]
  if (errors.length > 0) {
    for (const error of errors) console.error(error)
    console.error(
      `The documentation does not match action.yml, examples/ or itself, or is over its size (${errors.length} ` +
        `found): each line above says what to do; for tables and examples, ${WRITE_HINT}.`
    )
    return 1
  }
  const examples = pages.reduce((count, { text }) => count + embeddedExamples(text).length, 0)
  console.log(
    `${REFERENCE_PAGE} documents all ${action.inputs.length} inputs and ${action.outputs.length} outputs of ` +
      `action.yml; the ${pages.length} pages' ${examples} example workflows match examples/ and their links resolve.`
  )
  return 0
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = main(process.argv.slice(2))
}
