// What the demo prints: a thread on the GitHub fake as a person sees it on github.com (who wrote each
// comment and its rendered text, reactions, labels, reviewers) and a workflow run as the Actions page
// shows it (groups collapsed). Pure, apart from reading the fake's state.
import type { Nodes } from 'mdast'
import { fromMarkdown } from 'mdast-util-from-markdown'
import type { FakeGitHub } from '../test/harness/fake-github.js'
import { type ActionRun, shownByRunner } from '../test/harness/run-bundle.js'

const WIDTH = 100
const REACTION_EMOJI: Record<string, string> = {
  '+1': '👍',
  '-1': '👎',
  laugh: '😄',
  confused: '😕',
  heart: '❤️',
  hooray: '🎉',
  rocket: '🚀',
  eyes: '👀'
}

/**
 * Markdown as GitHub renders it, in plain terminal text: HTML (the hidden markers among it) is not
 * shown, emphasis and code lose their marks, a link reads "text (url)".
 */
export function markdownAsText(markdown: string): string {
  return blocks(fromMarkdown(markdown)).trim()
}

function blocks(node: Nodes): string {
  switch (node.type) {
    case 'root':
    case 'blockquote':
      return node.children
        .map(blocks)
        .filter((text) => text !== '')
        .join('\n\n')
    case 'list':
      return node.children
        .map((item, i) => `${node.ordered ? `${(node.start ?? 1) + i}.` : '-'} ${blocks(item).replace(/\n/g, '\n  ')}`)
        .join('\n')
    case 'listItem':
      return node.children.map(blocks).join('\n')
    case 'code':
      return node.value.replace(/^/gm, '    ')
    case 'thematicBreak':
      return '---'
    case 'html':
      return ''
    default:
      return inline(node)
  }
}

function inline(node: Nodes): string {
  switch (node.type) {
    case 'text':
    case 'inlineCode':
      return node.value
    case 'break':
      return '\n'
    case 'html':
      return ''
    case 'link': {
      const text = node.children.map(inline).join('')
      return text === node.url ? node.url : `${text} (${node.url})`
    }
    case 'image':
      return `[image: ${node.alt ?? ''}] (${node.url})`
    default:
      return 'children' in node ? node.children.map((child) => inline(child as Nodes)).join('') : ''
  }
}

/** Plain text broken at spaces into lines of at most WIDTH characters less the indent, each indented. */
export function wrapped(text: string, indent: string): string {
  return text
    .split('\n')
    .flatMap((line) => {
      const lines: string[] = []
      let current = ''
      for (const word of line.split(' ')) {
        if (current !== '' && indent.length + current.length + 1 + word.length > WIDTH) {
          lines.push(current)
          current = word
        } else current = current === '' ? word : `${current} ${word}`
      }
      return [...lines, current]
    })
    .map((line) => (line === '' ? '' : indent + line))
    .join('\n')
}

export interface ThreadPlace {
  owner: string
  repo: string
  number: number
  title: string
  /** A pull request shows its requested reviewers. */
  pullRequest?: boolean
}

/** The thread as its page shows it: title, labels (and reviewers), then each comment with its author and reactions. */
export function threadView(github: FakeGitHub, place: ThreadPlace): string {
  const { owner, repo, number } = place
  const labels = github.labels(owner, repo, number)
  const facts = [`labels: ${labels.length > 0 ? labels.join(', ') : 'none'}`]
  if (place.pullRequest) {
    const reviewers = github.requestedReviewers(owner, repo, number)
    facts.push(`reviewers: ${reviewers.length > 0 ? reviewers.join(', ') : 'none'}`)
    const autoMerge = github.merges.autoMerge(owner, repo, number)
    if (autoMerge !== undefined) facts.push(`auto-merge: on (${autoMerge.toLowerCase()}), merges once its rules pass`)
  }
  const comments = github.comments(owner, repo, number).map((comment) => {
    const reactions = github.reactions
      .filter((reaction) => reaction.subject === 'issue_comment' && reaction.id === comment.id)
      .map((reaction) => REACTION_EMOJI[reaction.content] ?? reaction.content)
    const text = wrapped(markdownAsText(comment.body), '    ')
    return [`  @${comment.user.login}:`, text, ...(reactions.length > 0 ? [`    ${reactions.join(' ')}`] : [])].join(
      '\n'
    )
  })
  const title = `${owner}/${repo}#${number}${place.pullRequest ? ' (pull request)' : ''} "${place.title}"`
  return [`┌ ${title} · ${facts.join(' · ')}`, ...comments].join('\n\n')
}

/** A run as the Actions page shows it: the log with each group collapsed to its title, annotations by their kind. */
export function runView(log: readonly string[], run: Pick<ActionRun, 'code' | 'outputs'>): string {
  const lines: string[] = []
  let inGroup = false
  for (const line of log) {
    if (!shownByRunner(line) || line === '') continue
    if (line.startsWith('::group::')) {
      lines.push(`  ▸ ${line.slice('::group::'.length)}`)
      inGroup = true
    } else if (line.startsWith('::endgroup::')) inGroup = false
    else if (!inGroup) lines.push(wrapped(annotation(line), '  '))
  }
  const status = run.outputs.status ? `, status ${run.outputs.status}` : ''
  return [...lines, `  (exit code ${run.code}${status})`].join('\n')
}

/** "Warning: ..." for `::warning title=...::...`, as the run's page lists it; any other line as it is. */
function annotation(line: string): string {
  const command = /^::(warning|notice|error)(?: [^:]*)?::(.*)$/.exec(line)
  if (!command) return line
  const [, kind = '', message = ''] = command
  // The workflow-command escapes @actions/core writes.
  const text = message.replace(/%0A/g, '\n').replace(/%0D/g, '\r').replace(/%25/g, '%')
  return `${kind[0]!.toUpperCase()}${kind.slice(1)}: ${text}`
}
