import { describe, expect, it } from '@jest/globals'
import type { ContextFacts } from '../src/context/section.js'
import { renderDigestSection, shareRoom } from '../src/digest/section.js'
import type { PullRequest } from '../src/github/records.js'
import { type FileChange, unifiedDiff } from '../test/harness/changes.js'
import { filesOf } from './support/context-fixture.js'

const RANGE = { from: Date.UTC(2026, 10, 1), to: Date.UTC(2026, 10, 2, 8, 30) }
const lines = (count: number, prefix: string) => Array.from({ length: count }, (_, i) => `${prefix} line ${i}`)

function pullFacts(number: number, changes: FileChange[]): ContextFacts {
  const pull: PullRequest = {
    number,
    title: `Change number ${number}`,
    body: `Why change ${number} was made.`,
    htmlUrl: `https://github.com/acme/app/pull/${number}`,
    author: `dev-${number}`,
    state: 'closed',
    merged: true,
    mergeCommit: '1a2b3c4d5e6f7a8b9c0d1a2b3c4d5e6f7a8b9c0d',
    base: 'main',
    head: `change-${number}`
  }
  return {
    repository: 'acme/app',
    subject: { kind: 'pull', pull },
    files: filesOf(changes),
    diff: unifiedDiff(changes),
    notes: []
  }
}

const small = (number: number): ContextFacts =>
  pullFacts(number, [{ path: `src/small-${number}.ts`, removed: ['a'], added: ['b'] }])
const huge = (number: number): ContextFacts =>
  pullFacts(number, [{ path: `src/huge-${number}.ts`, added: lines(3000, 'added') }])

const digest = (pulls: ContextFacts[], first = false) => ({
  repository: 'acme/app',
  branch: 'main',
  range: RANGE,
  first,
  pulls
})

describe('a digest context section', () => {
  it('tells every pull request whole when it fits, under one heading with the range', () => {
    const section = renderDigestSection(digest([small(1), small(2), small(3)]), 20_000)
    expect(section).toContain('## Context: a digest of 3 pull requests merged into `main`')
    expect(section).toContain('- Merged after 2026-11-01T00:00:00Z and up to 2026-11-02T08:30:00Z')
    for (const number of [1, 2, 3]) {
      expect(section).toContain(`### pull request #${number}, merged`)
      expect(section).toContain(`https://github.com/acme/app/pull/${number}`)
      expect(section).toContain(`+b`)
      expect(section).toContain(`Why change ${number} was made.`)
    }
    expect(section).not.toContain('Left out')
  })

  it('says when it is the first digest and how far back it looks', () => {
    expect(renderDigestSection(digest([small(1)], true), 20_000)).toContain('(the first digest: the last 7 days)')
  })

  it('keeps a large pull request from crowding out the others, and says what it cut', () => {
    const section = renderDigestSection(digest([small(1), huge(2), small(3)]), 8000)
    expect(section.length).toBeLessThanOrEqual(8000)
    for (const number of [1, 3]) {
      expect(section).toContain(`src/small-${number}.ts`)
      expect(section).toContain(`Why change ${number} was made.`)
    }
    expect(section).toContain('- modified `src/huge-2.ts` (+3000 -0)')
    expect(section).toContain('https://github.com/acme/app/pull/2')
    expect(section).toMatch(
      /Left out to keep this section within \d+ characters \(this pull request's share of the workflow's context-limit\): the whole diff \(1 file\)/
    )
    expect(section.match(/Left out/g)).toHaveLength(1)
  })

  it('keeps every title and link when many pull requests share a small limit', () => {
    const pulls = Array.from({ length: 12 }, (_, index) => huge(index + 1))
    const section = renderDigestSection(digest(pulls), 12_000)
    expect(section.length).toBeLessThanOrEqual(12_000)
    for (const pull of pulls)
      expect(section).toContain(`- Title: Change number ${pull.subject.kind === 'pull' ? pull.subject.pull.number : 0}`)
  })
})

describe('sharing the room', () => {
  it('meets the smaller needs first and shares the rest equally', () => {
    expect(
      shareRoom(
        [
          { least: 10, whole: 20 },
          { least: 10, whole: 1000 },
          { least: 10, whole: 1000 }
        ],
        230
      )
    ).toEqual([20, 105, 105])
  })

  it('cuts every least alike when even those do not fit', () => {
    expect(
      shareRoom(
        [
          { least: 100, whole: 200 },
          { least: 300, whole: 300 }
        ],
        200
      )
    ).toEqual([50, 150])
  })
})
