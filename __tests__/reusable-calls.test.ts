// A user checks their own workflow files with tools/validate-workflows.ts, and a call of this
// repository's reusable workflows that passes an input or secret they do not declare fails there, as
// GitHub would fail it only when the run starts.
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { main } from '../tools/validate-workflows.js'

const SHA = 'a1'.repeat(20)

function caller(uses: string, arguments_: string): string {
  return [
    'on: { issue_comment: { types: [created] } }',
    'jobs:',
    '  docs:',
    `    uses: ${uses}`,
    ...arguments_.split('\n').map((line) => `    ${line}`),
    ''
  ].join('\n')
}

async function check(target: string | string[]): Promise<{ code: number; lines: string[] }> {
  const lines: string[] = []
  const code = await main(target, (line) => lines.push(line))
  return { code, lines }
}

let dir: string
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'reusable-calls-'))
})
afterEach(() => rmSync(dir, { recursive: true, force: true }))

/** A file in `dir` whose job calls `called` with `arguments_`; its path. */
function callerFile(name: string, called: string, arguments_: string): string {
  const file = join(dir, name)
  writeFileSync(file, caller(called, arguments_))
  return file
}

const OWN = `octo/docs-agent-action/.github/workflows`

describe("a user's own workflow files", () => {
  it('pass when they call the reusable workflow, pinned by any owner and SHA, with declared inputs and secrets', async () => {
    const file = callerFile(
      'docs-agent.yml',
      `${OWN}/docs-agent.yml@${SHA}`,
      'with: { companion: true, digest-reviewers: lead }\nsecrets:\n  MINTLIFY_API_KEY: ${{ secrets.KEY }}'
    )
    const { code, lines } = await check(file)
    expect(lines).toEqual([`ok       ${file} (workflow)`, 'All 1 valid.'])
    expect(code).toBe(0)
  })

  it('fail on a misspelled input or an undeclared secret, naming it and its line', async () => {
    const file = callerFile(
      'docs-agent.yml',
      `${OWN}/docs-agent.yml@${SHA}`,
      'with:\n  companoin: true\nsecrets:\n  MINTLIFY_KEY: ${{ secrets.KEY }}'
    )
    const { code, lines } = await check([file])
    expect(code).toBe(1)
    expect(lines).toContainEqual(
      expect.stringMatching(
        new RegExp(`^ +${file}:6:7: "companoin" is not an input of docs-agent\\.yml, which declares `)
      )
    )
    expect(lines).toContainEqual(
      expect.stringMatching(
        new RegExp(`^ +${file}:8:7: "MINTLIFY_KEY" is not a secret of docs-agent\\.yml, which declares`)
      )
    )
  })

  it('are judged against the reconcile workflow too, and a call of another workflow is left to GitHub', async () => {
    const reconcile = callerFile('docs-reconcile.yml', `${OWN}/docs-reconcile.yml@${SHA}`, 'with: { companion: true }')
    const other = callerFile('other.yml', `octo/tools/.github/workflows/build.yml@${SHA}`, 'with: { anything: 1 }')
    const { code, lines } = await check([reconcile, other])
    expect(code).toBe(1)
    expect(lines).toContainEqual(expect.stringContaining('"companion" is not an input of docs-reconcile.yml'))
    expect(lines).toContain(`ok       ${other} (workflow)`)
  })

  it('are named, and a directory without action.yml says so', async () => {
    expect((await check(join(dir, 'missing.yml'))).lines).toEqual([
      `No such file: ${join(dir, 'missing.yml')}. Name workflow files (.yml, .yaml) or markdown pages.`
    ])
    const { code, lines } = await check(dir)
    expect(code).toBe(1)
    expect(lines[0]).toContain('To check your own workflows, name their files')
  })
})

describe("the repository's own check", () => {
  it('fails a documentation block that passes the reusable workflow an input it does not declare', async () => {
    copyFileSync('action.yml', join(dir, 'action.yml'))
    mkdirSync(join(dir, '.github', 'workflows'), { recursive: true })
    copyFileSync('.github/workflows/docs-agent.yml', join(dir, '.github', 'workflows', 'docs-agent.yml'))
    const block = caller('acme/docs-agent-action/.github/workflows/docs-agent.yml@v1', 'with: { per_merge: true }')
    writeFileSync(join(dir, 'README.md'), ['# Title', '', '```yaml', block + '```', ''].join('\n'))
    const { code, lines } = await check(dir)
    expect(code).toBe(1)
    expect(lines).toContainEqual(
      expect.stringMatching(/^ +README\.md:8:13: "per_merge" is not an input of docs-agent\.yml/)
    )
  })
})
