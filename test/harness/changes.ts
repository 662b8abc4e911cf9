// Changes to files as tests describe them, and the unified diff and file list GitHub would give for
// them: one description, so that a pull request's files, its diff and its line counts agree.

export interface FileChange {
  path: string
  /** GitHub's word for the change (default modified). */
  status?: 'added' | 'removed' | 'modified' | 'renamed'
  /** For a rename: the path before. */
  previousPath?: string
  added?: string[]
  removed?: string[]
}

/** The file list entry GitHub's pulls/{n}/files and compare answers give. */
export function changedFileJson(change: FileChange, serverUrl: string, repository: string): Record<string, unknown> {
  const additions = change.added?.length ?? 0
  const deletions = change.removed?.length ?? 0
  const entry: Record<string, unknown> = {
    sha: fakeSha(`blob:${change.path}`),
    filename: change.path,
    status: change.status ?? 'modified',
    additions,
    deletions,
    changes: additions + deletions,
    blob_url: `${serverUrl}/${repository}/blob/${fakeSha('head')}/${change.path}`,
    raw_url: `${serverUrl}/${repository}/raw/${fakeSha('head')}/${change.path}`,
    contents_url: `${serverUrl}/repos/${repository}/contents/${change.path}`
  }
  if (change.previousPath !== undefined) entry.previous_filename = change.previousPath
  const hunk = hunkOf(change)
  if (hunk !== '') entry.patch = hunk.replace(/\n$/, '')
  return entry
}

/** The unified diff of `changes`, as git writes it and GitHub serves it (application/vnd.github.diff). */
export function unifiedDiff(changes: readonly FileChange[]): string {
  return changes.map(fileDiff).join('')
}

function fileDiff(change: FileChange): string {
  const before = change.previousPath ?? change.path
  const lines = [`diff --git a/${before} b/${change.path}`]
  const status = change.status ?? 'modified'
  if (status === 'added') lines.push('new file mode 100644', `index 0000000..${fakeSha(change.path).slice(0, 7)}`)
  else if (status === 'removed') lines.push('deleted file mode 100644', `index ${fakeSha(before).slice(0, 7)}..0000000`)
  else if (status === 'renamed') lines.push('similarity index 90%', `rename from ${before}`, `rename to ${change.path}`)
  else lines.push(`index ${fakeSha(`old:${before}`).slice(0, 7)}..${fakeSha(`new:${change.path}`).slice(0, 7)} 100644`)
  const hunk = hunkOf(change)
  if (hunk !== '') {
    lines.push(status === 'added' ? '--- /dev/null' : `--- a/${before}`)
    lines.push(status === 'removed' ? '+++ /dev/null' : `+++ b/${change.path}`)
  }
  return `${lines.join('\n')}\n${hunk}`
}

function hunkOf(change: FileChange): string {
  const removed = change.removed ?? []
  const added = change.added ?? []
  if (removed.length === 0 && added.length === 0) return ''
  const range = (count: number) => (count === 0 ? '0,0' : `1,${count}`)
  const body = [...removed.map((line) => `-${line}`), ...added.map((line) => `+${line}`)]
  return `@@ -${range(removed.length)} +${range(added.length)} @@\n${body.join('\n')}\n`
}

const fakeShas = new Map<string, string>()

/**
 * A SHA-shaped id that is the same for the same seed: fixtures stay the same from run to run. Kept
 * once made: the fake asks again for the same seeds (each comment's author's id, each file's head).
 */
export function fakeSha(seed: string): string {
  let sha = fakeShas.get(seed)
  if (sha === undefined) fakeShas.set(seed, (sha = shaOf(seed)))
  return sha
}

/** FNV-1a over the seed once, then five rounds of mixing for the 40 hex digits. */
function shaOf(seed: string): string {
  let hash = 0x811c9dc5
  for (let index = 0; index < seed.length; index++) hash = Math.imul(hash ^ seed.charCodeAt(index), 0x01000193) >>> 0
  let sha = ''
  for (let round = 0; round < 5; round++) {
    hash = Math.imul(hash ^ (hash >>> 15) ^ round, 0x2c1b3c6d) >>> 0
    hash = Math.imul(hash ^ (hash >>> 12), 0x297a2d39) >>> 0
    sha += ((hash ^ (hash >>> 15)) >>> 0).toString(16).padStart(8, '0')
  }
  return sha
}
