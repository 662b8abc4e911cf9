// The documentation's size, held to what a maintainer reads in an afternoon (issue 30): README.md and
// docs/ at most 20,000 words, counted as `wc -w` counts them, and docs/design.md at most 400 lines, a
// map of where things live rather than a second reference. A page that needs more words takes them
// from another: the check names the totals so that the trade is visible.

export const WORD_BUDGET = 20_000
export const DESIGN_PAGE = 'docs/design.md'
export const DESIGN_LINE_BUDGET = 400

export interface Page {
  path: string
  text: string
}

/** Whitespace-separated words, as `wc -w` counts them. */
export function wordCount(text: string): number {
  return text.split(/\s+/).filter((word) => word !== '').length
}

/** What is over budget, each a sentence naming the figure and the limit; empty when within. */
export function budgetErrors(pages: readonly Page[]): string[] {
  const counted = pages.filter(({ path }) => path === 'README.md' || path.startsWith('docs/'))
  const words = counted.reduce((sum, page) => sum + wordCount(page.text), 0)
  const errors: string[] = []
  if (words > WORD_BUDGET) {
    errors.push(
      `README.md and docs/ hold ${words.toLocaleString('en-US')} words, over the budget of ` +
        `${WORD_BUDGET.toLocaleString('en-US')}: say it once and link to it, or cut ${(words - WORD_BUDGET).toLocaleString('en-US')} words.`
    )
  }
  const design = pages.find(({ path }) => path === DESIGN_PAGE)
  const lines = design ? design.text.split('\n').length - (design.text.endsWith('\n') ? 1 : 0) : 0
  if (lines > DESIGN_LINE_BUDGET) {
    errors.push(
      `${DESIGN_PAGE} has ${lines} lines, over ${DESIGN_LINE_BUDGET}: it is a map of where things live; ` +
        'move reference material to the page that owns it.'
    )
  }
  return errors
}
