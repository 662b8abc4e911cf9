import { describe, expect, it } from '@jest/globals'
import { conclude } from '../src/report/outcome.js'
import {
  botLeftOutNotice,
  digestSummaryLines,
  nothingToCoverReason,
  renderDigestComment,
  waitingText
} from '../src/report/digest-comment.js'

const place = { serverUrl: 'https://github.com', repository: 'acme/app' }
const mark = { from: Date.UTC(2026, 10, 2, 6), to: Date.UTC(2026, 10, 3, 6), pulls: [12, 15], branch: 'main' }
const RUN = 'https://github.com/acme/app/actions/runs/7'
const NONE_LEFT_OUT = { numbers: [], label: 'docs: none', withCompanion: [], byBots: [] }
const finished = { kind: 'finished', job: { id: 'job-1', status: 'completed' } } as const
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

describe('the summary of a digest', () => {
  it('says what it covers and what the skip-label left out', () => {
    const lines = digestSummaryLines(place, mark, finished, { ...NONE_LEFT_OUT, numbers: [13] })
    expect(lines[0]).toMatch(/^- \*\*Covers:\*\* 2 merged pull requests/)
    expect(lines[1]).toBe('- **Left out:** [\\#13](https://github.com/acme/app/pull/13) (it carries `docs: none`).')
    expect(lines).toHaveLength(2)
  })

  it('names apart the pull requests whose docs a companion docs pull request holds', () => {
    const lines = digestSummaryLines(place, mark, finished, { ...NONE_LEFT_OUT, withCompanion: [14, 15] })
    expect(lines.slice(1)).toEqual([
      '- **Left out:** [\\#14](https://github.com/acme/app/pull/14), [\\#15](https://github.com/acme/app/pull/15) ' +
        '(their docs were written beside the code, in a companion docs pull request).'
    ])
  })
})

describe("a digest's bots", () => {
  it('names apart the pull requests bots opened, and the bots', () => {
    const byBots = [
      { number: 16, login: 'dependabot[bot]' },
      { number: 17, login: 'docs-agent[bot]' },
      { number: 18, login: 'Dependabot[bot]' }
    ]
    const [, many] = digestSummaryLines(place, mark, finished, { ...NONE_LEFT_OUT, byBots })
    expect(many).toBe(
      '- **Left out:** [\\#16](https://github.com/acme/app/pull/16), [\\#17](https://github.com/acme/app/pull/17), ' +
        '[\\#18](https://github.com/acme/app/pull/18) (opened by bots `allowed-bots` does not list: ' +
        '`dependabot[bot]`, `docs-agent[bot]`).'
    )
    const [, one] = digestSummaryLines(place, mark, finished, { ...NONE_LEFT_OUT, byBots: byBots.slice(0, 1) })
    expect(one).toBe(
      '- **Left out:** [\\#16](https://github.com/acme/app/pull/16) (opened by `dependabot[bot]`, a bot `allowed-bots` does not list).'
    )
  })

  it("names the bot and the rule in its notice, without inviting anyone to let the agent's own pull requests in", () => {
    expect(botLeftOutNotice(16, 'dependabot[bot]')).toBe(
      'Pull request #16 was opened by the bot "dependabot[bot]", which allowed-bots does not list: left out of ' +
        "the digest, as every run leaves out such bots' changes (the agent's own docs pull requests among them)."
    )
  })
})

describe('why a digest starts no job', () => {
  it('names the pull requests left out, each with its reason, and says nothing when nothing was merged', () => {
    expect(nothingToCoverReason({ ...NONE_LEFT_OUT, numbers: [3, 4] }, 'main')).toBe(
      'Every pull request merged into main since the last digest was left out, so no job was started: #3, #4 carry "docs: none".'
    )
    const all = {
      ...NONE_LEFT_OUT,
      numbers: [3],
      withCompanion: [7],
      byBots: [{ number: 5, login: 'dependabot[bot]' }]
    }
    expect(nothingToCoverReason(all, 'main')).toBe(
      'Every pull request merged into main since the last digest was left out, so no job was started: #3 carries ' +
        '"docs: none"; #5 was opened by a bot allowed-bots does not list; #7 has a companion docs pull request.'
    )
    expect(nothingToCoverReason(NONE_LEFT_OUT, 'main')).toBeUndefined()
  })

  it('says which job still runs and that the merges wait for the next digest', () => {
    const text = waitingText({ jobId: 'job-7', comment: 'comment 12 on #1000' }, 'main')
    expect(text).toContain('The job job-7 of the previous digest (comment 12 on #1000) is still running')
    expect(text).toContain('the pull requests merged into main since wait for the next digest')
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
