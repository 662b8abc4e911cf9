import { describe, expect, it } from '@jest/globals'
import { conclude } from '../src/report/outcome.js'
import {
  digestSummaryLines,
  nothingToCoverReason,
  renderDigestComment,
  unlistedSearch
} from '../src/report/digest-comment.js'

const place = { serverUrl: 'https://github.com', repository: 'acme/app' }
const mark = { from: Date.UTC(2026, 10, 2, 6), to: Date.UTC(2026, 10, 3, 6), pulls: [12, 15], branch: 'main' }
const RUN = 'https://github.com/acme/app/actions/runs/7'
const render = (state: Parameters<typeof renderDigestComment>[1], pulls = mark.pulls) =>
  renderDigestComment('<!-- marker -->', state, RUN, place, { ...mark, pulls })

describe("a digest's comment", () => {
  it('says before its job exists what a reader should conclude if the run stops there', () => {
    const text = render({ kind: 'starting' })
    expect(text).toContain('This docs digest covers 2 merged pull requests, merged after 2026-11-02T06:00:00Z')
    expect(text).toContain(
      'the run stopped before it named a job, and the next digest covers these pull requests again'
    )
  })

  it('says a lost job covers nothing, and that the next digest covers its pull requests', () => {
    const text = render({ kind: 'lost', jobId: 'job-1' })
    expect(text).toMatch(/^This docs digest gathered 2 merged pull requests/m)
    expect(text).toContain('The next digest covers its pull requests again')
    expect(text).not.toContain('comment the request again')
  })

  it('links at most 100 pull requests, so its progress line always has room', () => {
    const pulls = Array.from({ length: 1000 }, (_, n) => n + 1)
    const text = render({ kind: 'working', jobId: 'job-1', followUp: false }, pulls)
    expect(text).toContain('1000 merged pull requests')
    expect(text).toContain('[\\#100](https://github.com/acme/app/pull/100) and 900 more.')
    expect(text).not.toContain('/pull/101)')
    expect(text).toContain('Working on it.')
    expect(text.length).toBeLessThan(10_000)
  })
})

describe('the search for merges a listing did not reach', () => {
  const window = { from: Date.UTC(2026, 10, 2, 6), to: Date.UTC(2026, 10, 3, 6) }
  const query = (branch: string) =>
    decodeURIComponent(new URL(unlistedSearch(window, branch, place)).searchParams.get('q') ?? '')

  it("names the window in GitHub's merged: range syntax, on the repository's pulls page", () => {
    expect(unlistedSearch(window, 'main', place)).toMatch(/^https:\/\/github\.com\/acme\/app\/pulls\?q=/)
    expect(query('main')).toBe('is:pr is:merged base:main merged:2026-11-02T06:00:00Z..2026-11-03T06:00:00Z')
  })

  it('is a link in the summary, beside what the digest covers', () => {
    const finished = { kind: 'finished', job: { id: 'job-1', status: 'completed' } } as const
    const lines = digestSummaryLines(place, mark, finished, { numbers: [], label: '' }, window)
    expect(lines[0]).toMatch(/^- \*\*Covers:\*\* 2 merged pull requests/)
    expect(lines[1]).toContain(`[check them on GitHub](${unlistedSearch(window, 'main', place)})`)
  })

  it('quotes a branch name that search would read apart, and leaves out one it cannot quote', () => {
    expect(query('fix(x),y')).toContain('base:"fix(x),y" merged:')
    expect(query('release/2.x')).toContain('base:release/2.x merged:')
    expect(query('a"b')).not.toContain('base:')
  })
})

describe('why a digest starts no job', () => {
  it('does not say nothing was merged when its listing stopped short', () => {
    const unlisted = { from: Date.UTC(2026, 10, 2, 6), to: Date.UTC(2026, 10, 3, 6) }
    const reason = nothingToCoverReason({ skipped: [], coveredLater: [], unlisted }, '', 'main')
    expect(reason).toBe(
      'No pull request merged into main since the last digest is among those listed (the listing reached back only to updates at 2026-11-03T06:00:00Z, see the warning): no job was started.'
    )
  })
})

describe("a digest's words for how its job ended", () => {
  const digest = { digest: true }

  it('says a job that goes on covers its pull requests, when the wait stopped on an error', () => {
    const result = {
      kind: 'error',
      jobId: 'job-1',
      job: { id: 'job-1', status: 'active' },
      message: 'Reading the agent job job-1 failed.'
    } as const
    const text = render({ kind: 'ended', result })
    expect(text).toMatch(/^This docs digest covers 2/m)
    expect(text).toContain('Its job goes on and covers its pull requests; re-run the')
    expect(text).not.toContain('The next digest covers')
  })

  it('asks no follow-up by job-id after a failed job, and no job-id to wait again', () => {
    const failed = conclude({ kind: 'finished', job: { id: 'job-1', status: 'failed' } }, true, digest)
    expect(failed.message).toContain('The next digest covers its pull requests again; re-run to try now.')
    const timedOut = conclude(
      {
        kind: 'timed-out',
        jobId: 'job-1',
        job: { id: 'job-1', status: 'active' },
        waitedMs: 60_000,
        timeoutMs: 60_000
      },
      true,
      digest
    )
    const cancelled = conclude({ kind: 'cancelled', jobId: 'job-1', job: undefined }, true, digest)
    for (const { message } of [failed, timedOut, cancelled]) expect(message).not.toContain('job-id')
    expect(timedOut.message).toContain('Re-run the workflow run to wait for it again.')
  })
})
