// Where the bytes of the bundle go: builds it as `npm run bundle` does, with source maps, into a
// scratch folder, and gives each byte of the minified JavaScript to the package or src/ folder its
// code came from. Usage: tsx tools/bundle-composition.ts; npm run bench checks its goal.
import { execFileSync } from 'node:child_process'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { eachMapping, TraceMap } from '@jridgewell/trace-mapping'
import { bundleFiles } from './bench/size.js'
import { kilobytes, renderTable } from './bench/table.js'

/** What a source file counts under: its package (micromark's packages as one), or its src/ folder. */
function part(source: string): string {
  const inPackage = source.split('node_modules/')
  if (inPackage.length > 1) {
    const [scope = '', name = ''] = inPackage.at(-1)!.split('/')
    const pkg = scope.startsWith('@') ? `${scope}/${name}` : scope
    return pkg.startsWith('micromark') ? 'micromark*' : pkg
  }
  const inSrc = source.split('/src/')
  if (inSrc.length > 1) {
    const folders = inSrc.at(-1)!.split('/')
    return folders.length > 1 ? `src/${folders[0]}/` : `src/${folders[0]}`
  }
  return 'webpack runtime and unmapped'
}

/** Bytes of `code` per part, each byte going to the source of the mapping it falls in. */
function attribute(code: string, map: string, bytes: Map<string, number>): void {
  const lines = code.split('\n')
  const segments: { line: number; column: number; source: string }[] = []
  eachMapping(new TraceMap(map), (mapping) =>
    segments.push({ line: mapping.generatedLine, column: mapping.generatedColumn, source: mapping.source ?? '' })
  )
  segments.sort((a, b) => a.line - b.line || a.column - b.column)
  const add = (key: string, text: string) => bytes.set(key, (bytes.get(key) ?? 0) + Buffer.byteLength(text))
  let line = 1
  let column = 0
  let source = ''
  // Everything up to the next mapping belongs to the last one (nothing before the first mapping).
  for (const next of [...segments, { line: lines.length, column: Infinity, source: '' }]) {
    while (line < next.line) {
      add(part(source), lines[line - 1]!.slice(column) + (line < lines.length ? '\n' : ''))
      line++
      column = 0
    }
    add(part(source), lines[line - 1]!.slice(column, next.column))
    column = Math.min(next.column, lines[line - 1]!.length)
    source = next.source
  }
}

/** What the bundle is made of: bytes per part, the action's own, the rest (packages, src/vendor/, webpack), the total. */
export interface Composition {
  parts: [string, number][]
  own: number
  others: number
  total: number
}

export async function measureComposition(): Promise<Composition> {
  const scratch = await mkdtemp(path.join(tmpdir(), 'bundle-composition-'))
  try {
    execFileSync('bash', ['tools/bundle.sh', scratch], {
      env: { ...process.env, BUNDLE_SOURCE_MAP: '1' },
      stdio: ['ignore', 'ignore', 'inherit']
    })
    const bytes = new Map<string, number>()
    const files = await bundleFiles(scratch)
    for (const { name } of files) {
      const file = path.join(scratch, name)
      attribute(await readFile(file, 'utf8'), await readFile(`${file}.map`, 'utf8'), bytes)
    }
    const total = files.reduce((sum, file) => sum + file.bytes, 0)
    const counted = [...bytes.values()].reduce((sum, n) => sum + n, 0)
    if (counted !== total) throw new Error(`counted ${counted} bytes of the bundle's ${total}`)
    const parts = [...bytes].sort(([, a], [, b]) => b - a)
    // src/vendor/ stands in for packages (tsconfig.bundle.json): it counts with them.
    const isOwn = (key: string) => key.startsWith('src/') && !key.startsWith('src/vendor/')
    const own = parts.filter(([key]) => isOwn(key)).reduce((sum, [, n]) => sum + n, 0)
    return { parts, own, others: total - own, total }
  } finally {
    await rm(scratch, { recursive: true, force: true })
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { parts, own, others, total } = await measureComposition()
  console.log(
    renderTable(
      ['part of the bundle', 'bytes', 'size'],
      [
        ...parts.map(([key, n]) => [key, String(n), kilobytes(n)]),
        ['the action (src/ but src/vendor/)', String(own), kilobytes(own)],
        ['packages, src/vendor/ and webpack', String(others), kilobytes(others)],
        ['total', String(total), kilobytes(total)]
      ]
    )
  )
}
