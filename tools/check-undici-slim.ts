// Checks a fresh bundle against docs/adr/0002-slim-undici.md, from the module list ncc writes with
// --stats-out (tools/bundle.sh). Each failure would otherwise pass the build unnoticed:
// - undici's index.js is bundled: the mapping in tsconfig.bundle.json no longer applies, and the
//   bundle quietly grows by all of undici again;
// - a module could not be resolved: ncc bundles a stand-in that throws only when it is loaded
//   (an undici upgrade that moves one of the files the slim entry imports);
// - a package asks for "undici" and would get another copy than the one the slim entry is built
//   from (npm installed a second undici version for it).
// Usage: tsx tools/check-undici-slim.ts STATS_JSON
import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { isAbsolute } from 'node:path'
import { fileURLToPath } from 'node:url'

interface StatsModule {
  identifier: string
  modules?: StatsModule[]
  reasons?: { userRequest?: string; resolvedModuleIdentifier?: string | null; moduleIdentifier?: string | null }[]
}

const SLIM_ENTRY = fileURLToPath(new URL('../src/vendor/undici-slim.js', import.meta.url))
const NOT_FOUND = '/@@notfound.js?'

/** The file behind a webpack module identifier such as `javascript/esm|loader!…!/path/file.js|hash`. */
function sourcePath(identifier: string): string {
  return identifier.split('!').at(-1)?.split('|')[0] ?? identifier
}

function undiciFor(file: string): string {
  return createRequire(file).resolve('undici/package.json')
}

const statsFile = process.argv[2]
if (!statsFile) {
  console.error('Usage: tsx tools/check-undici-slim.ts STATS_JSON')
  process.exit(2)
}
const stats = JSON.parse(await readFile(statsFile, 'utf8')) as { modules: StatsModule[] }
// A concatenated module lists the modules it joined; each can be the one that matters.
const flatten = (list: StatsModule[] = []): StatsModule[] =>
  list.flatMap((module) => [module, ...flatten(module.modules)])
const modules = flatten(stats.modules)

const problems: string[] = []
for (const { identifier } of modules) {
  const file = sourcePath(identifier)
  if (/[\\/]node_modules[\\/]undici[\\/]index\.js$/.test(file)) {
    problems.push(`undici's index.js is bundled (${file}): tsconfig.bundle.json no longer maps "undici".`)
  }
  const missing = identifier.indexOf(NOT_FOUND)
  if (missing >= 0) problems.push(`ncc could not resolve '${identifier.slice(missing + NOT_FOUND.length)}'.`)
}
const slim = modules.find(({ identifier }) => sourcePath(identifier) === SLIM_ENTRY)
if (!slim) problems.push(`${SLIM_ENTRY} is not in the bundle.`)
const expected = undiciFor(SLIM_ENTRY)
const consumers = new Set(
  (slim?.reasons ?? [])
    .filter((reason) => reason.userRequest === 'undici')
    .map((reason) => sourcePath(reason.resolvedModuleIdentifier ?? reason.moduleIdentifier ?? ''))
    .filter((file) => isAbsolute(file))
)
for (const consumer of consumers) {
  const own = undiciFor(consumer)
  if (own !== expected) problems.push(`${consumer} asks for the undici of ${own}, but the bundle gives it ${expected}.`)
}
if (problems.length > 0) {
  console.error(`The slim undici (docs/adr/0002-slim-undici.md) does not fit this tree:\n- ${problems.join('\n- ')}`)
  process.exit(1)
}
