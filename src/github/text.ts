// What a person wrote, as the gate reads it: cleaned of what GitHub does not show, and searched
// for the trigger phrase where a reader would see it as a command.

// A phrase counts as a word when no name character touches it: "/docs" is found in "please /docs: add
// x" but not in "/docsy", "x/docs", "/docs-preview" or the path "/docs/api".
const NAME_CHAR = String.raw`[\p{L}\p{N}\p{M}_/-]`
// "/docs: add x" and "/docs, add x" ask for "add x"; a line break keeps a markdown list after it intact.
const LEADING_SEPARATOR = /^[ \t]*[:,–—]/u

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

/**
 * The text after the first occurrence of `phrase` as a word (case-insensitive), trimmed; undefined
 * when the phrase is not there. Expects text that went through cleanText, so that what is matched is
 * what a reader sees. An empty phrase is never found.
 */
export function findRequest(text: string, phrase: string): string | undefined {
  const words = phrase.trim().split(/\s+/).filter((word) => word !== '')
  if (words.length === 0) return undefined
  const pattern = words.map(escapeRegExp).join(String.raw`\s+`)
  // Searched where quotes and code are blanked out, so that the offsets still fit `text`.
  const match = new RegExp(`(?<!${NAME_CHAR})${pattern}(?!${NAME_CHAR})`, 'iu').exec(blankQuotesAndCode(text))
  if (match === null) return undefined
  return text.slice(match.index + match[0].length).replace(LEADING_SEPARATOR, '').trim()
}

// GitHub hides an HTML comment, and an unterminated one hides everything after it.
const HTML_COMMENT = /<!--[\s\S]*?(?:-->|$)/g
// Controls (but tab and newline), format characters (zero-width, bidi controls, tags, soft hyphen)
// and the other default-ignorable code points (variation selectors, fillers) show nothing on the page.
const INVISIBLE = /(?![\t\n])[\p{Cc}\p{Cf}\p{Default_Ignorable_Code_Point}]/gu

/**
 * Text as a reader of the thread sees it: what GitHub does not show must not reach the agent, nor
 * hide or split the trigger phrase. HTML comments go first, so that removing an invisible character
 * cannot close a comment that GitHub leaves open (and so reveal text it hides).
 */
export function cleanText(text: string): string {
  return text.replace(/\r\n?/g, '\n').replace(HTML_COMMENT, '').replace(INVISIBLE, '').trim()
}

// A quoted reply ("> /docs delete all pages") or a mention in code ("`/docs` is the command") is
// someone talking about the command, not giving it.
const FENCED_CODE = /^[ \t]*(```|~~~)[^\n]*\n[\s\S]*?(?:^[ \t]*\1[^\n]*$|(?![\s\S]))/gm
const BLOCKQUOTE_LINE = /^[ \t]*>.*$/gm
const INLINE_CODE = /(`+)[\s\S]*?\1/g

/** `text` with fenced code, inline code and quoted lines replaced by spaces of the same length. */
export function blankQuotesAndCode(text: string): string {
  const blank = (part: string): string => part.replace(/[^\n]/g, ' ')
  return text.replace(FENCED_CODE, blank).replace(BLOCKQUOTE_LINE, blank).replace(INLINE_CODE, blank)
}
