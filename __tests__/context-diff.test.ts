import { DiffKeeper, splitDiff } from '../src/context/diff.js'
import { unifiedDiff } from '../test/harness/changes.js'

describe('splitDiff', () => {
  it('cuts a diff into files at their diff --git lines, losing nothing', () => {
    const diff = unifiedDiff([
      { path: 'src/a.ts', removed: ['old'], added: ['new'] },
      { path: 'docs/new.md', status: 'added', added: ['# New'] },
      { path: 'docs/gone.md', status: 'removed', removed: ['# Gone'] },
      { path: 'src/moved.ts', status: 'renamed', previousPath: 'src/old-place.ts' }
    ])
    const files = splitDiff(diff)
    expect(files.map((file) => file.path)).toEqual(['src/a.ts', 'docs/new.md', 'docs/gone.md', 'src/moved.ts'])
    expect(files.map((file) => file.text).join('')).toBe(diff)
    expect(files.every((file) => file.text.startsWith('diff --git '))).toBe(true)
  })

  it('names a file whose diff has no hunks (binary, mode change) from its diff --git line', () => {
    const diff =
      'diff --git a/img/logo.png b/img/logo.png\nindex 1111111..2222222 100644\nBinary files a/img/logo.png and b/img/logo.png differ\n' +
      'diff --git a/bin/run b/bin/run\nold mode 100644\nnew mode 100755\n'
    expect(splitDiff(diff).map((file) => file.path)).toEqual(['img/logo.png', 'bin/run'])
  })

  it('reads a path with spaces, and the quoted path git writes for unusual characters', () => {
    const diff =
      'diff --git a/my notes.md b/my notes.md\nnew file mode 100644\n' +
      'diff --git "a/caf\\303\\251.md" "b/caf\\303\\251.md"\n--- "a/caf\\303\\251.md"\n+++ "b/caf\\303\\251.md"\n@@ -1 +1 @@\n-a\n+b\n'
    expect(splitDiff(diff).map((file) => file.path)).toEqual(['my notes.md', 'caf\\303\\251.md'])
  })

  it('does not take a diff --git line inside a hunk for a file (an added line starts with +)', () => {
    const diff = unifiedDiff([{ path: 'notes.md', added: ['diff --git a/x b/x'] }])
    expect(splitDiff(diff)).toHaveLength(1)
  })

  it('keeps text before the first file with it, and gives nothing for an empty diff', () => {
    expect(splitDiff('warning: something\ndiff --git a/a b/a\n')).toEqual([
      { path: 'a', text: 'warning: something\ndiff --git a/a b/a\n' }
    ])
    expect(splitDiff('')).toEqual([])
  })
})

describe('DiffKeeper: a diff kept as it arrives, within a budget', () => {
  const bundle = 'var a=function(){return 1};'.repeat(40_000)
  const diff = unifiedDiff([
    { path: 'CHANGELOG.md', added: ['- Faster start'] },
    { path: 'dist/index.js', removed: ['var a=0'], added: [bundle] },
    { path: 'src/start.ts', removed: ['slow()'], added: ['fast()'] }
  ])
  /** The body in pieces of `size` characters, as a socket would hand it over. */
  const keptIn = (size: number, budget: number) => {
    const keeper = new DiffKeeper(budget)
    for (let at = 0; at < diff.length; at += size) keeper.push(diff.slice(at, at + size))
    return { text: keeper.end(), leftOut: keeper.leftOut }
  }

  it('keeps every file of a diff within the budget, whatever the pieces it arrives in', () => {
    for (const size of [1, 7, 11, 12, 13, 4096]) {
      const small = unifiedDiff([
        { path: 'a.ts', added: ['x'] },
        { path: 'b.ts', removed: ['y'] }
      ])
      const keeper = new DiffKeeper(1000)
      for (let at = 0; at < small.length; at += size) keeper.push(small.slice(at, at + size))
      expect(keeper.end()).toBe(small)
      expect(keeper.leftOut).toEqual([])
    }
  })

  it('lets a file longer than the budget pass, names it, and keeps the files around it whole', () => {
    for (const size of [5, 64 * 1024]) {
      const { text, leftOut } = keptIn(size, 20_000)
      expect(leftOut).toEqual(['dist/index.js'])
      expect(splitDiff(text).map((file) => file.path)).toEqual(['CHANGELOG.md', 'src/start.ts'])
      expect(text).not.toContain('return 1')
      expect(text.length).toBeLessThanOrEqual(20_000)
    }
  })

  it('gives way the largest files first when the files kept together pass the budget', () => {
    const files = unifiedDiff([
      { path: 'a.ts', added: ['a'.repeat(300)] },
      { path: 'b.ts', added: ['b'.repeat(600)] },
      { path: 'c.ts', added: ['c'.repeat(100)] }
    ])
    const keeper = new DiffKeeper(700)
    keeper.push(files)
    const kept = splitDiff(keeper.end()).map((file) => file.path)
    expect(kept).toEqual(['a.ts', 'c.ts'])
    expect(keeper.leftOut).toEqual(['b.ts'])
  })
})
