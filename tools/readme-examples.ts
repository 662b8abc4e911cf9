// The ```yaml blocks of a markdown file, found with a CommonMark parser (not by pattern matching,
// which a fence inside a list item or a longer fence would fool).
// The workflows shown in README.md and docs/ are copies of files under examples/: a
// `<!-- example: PATH -->` line right before a block names the file (from the repository's root) the
// block must equal, so no page can show a workflow that was never validated. Every other yaml block
// is validated where it stands (tools/validate-workflows.ts).
import type { Code, Nodes } from 'mdast'
import { fromMarkdown } from 'mdast-util-from-markdown'

export interface YamlBlock {
  /** The block's text, ending with a line break as a file would. */
  content: string
  /** The line of the markdown file that holds the block's first line of YAML. */
  firstLine: number
  /** The file named by an `<!-- example: PATH -->` line right before the block, if any. */
  example?: string
  start: number
  end: number
}

const YAML_LANGUAGES = new Set(['yaml', 'yml'])
const EXAMPLE_MARKER = /^<!--\s*example:\s*(\S+)\s*-->$/

export function yamlBlocks(markdown: string): YamlBlock[] {
  const blocks: YamlBlock[] = []
  const visit = (node: Nodes): void => {
    if (!('children' in node)) return
    node.children.forEach((child, index) => {
      if (child.type === 'code' && YAML_LANGUAGES.has(child.lang?.toLowerCase() ?? '')) {
        const previous = index > 0 ? node.children[index - 1] : undefined
        const marker = previous?.type === 'html' ? EXAMPLE_MARKER.exec(previous.value.trim()) : null
        blocks.push(toBlock(child, marker?.[1]))
      }
      visit(child)
    })
  }
  visit(fromMarkdown(markdown))
  return blocks
}

function toBlock(code: Code, example: string | undefined): YamlBlock {
  const { start, end } = code.position ?? { start: { line: 1, offset: 0 }, end: { offset: 0 } }
  return {
    content: code.value === '' ? '' : `${code.value}\n`,
    firstLine: start.line + 1,
    ...(example === undefined ? {} : { example }),
    start: start.offset ?? 0,
    end: end.offset ?? 0
  }
}

export interface EmbeddedExample {
  path: string
  content: string
}

export function embeddedExamples(markdown: string): EmbeddedExample[] {
  return yamlBlocks(markdown).flatMap(({ example, content }) => (example ? [{ path: example, content }] : []))
}

/** One message per example of `page` whose block differs from its file, or whose file is missing. */
export function compareExamples(page: string, markdown: string, read: (path: string) => string | undefined): string[] {
  return embeddedExamples(markdown).flatMap(({ path, content }) => {
    const file = read(path)
    if (file === undefined) return [`${page} embeds ${path}, which does not exist.`]
    return file === content ? [] : [`${page}'s copy of ${path} differs from the file.`]
  })
}

/** The page with every embedded example replaced by its file's current content, fences kept. */
export function writeExamples(markdown: string, read: (path: string) => string | undefined): string {
  let updated = markdown
  // From the last block back, so earlier offsets stay valid.
  for (const block of yamlBlocks(markdown).reverse()) {
    const file = block.example === undefined ? undefined : read(block.example)
    if (file === undefined) continue
    const fenced = markdown.slice(block.start, block.end)
    const opening = fenced.slice(0, fenced.indexOf('\n') + 1)
    const closing = fenced.slice(fenced.lastIndexOf('\n') + 1)
    const body = file.endsWith('\n') ? file : `${file}\n`
    updated = `${updated.slice(0, block.start)}${opening}${body}${closing}${updated.slice(block.end)}`
  }
  return updated
}
