import { REFERENCE_PAGE } from '../tools/check-docs.js'
import { documentationPages } from '../tools/doc-files.js'
import { brokenLinks, headingAnchors, slugOf } from '../tools/doc-links.js'

const files: Record<string, string> = {
  'README.md': '# Title\n\n## Set it up\n',
  'docs/guide.md': '# Guide\n\n## The `docs-token`, and its permissions\n\n## Steps\n\n## Steps\n',
  'examples/a.yml': 'on: push\n'
}
const folders = new Set(['docs', 'docs/adr', 'examples'])
const repository = {
  exists: (path: string) => path in files || folders.has(path.replace(/\/$/, '')),
  read: (path: string) => files[path]
}
const check = (markdown: string, file = 'docs/guide.md') => brokenLinks(file, markdown, repository)

describe('links between the pages', () => {
  it('accepts links to files, folders and headings that exist, from any markdown construct', () => {
    const markdown = [
      files['docs/guide.md'],
      '[Set-up](../README.md#set-it-up) and [the token](#the-docs-token-and-its-permissions).',
      '',
      '- [the second Steps](#steps-1), [the example](../examples/a.yml), [decisions](adr/)',
      '',
      '| Page | Link |',
      '| --- | --- |',
      '| home | [README](../README.md) |',
      '',
      'A [reference][ref] and ![an image](../examples/a.yml).',
      '',
      '[ref]: ../README.md#title',
      ''
    ].join('\n')
    expect(check(markdown)).toEqual([])
  })

  it('leaves web links, mail links and text in code alone', () => {
    expect(check('[site](https://example.com/x.md#nowhere) <mailto:a@b.c> `[x](missing.md)`\n')).toEqual([])
  })

  it('names a link to a file that does not exist, with its line', () => {
    expect(check('# Guide\n\nSee [the reference](reference.md).\n')).toEqual([
      'docs/guide.md:3: the link reference.md names docs/reference.md, which does not exist.'
    ])
  })

  it('names a link to a heading the page does not have, here or on another page', () => {
    expect(check('[a](#nowhere)\n\n[b](../README.md#setup)\n')).toEqual([
      'docs/guide.md:1: the link #nowhere names a heading that docs/guide.md does not have.',
      'docs/guide.md:3: the link ../README.md#setup names a heading that README.md does not have.'
    ])
  })

  it('names a link that leaves the repository, and one that is not a valid URL', () => {
    expect(check('[up](../../other/README.md) [bad](%zz.md)\n')).toEqual([
      'docs/guide.md:1: the link ../../other/README.md points outside the repository.',
      'docs/guide.md:1: the link %zz.md is not a valid URL (a % that starts no escape).'
    ])
  })

  it('checks the reference definition, where a link by reference points', () => {
    expect(check('See [the guide][g].\n\n[g]: missing.md\n')).toEqual([
      'docs/guide.md:3: the link missing.md names docs/missing.md, which does not exist.'
    ])
  })
})

describe('heading anchors, as GitHub makes them', () => {
  it('lower-cases, keeps letters, digits, _ and -, drops other punctuation and symbols, and dashes spaces', () => {
    expect(slugOf('Review the agent’s pull request')).toBe('review-the-agents-pull-request')
    expect(slugOf('`timeout: 30` waits 30 seconds?')).toBe('timeout-30-waits-30-seconds')
    expect(slugOf('Docs follow code: two repositories')).toBe('docs-follow-code-two-repositories')
    expect(slugOf('✅ Step 1 — the token')).toBe('-step-1--the-token')
    expect(slugOf('Über_uns')).toBe('über_uns')
  })

  it('numbers repeated headings and reads the text of code and emphasis', () => {
    expect([...headingAnchors('# A\n\n## A\n\n## *A*\n\n### `docs-token`\n')]).toEqual([
      'a',
      'a-1',
      'a-2',
      'docs-token'
    ])
  })

  it('takes headings only, not text that looks like one in code', () => {
    expect([...headingAnchors('```md\n# Not a heading\n```\n\nSetext\n===\n')]).toEqual(['setext'])
  })
})

describe("the repository's pages", () => {
  // check:docs checks their links; this only makes sure it is handed the pages, so that it cannot
  // pass by reading none.
  it('are README.md, SECURITY.md and the pages of docs/, the reference among them', () => {
    expect(documentationPages('.')).toEqual(expect.arrayContaining(['README.md', 'SECURITY.md', REFERENCE_PAGE]))
  })
})
