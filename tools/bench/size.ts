// What the action loads: every JavaScript file under dist/.
import { readdir, stat } from 'node:fs/promises'
import path from 'node:path'
import { BUNDLE } from '../../test/harness/run-bundle.js'

export const DIST = path.dirname(BUNDLE)

export interface BundleFile {
  /** Relative to dist/. */
  name: string
  bytes: number
}

export async function bundleFiles(dir: string = DIST): Promise<BundleFile[]> {
  const names = (await readdir(dir, { recursive: true })).filter((name) => /\.[cm]?js$/.test(name)).sort()
  return Promise.all(names.map(async (name) => ({ name, bytes: (await stat(path.join(dir, name))).size })))
}
