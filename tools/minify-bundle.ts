// Minifies, in place, every JavaScript file of a bundle that ncc built without --minify
// (tools/bundle.sh), and the source map beside a file when ncc wrote one (BUNDLE_SOURCE_MAP=1).
// Usage: tsx tools/minify-bundle.ts DIR
import { existsSync } from 'node:fs'
import { readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { minify, type MinifyOptions } from 'terser'
import { bundleFiles } from './bench/size.js'

// Function and class names are mangled too: nothing bundled reads them at run time (the action's
// errors set their `name` themselves). undici, whose web-IDL checks did, is no longer bundled.
const OPTIONS: MinifyOptions = {
  module: true,
  compress: { passes: 2 },
  // Licence comments go too: dist/licenses.txt carries every bundled package's licence in full.
  format: { comments: false },
  mangle: true
}

const dir = process.argv[2]
if (!dir) {
  console.error('Usage: tsx tools/minify-bundle.ts DIR')
  process.exit(2)
}
for (const { name } of await bundleFiles(dir)) {
  const file = path.join(dir, name)
  const mapFile = `${file}.map`
  const mapped = existsSync(mapFile)
  // Mapping changes no byte of the code: the composition it tells is the bundle's own.
  const sourceMap = mapped ? { content: await readFile(mapFile, 'utf8') } : false
  const { code, map } = await minify(await readFile(file, 'utf8'), { ...OPTIONS, sourceMap })
  if (code === undefined) throw new Error(`terser produced no code for ${file}`)
  await writeFile(file, code)
  if (!mapped) continue
  if (typeof map !== 'string') throw new Error(`terser produced no source map for ${file}`)
  await writeFile(mapFile, map)
}
