import { readFileSync } from 'node:fs'
import { type ActionMetadata, parseActionMetadata } from '../tools/action-metadata.js'
import { compareDocs, REFERENCE_PAGE, renderInputsTable, writeTables } from '../tools/check-docs.js'

const action: ActionMetadata = parseActionMetadata(`
inputs:
  prompt:
    description: The instruction.
    default: ''
  api-key:
    description: Admin API key.
    required: true
  timeout:
    description: Longest wait.
    default: 30m
  github-token:
    description: Token | for comments.
    default: \${{ github.token }}
outputs:
  job-id:
    description: The job id.
  pr-link:
    description: The pull request.
`)

const inputsTable = `| Input | Default | Description |
| --- | --- | --- |
| \`prompt\` | \`''\` | What the agent should do. |
| \`api-key\` | required | The key. |
| \`timeout\` | \`30m\` | How long. |
| \`github-token\` | \`\${{ github.token }}\` | Token. |`

const outputsTable = `| Output | Description |
| --- | --- |
| \`job-id\` | The job id. |
| \`pr-link\` | The PR. |`

function reference(inputs = inputsTable, outputs = outputsTable): string {
  return `# Title\n\n<!-- inputs:start -->\n${inputs}\n<!-- inputs:end -->\n\n## Outputs\n\n<!-- outputs:start -->\n${outputs}\n<!-- outputs:end -->\n`
}

describe('compareDocs', () => {
  it('accepts tables that match action.yml, descriptions worded freely', () => {
    expect(compareDocs(action, reference())).toEqual([])
  })

  it('names an input that action.yml declares but the table leaves out', () => {
    const withoutTimeout = inputsTable.replace(/^\| `timeout`.*\n/m, '')
    expect(compareDocs(action, reference(withoutTimeout))).toEqual([
      `${REFERENCE_PAGE}'s inputs table is missing \`timeout\`, which action.yml declares.`
    ])
  })

  it('names an input the table documents but action.yml does not declare', () => {
    const extra = `${inputsTable}\n| \`retries\` | \`3\` | Not an input. |`
    expect(compareDocs(action, reference(extra))).toEqual([
      `${REFERENCE_PAGE}'s inputs table documents \`retries\`, which action.yml does not declare.`
    ])
  })

  it('names an input whose documented default differs from action.yml', () => {
    const wrongDefault = inputsTable.replace('`30m`', '`10m`')
    expect(compareDocs(action, reference(wrongDefault))).toEqual([
      `${REFERENCE_PAGE} gives input \`timeout\` the default \`10m\`; action.yml says \`30m\`.`
    ])
  })

  it("requires '' for an empty default and `required` for a required input", () => {
    const loose = inputsTable.replace("`''`", '').replace('| required |', '| `abc` |')
    expect(compareDocs(action, reference(loose))).toEqual([
      `${REFERENCE_PAGE} gives input \`prompt\` the default (empty); action.yml says \`''\`.`,
      `${REFERENCE_PAGE} gives input \`api-key\` the default \`abc\`; action.yml says required.`
    ])
  })

  it('names missing and extra outputs', () => {
    const outputs = outputsTable.replace(/^\| `pr-link`.*$/m, '| `pr-url` | Renamed. |')
    expect(compareDocs(action, reference(inputsTable, outputs))).toEqual([
      `${REFERENCE_PAGE}'s outputs table documents \`pr-url\`, which action.yml does not declare.`,
      `${REFERENCE_PAGE}'s outputs table is missing \`pr-link\`, which action.yml declares.`
    ])
  })

  it('flags a name listed twice', () => {
    const doubled = `${inputsTable}\n| \`timeout\` | \`30m\` | Again. |`
    expect(compareDocs(action, reference(doubled))).toEqual([
      `${REFERENCE_PAGE}'s inputs table lists \`timeout\` twice.`
    ])
  })

  it('says which markers are missing', () => {
    const noOutputs = reference().replace('<!-- outputs:end -->', '')
    expect(compareDocs(action, noOutputs)).toEqual([
      `${REFERENCE_PAGE} has no <!-- outputs:start --> ... <!-- outputs:end --> block; put the outputs table between those markers.`
    ])
  })

  it('rejects a table with the wrong columns', () => {
    const wrongHeader = inputsTable.replace('| Input | Default | Description |', '| Name | Description |')
    const [error] = compareDocs(action, reference(wrongHeader))
    expect(error).toContain('must start with the header | Input | Default | Description |')
  })
})

describe('an advanced inputs table', () => {
  const advanced = (page: string, rows: string) =>
    page.replace(
      '## Outputs',
      `## Advanced inputs\n\n<!-- advanced-inputs:start -->\n| Input | Default | Description |\n| --- | --- | --- |\n${rows}\n<!-- advanced-inputs:end -->\n\n## Outputs`
    )
  const main = inputsTable.replace(/^\| `github-token`.*\n?/m, '').trimEnd()
  const tokenRow = '| `github-token` | `${{ github.token }}` | Token. |'

  it('counts with the first table: every input in one of the two, once', () => {
    expect(compareDocs(action, advanced(reference(main), tokenRow))).toEqual([])
    expect(compareDocs(action, advanced(reference(main), ''))).toEqual([
      `${REFERENCE_PAGE}'s inputs table is missing \`github-token\`, which action.yml declares.`
    ])
    expect(compareDocs(action, advanced(reference(), tokenRow))).toEqual([
      `${REFERENCE_PAGE}'s inputs table lists \`github-token\` twice.`
    ])
  })

  it('keeps each input in its table when the tables are written again, a new input in the first', () => {
    const written = writeTables(action, advanced(reference(main.replace(/^\| `timeout`.*\n/m, '')), tokenRow))
    expect(compareDocs(action, written)).toEqual([])
    const advancedPart = written.slice(written.indexOf('<!-- advanced-inputs:start -->'))
    expect(advancedPart).toContain('| `github-token` |')
    expect(advancedPart.split('<!-- advanced-inputs:end -->')[0]).not.toContain('`timeout`')
    expect(written.slice(0, written.indexOf('## Advanced inputs'))).toContain('| `timeout` | `30m` |')
  })
})

describe('writeTables', () => {
  it('regenerates drifted tables so the check then passes, leaving the rest of the page alone', () => {
    const drifted = reference(inputsTable.replace('`30m`', '`10m`'), '| Output | Description |\n| --- | --- |')
    const fixed = writeTables(action, drifted)
    expect(compareDocs(action, fixed)).toEqual([])
    expect(fixed.startsWith('# Title\n\n<!-- inputs:start -->\n| Input |')).toBe(true)
    expect(fixed).toContain('<!-- outputs:end -->\n')
    expect(writeTables(action, fixed)).toBe(fixed)
  })

  it('escapes a pipe in a description so the row keeps its columns', () => {
    expect(renderInputsTable(action.inputs)).toContain(
      '| `github-token` | `${{ github.token }}` | Token \\| for comments. |'
    )
  })

  it('refuses when the page has no place for a table', () => {
    expect(() => writeTables(action, '# Title\n')).toThrow(`${REFERENCE_PAGE} has no <!-- inputs:start -->`)
  })
})

describe("the repository's action.yml", () => {
  it('yields a table whose every input the checker accepts', () => {
    const real = parseActionMetadata(readFileSync('action.yml', 'utf8'))
    expect(real.inputs.find((input) => input.name === 'api-key')?.required).toBe(true)
    const generated = writeTables(real, reference('', ''))
    expect(compareDocs(real, generated)).toEqual([])
  })

  it("is what the reference page's tables show", () => {
    const real = parseActionMetadata(readFileSync('action.yml', 'utf8'))
    expect(compareDocs(real, readFileSync(REFERENCE_PAGE, 'utf8'))).toEqual([])
  })
})
