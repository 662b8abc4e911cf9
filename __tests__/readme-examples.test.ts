import { compareExamples, embeddedExamples, writeExamples, yamlBlocks } from '../tools/readme-examples.js'

const readme = ['Intro', '<!-- example: examples/a.yml -->', '```yaml', 'on: push', '```', 'More text', ''].join('\n')

const files: Record<string, string> = { 'examples/a.yml': 'on: push\n' }
const read = (path: string) => files[path]

describe('example workflows shown on a page', () => {
  it('finds the blocks that embed a file', () => {
    expect(embeddedExamples(readme)).toEqual([{ path: 'examples/a.yml', content: 'on: push\n' }])
  })

  it('accepts a block equal to its file', () => {
    expect(compareExamples('README.md', readme, read)).toEqual([])
  })

  it('names an example that drifted, and one whose file is gone, on the page that shows it', () => {
    expect(compareExamples('README.md', readme, () => 'on: pull_request\n')).toEqual([
      "README.md's copy of examples/a.yml differs from the file."
    ])
    expect(compareExamples('docs/guide.md', readme, () => undefined)).toEqual([
      'docs/guide.md embeds examples/a.yml, which does not exist.'
    ])
  })

  it('rewrites a drifted block from its file and leaves the rest alone', () => {
    const drifted = readme.replace('on: push', 'on: pull_request')
    expect(writeExamples(drifted, read)).toBe(readme)
  })
})

describe('yamlBlocks', () => {
  it('finds every yaml block with the line its YAML starts on, marked or not, and nothing else', () => {
    const markdown = [
      '# Title', // 1
      '```sh', // 2
      'npm ci', // 3
      '```', // 4
      '- A list item:', // 5
      '', // 6
      '  ```yml', // 7
      '  on: push', // 8
      '  ```', // 9
      '', // 10
      '````yaml', // 11
      'a: |', // 12
      '  ```', // 13
      '  not a fence', // 14
      '````', // 15
      ''
    ].join('\n')
    expect(yamlBlocks(markdown).map(({ content, firstLine, example }) => ({ content, firstLine, example }))).toEqual([
      { content: 'on: push\n', firstLine: 8, example: undefined },
      { content: 'a: |\n  ```\n  not a fence\n', firstLine: 12, example: undefined }
    ])
  })

  it('keeps a longer fence when rewriting an example that contains backticks', () => {
    const longFence = ['<!-- example: examples/a.yml -->', '````yaml', 'old: 1', '````', ''].join('\n')
    const body = 'run: |\n  ```\n'
    expect(writeExamples(longFence, () => body)).toBe(
      ['<!-- example: examples/a.yml -->', '````yaml', 'run: |', '  ```', '````', ''].join('\n')
    )
  })
})
