import { describe, expect, it } from '@jest/globals'
import {
  cutOff,
  FIRST_WINDOW_MS,
  listedPastRange,
  LISTING_LAG_MS,
  nextRange,
  type PastDigest,
  planDigest
} from '../src/digest/range.js'

const HOUR = 60 * 60 * 1000
const T0 = Date.UTC(2026, 10, 2, 9, 0, 0)
const at = (hours: number): number => T0 + hours * HOUR
const pull = (number: number, hours: number, labels: string[] = []) => ({ number, mergedAt: at(hours), labels })
const digest = (from: number, to: number, pulls: number[], counts = true): PastDigest => ({
  range: { from: at(from), to: at(to) },
  pulls,
  counts
})
const numbers = (plan: ReturnType<typeof planDigest>): number[] =>
  plan.kind === 'digest' ? plan.pulls.map((p) => p.number) : []

describe('the cut-off', () => {
  it('leaves out a merge within the listing lag and is a whole second', () => {
    const now = at(10) + 1234
    const cutoff = cutOff(now)
    expect(cutoff % 1000).toBe(0)
    expect(cutoff).toBeLessThanOrEqual(now - LISTING_LAG_MS)
    expect(cutoff).toBeGreaterThan(now - LISTING_LAG_MS - 1000)
  })
})

describe('the range a digest covers', () => {
  it('looks back a bounded window the first time', () => {
    expect(nextRange([], at(100))).toEqual({ range: { from: at(100) - FIRST_WINDOW_MS, to: at(100) }, first: true })
  })

  it('starts where the last counting digest ended', () => {
    const past = [digest(0, 24, [1]), digest(24, 48, [2])]
    expect(nextRange(past, at(72)).range).toEqual({ from: at(48), to: at(72) })
  })

  it('starts where a failed digest started, so that its PRs are covered again', () => {
    const past = [digest(0, 24, [1]), digest(24, 48, [2], false)]
    expect(nextRange(past, at(72)).range).toEqual({ from: at(24), to: at(72) })
  })

  it('fills a gap a failed digest left even when a later digest counted', () => {
    const past = [digest(0, 24, [1]), digest(24, 48, [2], false), digest(48, 72, [3])]
    const plan = planDigest({
      past,
      listed: [pull(1, 1), pull(2, 30), pull(3, 50), pull(4, 80)],
      skipLabel: '',
      cutoff: at(96)
    })
    expect(plan.range).toEqual({ from: at(24), to: at(96) })
    expect(numbers(plan)).toEqual([2, 4])
  })

  it('remembers where the first digest started when it failed', () => {
    const past = [digest(0, 24, [1], false)]
    expect(nextRange(past, at(48))).toEqual({ range: { from: at(0), to: at(48) }, first: false })
  })

  it('covers nothing when the cut-off is before what was covered (a clock behind)', () => {
    const plan = planDigest({ past: [digest(0, 24, [1])], listed: [pull(1, 10)], skipLabel: '', cutoff: at(20) })
    expect(plan).toEqual({
      kind: 'nothing',
      range: { from: at(24), to: at(24) },
      first: false,
      skipped: [],
      coveredLater: []
    })
  })
})

describe('the PRs a digest covers', () => {
  it('takes every merge in the range in merge order, ties by number', () => {
    const listed = [pull(9, 5), pull(3, 2), pull(7, 2), pull(5, 1)]
    const plan = planDigest({ past: [digest(0, 1, [])], listed, skipLabel: '', cutoff: at(6) })
    expect(numbers(plan)).toEqual([3, 7, 9])
  })

  it('leaves a merge after the cut-off to the next digest, and that one takes it', () => {
    const listed = [pull(1, 1), pull(2, 5)]
    const first = planDigest({ past: [], listed, skipLabel: '', cutoff: at(4) })
    expect(numbers(first)).toEqual([1])
    const past = [{ range: first.range, pulls: numbers(first), counts: true }]
    expect(numbers(planDigest({ past, listed, skipLabel: '', cutoff: at(8) }))).toEqual([2])
  })

  it('takes a merge at the cut-off instant and never again', () => {
    const listed = [pull(1, 4), pull(2, 4)]
    const first = planDigest({ past: [], listed, skipLabel: '', cutoff: at(4) })
    expect(numbers(first)).toEqual([1, 2])
    const past = [{ range: first.range, pulls: numbers(first), counts: true }]
    expect(planDigest({ past, listed, skipLabel: '', cutoff: at(8) }).kind).toBe('nothing')
  })

  it('never covers twice a PR a counting digest lists, even inside the range', () => {
    const past = [digest(0, 24, [1]), digest(24, 48, [2], false), digest(48, 72, [3])]
    const listed = [pull(2, 30), pull(3, 30)]
    expect(numbers(planDigest({ past, listed, skipLabel: '', cutoff: at(96) }))).toEqual([2])
  })

  it('finds nothing when nothing merged since', () => {
    const plan = planDigest({ past: [digest(0, 24, [1])], listed: [pull(1, 10)], skipLabel: '', cutoff: at(48) })
    expect(plan.kind).toBe('nothing')
  })

  it('keeps the range and PRs of its own earlier attempt on a re-run', () => {
    const own = digest(24, 48, [2, 3])
    const listed = [pull(2, 30), pull(3, 40), pull(4, 50)]
    const plan = planDigest({ past: [digest(0, 24, [1])], own, listed, skipLabel: '', cutoff: at(72) })
    expect(plan.range).toEqual(own.range)
    expect(numbers(plan)).toEqual([2, 3])
  })

  it('leaves out, on a re-run of a failed digest, what a later digest covered since', () => {
    const own = digest(24, 48, [2, 3], false)
    const listed = [pull(2, 30), pull(3, 40), pull(4, 50)]
    const later = digest(24, 72, [2, 4])
    const plan = planDigest({ past: [digest(0, 24, [1]), later], own, listed, skipLabel: '', cutoff: at(96) })
    expect(numbers(plan)).toEqual([3])
    const none = planDigest({ past: [digest(24, 72, [2, 3, 4])], own, listed, skipLabel: '', cutoff: at(96) })
    expect(none).toMatchObject({ kind: 'nothing', coveredLater: [2, 3] })
  })
})

describe('the skip-label', () => {
  it('leaves a PR carrying it out of the job, and out of every later digest', () => {
    const listed = [pull(1, 1), pull(2, 2, ['docs: none']), pull(3, 3, ['docs'])]
    const plan = planDigest({ past: [], listed, cutoff: at(4), skipLabel: 'docs: none' })
    expect(numbers(plan)).toEqual([1, 3])
    expect(plan.skipped.map((p) => p.number)).toEqual([2])
    const past = [{ range: plan.range, pulls: numbers(plan), counts: true }]
    expect(planDigest({ past, listed, cutoff: at(8), skipLabel: 'docs: none' })).toMatchObject({
      kind: 'nothing',
      skipped: []
    })
  })

  it('is off when empty', () => {
    const plan = planDigest({ past: [], listed: [pull(1, 1, [''])], cutoff: at(4), skipLabel: '' })
    expect(numbers(plan)).toEqual([1])
  })
})

describe('a listing that stopped short', () => {
  it('covers every merge it listed, before the last update listed too, and gives up only the rest', () => {
    const past = [digest(0, 24, [1])]
    // #2 merged before the last update listed, and was listed (a sweep touched it since): covered.
    const listed = [pull(2, 30), pull(3, 40), pull(4, 50)]
    const plan = planDigest({ past, listed, skipLabel: '', cutoff: at(72), listedAfter: at(35) })
    expect(plan.range).toEqual({ from: at(24), to: at(72) })
    expect(plan.unlisted).toEqual({ from: at(24), to: at(35) })
    expect(numbers(plan)).toEqual([2, 3, 4])
    // The next digest goes on from this one's end: no listing would reach back to the unlisted merges.
    const next = [...past, { range: plan.range, pulls: numbers(plan), counts: true }]
    const later = planDigest({ past: next, listed: [...listed, pull(5, 80)], skipLabel: '', cutoff: at(96) })
    expect(later.range).toEqual({ from: at(72), to: at(96) })
    expect(later.unlisted).toBeUndefined()
    expect(numbers(later)).toEqual([5])
  })

  it('covers a merge at the instant of the last update listed, since it was listed', () => {
    const plan = planDigest({
      past: [digest(0, 24, [])],
      listed: [pull(2, 35)],
      skipLabel: '',
      cutoff: at(72),
      listedAfter: at(35)
    })
    expect(numbers(plan)).toEqual([2])
    expect(plan.unlisted).toEqual({ from: at(24), to: at(35) })
  })

  it('makes a first digest cover only as far back as its listing reached', () => {
    expect(nextRange([], at(200), at(190))).toEqual({
      range: { from: at(200) - FIRST_WINDOW_MS, to: at(200) },
      first: true,
      unlisted: { from: at(200) - FIRST_WINDOW_MS, to: at(190) }
    })
  })

  it('covers nothing when its last update listed is after the cut-off', () => {
    const found = nextRange([digest(0, 24, [])], at(48), at(50))
    expect(found).toEqual({
      range: { from: at(24), to: at(48) },
      first: false,
      unlisted: { from: at(24), to: at(48) }
    })
  })

  it("keeps a re-run's own range, covering its own PRs that its listing holds", () => {
    const own = digest(24, 48, [2, 3], false)
    const listed = [pull(2, 30), pull(3, 40)]
    const plan = planDigest({
      past: [digest(0, 24, [1])],
      own,
      listed,
      skipLabel: '',
      cutoff: at(72),
      listedAfter: at(35)
    })
    expect(plan).toMatchObject({ range: { from: at(24), to: at(48) }, unlisted: { from: at(24), to: at(35) } })
    expect(numbers(plan)).toEqual([2, 3])
    expect(plan.coveredLater).toEqual([])
  })
})

describe('the listing', () => {
  it('ends at a PR last updated at or before the range starts', () => {
    const range = { from: at(24), to: at(48) }
    expect(listedPastRange(at(24), range)).toBe(true)
    expect(listedPastRange(at(24) + 1000, range)).toBe(false)
  })
})

describe('a digest and companion docs', () => {
  it('leaves out a pull request whose docs a companion job wrote, and never gathers it again', () => {
    const listed = [pull(1, 2), pull(2, 3, ['docs-agent: companion']), pull(3, 4)]
    const plan = planDigest({ past: [digest(0, 1, [])], listed, skipLabel: '', cutoff: at(6) })
    expect(plan.kind === 'digest' && plan.pulls.map((one) => one.number)).toEqual([1, 3])
    expect(plan.range).toMatchObject({ to: at(6) })
  })
})
