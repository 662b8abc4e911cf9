// A unified diff as git writes it (and GitHub serves it), cut into one piece per file at its
// `diff --git` lines, so that a diff too long for the prompt loses whole files, never half a hunk.

export interface FileDiff {
  /** The file as the diff names it: the new path of a renamed file, the old one of a deleted file. */
  path: string
  /** The file's part of the diff, from its `diff --git` line up to the next one. */
  text: string
}

const FILE_START = 'diff --git '

/** The diff's files in order; text before the first `diff --git` line stays with the first file. */
export function splitDiff(diff: string): FileDiff[] {
  const starts: number[] = []
  for (let at = 0; at < diff.length;) {
    if (diff.startsWith(FILE_START, at)) starts.push(at)
    const newline = diff.indexOf('\n', at)
    at = newline < 0 ? diff.length : newline + 1
  }
  if (diff === '') return []
  starts[0] = 0
  return starts.map((start, index) => {
    const text = diff.slice(start, starts[index + 1] ?? diff.length)
    return { path: pathOf(text), text }
  })
}

/** The path a file's diff is about, from its header (the lines before the first hunk). */
function pathOf(text: string): string {
  const header: string[] = []
  for (const line of text.split('\n')) {
    if (line.startsWith('@@')) break
    header.push(line)
  }
  const after = (prefix: string) => header.find((line) => line.startsWith(prefix))?.slice(prefix.length)
  const renamed = after('rename to ') ?? after('copy to ')
  if (renamed !== undefined) return unquote(renamed)
  const newPath = after('+++ ')
  if (newPath !== undefined && newPath !== '/dev/null') return unquote(newPath).replace(/^b\//, '')
  const oldPath = after('--- ')
  if (oldPath !== undefined && oldPath !== '/dev/null') return unquote(oldPath).replace(/^a\//, '')
  // No hunks (a binary file, a mode change): `diff --git a/P b/P` names P twice.
  const names = header.find((line) => line.startsWith(FILE_START))?.slice(FILE_START.length) ?? ''
  const half = (names.length - 1) / 2
  if (Number.isInteger(half) && names.startsWith('a/') && names.slice(half + 1).startsWith('b/')) {
    const path = names.slice(2, half)
    if (names.slice(half + 3) === path) return path
  }
  return names
}

/** Git quotes a path with unusual characters in C style; the quotes go, the escapes stay. */
function unquote(path: string): string {
  return path.startsWith('"') && path.endsWith('"') ? path.slice(1, -1) : path
}
