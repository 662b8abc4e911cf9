import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { collectSources, main, validateYaml } from '../tools/validate-workflows.js'

const VALID_STEPS = [
  '- uses: acme/docs-agent-action@v1',
  '  id: docs',
  '- run: echo "$PR_LINK"',
  '  env:',
  '    PR_LINK: ${{ steps.docs.outputs.pr-link }}',
  ''
].join('\n')
// The README's first snippet as it was: `Docs PR: $PR_LINK` makes a mapping inside a plain scalar.
const BROKEN_STEPS = ['- uses: acme/docs-agent-action@v1', '  id: docs', '- run: echo "Docs PR: $PR_LINK"', ''].join(
  '\n'
)

function repository(readme: string): string {
  const root = mkdtempSync(join(tmpdir(), 'validate-workflows-'))
  writeFileSync(join(root, 'action.yml'), readFileSync('action.yml', 'utf8'))
  writeFileSync(join(root, 'README.md'), readme)
  return root
}

async function check(root: string): Promise<{ code: number; lines: string[] }> {
  const lines: string[] = []
  const code = await main(root, (line) => lines.push(line))
  rmSync(root, { recursive: true, force: true })
  return { code, lines }
}

describe('the workflow check', () => {
  it('fails on a broken yaml block in README.md, naming its line, and passes the valid one', async () => {
    const readme = [
      '# Title',
      '',
      '```yaml',
      VALID_STEPS + '```',
      '',
      'Then:',
      '',
      '```yaml',
      BROKEN_STEPS + '```',
      ''
    ].join('\n')
    const { code, lines } = await check(repository(readme))
    expect(code).toBe(1)
    expect(lines).toContain('ok       README.md:4 (steps, inside a minimal workflow)')
    expect(lines).toContain('INVALID  README.md:14 (steps, inside a minimal workflow)')
    expect(lines).toContainEqual(expect.stringMatching(/^ +README\.md:16:8: Nested mappings are not allowed/))
  })

  it('passes a README whose blocks are all valid', async () => {
    const { code, lines } = await check(repository(['```yaml', VALID_STEPS + '```', ''].join('\n')))
    expect(lines.at(-1)).toBe('All 2 valid.')
    expect(code).toBe(0)
  })

  it('validates the yaml blocks of every page under docs/, naming the page and line', async () => {
    const root = repository('# Title\n')
    mkdirSync(join(root, 'docs', 'guides'), { recursive: true })
    writeFileSync(
      join(root, 'docs', 'guides', 'comments.md'),
      ['# Comments', '', '```yaml', BROKEN_STEPS + '```', ''].join('\n')
    )
    const { code, lines } = await check(root)
    expect(code).toBe(1)
    expect(lines).toContain('INVALID  docs/guides/comments.md:4 (steps, inside a minimal workflow)')
    expect(lines).toContainEqual(
      expect.stringMatching(/^ +docs\/guides\/comments\.md:6:8: Nested mappings are not allowed/)
    )
  })

  it('validates workflow files under examples/', async () => {
    const root = repository('# Title\n')
    mkdirSync(join(root, 'examples'))
    writeFileSync(
      join(root, 'examples', 'bad.yml'),
      'on: push\njobs:\n  docs:\n    runs-on: ubuntu-latest\n    step: []\n'
    )
    const { code, lines } = await check(root)
    expect(code).toBe(1)
    expect(lines).toContain("         examples/bad.yml:5:5: Unexpected value 'step'")
  })

  it('refuses a recipe that uses another action by a tag, and takes a SHA or the placeholder', async () => {
    const root = repository('# Title\n')
    mkdirSync(join(root, 'examples'))
    const steps = (uses: string) =>
      `on: push\njobs:\n  docs:\n    runs-on: ubuntu-latest\n    steps:\n      - uses: ${uses}\n`
    writeFileSync(join(root, 'examples', 'tag.yml'), steps('actions/create-github-app-token@v3'))
    writeFileSync(join(root, 'examples', 'sha.yml'), steps(`actions/checkout@${'a1'.repeat(20)} # v5.0.0`))
    writeFileSync(join(root, 'examples', 'own.yml'), steps('acme/docs-agent-action@v1'))
    const { code, lines } = await check(root)
    expect(code).toBe(1)
    expect(lines).toContain(
      '         examples/tag.yml:6:15: "actions/create-github-app-token@v3" is not pinned by a full commit SHA: write its 40-character SHA with the tag in a comment (uses: owner/name@SHA # vX.Y.Z), since a tag can be moved.'
    )
    expect(lines).toContain('ok       examples/sha.yml (workflow)')
    expect(lines).toContain('ok       examples/own.yml (workflow)')
  })

  it("takes a call of this repository's reusable workflow by the placeholder, and refuses another's by a tag", async () => {
    const root = repository('# Title\n')
    mkdirSync(join(root, 'examples'))
    const call = (uses: string) => `on: push\njobs:\n  docs:\n    uses: ${uses}\n    secrets: inherit\n`
    writeFileSync(join(root, 'examples', 'own.yml'), call('acme/docs-agent-action/.github/workflows/docs-agent.yml@v1'))
    writeFileSync(join(root, 'examples', 'other.yml'), call('octo/tools/.github/workflows/x.yml@v1'))
    const { lines } = await check(root)
    expect(lines).toContain('ok       examples/own.yml (workflow)')
    expect(lines).toContain(
      '         examples/other.yml:4:11: "octo/tools/.github/workflows/x.yml@v1" is not pinned by a full commit SHA: write its 40-character SHA with the tag in a comment (uses: owner/name@SHA # vX.Y.Z), since a tag can be moved.'
    )
  })
})

describe("the repository's own sources", () => {
  // check:actions validates them; this only makes sure it is handed the files that matter, so that
  // it cannot pass by reading nothing.
  it('are action.yml, the workflows, examples/ and the YAML blocks of README.md, SECURITY.md and docs/', () => {
    const files = new Set(collectSources('.').map((source) => source.file))
    for (const file of [
      'action.yml',
      '.github/workflows/docs-agent.yml',
      'examples/docs-companion.yml',
      'README.md',
      'docs/adopt.md'
    ])
      expect(files).toContain(file)
  })
})

describe('validateYaml', () => {
  const block = (text: string, firstLine = 10) => validateYaml({ file: 'README.md', text, firstLine })

  it('reports unknown keys and expression errors at the lines of the snippet, not of its wrapper', async () => {
    const verdict = await block(
      [
        '- run: echo ${{ nosuch.value }}',
        `- uses: actions/checkout@${'a1'.repeat(20)}`,
        '  if: nosuchfn(github.ref)',
        '  wiht: {}',
        ''
      ].join('\n')
    )
    expect(verdict.shape).toBe('steps')
    expect(verdict.errors).toEqual([
      "README.md:10:13: Unrecognized named-value: 'nosuch'",
      "README.md:13:3: Unexpected value 'wiht'",
      "README.md:12:7: Unrecognized function: 'nosuchfn'"
    ])
  })

  it('validates a mapping with jobs as a whole workflow', async () => {
    const verdict = await block('on: push\njobs:\n  docs:\n    steps:\n      - run: echo\n')
    expect(verdict.shape).toBe('workflow')
    expect(verdict.errors).toEqual(['README.md:13:5: Required property is missing: runs-on'])
  })

  it('only parses other YAML', async () => {
    expect(await block('with:\n  timeout: 30m\n')).toEqual({ where: 'README.md:10', shape: 'yaml', errors: [] })
    expect((await block('with: [\n')).errors).toHaveLength(1)
  })

  it("accepts action.yml's node24 runtime and rejects a runtime GitHub does not have", async () => {
    const action = readFileSync('action.yml', 'utf8')
    expect((await validateYaml({ file: 'action.yml', text: action, firstLine: 1, shape: 'action' })).errors).toEqual([])
    const wrong = await validateYaml({
      file: 'action.yml',
      text: action.replace(/node24/, 'node99'),
      firstLine: 1,
      shape: 'action'
    })
    expect(wrong.errors).toEqual([expect.stringMatching(/^action\.yml:\d+:\d+: Unexpected value 'node99'$/)])
  })
})
