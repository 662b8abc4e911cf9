// Which files are the repository's documentation, for the checks that read them: tools/check-docs.ts
// (the reference tables, the embedded examples, the links) and tools/validate-workflows.ts (every
// YAML block).
import { existsSync, readdirSync } from 'node:fs'
import { join, relative } from 'node:path'

/** Files under `dirs`, at any depth, whose name matches `name`: sorted paths relative to `root`. */
export function filesUnder(root: string, dirs: string[], name: RegExp): string[] {
  return dirs
    .filter((dir) => existsSync(join(root, dir)))
    .flatMap((dir) => readdirSync(join(root, dir), { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile() && name.test(entry.name))
    .map((entry) => relative(root, join(entry.parentPath, entry.name)))
    .sort()
}

/** The pages a user reads: README.md, SECURITY.md and every markdown file under docs/. */
export function documentationPages(root: string): string[] {
  const pages = ['README.md', 'SECURITY.md', ...filesUnder(root, ['docs'], /\.md$/)]
  return pages.filter((page) => existsSync(join(root, page)))
}
