// Checks a fresh bundle against docs/adr/0004-no-undici-in-the-bundle.md (as ADR 0008 amends it),
// from the module list ncc writes with --stats-out (tools/bundle.sh). It fails the build when:
// - any of undici's own files is bundled (tsconfig.bundle.json no longer maps "undici");
// - a package other than @actions/http-client and @actions/github's defaults asks for undici (it
//   may need the real thing);
// - a bundled file other than those calls getAgentDispatcher(), the one way to reach the
//   stand-in's ProxyAgent;
// - an import could not be resolved (ncc would bundle a stand-in that throws only when loaded).
// Usage: tsx tools/check-undici-unused.ts STATS_JSON
import { readFileSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { isAbsolute } from 'node:path'
import { fileURLToPath } from 'node:url'

interface StatsModule {
  identifier: string
  modules?: StatsModule[]
  reasons?: { userRequest?: string; resolvedModuleIdentifier?: string | null; moduleIdentifier?: string | null }[]
}

const STAND_IN = fileURLToPath(new URL('../src/vendor/undici-unused.js', import.meta.url))
/**
 * The files that may name undici: @actions/http-client (either copy), and @actions/github's
 * octokit defaults, which src/github/octokit.ts replaces with a fetch over our transport.
 */
const UNDICI_NAMERS = [
  /[\\/]node_modules[\\/]@actions[\\/]http-client[\\/]lib[\\/]index\.js$/,
  /[\\/]node_modules[\\/]@actions[\\/]github[\\/]lib[\\/]internal[\\/]utils\.js$/
]
const mayNameUndici = (file: string): boolean => UNDICI_NAMERS.some((pattern) => pattern.test(file))
const NOT_FOUND = '/@@notfound.js?'

/** The file behind a webpack module identifier such as `javascript/esm|loader!…!/path/file.js|hash`. */
function sourcePath(identifier: string): string {
  return identifier.split('!').at(-1)?.split('|')[0] ?? identifier
}

const statsFile = process.argv[2]
if (!statsFile) {
  console.error('Usage: tsx tools/check-undici-unused.ts STATS_JSON')
  process.exit(2)
}
const stats = JSON.parse(await readFile(statsFile, 'utf8')) as { modules: StatsModule[] }
// A concatenated module lists the modules it joined; each can be the one that matters.
const flatten = (list: StatsModule[] = []): StatsModule[] =>
  list.flatMap((module) => [module, ...flatten(module.modules)])
const modules = flatten(stats.modules)

const problems: string[] = []
const undiciFiles: string[] = []
for (const { identifier } of modules) {
  const file = sourcePath(identifier)
  const missing = identifier.indexOf(NOT_FOUND)
  if (missing >= 0) problems.push(`ncc could not resolve '${identifier.slice(missing + NOT_FOUND.length)}'.`)
  if (!isAbsolute(file)) continue
  if (/[\\/]node_modules[\\/]undici[\\/]/.test(file)) undiciFiles.push(file)
  if (file !== STAND_IN && !mayNameUndici(file) && readFileSync(file, 'utf8').includes('getAgentDispatcher(')) {
    problems.push(`${file} calls getAgentDispatcher(), which needs the undici the bundle leaves out.`)
  }
}
if (undiciFiles.length > 0) {
  problems.push(
    `${undiciFiles.length} of undici's files are bundled, ${undiciFiles[0]} first: tsconfig.bundle.json no longer maps "undici".`
  )
}
const standIn = modules.find(({ identifier }) => sourcePath(identifier) === STAND_IN)
for (const reason of standIn?.reasons ?? []) {
  const consumer = sourcePath(reason.resolvedModuleIdentifier ?? reason.moduleIdentifier ?? '')
  if (isAbsolute(consumer) && !mayNameUndici(consumer)) {
    problems.push(`${consumer} imports undici, and would get the stand-in that throws.`)
  }
}
if (problems.length > 0) {
  console.error(
    `Leaving undici out (docs/adr/0004-no-undici-in-the-bundle.md) does not fit this tree:\n- ${problems.join('\n- ')}`
  )
  process.exit(1)
}
