// Links between the documentation pages must resolve: a relative link names a file or folder of the
// repository, and its #fragment a heading of the markdown page it points to, anchored as GitHub
// anchors headings. Links are read with the CommonMark parser, so those in lists, table rows and
// reference definitions count, and text in code never does.
import { posix } from 'node:path'
import type { Nodes } from 'mdast'
import { fromMarkdown } from 'mdast-util-from-markdown'

export interface Repository {
  /** Whether a file or folder exists at `path`, relative to the repository's root. */
  exists: (path: string) => boolean
  /** A markdown file's text, whose headings give its anchors. */
  read: (path: string) => string | undefined
}

interface Link {
  url: string
  line: number
}

/** One message per relative link of `file` that names nothing: a missing file, or a missing heading. */
export function brokenLinks(file: string, markdown: string, repository: Repository): string[] {
  return linksOf(fromMarkdown(markdown)).flatMap(({ url, line }) => {
    const problem = problemOf(url, file, markdown, repository)
    return problem === undefined ? [] : [`${file}:${line}: the link ${url} ${problem}.`]
  })
}

function problemOf(url: string, file: string, markdown: string, repository: Repository): string | undefined {
  if (/^[a-z][a-z0-9+.-]*:/i.test(url) || url.startsWith('//')) return undefined
  const hash = url.indexOf('#')
  let path: string
  let fragment: string
  try {
    path = decodeURIComponent(hash === -1 ? url : url.slice(0, hash))
    fragment = hash === -1 ? '' : decodeURIComponent(url.slice(hash + 1))
  } catch {
    return 'is not a valid URL (a % that starts no escape)'
  }
  const target = path === '' ? file : posix.normalize(posix.join(posix.dirname(file), path))
  if (target === '..' || target.startsWith('../')) return 'points outside the repository'
  if (!repository.exists(target)) return `names ${target}, which does not exist`
  // Anchors of other files (a line of code, say) are GitHub's to resolve.
  if (fragment === '' || !target.endsWith('.md')) return undefined
  const text = target === file ? markdown : repository.read(target)
  if (text === undefined || headingAnchors(text).has(fragment)) return undefined
  return `names a heading that ${target} does not have`
}

function linksOf(node: Nodes): Link[] {
  const own: Link[] =
    (node.type === 'link' || node.type === 'image' || node.type === 'definition') && node.position
      ? [{ url: node.url, line: node.position.start.line }]
      : []
  return 'children' in node ? [...own, ...node.children.flatMap(linksOf)] : own
}

/** The anchors GitHub gives a page's headings, in the way of github-slugger (duplicates get -1, -2...). */
export function headingAnchors(markdown: string): Set<string> {
  const taken = new Map<string, number>()
  const anchors = new Set<string>()
  const visit = (node: Nodes): void => {
    if (node.type === 'heading') {
      const base = slugOf(textOf(node))
      let anchor = base
      while (taken.has(anchor)) {
        const count = (taken.get(base) ?? 0) + 1
        taken.set(base, count)
        anchor = `${base}-${count}`
      }
      taken.set(anchor, 0)
      anchors.add(anchor)
    } else if ('children' in node) {
      node.children.forEach(visit)
    }
  }
  visit(fromMarkdown(markdown))
  return anchors
}

/**
 * GitHub lower-cases a heading's text, drops every character that is not a letter, a mark, a decimal
 * or letter number, a connector (`_`), a space or `-`, and turns spaces into `-`.
 */
export function slugOf(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^\p{Alphabetic}\p{L}\p{M}\p{Nd}\p{Nl}\p{Pc} -]/gu, '')
    .replace(/ /g, '-')
}

function textOf(node: Nodes): string {
  if (node.type === 'text' || node.type === 'inlineCode') return node.value
  return 'children' in node ? node.children.map(textOf).join('') : ''
}
