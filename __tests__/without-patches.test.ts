// A file listing read without its patches (src/github/without-patches.ts): the same JSON, each
// file's `patch` emptied, whatever pieces it arrives in; nothing else changed.
import { describe, expect, it } from '@jest/globals'
import { WithoutPatches } from '../src/github/without-patches.js'
import { changedFileJson } from '../test/harness/changes.js'

const FILES = [
  changedFileJson(
    { path: 'dist/index.js', added: ['var a="\\"patch\\": x";'.repeat(500)] },
    'https://github.com',
    'acme/docs'
  ),
  { filename: 'patch', status: 'patch', patch: null, note: '{"patch": "not a member"}' },
  changedFileJson({ path: 'src/a.ts', removed: ['old'], added: ['new \\ "quoted"'] }, 'https://github.com', 'acme/docs')
]

function readIn(text: string, size: number): string {
  const reader = new WithoutPatches()
  for (let at = 0; at < text.length; at += size) reader.push(text.slice(at, at + size))
  return reader.end()
}

describe('a file listing without its patches', () => {
  it('empties every patch, keeps everything else, in pieces of any size', () => {
    const expected = FILES.map((file) => (typeof file.patch === 'string' ? { ...file, patch: '' } : file))
    for (const text of [JSON.stringify(FILES), JSON.stringify(FILES, null, 2)]) {
      for (const size of [1, 2, 3, 7, 64, text.length]) expect(JSON.parse(readIn(text, size))).toEqual(expected)
    }
  })

  it('holds none of a patch: what it keeps is the listing without them', () => {
    const text = JSON.stringify(FILES)
    expect(readIn(text, 4096).length).toBeLessThan(text.length - 10_000)
  })
})
