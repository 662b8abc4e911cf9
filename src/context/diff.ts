// A unified diff as git writes it (and GitHub serves it), cut into one piece per file at its
// `diff --git` lines, so that a diff too long for the prompt loses whole files, never half a hunk;
// and kept while it arrives only as far as the prompt could show it (DiffKeeper).
import type { BodyReader } from '../http/transport.js'

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

/**
 * A diff kept as it arrives, at most `budget` characters of whole files: what the prompt could show
 * of it, never the whole body (a minified bundle's diff can be tens of megabytes). A file longer
 * than the budget is let pass once it grows past it, keeping only the start that names it; when the
 * files kept together pass the budget, the largest give way (the later first among equals), as the
 * section's fitting would drop them (fit.ts). `leftOut` names the files that gave way.
 */
export class DiffKeeper implements BodyReader {
  readonly leftOut: string[] = []
  private readonly kept: FileDiff[] = []
  private keptSize = 0
  /** The file arriving, while it fits the budget; its start alone once it does not. */
  private file = ''
  private overflowing = false
  /** What may still be the start of a file's first line; the body's start counts as a line's. */
  private carry = '\n'
  private atBodyStart = true

  constructor(private readonly budget: number) {}

  push(text: string): void {
    let rest = this.carry + text
    for (let at = rest.indexOf(FILE_MARK); at >= 0; at = rest.indexOf(FILE_MARK)) {
      this.add(rest.slice(0, at + 1))
      this.endFile()
      rest = rest.slice(at + 1)
    }
    const safe = Math.max(0, rest.length - (FILE_MARK.length - 1))
    this.add(rest.slice(0, safe))
    this.carry = rest.slice(safe)
  }

  end(): string {
    this.add(this.carry)
    this.carry = ''
    this.endFile()
    return this.kept.map((file) => file.text).join('')
  }

  private add(piece: string): void {
    if (this.atBodyStart && piece !== '') {
      // The line break put before the body so that its first line is found like any other.
      this.atBodyStart = false
      piece = piece.slice(1)
    }
    if (this.overflowing) return
    this.file += piece
    if (this.file.length > this.budget) {
      this.overflowing = true
      this.file = this.file.slice(0, NAMING_START)
    }
  }

  private endFile(): void {
    const { file } = this
    if (file !== '') {
      if (this.overflowing) this.leftOut.push(pathOf(file))
      else {
        this.kept.push({ path: pathOf(file), text: file })
        this.keptSize += file.length
      }
    }
    this.file = ''
    this.overflowing = false
    while (this.keptSize > this.budget) this.dropLargest()
  }

  private dropLargest(): void {
    let largest = 0
    this.kept.forEach((file, index) => {
      if (file.text.length >= (this.kept[largest]?.text.length ?? 0)) largest = index
    })
    const [dropped] = this.kept.splice(largest, 1)
    if (!dropped) return
    this.keptSize -= dropped.text.length
    this.leftOut.push(dropped.path)
  }
}

const FILE_MARK = `\n${FILE_START}`
/** How much of a file too long to keep stays to name it: its header, the lines before the first hunk. */
const NAMING_START = 4096

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
