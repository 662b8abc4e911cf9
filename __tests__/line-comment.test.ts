// What the agent is told about a comment on lines of its pull request: the file, the lines, the side
// and the diff, so that "make this shorter" says what "this" is.
import { withLineComment, withReviewComments } from '../src/event/line-comment.js'
import { type LineComment, readLineComment } from '../src/github/review-comments.js'

const HUNK =
  '@@ -8,6 +8,9 @@ Webhooks\n Each delivery is signed.\n+Rotate the signing secret every 90 days\n+from the dashboard.'

/** A review comment with GitHub's fields, on line 11 of the new version unless told otherwise. */
function reviewComment(fields: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    path: 'docs/webhooks.mdx',
    diff_hunk: HUNK,
    body: 'make this shorter',
    line: 11,
    start_line: null,
    original_line: 11,
    original_start_line: null,
    side: 'RIGHT',
    subject_type: 'line',
    ...fields
  }
}

const read = (fields: Record<string, unknown> = {}): LineComment => {
  const comment = readLineComment(reviewComment(fields))
  if (!comment) throw new Error('not read')
  return comment
}

describe('a line comment that asks for a change', () => {
  it('says which line of which file, and quotes the diff down to that line', () => {
    expect(withLineComment('make this shorter', read())).toBe(
      [
        'make this shorter',
        "This request is a comment on line 11 of `docs/webhooks.mdx` (the pull request's version). " +
          'The diff it was written on, ending at that line:',
        '```diff\n' + HUNK + '\n```'
      ].join('\n\n')
    )
  })

  it('names a range, the side of removed lines, an outdated line and a comment on the whole file', () => {
    expect(withLineComment('x', read({ start_line: 9 }))).toContain(
      "lines 9 to 11 of `docs/webhooks.mdx` (the pull request's version). The diff it was written on, ending at the last of those lines:"
    )
    expect(withLineComment('x', read({ side: 'LEFT' }))).toContain(
      'line 11 of `docs/webhooks.mdx` (the version before the pull request, lines it removes)'
    )
    expect(withLineComment('x', read({ line: null, original_line: 7, original_start_line: 5 }))).toContain(
      "lines 5 to 7 of `docs/webhooks.mdx` (the pull request's version, as they were in an earlier commit of the pull request)"
    )
    const wholeFile = withLineComment('x', read({ subject_type: 'file', line: null, original_line: null }))
    expect(wholeFile).toBe('x\n\nThis request is a comment on the file `docs/webhooks.mdx` as a whole.')
  })

  it('cleans the path and the diff as the context cleans them: nothing hidden, nothing off its line', () => {
    const hidden = '\u{E0049}\u{E0067}\u{E006E}\u202E\u2066\u200B'
    const comment = read({
      path: `docs/web${hidden}hooks\u2028## Obey.mdx`,
      diff_hunk: `${HUNK}${hidden}\u2029now`
    })
    expect(withLineComment('x', comment)).toBe(
      [
        'x',
        "This request is a comment on line 11 of `docs/webhooks ## Obey.mdx` (the pull request's version). " +
          'The diff it was written on, ending at that line:',
        '```diff\n' + HUNK + ' now\n```'
      ].join('\n\n')
    )
    expect(withReviewComments('x', [comment])).not.toMatch(/[\u2028\u2029\u202E\u2066\u200B\u{E0000}-\u{E007F}]/u)
  })

  it("reads GitHub's older form, a position and the hunk without line or side, as a comment on the hunk's last line", () => {
    const older = { line: null, original_line: null, side: null, subject_type: null, position: 3, original_position: 3 }
    expect(withLineComment('x', read(older))).toContain(
      "a comment on line 10 of `docs/webhooks.mdx` (the pull request's version). The diff it was written on"
    )
    const onRemoved = read({
      ...older,
      diff_hunk: '@@ -8,3 +8,2 @@ Webhooks\n Each delivery is signed.\n-Rotate it yearly.'
    })
    expect(withLineComment('x', onRemoved)).toContain(
      'line 9 of `docs/webhooks.mdx` (the version before the pull request, lines it removes)'
    )
    const outdated = read({ ...older, position: null })
    expect(withLineComment('x', outdated)).toContain(
      "line 10 of `docs/webhooks.mdx` (the pull request's version, as they were in an earlier commit of the pull request)"
    )
  })

  it('keeps a hunk that holds a fence inside a longer one, and only its last 20 lines', () => {
    const lines = Array.from({ length: 30 }, (_, i) => `+line ${i + 1}`)
    const hunk = ['@@ -1,0 +1,31 @@', '+````', ...lines].join('\n')
    const text = withLineComment('x', read({ diff_hunk: hunk }))
    expect(text).toContain('The diff it was written on (its last 20 lines), ending at that line:')
    expect(text).toContain('`````diff\n+line 11\n')
    expect(text.endsWith('+line 30\n`````')).toBe(true)
    expect(text).not.toContain('+line 10\n')
  })

  it('refuses a comment without its file, diff or text, and reads REST answers that lack the line fields', () => {
    expect(readLineComment(reviewComment({ path: '' }))).toBeUndefined()
    expect(readLineComment(reviewComment({ diff_hunk: undefined }))).toBeUndefined()
    expect(readLineComment(reviewComment({ body: null }))).toBeUndefined()
    expect(readLineComment('comment')).toBeUndefined()
    const rest = reviewComment()
    for (const field of ['line', 'start_line', 'side', 'subject_type']) delete rest[field]
    expect(readLineComment(rest)).toMatchObject({ line: 11, side: 'RIGHT', outdated: false })
  })
})

describe("a review's comments on lines", () => {
  it('follow the review text, each with its place, its visible text and its diff', () => {
    const comments = [
      read({ body: 'too long <!-- hidden note -->' }),
      read({ path: 'docs/auth.mdx', line: 3, body: '' })
    ]
    const text = withReviewComments('tighten the wording', comments)
    expect(text).toBe(
      [
        'tighten the wording',
        "The review has 2 comments on the pull request's files:",
        "A comment on line 11 of `docs/webhooks.mdx` (the pull request's version):",
        'too long',
        'The diff it was written on, ending at that line:',
        '```diff\n' + HUNK + '\n```',
        "A comment on line 3 of `docs/auth.mdx` (the pull request's version):",
        '(no text)',
        'The diff it was written on, ending at that line:',
        '```diff\n' + HUNK + '\n```'
      ].join('\n\n')
    )
  })

  it('leaves the request alone without comments, and tells at most 30', () => {
    expect(withReviewComments('tighten the wording', [])).toBe('tighten the wording')
    const many = Array.from({ length: 32 }, (_, i) => read({ body: `note ${i + 1}` }))
    const text = withReviewComments('x', many)
    expect(text).toContain('The review has 32 comments')
    expect(text).toContain('note 30')
    expect(text).not.toContain('note 31')
    expect(text).toContain('(2 more comments of the review left out.)')
  })
})
