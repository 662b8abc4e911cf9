import { compareExamples, embeddedExamples, writeExamples } from '../tools/readme-examples.js'

const readme = [
  'Intro',
  '<!-- example: examples/a.yml -->',
  '```yaml',
  'on: push',
  '```',
  'More text',
  ''
].join('\n')

const files: Record<string, string> = { 'examples/a.yml': 'on: push\n' }
const read = (path: string) => files[path]

describe('README example workflows', () => {
  it('finds the blocks that embed a file', () => {
    expect(embeddedExamples(readme)).toEqual([{ path: 'examples/a.yml', content: 'on: push\n' }])
  })

  it('accepts a block equal to its file', () => {
    expect(compareExamples(readme, read)).toEqual([])
  })

  it('names an example that drifted, and one whose file is gone', () => {
    expect(compareExamples(readme, () => 'on: pull_request\n')).toEqual([
      "README.md's copy of examples/a.yml differs from the file."
    ])
    expect(compareExamples(readme, () => undefined)).toEqual(['README.md embeds examples/a.yml, which does not exist.'])
  })

  it('rewrites a drifted block from its file and leaves the rest alone', () => {
    const drifted = readme.replace('on: push', 'on: pull_request')
    expect(writeExamples(drifted, read)).toBe(readme)
  })
})
