// Cutting markdown to GitHub's sizes: within the limit, visibly, and never through markup, so that
// what stays reads as it did (src/markdown/size-limits.ts).
import { formatMarker, markerKey, readMarker } from '../src/thread/marker.js'
import { renderProgressComment, renderSummary } from '../src/report/render.js'
import { code, escapeMarkdown, linkOrText } from '../src/markdown/escape.js'
import { COMMENT_LIMIT, fitMarkdown, type SizeLimit, SUMMARY_LIMIT } from '../src/markdown/size-limits.js'

const NOTE = / ?… \(cut: (\d+) more characters would pass GitHub's limit of [^)]+\)\n$/
const small: SizeLimit = { ...COMMENT_LIMIT, max: 300 }

/** The text kept before the note, and how many characters the note says were cut. */
function split(cut: string): { kept: string; removed: number } {
  const note = NOTE.exec(cut)
  if (!note) throw new Error(`no note at the end of ${JSON.stringify(cut.slice(-200))}`)
  return { kept: cut.slice(0, note.index).replace(/\n\n$/, ''), removed: Number(note[1]) }
}

describe('fitMarkdown', () => {
  it('leaves markdown that fits as it is', () => {
    const text = `<!-- m -->\n${'x'.repeat(65_000)}`
    expect(fitMarkdown(text, COMMENT_LIMIT)).toBe(text)
  })

  it('cuts a comment quoting a 300 KB error to 65,536 characters, the signed marker whole', () => {
    const key = markerKey('mint_key', 'project')
    const place = { repository: 'acme/docs', threadNumber: 42 }
    const marker = formatMarker({ ...place, runId: '1', workflowJob: 'docs', step: 's' }, key)
    const result = { kind: 'error', jobId: undefined, job: undefined, message: 'x'.repeat(300_000) } as const
    const comment = renderProgressComment(
      marker,
      { kind: 'ended', result },
      'https://github.com/acme/docs/actions/runs/1'
    )
    const cut = fitMarkdown(comment, COMMENT_LIMIT)
    expect(cut.length).toBeLessThanOrEqual(65_536)
    expect(cut.length).toBeGreaterThan(65_000)
    const { kept, removed } = split(cut)
    expect(comment.startsWith(kept)).toBe(true)
    expect(kept.length + removed).toBe(comment.length)
    expect(cut).toMatch(
      /xxx … \(cut: \d+ more characters would pass GitHub's limit of 65536 characters for a comment\)\n$/
    )
    expect(readMarker(cut, key, place)).toMatchObject({ runId: '1' })
  })

  it.each([
    ['a link', `See ${linkOrText(`https://github.com/acme/docs/pull/1?${'a'.repeat(500)}`)} now`, 'See'],
    ['code', `Ref ${code(`@acme/team ${'b'.repeat(500)}`)} now`, 'Ref'],
    ['emphasis', `Hello **${'c'.repeat(500)}** there`, 'Hello'],
    ['raw HTML', `Look\n\n<details><summary>More</summary>\n\n${'d'.repeat(500)}\n\n</details>\n`, 'Look']
  ])('never cuts inside %s, but before it', (_what, text, kept) => {
    const cut = fitMarkdown(text, small)
    expect(cut.length).toBeLessThanOrEqual(300)
    expect(split(cut).kept).toBe(kept)
  })

  it.each([
    ['escapes', '*', /(^|[^\\])(\\\\)*\\\*$/],
    ['entities', '&', /&amp;$/],
    ['characters of two UTF-16 units', '😀', /😀$/]
  ])('never cuts through %s', (_what, char, end) => {
    // Two sizes a character apart, so that one of them would end between the halves of a pair.
    for (const max of [300, 301]) {
      const cut = fitMarkdown(`Text ${escapeMarkdown(char.repeat(400))}`, { ...small, max })
      expect(cut.length).toBeLessThanOrEqual(max)
      expect(split(cut).kept).toMatch(end)
      expect(cut).not.toMatch(/\p{Cs}/u) // no half of a character
    }
  })

  it('cuts a table after a whole row', () => {
    const rows = Array.from({ length: 40 }, (_, n) => `| ${n} | ${'e'.repeat(20)} |`)
    const cut = fitMarkdown(['| n | text |', '| --- | --- |', ...rows].join('\n'), small)
    expect(split(cut).kept).toMatch(/\n\| \d+ \| e{20} \|$/)
    expect(cut).toMatch(/\|\n\n… \(cut: /)
  })

  it('measures a summary in bytes, and cuts it before the prompt rather than hide the note inside it', () => {
    const result = { kind: 'finished', job: { id: 'j', status: 'completed', prLink: null } } as const
    const conclusion = { level: 'notice', message: 'é'.repeat(600_000) } as const
    const markdown = renderSummary({ result, conclusion, elapsedMs: 1000, prompt: 'p'.repeat(100) })
    const cut = fitMarkdown(markdown, SUMMARY_LIMIT)
    expect(Buffer.byteLength(cut)).toBeLessThanOrEqual(1024 * 1024)
    expect(cut).not.toContain('<details>')
    expect(cut).toMatch(/ééé … \(cut: \d+ more characters would pass GitHub's limit of 1 MiB for a job summary\)\n$/)
    const prompt = 'q&'.repeat(300_000)
    const withPrompt = fitMarkdown(
      renderSummary({ result, conclusion: { level: 'notice', message: 'm' }, elapsedMs: 1, prompt }),
      SUMMARY_LIMIT
    )
    expect(withPrompt).toMatch(/- \*\*Elapsed:\*\* 1ms\n\n… \(cut: \d+ more characters/)
  })
})
