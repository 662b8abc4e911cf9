// The check's type check is a lint rule (tools/eslint-type-errors.js): it must fail wherever
// `tsc --noEmit` fails, including on errors that belong to no file (a `types` entry that names no
// package, an option the compiler refuses), which tsc reports and a per-file rule never sees.
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { ESLint } from 'eslint'
import tseslint from 'typescript-eslint'
import typescript from '../tools/eslint-type-errors.js'

let dir: string

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'eslint-type-errors-'))
})
afterEach(() => rm(dir, { recursive: true, force: true }))

/** The messages the rule gives for `files`, linted as the repository's eslint.config.js lints them. */
async function typeErrors(files: Record<string, string>, types: string[] = []): Promise<string[]> {
  const tsconfig = {
    // No DOM in lib and no check of declaration files: each case builds a program of its own.
    compilerOptions: {
      strict: true,
      module: 'NodeNext',
      moduleResolution: 'NodeNext',
      noEmit: true,
      types,
      lib: ['ES2022'],
      skipLibCheck: true
    },
    include: ['.']
  }
  await writeFile(path.join(dir, 'tsconfig.json'), JSON.stringify(tsconfig))
  for (const [name, text] of Object.entries(files)) await writeFile(path.join(dir, name), text)
  const eslint = new ESLint({
    cwd: dir,
    overrideConfigFile: true,
    overrideConfig: [
      {
        files: ['**/*.ts'],
        languageOptions: {
          parser: tseslint.parser,
          parserOptions: { project: './tsconfig.json', tsconfigRootDir: dir }
        },
        plugins: { typescript },
        rules: { 'typescript/type-errors': 'error' }
      }
    ]
  })
  const results = await eslint.lintFiles(Object.keys(files))
  return results.flatMap((result) =>
    result.messages.map((message) => `${path.basename(result.filePath)}: ${message.message}`)
  )
}

describe('the type-errors lint rule', () => {
  it("reports a file's type errors, as tsc does", async () => {
    expect(await typeErrors({ 'a.ts': "export const a: number = 'a'\n" })).toEqual([
      "a.ts: TS2322: Type 'string' is not assignable to type 'number'."
    ])
  })

  it('leaves unused names to no-unused-vars, as tsc does without noUnusedLocals', async () => {
    expect(await typeErrors({ 'a.ts': 'export function a(unused: number): void {\n  const b = 1\n}\n' })).toEqual([])
  })

  it('reports an error of no file (a types entry naming no package), once, as tsc does', async () => {
    const messages = await typeErrors({ 'a.ts': 'export const a = 1\n', 'b.ts': 'export const b = 2\n' }, [
      'no-such-types-package'
    ])
    expect(messages).toEqual([
      expect.stringContaining("TS2688: Cannot find type definition file for 'no-such-types-package'")
    ])
  })
})
