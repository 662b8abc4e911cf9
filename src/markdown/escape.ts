// Markdown that says exactly what it quotes: text that renders as itself, inline code that cannot be
// broken out of, and links only to the URLs allowed. Everything the action writes into a comment or
// the summary from the API, a comment or an event goes through these.
import { longestBacktickRun } from './backticks.js'

const HTTPS_ONLY: readonly string[] = ['https:']
/** URLs the runner gives (GITHUB_SERVER_URL), which a GHES instance may serve over plain http. */
export const RUNNER_URL_PROTOCOLS: readonly string[] = ['https:', 'http:']

/**
 * A markdown link when the URL's protocol is allowed (https by default), otherwise the escaped text.
 * Without a `label`, the link shows the URL as parsed: a non-ASCII host in punycode, so that a
 * look-alike letter cannot pass for the real host, and no bidi control to reorder what is read.
 */
export function linkOrText(value: string, label?: string, protocols = HTTPS_ONLY): string {
  const url = allowedUrl(value.replace(BIDI_CONTROLS, ''), protocols)
  if (!url) return escapeMarkdown(label ?? value)
  return `[${escapeMarkdown(label ?? url.href, { inLinkLabel: true })}](${linkTarget(url)})`
}

/** The URL fit for a markdown link target, or undefined: never javascript:, data: or credentials. */
export function safeUrl(value: string, protocols = HTTPS_ONLY): string | undefined {
  const url = allowedUrl(value, protocols)
  return url && linkTarget(url)
}

function allowedUrl(value: string, protocols: readonly string[]): URL | undefined {
  let url: URL
  try {
    url = new URL(value)
  } catch {
    return undefined
  }
  return protocols.includes(url.protocol) && !url.username && !url.password ? url : undefined
}

function linkTarget(url: URL): string {
  // `|` too, which would end a table cell even inside a link.
  return url.href.replace(/\(/g, '%28').replace(/\)/g, '%29').replace(/ /g, '%20').replace(/\|/g, '%7C')
}

/** Inline code in a table cell, where a `|` would end the cell even inside code: such a value is escaped text instead. */
export function cellCode(value: string): string {
  return value.includes('|') ? escapeMarkdown(value) : code(value)
}

/** Inline code that cannot be broken out of, outside tables (see cellCode). */
export function code(value: string): string {
  // Outside a table `|` needs no escape (inside a code span it would show as `\|`).
  const text = value.replace(/[\r\n]+/g, ' ').replace(BIDI_CONTROLS, '')
  const fence = '`'.repeat(longestBacktickRun(text) + 1)
  const pad = text.startsWith('`') || text.endsWith('`') ? ' ' : ''
  return `${fence}${pad}${text}${pad}${fence}`
}

// Bidi embeddings, overrides and isolates, and the invisible direction marks: they can make text
// read in another order than it is written.
export const BIDI_CONTROLS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g
// GitHub makes links of its own from text: bare URLs and www. names, #123 and owner/repo#123,
// GH-123, @user and @org/team. It finds them in the rendered text, where a backslash escape or an
// HTML entity is already gone, so a word joiner (U+2060, invisible) goes inside each instead.
const AUTOLINKS = /(:)(\/\/)|\b(www)(\.)|(#)(\d)|\b(gh-)(\d)|(@)(\w)/gi
const WORD_JOINER = '\u2060'

/**
 * Text that renders as itself: no markup, no HTML, no table breakout, no mention, reference or link
 * that GitHub would make on its own (a link label is already inside a link, where GitHub makes none).
 */
export function escapeMarkdown(value: string, { inLinkLabel = false } = {}): string {
  const text = value.replace(BIDI_CONTROLS, '')
  const unlinked = inLinkLabel
    ? text
    : text.replace(AUTOLINKS, (_match, ...groups: (string | undefined)[]) =>
        groups
          .slice(0, 10)
          .filter((part) => part !== undefined)
          .join(WORD_JOINER)
      )
  return (
    unlinked
      .replace(/[\r\n]+/g, ' ')
      .replace(/&/g, '&amp;')
      .replace(/[\\`*_{}[\]()!|~]/g, (char) => `\\${char}`)
      // Block markers matter only where a line starts: a heading, a list item or a numbered list.
      .replace(/^(\s*)([#+-]|\d+[.)])/, (_match, space: string, marker: string) => `${space}\\${marker}`)
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      // Four spaces (or a tab) where a line starts make an indented code block, or code in a list
      // item: the first as a character reference is text, and the rest follow it as text too.
      .replace(/^[ \t]/, (blank) => `&#${blank.charCodeAt(0)};`)
  )
}
