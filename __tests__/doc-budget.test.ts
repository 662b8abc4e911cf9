import { budgetErrors, DESIGN_LINE_BUDGET, WORD_BUDGET, wordCount } from '../tools/doc-budget.js'

const words = (n: number): string => Array.from({ length: n }, () => 'word').join(' ')

describe('the documentation budget', () => {
  it('counts words as wc -w does, across lines, tabs and markdown', () => {
    expect(wordCount('  # Title\n\nSome `code` here,\tand [a link](x.md).\n')).toBe(8)
    expect(wordCount('')).toBe(0)
  })

  it('passes README.md and docs/ at the word budget and fails one word over, naming the figures', () => {
    const at = [
      { path: 'README.md', text: words(WORD_BUDGET - 100) },
      { path: 'docs/adr/0001.md', text: words(100) }
    ]
    expect(budgetErrors(at)).toEqual([])
    const over = [...at, { path: 'docs/x.md', text: 'one' }]
    expect(budgetErrors(over)).toEqual([expect.stringContaining('20,001 words, over the budget of 20,000')])
    expect(budgetErrors(over)[0]).toContain('cut 1 words')
  })

  it('leaves out pages outside README.md and docs/ (SECURITY.md, examples)', () => {
    expect(budgetErrors([{ path: 'SECURITY.md', text: words(WORD_BUDGET + 1) }])).toEqual([])
  })

  it('holds docs/design.md to its line budget', () => {
    const lines = (n: number): string => 'line\n'.repeat(n)
    expect(budgetErrors([{ path: 'docs/design.md', text: lines(DESIGN_LINE_BUDGET) }])).toEqual([])
    expect(budgetErrors([{ path: 'docs/design.md', text: lines(DESIGN_LINE_BUDGET + 1) }])).toEqual([
      expect.stringContaining('docs/design.md has 401 lines, over 400')
    ])
  })
})
