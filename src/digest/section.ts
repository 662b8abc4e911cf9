// A digest's context section: one part per merged pull request, each laid out and fitted as a
// per-PR section is (src/context/), under one heading. Pure. The context-limit is shared fairly:
// every part first gets what keeps its heading (number, title, link, author) and its file list;
// the rest goes to the parts that need more, the smallest needs met first, so that no large pull
// request crowds out the others. Each part says what was cut from it.
import { fitSection, filesKeptSize, wholeSize } from '../context/fit.js'
import { contextParts, type ContextFacts, INTRODUCTION } from '../context/section.js'
import { codeName } from '../markdown/text.js'
import { instant } from '../report/digest-comment.js'
import { FIRST_WINDOW_MS, type DigestRange } from './range.js'

export interface DigestFacts {
  /** owner/name */
  repository: string
  branch: string
  range: DigestRange
  /** The first digest of the thread, which looks back FIRST_WINDOW_MS. */
  first: boolean
  /** What was read of each pull request, in merge order. */
  pulls: ContextFacts[]
}

const GAP = '\n\n'

/** The section, at most `limit` characters (a head longer than that is cut, as fitSection cuts). */
export function renderDigestSection(facts: DigestFacts, limit: number): string {
  const head = digestHead(facts)
  const parts = facts.pulls.map((pull) => contextParts(pull, true))
  const room = limit - head.length - GAP.length * parts.length
  const shares = shareRoom(
    parts.map((part) => ({ least: filesKeptSize(part), whole: wholeSize(part) })),
    room
  )
  const section = [
    head,
    ...parts.map((part, index) =>
      fitSection(part, shares[index] ?? 0, "this pull request's share of the workflow's context-limit")
    )
  ].join(GAP)
  return section.length <= limit ? section : `${section.slice(0, limit - 1)}…`
}

/**
 * Each part's room: its least first (all cut alike when even those do not fit), then the rest
 * given out equally, a part that needs less than its share giving the remainder to the others.
 */
export function shareRoom(needs: readonly { least: number; whole: number }[], room: number): number[] {
  const leastTotal = needs.reduce((sum, need) => sum + need.least, 0)
  if (leastTotal >= room) return needs.map((need) => Math.floor((need.least * Math.max(room, 0)) / leastTotal))
  const shares = needs.map((need) => need.least)
  let left = room - leastTotal
  const waiting = needs.map((need, index) => ({ index, more: need.whole - need.least }))
  waiting.sort((a, b) => a.more - b.more || a.index - b.index)
  waiting.forEach(({ index, more }, position) => {
    const given = Math.min(more, Math.floor(left / (waiting.length - position)))
    shares[index] = (shares[index] ?? 0) + given
    left -= given
  })
  return shares
}

function digestHead({ repository, branch, range, first, pulls }: DigestFacts): string {
  const count = `${pulls.length} pull ${pulls.length === 1 ? 'request' : 'requests'}`
  const window = first ? ` (the first digest: the last ${FIRST_WINDOW_MS / 86_400_000} days)` : ''
  return [
    `## Context: a digest of ${count} merged into ${codeName(branch)}`,
    '',
    INTRODUCTION,
    '',
    [
      `- Repository of the changes: ${repository}`,
      `- Merged after ${instant(range.from)} and up to ${instant(range.to)}${window}`,
      `- Each pull request below has a part of its own, oldest merge first; every part keeps its title, link and file list`
    ].join('\n')
  ].join('\n')
}
