import { describe, expect, it } from '@jest/globals'
import { renderDigestComment } from '../src/report/digest-comment.js'

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
