// Which commits and pull requests a digest's range holds (src/digest/range.ts): decided by the
// branch's first-parent history as GitHub gives it, never by a clock or by when a pull request was
// last updated.
import { describe, expect, it } from '@jest/globals'
import {
  FIRST_WINDOW_MS,
  firstStart,
  historyAfter,
  historyBackTo,
  type HistoryCommit,
  includedInJob,
  type MergedPull,
  pullsOfRange,
  type RangeStart
} from '../src/digest/range.js'

const HOUR = 3_600_000
/** Merge commit `n` on main (first parent: the one before), with pull request n's own commit beside it. */
const mainline = (count: number): HistoryCommit[] =>
  Array.from({ length: count }, (_, i) => [
    { sha: `own${i + 1}`, parents: [`base`], committedAt: (i + 1) * HOUR - 1 },
    { sha: `m${i + 1}`, parents: [i === 0 ? 'm0' : `m${i}`, `own${i + 1}`], committedAt: (i + 1) * HOUR }
  ]).flat()
const shas = (commits: readonly HistoryCommit[]) => commits.map((commit) => commit.sha)
const pull = (
  number: number,
  mergedAt: number | undefined,
  labels: string[] = [],
  base = 'main',
  authorAccount: MergedPull['authorAccount'] = { login: 'dev-dan', type: 'User' }
): MergedPull => ({ number, mergedAt, base, labels, authorAccount })
const by = (number: number, authorAccount: MergedPull['authorAccount']) =>
  pull(number, number, [], 'main', authorAccount)
const rules = (allowedBots: string[] | '*' = []) => ({ skipLabel: 'docs: none', allowedBots })
const numbers = (pulls: readonly MergedPull[]) => pulls.map((p) => p.number)
const after = (sha: string, covered: number[] = []): RangeStart => ({ kind: 'commit', sha, at: 0, covered })

describe("a digest's commits", () => {
  it('are the first-parent history after the start, oldest first, without the pull requests’ own commits', () => {
    expect(shas(historyAfter('m0', mainline(3)))).toEqual(['m1', 'm2', 'm3'])
    expect(shas(historyAfter('m2', mainline(3)))).toEqual(['m3'])
    expect(historyAfter('m3', mainline(3))).toEqual([])
  })

  it('end at the last commit a comparison cut short holds', () => {
    // The oldest five of a longer comparison: the range ends at m2, and the next digest starts there.
    expect(shas(historyAfter('m0', mainline(10).slice(0, 5)))).toEqual(['m1', 'm2'])
  })

  it('reach back from the head to the first commit at or before an instant, by committer date', () => {
    const listed = mainline(5).reverse()
    expect(historyBackTo('m5', 2 * HOUR, listed)).toEqual({
      commits: listed.filter((c) => /^m[345]$/.test(c.sha)).reverse(),
      reachesStart: true
    })
    // A listing cut short before the start: the newest it holds, and it says so.
    expect(historyBackTo('m5', 0, listed.slice(0, 4))).toMatchObject({ reachesStart: false })
  })

  it("of a first digest reach back a week from the head's committer date, not from any clock", () => {
    const head = { sha: 'h', parents: [], committedAt: 30 * 24 * HOUR }
    expect(firstStart(head)).toEqual({
      kind: 'instant',
      at: 30 * 24 * HOUR - FIRST_WINDOW_MS,
      covered: [],
      first: true
    })
  })
})

describe("a digest's pull requests", () => {
  it('are those that merged its commits into the branch, in commit order, each once', () => {
    const byCommit = [[pull(3, 10)], [pull(1, 20), pull(9, 5, [], 'release')], [pull(3, 10)], [pull(7, undefined)]]
    expect(pullsOfRange(byCommit, after('m0'), 'main').map((p) => p.number)).toEqual([3, 1])
  })

  it('leave out those the last finished digest covered', () => {
    expect(pullsOfRange([[pull(1, 10)], [pull(2, 20)]], after('m0', [1]), 'main').map((p) => p.number)).toEqual([2])
  })

  it('after an instant, are only those merged after it: an old pull request touched since is not among them', () => {
    const start: RangeStart = { kind: 'instant', at: 15, covered: [], first: false }
    expect(pullsOfRange([[pull(1, 10)], [pull(2, 20)]], start, 'main').map((p) => p.number)).toEqual([2])
  })

  it('with the skip-label are in the range but left out of the job, in one place', () => {
    const { included, leftOut } = includedInJob([pull(1, 1), pull(2, 2, ['Docs: None'])], rules())
    expect(included.map((p) => p.number)).toEqual([1])
    expect(leftOut.map((p) => p.number)).toEqual([2])
  })
})

describe('a digest and companion docs', () => {
  it('gives the job no pull request whose docs a companion job wrote, nor lists it as left out by the skip-label', () => {
    const pulls = [pull(1, 2), pull(2, 3, ['docs-agent: companion']), pull(3, 4, ['docs: none'])]
    const { included, leftOut, withCompanion } = includedInJob(pulls, rules())
    expect(included.map((p) => p.number)).toEqual([1])
    expect(leftOut.map((p) => p.number)).toEqual([3])
    expect(withCompanion.map((p) => p.number)).toEqual([2])
  })
})

describe('a digest and the pull requests bots opened', () => {
  const DEPENDABOT = { login: 'dependabot[bot]', type: 'Bot' }
  const AGENT = { login: 'docs-agent[bot]', type: 'Bot' }

  it("leaves out a bot's pull request, the agent's own docs pull request too, and keeps a person's", () => {
    const { included, leftOut, byBots } = includedInJob(
      [by(1, { login: 'dev-dan', type: 'User' }), by(2, DEPENDABOT), by(3, AGENT)],
      rules()
    )
    expect(numbers(included)).toEqual([1])
    expect(numbers(byBots)).toEqual([2, 3])
    expect(leftOut).toEqual([])
  })

  it('knows a bot by its type, or by a login ending in [bot] when the type is missing', () => {
    const { included, byBots } = includedInJob(
      [by(1, { login: 'renovate', type: 'Bot' }), by(2, { login: 'mergify[bot]' })],
      rules()
    )
    expect(numbers(included)).toEqual([])
    expect(numbers(byBots)).toEqual([1, 2])
  })

  it('includes the pull requests of a bot allowed-bots lists, by either of its names', () => {
    const pulls = [by(1, DEPENDABOT), by(2, AGENT)]
    expect(numbers(includedInJob(pulls, rules(['Dependabot'])).included)).toEqual([1])
    expect(numbers(includedInJob(pulls, rules(['docs-agent[bot]'])).byBots)).toEqual([1])
  })

  it("includes every bot's pull requests when allowed-bots is '*'", () => {
    const { included, byBots } = includedInJob([by(1, DEPENDABOT), by(2, AGENT)], rules('*'))
    expect(numbers(included)).toEqual([1, 2])
    expect(byBots).toEqual([])
  })

  it('includes the pull request of a deleted account: GitHub names no author, and it is no bot', () => {
    const { included, byBots } = includedInJob([by(1, undefined)], rules())
    expect(numbers(included)).toEqual([1])
    expect(byBots).toEqual([])
  })

  it("names a bot's pull request once: by the skip-label, or by its companion, when it carries either", () => {
    const pulls = [pull(1, 1, ['docs: none'], 'main', DEPENDABOT), pull(2, 2, ['docs-agent: companion'], 'main', AGENT)]
    const { included, leftOut, withCompanion, byBots } = includedInJob(pulls, rules())
    expect([numbers(included), numbers(leftOut), numbers(withCompanion), numbers(byBots)]).toEqual([[], [1], [2], []])
  })
})
