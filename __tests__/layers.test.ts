// The folders of src/ are the run's stages and concerns, each allowed to import only from the ones
// below it (docs/design.md, "Where things live"): a newcomer reads a folder knowing what it can use,
// and no two modules can import each other around a loop.
import { describe, expect, it } from '@jest/globals'
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import ts from 'typescript'

/** Lowest first: a folder imports only from itself and the folders before it. */
const LAYERS = [
  'vendor',
  'base',
  'markdown',
  'settings',
  'http',
  'agent',
  'github',
  'thread',
  'event',
  'gate',
  'job',
  'arm',
  'context',
  'report',
  'docs-pr',
  'companion',
  'digest',
  'reconcile',
  'run',
  '.' // index.ts and main.ts: the story of a run
]

const SRC = path.resolve('src')

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) return sourceFiles(full)
    return /\.(ts|js)$/.test(entry.name) ? [full] : []
  })
}

/** Every module a file names in an import or export, type-only ones included. */
function importsOf(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest)
  return source.statements.flatMap((statement) =>
    (ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)) &&
    statement.moduleSpecifier &&
    ts.isStringLiteral(statement.moduleSpecifier)
      ? [statement.moduleSpecifier.text]
      : []
  )
}

const layerOf = (file: string): string => path.relative(SRC, path.dirname(file)).split(path.sep)[0] || '.'

const files = sourceFiles(SRC)
const edges = files.flatMap((file) =>
  importsOf(file)
    .filter((specifier) => specifier.startsWith('.'))
    .map((specifier) => ({ from: file, to: path.resolve(path.dirname(file), specifier) }))
)

describe('the layout of src/', () => {
  it('puts every file in a folder of the layer list', () => {
    expect(files.length).toBeGreaterThan(50)
    expect(files.map(layerOf).filter((layer) => !LAYERS.includes(layer))).toEqual([])
  })

  it('imports only downward: from the same folder or a folder below', () => {
    expect(edges.length).toBeGreaterThan(200)
    const upward = edges
      .filter(({ from, to }) => LAYERS.indexOf(layerOf(to)) > LAYERS.indexOf(layerOf(from)))
      .map(({ from, to }) => `${path.relative(SRC, from)} imports ${path.relative(SRC, to)}`)
    expect(upward).toEqual([])
  })

  it('has no import circle inside a folder', () => {
    const graph = new Map<string, string[]>()
    for (const { from, to } of edges) {
      const target = to.replace(/\.js$/, '.ts')
      if (layerOf(from) === layerOf(target)) graph.set(from, [...(graph.get(from) ?? []), target])
    }
    const circles: string[] = []
    const state = new Map<string, 'open' | 'done'>()
    const visit = (file: string, trail: string[]): void => {
      if (state.get(file) === 'done') return
      if (state.get(file) === 'open') {
        circles.push([...trail.slice(trail.indexOf(file)), file].map((f) => path.relative(SRC, f)).join(' -> '))
        return
      }
      state.set(file, 'open')
      for (const next of graph.get(file) ?? []) visit(next, [...trail, file])
      state.set(file, 'done')
    }
    for (const file of files) visit(file, [])
    expect(circles).toEqual([])
  })
})
