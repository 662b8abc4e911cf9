// Validates the YAML a user copies from this repository with GitHub's own parser
// (@actions/workflow-parser, the one behind the Actions language service): action.yml as an action,
// .github/workflows/* and examples/* as workflows, and every ```yaml block of the documentation
// (README.md, SECURITY.md, docs/**/*.md). A block is judged by its shape:
// - a mapping with `jobs` or `on` is a workflow;
// - a list is a snippet of steps: it is validated inside a minimal workflow
//   (`on: workflow_dispatch`, one `ubuntu-latest` job whose `steps:` it becomes), and errors are
//   reported at the snippet's own lines;
// - anything else must at least be valid YAML.
// The parser reports YAML syntax errors, unknown keys, missing required keys, expression syntax
// errors and unknown contexts or functions in expressions; it does not know which properties a
// context such as `github.event` has. Beside it, every third-party action a recipe or a snippet of
// the documentation `uses:` must be pinned by a full commit SHA, as the README tells users to pin (a tag can be
// moved); only this action's own placeholder, which the README tells users to replace, is exempt. A
// call of this repository's reusable workflows may pass only the inputs and secrets they declare.
//   npx tsx tools/validate-workflows.ts [ROOT]   exits 1 when anything is invalid
//   npx tsx tools/validate-workflows.ts FILE...  your own workflows (or a markdown page's blocks),
//                                                against this repository's reusable workflows
import { existsSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import {
  convertWorkflowTemplate,
  NoOperationTraceWriter,
  parseWorkflow,
  type TemplateParseResult
} from '@actions/workflow-parser'
import { parseAction } from '@actions/workflow-parser/actions/action-parser'
import { ErrorPolicy } from '@actions/workflow-parser/model/convert'
import { isMap, isScalar, isSeq, LineCounter, parseDocument, visit } from 'yaml'
import { documentationPages, filesUnder } from './doc-files.js'
import { yamlBlocks } from './readme-examples.js'
import { type Declarations, reusableWorkflows, undeclaredArguments } from './reusable-calls.js'

export type Shape = 'action' | 'workflow' | 'steps' | 'yaml'

export interface Verdict {
  /** Where the YAML starts: a file, or `FILE:LINE` for a block in markdown. */
  where: string
  shape: Shape
  /** `FILE:LINE:COLUMN: message`, lines counted in the file that holds the YAML. */
  errors: string[]
}

export interface YamlSource {
  file: string
  text: string
  /** Line of `file` on which `text` starts (1 for a whole file). */
  firstLine: number
  /** Known for whole files; a markdown block is judged by its shape. */
  shape?: 'action' | 'workflow'
  /** Whether other actions must be pinned by SHA; by default, in what users copy from here. */
  pins?: boolean
}

/** The action's own reference in every example, which the README tells users to replace. */
export const OWN_PLACEHOLDER = 'acme/docs-agent-action@v1'
/** The same placeholder for a call of this repository's reusable workflows (docs/adopt.md). */
const OWN_REUSABLE_PLACEHOLDER = /^acme\/docs-agent-action\/\.github\/workflows\/[\w.-]+\.ya?ml@v1$/
const PINNED = /^[^@\s]+@[0-9a-f]{40}$/

/** Each `uses:` of another action that names a tag or branch rather than a full commit SHA. */
export function unpinnedUses(text: string): { line: number; column: number; uses: string }[] {
  const lines = new LineCounter()
  const document = parseDocument(text, { lineCounter: lines })
  const found: { line: number; col: number; uses: string }[] = []
  visit(document, {
    Pair(_key, pair) {
      if (!isScalar(pair.key) || pair.key.value !== 'uses' || !isScalar(pair.value)) return
      const uses = String(pair.value.value)
      // Local actions and containers are not pinned by a commit.
      if (
        uses.startsWith('./') ||
        uses.startsWith('docker://') ||
        uses === OWN_PLACEHOLDER ||
        OWN_REUSABLE_PLACEHOLDER.test(uses) ||
        PINNED.test(uses)
      )
        return
      found.push({ ...lines.linePos(pair.value.range?.[0] ?? 0), uses })
    }
  })
  return found.map(({ line, col, uses }) => ({ line, column: col, uses }))
}

const STEPS_WRAPPER = ['on: workflow_dispatch', 'jobs:', '  snippet:', '    runs-on: ubuntu-latest', '    steps:']
const STEPS_INDENT = '      '

export async function validateYaml(source: YamlSource, declared: Declarations = new Map()): Promise<Verdict> {
  const at = (line: number, column: number) => `${source.file}:${source.firstLine + line - 1}:${column}`
  const where = source.firstLine === 1 ? source.file : `${source.file}:${source.firstLine}`
  const document = parseDocument(source.text)
  const shape = source.shape ?? shapeOf(document.contents)
  if (document.errors.length > 0) {
    const errors = document.errors.map((error) => {
      const { line, col } = error.linePos?.[0] ?? { line: 1, col: 1 }
      return `${at(line, col)}: ${firstSentence(error.message)}`
    })
    return { where, shape, errors }
  }
  const file = { name: source.file, content: source.text }
  const trace = new NoOperationTraceWriter()
  let parsed: TemplateParseResult
  let lineShift = 0
  let columnShift = 0
  switch (shape) {
    case 'yaml':
      return { where, shape, errors: [] }
    case 'action':
      parsed = parseAction(file, trace)
      break
    case 'workflow':
      parsed = await parseAndConvertWorkflow(file)
      break
    case 'steps':
      parsed = await parseAndConvertWorkflow({ ...file, content: wrapSteps(source.text) })
      lineShift = STEPS_WRAPPER.length
      columnShift = STEPS_INDENT.length
  }
  const errors = parsed.context.errors.getErrors().map((error) => {
    const start = error.range?.start ?? { line: lineShift + 1, column: columnShift + 1 }
    return `${at(Math.max(1, start.line - lineShift), Math.max(1, start.column - columnShift))}: ${error.rawMessage}`
  })
  // What users copy (the recipes, the documentation's blocks); this repository's own CI is its own.
  const copied = shape !== 'action' && (source.pins ?? !source.file.startsWith('.github/'))
  const unpinned = copied ? unpinnedUses(source.text) : []
  for (const { line, column, uses } of unpinned) {
    errors.push(
      `${at(line, column)}: "${uses}" is not pinned by a full commit SHA: write its 40-character SHA with the tag in a comment (uses: owner/name@SHA # vX.Y.Z), since a tag can be moved.`
    )
  }
  if (shape === 'workflow') {
    for (const { line, column, message } of undeclaredArguments(source.text, declared))
      errors.push(`${at(line, column)}: ${message}`)
  }
  return { where, shape, errors }
}

function shapeOf(contents: unknown): Shape {
  if (isSeq(contents)) return 'steps'
  if (isMap(contents) && (contents.has('jobs') || contents.has('on'))) return 'workflow'
  return 'yaml'
}

/** Schema errors first, then (with the tree converted anyway) those in `if:` and other expressions. */
async function parseAndConvertWorkflow(file: { name: string; content: string }): Promise<TemplateParseResult> {
  const parsed = parseWorkflow(file, new NoOperationTraceWriter())
  if (parsed.value) {
    await convertWorkflowTemplate(parsed.context, parsed.value, undefined, { errorPolicy: ErrorPolicy.TryConversion })
  }
  return parsed
}

function wrapSteps(snippet: string): string {
  const body = snippet.replace(/^(?=.)/gm, STEPS_INDENT)
  return `${STEPS_WRAPPER.join('\n')}\n${body}`
}

/** The yaml library's message without its "at line L, column C:" and excerpt (lines are given apart). */
function firstSentence(message: string): string {
  return (message.split('\n')[0] ?? message).replace(/ at line \d+, column \d+:?$/, '')
}

/** What the repository holds: action.yml, workflows, examples, and yaml blocks in markdown. */
export function collectSources(root: string): YamlSource[] {
  const read = (file: string) => readFileSync(join(root, file), 'utf8')
  const sources: YamlSource[] = []
  if (existsSync(join(root, 'action.yml')))
    sources.push({ file: 'action.yml', text: read('action.yml'), firstLine: 1, shape: 'action' })
  for (const file of filesUnder(root, ['.github/workflows', 'examples'], /\.ya?ml$/)) {
    sources.push({ file, text: read(file), firstLine: 1, shape: 'workflow' })
  }
  for (const file of documentationPages(root)) {
    for (const block of yamlBlocks(read(file))) sources.push({ file, text: block.content, firstLine: block.firstLine })
  }
  return sources
}

const SHAPE_NOTES: Record<Shape, string> = {
  action: 'action',
  workflow: 'workflow',
  steps: 'steps, inside a minimal workflow',
  yaml: 'YAML only'
}

/** A user's own files: workflows, or a markdown page's blocks; pinning is their own choice. */
export function collectFiles(files: string[]): YamlSource[] {
  return files.flatMap((file): YamlSource[] => {
    const text = readFileSync(file, 'utf8')
    if (/\.ya?ml$/.test(file)) return [{ file, text, firstLine: 1, shape: 'workflow', pins: false }]
    return yamlBlocks(text).map((block) => ({ file, text: block.content, firstLine: block.firstLine, pins: false }))
  })
}

const OWN_ROOT = fileURLToPath(new URL('..', import.meta.url))

/**
 * Prints each verdict; returns the exit code. `target` is this repository (or one like it), or the
 * user's own workflow files, checked against this repository's reusable workflows.
 */
export async function main(target: string | string[], print = console.log): Promise<number> {
  let sources: YamlSource[]
  let declared: Declarations
  const directory = typeof target === 'string' && statSync(target, { throwIfNoEntry: false })?.isDirectory()
  if (typeof target === 'string' && (directory ?? !/\.(ya?ml|md)$/.test(target))) {
    if (!existsSync(join(target, 'action.yml'))) {
      print(
        `No action.yml in ${target}: nothing describes the action. To check your own workflows, name their files ` +
          '(npx tsx tools/validate-workflows.ts .github/workflows/docs-agent.yml).'
      )
      return 1
    }
    sources = collectSources(target)
    declared = reusableWorkflows(target)
  } else {
    const files = typeof target === 'string' ? [target] : target
    const missing = files.filter((file) => !statSync(file, { throwIfNoEntry: false })?.isFile())
    if (missing.length > 0) {
      print(`No such file: ${missing.join(', ')}. Name workflow files (.yml, .yaml) or markdown pages.`)
      return 1
    }
    sources = collectFiles(files)
    declared = reusableWorkflows(OWN_ROOT)
  }
  const verdicts = await Promise.all(sources.map((source) => validateYaml(source, declared)))
  for (const { where, shape, errors } of verdicts) {
    print(`${errors.length === 0 ? 'ok     ' : 'INVALID'}  ${where} (${SHAPE_NOTES[shape]})`)
    for (const error of errors) print(`         ${error}`)
  }
  const invalid = verdicts.filter((verdict) => verdict.errors.length > 0)
  if (invalid.length > 0) {
    print(`${invalid.length} of ${verdicts.length} are invalid: ${invalid.map((verdict) => verdict.where).join(', ')}`)
    return 1
  }
  print(`All ${verdicts.length} valid.`)
  return 0
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const [first, ...more] = process.argv.slice(2)
  process.exitCode = await main(first === undefined ? OWN_ROOT : more.length > 0 ? [first, ...more] : first)
}
