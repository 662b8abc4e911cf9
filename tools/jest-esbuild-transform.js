// Jest's TypeScript transform: esbuild strips the types of each file on its own, as the type check
// (tsc, lint) is a check of its own and the tsconfig sets isolatedModules. ts-jest compiled every
// test file and what it imports with the TypeScript compiler, the largest part of the tests' CPU
// time in a fresh clone (jest's cache empty). Coverage is unchanged: jest instruments the output
// and maps it back to the TypeScript through the source map.
import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { transformSync, version } from 'esbuild'

const SELF = readFileSync(fileURLToPath(import.meta.url))

export default {
  process(source, filename, { supportsStaticESM }) {
    const { code, map } = transformSync(source, {
      loader: 'ts',
      format: supportsStaticESM ? 'esm' : 'cjs',
      target: 'node20',
      sourcemap: 'external',
      sourcefile: filename,
      sourcesContent: false
    })
    return { code, map }
  },
  getCacheKey(source, filename, { supportsStaticESM, instrument }) {
    return createHash('sha256')
      .update(SELF)
      .update(version)
      .update(`${filename}\0${supportsStaticESM}\0${instrument}\0`)
      .update(source)
      .digest('hex')
  }
}
