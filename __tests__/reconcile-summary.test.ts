// The job summary of a reconcile run: what it says, and that nothing from GitHub or the agent API
// can break its table or link anything. The table is read back with a GFM parser, as GitHub does.
import { micromark } from 'micromark'
import { gfmTable, gfmTableHtml } from 'micromark-extension-gfm-table'
import type { AgentJob } from '../src/agent/job.js'
import type { JobOutcome, ThreadOutcome } from '../src/reconcile/decide.js'
import { renderReconcileSummary, type ReconcileFacts } from '../src/reconcile/summary.js'

const PR = 'https://github.com/acme/docs-site/pull/9'
const LABEL = 'docs-agent: working'

const ended = (job: AgentJob, reported = true): JobOutcome => ({
  jobId: job.id,
  reading: { kind: 'read', job },
  step: { kind: 'finish', job },
  reported
})
const thread = (number: number, jobs: JobOutcome[], more: Partial<ThreadOutcome> = {}): ThreadOutcome => ({
  number,
  url: `https://github.com/acme/docs/issues/${number}`,
  jobs,
  labelRemoved: false,
  ...more
})

/** The summary's table as cells of text, read as GitHub's GFM parser would. */
function cells(markdown: string): string[][] {
  const html = micromark(markdown, { extensions: [gfmTable()], htmlExtensions: [gfmTableHtml()] })
  const rows = [...html.matchAll(/<tr>([\s\S]*?)<\/tr>/g)].map(([, row]) =>
    [...(row ?? '').matchAll(/<t[dh][^>]*>([\s\S]*?)<\/t[dh]>/g)].map(([, cell]) => (cell ?? '').replace(/\u2060/g, ''))
  )
  return rows
}

function render(facts: Partial<ReconcileFacts>): string {
  return renderReconcileSummary({ label: LABEL, threads: [], more: false, passedOver: 0, level: 'success', ...facts })
}

describe('the reconcile summary', () => {
  it('says what it looked at and what it did, thread by thread', () => {
    const markdown = render({
      threads: [
        thread(41, [ended({ id: 'job-a', status: 'completed', prLink: PR })], { labelRemoved: true }),
        thread(42, [
          {
            jobId: 'job-b',
            reading: { kind: 'read', job: { id: 'job-b', status: 'active' } },
            step: { kind: 'leave', why: 'running' },
            reported: false
          },
          { jobId: 'job-c', reading: { kind: 'lost' }, step: { kind: 'report-lost', jobId: 'job-c' }, reported: true }
        ]),
        thread(43, [], { labelRemoved: true }),
        thread(44, [], { unreadable: 'GitHub answered 500 (Internal Server Error).' }),
        thread(45, [], { unsigned: true })
      ]
    })
    expect(markdown).toContain('## ✅ Docs agent')
    expect(markdown).toContain(
      'Looked at 5 threads labelled `docs-agent: working`, waiting for 3 agent jobs: 1 ended, 1 still running, 1 lost.'
    )
    expect(cells(markdown)).toEqual([
      ['Thread', 'Agent job', 'Seen', 'Done'],
      [
        '<a href="https://github.com/acme/docs/issues/41">#41</a>',
        '<code>job-a</code>',
        `<code>completed</code>, <a href="${PR}">${PR}</a>`,
        'comment shows the end; label removed'
      ],
      [
        '<a href="https://github.com/acme/docs/issues/42">#42</a>',
        '<code>job-b</code>',
        '<code>active</code>',
        'left alone: still running'
      ],
      [
        '<a href="https://github.com/acme/docs/issues/42">#42</a>',
        '<code>job-c</code>',
        'not found: the agent API no longer knows it',
        'comment says the job is lost'
      ],
      [
        '<a href="https://github.com/acme/docs/issues/43">#43</a>',
        '–',
        'no progress comment waiting (those signed with this API key reported their end)',
        'nothing to do; label removed'
      ],
      [
        '<a href="https://github.com/acme/docs/issues/44">#44</a>',
        '–',
        'comments not read: GitHub answered 500 (Internal Server Error).',
        'left for the next run'
      ],
      [
        '<a href="https://github.com/acme/docs/issues/45">#45</a>',
        '–',
        'no comment signed with this API key and project',
        'skipped; label kept'
      ]
    ])
  })

  it('says so when no thread carries the label, with no table', () => {
    const markdown = render({})
    expect(markdown).toContain(
      'No thread carries the label `docs-agent: working`: no agent job is waiting for its end to be reported.'
    )
    expect(markdown).not.toContain('|')
    expect(render({ threads: [thread(43, [], { labelRemoved: true })] })).toContain(
      'Looked at 1 thread labelled `docs-agent: working`: no progress comment there waits for a job.'
    )
  })

  it('says how many labelled threads without comments it passed over', () => {
    expect(render({ passedOver: 3 })).toContain(
      'No thread labelled `docs-agent: working` has comments (3 threads without): no agent job is waiting for its end to be reported.'
    )
    const beside = render({ threads: [thread(43, [], { labelRemoved: true })], passedOver: 1 })
    expect(beside).toContain('Looked at 1 thread labelled `docs-agent: working`')
    expect(beside).toContain('1 labelled thread without comments passed over.')
  })

  it('says when the run stopped early, when more threads wait, and when the threads could not be listed', () => {
    const stopped = render({
      threads: [
        thread(41, [
          {
            jobId: 'job-a',
            reading: { kind: 'unread', why: 'the run stopped reading jobs before this one' },
            step: { kind: 'leave', why: 'unread' },
            reported: false
          }
        ])
      ],
      stoppedEarly: 'Reading the agent job job-z failed: the service answered 429.',
      more: true,
      level: 'warning'
    })
    expect(stopped).toContain('## ⚠️ Docs agent')
    expect(stopped).toContain(
      'Stopped reading agent jobs early: Reading the agent job job-z failed: the service answered 429.'
    )
    expect(stopped).toContain(
      'More threads carry the label: the 1 updated last were looked at, the rest wait for the next run.'
    )
    expect(cells(stopped)[1]).toEqual([
      expect.any(String),
      '<code>job-a</code>',
      'not read: the run stopped reading jobs before this one',
      'left for the next run'
    ])
    const unlisted = micromark(render({ unlisted: 'GitHub answered 403 (Forbidden).', level: 'warning' }))
    expect(unlisted).toContain(
      'Could not list the threads labelled <code>docs-agent: working</code>: GitHub answered 403 (Forbidden).'
    )
  })

  it('keeps four cells a row and links nothing, whatever the job id, status, PR link or error says', () => {
    const hostile: AgentJob = {
      id: 'job|<b>x</b>|@octocat',
      status: 'done | `x` #12',
      prLink: 'https://evil.example/pull/1|two|three'
    }
    const markdown = render({
      threads: [
        thread(41, [ended(hostile, false)]),
        thread(42, [], { unreadable: 'GitHub answered 500 | see @octocat and #3 www.evil.example' })
      ]
    })
    const table = cells(markdown)
    expect(table.map((row) => row.length)).toEqual([4, 4, 4])
    expect(table[1]?.[1]).toBe('job|&lt;b&gt;x&lt;/b&gt;|@octocat')
    expect(table[1]?.[2]).toBe(
      'done | `x` #12, <a href="https://evil.example/pull/1%7Ctwo%7Cthree">https://evil.example/pull/1|two|three</a>'
    )
    expect(table[1]?.[3]).toBe('comment not updated (see the warnings); tried again next run')
    expect(markdown).not.toMatch(/(?<!\u2060)@octocat|(?<!\u2060)#3|www\.evil/)
  })
})

describe('the queued requests in the reconcile summary', () => {
  const at = { thread: 42, url: 'https://github.com/acme/docs/issues/42', commentId: 7 }

  it('says of each what the run did, in a table of its own', () => {
    const markdown = render({
      queued: [
        { ...at, kind: 'created', jobId: 'job-1', recorded: true },
        { ...at, kind: 'waiting', retryAt: Date.UTC(2026, 10, 28, 4, 0, 0) },
        { ...at, kind: 'ended', why: 'the service answered 400 "| <b>x</b>"' }
      ]
    })
    const link = '<a href="https://github.com/acme/docs/issues/42#issuecomment-7">#42</a>'
    expect(cells(markdown)).toEqual([
      ['Thread', 'Queued request', 'Done'],
      [link, 'created agent job <code>job-1</code>', 'comment names the job'],
      [link, 'waits until 2026-11-28 04:00:00 UTC', 'left queued'],
      [link, 'not created', 'comment says why: the service answered 400 &quot;| &lt;b&gt;x&lt;/b&gt;&quot;']
    ])
  })
})
