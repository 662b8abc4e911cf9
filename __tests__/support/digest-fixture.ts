// Merged pull requests as a digest reads them, and digests of generated ones for property tests of
// the digest's context section: branch names and titles of any length GitHub allows, up to 300 pull
// requests. Seeded, so that a failing case is the same on every run and its seed is enough to see it again.
import type { ContextFacts } from '../../src/context/section.js'
import type { DigestFacts } from '../../src/digest/section.js'
import type { PullRequest } from '../../src/github/records.js'
import { type FileChange, unifiedDiff } from '../../test/harness/changes.js'
import { filesOf } from './context-fixture.js'

/** mulberry32: a small seeded generator of numbers in [0, 1). */
function generator(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let mixed = Math.imul(state ^ (state >>> 15), state | 1)
    mixed ^= mixed + Math.imul(mixed ^ (mixed >>> 7), mixed | 61)
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4_294_967_296
  }
}

export interface RandomDigest {
  facts: DigestFacts
  limit: number
  /** Each pull request's number and title, in merge order. */
  pulls: { number: number; title: string }[]
}

const LETTERS = 'abcdefghijklmnopqrstuvwxyz'
/** The longest names and titles generated: GitHub's longest branch name, 255 bytes (ASCII here). */
const LONGEST_NAME = 255

export function randomDigest(seed: number): RandomDigest {
  const random = generator(seed)
  const between = (low: number, high: number) => low + Math.floor(random() * (high - low + 1))
  const word = (length: number) => Array.from({ length }, () => LETTERS[between(0, 25)]).join('')
  /** Words of 1 to `longest` letters joined by `separator` up to a length from 1 to 255. */
  const words = (separator: string, longest: number) => {
    const length = between(1, LONGEST_NAME)
    let text = word(between(1, longest))
    while (text.length < length) text += `${separator}${word(between(1, longest))}`
    return text.slice(0, length).trim()
  }
  const branch = () => words('/', 40)
  // Now and then a title of one long word, which cannot be cut after a word.
  const title = () => words(' ', random() < 0.1 ? LONGEST_NAME : 12)
  let number = between(1, 900_000)
  const pulls = Array.from({ length: between(1, 300) }, () => ({ number: (number += between(1, 300)), title: title() }))
  const facts: DigestFacts = {
    repository: 'acme/app',
    branch: branch(),
    range: { from: Date.UTC(2026, 10, 1), to: Date.UTC(2026, 10, 2, 8, 30) },
    first: random() < 0.5,
    pulls: pulls.map(({ number, title }) => {
      const files = Array.from({ length: between(0, 8) }, (_, index) => ({
        path: `src/pull-${number}/file-${index}.ts`,
        removed: ['old'],
        added: ['new', 'more']
      }))
      return mergedPullFacts(number, files, { title, head: branch() })
    })
  }
  // A quarter of the cases near context-limit's least, where room is the tightest.
  return { facts, limit: between(1000, random() < 0.25 ? 1100 : 40_000), pulls }
}

/** A merged pull request of acme/app as a digest reads it, changing `changes`. */
export function mergedPullFacts(
  number: number,
  changes: FileChange[],
  { title = `Change number ${number}`, body = `Why change ${number} was made.`, head = `change-${number}` } = {}
): ContextFacts {
  const pull: PullRequest = {
    number,
    title,
    body,
    htmlUrl: `https://github.com/acme/app/pull/${number}`,
    author: `dev-${number}`,
    state: 'closed',
    merged: true,
    mergeCommit: '1a2b3c4d5e6f7a8b9c0d1a2b3c4d5e6f7a8b9c0d',
    base: 'main',
    head
  }
  return {
    repository: 'acme/app',
    subject: { kind: 'pull', pull },
    files: filesOf(changes),
    diff: unifiedDiff(changes),
    notes: []
  }
}
