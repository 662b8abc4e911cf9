// Writes dist/licenses.txt: the name, version, licence and licence text of every package whose code
// the bundle carries, read from ncc's webpack stats (tools/bundle.sh). ncc's own --license misses
// packages that are reached only through ES module imports inside other packages (@actions/core's
// own imports, for one), so the list is built from the modules webpack actually bundled, and from the
// stand-ins that carry a package's work in its place (tsconfig.bundle.json).
//   Usage: tsx tools/licenses.ts STATS_JSON > OUT/licenses.txt
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'

interface StatsModule {
  name?: string
  modules?: StatsModule[]
}

const NODE_MODULES = 'node_modules/'
/** Our files that carry a package's code or data in its place: the package's licence goes with them. */
const CARRIED_BY: ReadonlyMap<string, readonly string[]> = new Map([
  ['src/vendor/named-character-references.ts', ['node_modules/decode-named-character-reference']],
  ['src/vendor/named-character-references.generated.ts', ['node_modules/character-entities']]
])
const LICENCE_FILE = /^(?:licen[cs]e|copying)(?:\.(?:md|txt|markdown))?$/i

/**
 * The package folders (relative to the project) that hold the bundled modules, nested ones included,
 * and those whose work a bundled stand-in carries.
 */
export function bundledPackages(modules: StatsModule[]): string[] {
  const folders = new Set<string>()
  const visit = (list: StatsModule[]): void => {
    for (const module of list) {
      if (module.modules) visit(module.modules)
      const name = (module.name ?? '').replace(/^\.\//, '')
      for (const folder of CARRIED_BY.get(name) ?? []) folders.add(folder)
      const at = name.lastIndexOf(NODE_MODULES)
      if (at < 0) continue
      const [scope = '', base = ''] = name.slice(at + NODE_MODULES.length).split('/')
      folders.add(name.slice(0, at + NODE_MODULES.length) + (scope.startsWith('@') ? `${scope}/${base}` : scope))
    }
  }
  visit(modules)
  return [...folders].sort()
}

function licenceText(folder: string): string {
  const file = readdirSync(folder)
    .sort()
    .find((name) => LICENCE_FILE.test(name))
  return file ? readFileSync(path.join(folder, file), 'utf8').trim() : '(no licence file in the package)'
}

function entry(root: string, folder: string): string {
  const manifest = JSON.parse(readFileSync(path.join(root, folder, 'package.json'), 'utf8')) as {
    name?: string
    version?: string
    license?: unknown
  }
  const licence = typeof manifest.license === 'string' ? manifest.license : 'see the text below'
  return `${manifest.name ?? folder}@${manifest.version ?? '?'}\n${licence}\n${licenceText(path.join(root, folder))}`
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const [statsFile = ''] = process.argv.slice(2)
  const stats = JSON.parse(readFileSync(statsFile, 'utf8')) as { modules?: StatsModule[] }
  const root = process.cwd()
  const folders = bundledPackages(stats.modules ?? []).filter((folder) => existsSync(path.join(root, folder)))
  process.stdout.write(`${folders.map((folder) => entry(root, folder)).join('\n\n')}\n`)
}
