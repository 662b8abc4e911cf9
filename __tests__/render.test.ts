import { fromMarkdown } from 'mdast-util-from-markdown'
import { micromark } from 'micromark'
import { conclude } from '../src/report/outcome.js'
import { type RunResult } from '../src/job/result.js'
import {
  renderProgressComment,
  renderSettingsErrorSummary,
  renderSummary,
  renderWarnings
} from '../src/report/render.js'
import { code, escapeMarkdown, linkOrText, RUNNER_URL_PROTOCOLS, safeUrl } from '../src/markdown/escape.js'

const job = {
  id: 'job_1',
  status: 'completed',
  model: 'sonnet',
  prLink: 'https://github.com/acme/docs/pull/7',
  source: { repository: 'https://github.com/acme/docs', ref: 'main' }
}

function summaryOf(result: RunResult, failOnJobFailure = true): string {
  return renderSummary({ result, conclusion: conclude(result, failOnJobFailure), elapsedMs: 95_000 })
}

describe('renderSummary', () => {
  it('shows status, PR link, job id, model, source and elapsed time', () => {
    const text = summaryOf({ kind: 'finished', job })
    expect(text).toContain('## ✅ Docs agent')
    expect(text).toContain('- **Status:** `completed`')
    expect(text).toContain(
      '- **Pull request:** [https://github.com/acme/docs/pull/7](https://github.com/acme/docs/pull/7)'
    )
    expect(text).toContain('- **Job:** `job_1`')
    expect(text).toContain('- **Model:** sonnet')
    expect(text).toContain('- **Source:** [https://github.com/acme/docs](https://github.com/acme/docs) @ `main`')
    expect(text).toContain('- **Elapsed:** 1m 35s')
  })

  it('has no table with an empty header row', () => {
    expect(summaryOf({ kind: 'finished', job })).not.toMatch(/^\|\s*\|\s*\|$/m)
  })

  it('shows the PR URL once, as a link, with no invisible characters in the text a reader copies', () => {
    const text = summaryOf({ kind: 'finished', job })
    expect(text.split('https://github.com/acme/docs/pull/7')).toHaveLength(3) // label and target of one link
    expect(text).not.toMatch(/[\u200b\u2060]/)
  })

  it('says when a completed job changed no files', () => {
    const text = summaryOf({ kind: 'finished', job: { ...job, prLink: null } })
    expect(text).toContain('- **Pull request:** none (no files changed)')
    expect(text).toContain('## ℹ️ Docs agent')
  })

  it.each([
    ['failed', 'none (the job failed)'],
    ['archived', 'none (the job was archived)']
  ])('says "none", not "none yet", for a job that ended %s', (status, shown) => {
    const text = summaryOf({ kind: 'finished', job: { ...job, status, prLink: null } })
    expect(text).toContain(`- **Pull request:** ${shown}`)
    expect(text).not.toContain('none yet')
  })

  it('points a failed job at the dashboard, since the API gives no reason', () => {
    const text = summaryOf({ kind: 'finished', job: { ...job, status: 'failed', prLink: null } })
    expect(text).toContain('The agent API does not say why: find the job on the dashboard, app.mintlify.com.')
  })

  it('never renders a non-https PR link as a link, not even one GitHub would make from a bare URL', () => {
    const script = summaryOf({ kind: 'finished', job: { ...job, prLink: 'javascript:alert(1)' } })
    expect(script).not.toContain('](javascript:')
    expect(script).toContain('- **Pull request:** javascript:alert\\(1\\)')
    const plain = summaryOf({ kind: 'finished', job: { ...job, prLink: 'http://evil.example/pr' } })
    expect(plain).not.toContain('http://evil')
    expect(plain).toContain('- **Pull request:** http:\u2060//evil.example/pr')
  })

  it('breaks www. names and bare URLs in text from the API', () => {
    expect(escapeMarkdown('see www.evil.example or https://evil.example')).toBe(
      'see www\u2060.evil.example or https:\u2060//evil.example'
    )
  })

  it('escapes what the API sends so it cannot inject markup or mentions', () => {
    const text = summaryOf({ kind: 'finished', job: { ...job, model: '<img src=x onerror=alert(1)> | @admins' } })
    expect(text).toContain('- **Model:** &lt;img src=x onerror=alert\\(1\\)&gt; \\| @\u2060admins')
  })

  it('shows a timeout as a failure that names the job and how to resume, the PR as none yet', () => {
    const text = summaryOf({
      kind: 'timed-out',
      jobId: 'job_9',
      job: { id: 'job_9', status: 'active' },
      waitedMs: 60_000,
      timeoutMs: 60_000
    })
    expect(text).toContain('## ❌ Docs agent')
    expect(text).toContain('job-id: job\\_9')
    expect(text).toContain('- **Pull request:** none yet')
  })

  it('says in the progress comment how much of the timeout was really waited', () => {
    const result: RunResult = { kind: 'timed-out', jobId: 'j', job: undefined, waitedMs: 12_000, timeoutMs: 20_000 }
    const body = renderProgressComment('', { kind: 'ended', result }, 'https://github.com/acme/docs/actions/runs/1')
    expect(body).toContain(
      '⏱️ **Stopped waiting after 12s of the 20s "timeout": the next try would not have fit in it.**'
    )
  })

  it('shows a skipped run without job facts', () => {
    const text = summaryOf({ kind: 'skipped', reason: 'Skipped: no trigger phrase.' })
    expect(text).toContain('- **Status:** `skipped`')
    expect(text).not.toContain('**Job:**')
  })
})

describe('renderSettingsErrorSummary', () => {
  it('says what is wrong and what to do, escaped, and that no job was started', () => {
    const text = renderSettingsErrorSummary('Input "timeout" has the value "soon|<b>", which is not a duration.')
    expect(text).toContain('## ❌ Docs agent')
    expect(text).toContain('No agent job was started')
    expect(text).toContain('Input "timeout" has the value "soon\\|&lt;b&gt;", which is not a duration.')
    expect(text).toContain('then re-run the workflow')
  })
})

describe('renderWarnings', () => {
  it.each([
    ['four spaces', '    Could not add the label: 403'],
    ['a tab', '\tCould not add the label: 403'],
    ['eight spaces', '        Could not add the label: 403'],
    ['a line break and an indent', '\n    Could not add the label: 403']
  ])('shows a warning that starts with %s as text, not as a code block', (_what, warning) => {
    const html = micromark(renderWarnings(['The first warning.', warning], 'before'))
    expect(html).not.toMatch(/<pre|<code/)
    expect(html).toMatch(/<li>\s*Could not add the label: 403<\/li>/)
  })
})

describe('conclude', () => {
  it.each<[RunResult, boolean, string, RegExp]>([
    [{ kind: 'finished', job }, true, 'success', /^Agent job job_1 completed and opened a pull request\.$/],
    [
      { kind: 'finished', job: { ...job, prLink: null } },
      true,
      'notice',
      /^Agent job job_1 completed without changing any files, so no pull request was opened\.$/
    ],
    [
      { kind: 'finished', job: { ...job, status: 'archived' } },
      true,
      'warning',
      /^Agent job job_1 was archived before it finished; no pull request will come from it\.$/
    ],
    [
      { kind: 'finished', job: { ...job, status: 'failed' } },
      true,
      'failure',
      /^Agent job job_1 failed\. The agent API does not say why: find the job on the dashboard, app\.mintlify\.com\. Re-run to try again, or send a follow-up with job-id: job_1 and a prompt\.$/
    ],
    [{ kind: 'finished', job: { ...job, status: 'failed' } }, false, 'warning', /job_1 failed/],
    [
      { kind: 'timed-out', jobId: 'j', job: undefined, waitedMs: 90_000, timeoutMs: 90_000 },
      true,
      'failure',
      /after 1m 30s.*job-id: j/
    ],
    [
      { kind: 'timed-out', jobId: 'j', job: undefined, waitedMs: 90_000, timeoutMs: 90_000 },
      false,
      'warning',
      /job-id: j/
    ],
    [
      { kind: 'timed-out', jobId: 'j', job: undefined, waitedMs: 12_700, timeoutMs: 20_000 },
      true,
      'failure',
      /^Stopped waiting after 12s of the 20s "timeout": the next try would not have fit in it\. Agent job j is still running/
    ],
    [{ kind: 'cancelled', jobId: 'j', job: undefined }, false, 'failure', /cancelled.*goes on/],
    [{ kind: 'started', job, how: 'created' }, true, 'success', /Started agent job job_1/],
    [
      { kind: 'started', job: { ...job, status: 'active' }, how: 'joined' },
      true,
      'success',
      /Agent job job_1 is active; not waiting/
    ],
    [{ kind: 'skipped', reason: 'why' }, true, 'notice', /why/]
  ])('%j (fail-on-job-failure %s) is a %s', (result, failOnJobFailure, level, message) => {
    const conclusion = conclude(result, failOnJobFailure)
    expect(conclusion.level).toBe(level)
    expect(conclusion.message).toMatch(message)
  })
  it.each([
    [
      'recorded',
      "This thread's progress comment records it, so a re-run of this workflow run will not create another job: it asks for job-id."
    ],
    [
      'unrecorded',
      'Nothing records it for a re-run (there is no progress comment), so a re-run of this workflow run would create another job.'
    ],
    [
      'unwritten',
      "Writing this thread's progress comment to record it failed, so a re-run of this workflow run may create another job."
    ]
  ] as const)('after a create that may have made a job (%s), says what a re-run does', (unsureCreate, words) => {
    const result = { kind: 'error', jobId: undefined, job: undefined, message: 'No answer.', unsureCreate } as const
    expect(conclude(result, true).message).toBe(`No answer. ${words}`)
  })
})

describe('links and escaping', () => {
  it('accepts only https URLs without credentials', () => {
    expect(safeUrl('https://github.com/a/b/pull/1')).toBe('https://github.com/a/b/pull/1')
    expect(safeUrl('http://github.com/a/b/pull/1')).toBeUndefined()
    expect(safeUrl('https://user:pw@github.com/')).toBeUndefined()
    expect(safeUrl('data:text/html,hi')).toBeUndefined()
    expect(safeUrl('not a url')).toBeUndefined()
    expect(safeUrl('https://x.test/a(b)c')).toBe('https://x.test/a%28b%29c')
    expect(safeUrl('http://ghe.local/run', RUNNER_URL_PROTOCOLS)).toBe('http://ghe.local/run')
    expect(safeUrl('javascript:alert(1)', RUNNER_URL_PROTOCOLS)).toBeUndefined()
  })

  it('writes a label for a link without letting it break out', () => {
    expect(linkOrText('https://x.test/p', 'PR [1](evil)')).toBe('[PR \\[1\\]\\(evil\\)](https://x.test/p)')
  })

  it('fences inline code around backticks', () => {
    expect(code('a`b')).toBe('``a`b``')
    expect(code('`x')).toBe('`` `x ``')
  })

  it('shows inline code as it is to copy: a pipe stays a pipe, bidi controls go', () => {
    const { text } = rendered(`ref ${code('feat|x\u202Egnp.exe')}`)
    expect(text).toBe('ref feat|xgnp.exe')
  })

  it('flattens line breaks so a value cannot start a new block', () => {
    expect(escapeMarkdown('a\n# b')).toBe('a # b')
  })

  it('escapes block markers at the start', () => {
    expect(escapeMarkdown('# title')).toBe('\\# title')
    expect(escapeMarkdown('- item')).toBe('\\- item')
    expect(escapeMarkdown('1. first')).toBe('\\1. first')
    expect(escapeMarkdown('job-id stays readable')).toBe('job-id stays readable')
  })
})

/** What a reader sees: the text of the rendered markdown outside links, and each link's label and target. */
function rendered(markdown: string): { text: string; links: { label: string; url: string }[] } {
  const parts: string[] = []
  const links: { label: string; url: string }[] = []
  const visit = (node: { type: string; value?: string; url?: string; children?: unknown[] }): void => {
    if (node.type === 'link') {
      links.push({ label: labelOf(node), url: node.url ?? '' })
      return
    }
    if (node.type === 'text' || node.type === 'inlineCode') parts.push(node.value ?? '')
    for (const child of (node.children ?? []) as (typeof node)[]) visit(child)
  }
  const labelOf = (node: { value?: string; children?: unknown[] }): string =>
    node.value ?? ((node.children ?? []) as (typeof node)[]).map(labelOf).join('')
  visit(fromMarkdown(markdown))
  return { text: parts.join(''), links }
}

// The links GitHub makes from plain text: mentions, issue and cross-repository references, GH-ids,
// bare URLs and www. names.
const GITHUB_AUTOLINKS = [
  /(?:^|\W)@[a-z0-9][a-z0-9-]*/i,
  /(?:^|\W)#\d+/,
  /[\w.-]+\/[\w.-]+#\d+/,
  /\bGH-\d+/i,
  /\bhttps?:\/\//i,
  /\bwww\./i
]
const WORD_JOINER = /\u2060/g
const BIDI = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/

describe('text from the API that GitHub would link on its own', () => {
  it.each(['#123', 'acme/docs#1', 'GH-123', 'gh-9', '@octocat', '@acme/docs-team'])(
    '%s renders as the same text, but links nothing',
    (sample) => {
      const message = `refused: see ${sample} for details`
      const { text, links } = rendered(escapeMarkdown(message))
      expect(links).toEqual([])
      expect(text.replace(WORD_JOINER, '')).toBe(message)
      for (const pattern of GITHUB_AUTOLINKS) expect(text).not.toMatch(pattern)
    }
  )

  it('links nothing from an error in the progress comment or the summary', () => {
    const message =
      'Creating the agent job failed: the service answered 400 "ask @admins, see acme/docs#12 and #3". Rejected.'
    const result: RunResult = { kind: 'error', jobId: undefined, job: undefined, message }
    const comment = rendered(
      renderProgressComment('', { kind: 'ended', result }, 'https://github.com/acme/docs/actions/runs/1')
    )
    const summary = rendered(summaryOf(result))
    for (const { text } of [comment, summary]) {
      expect(text.replace(WORD_JOINER, '')).toContain(message)
      for (const pattern of GITHUB_AUTOLINKS) expect(text).not.toMatch(pattern)
    }
    expect(comment.links.map((link) => link.label)).toEqual(['workflow run'])
  })

  it('drops bidi controls, which would show the text in another order', () => {
    const { text } = rendered(escapeMarkdown('job \u202Egnp.exe\u202C failed'))
    expect(text).toBe('job gnp.exe failed')
  })
})

describe('the pull request link', () => {
  it('shows a non-ASCII host in punycode, so a look-alike letter cannot pass for github.com', () => {
    const { links, text } = rendered(linkOrText('https://gіthub.com/acme/docs/pull/7'))
    expect(links).toEqual([
      { label: 'https://xn--gthub-n2e.com/acme/docs/pull/7', url: 'https://xn--gthub-n2e.com/acme/docs/pull/7' }
    ])
    expect(text).toBe('')
  })

  it('shows the link without bidi controls or invisible characters, to copy as it is', () => {
    const { links } = rendered(linkOrText('https://github.com/acme/docs/pull/7\u202E#top'))
    expect(links).toEqual([
      { label: 'https://github.com/acme/docs/pull/7#top', url: 'https://github.com/acme/docs/pull/7#top' }
    ])
    expect(links[0]!.label).not.toMatch(BIDI)
    expect(links[0]!.label).not.toMatch(WORD_JOINER)
  })
})

describe('renderProgressComment', () => {
  it('sends the reader of a failed job to the dashboard, where the job is, and to the workflow run', () => {
    const failed: RunResult = { kind: 'finished', job: { ...job, status: 'failed', prLink: null } }
    const body = renderProgressComment(
      '<!-- marker -->',
      { kind: 'ended', result: failed },
      'https://github.com/acme/docs/actions/runs/1'
    )
    expect(body).toContain('❌ **Agent job `job_1` failed.** The agent API does not say why')
    expect(body).toContain('[dashboard](https://app.mintlify.com/)')
    expect(body).toContain('[workflow run](https://github.com/acme/docs/actions/runs/1)')
  })
})
