// A digest's context section: one part per merged pull request, each laid out and fitted as a
// per-PR section is (src/context/), under one heading. Pure. The context-limit is shared fairly:
// every part first gets its heading (number, title, link, author), its file list and its closing
// line; the rest goes to the parts that need more, the smallest needs met first, so that no large
// pull request crowds out the others, and what a part leaves unused is handed back to the others.
// When even the heads and file lists do not fit, each part keeps its head and the file lists share
// what is left; when the heads alone do not fit, the pull requests that get no part are listed by
// number, title and link at the end, a title cut after a whole word rather than a pull request left
// unnamed. Each part says what was cut from it. The heading shows at most the start of a long branch
// name, and promises a part only to the pull requests that have one.
import { fitSection, type SectionParts, sectionSizes, type SectionSizes } from '../context/fit.js'
import { contextParts, type ContextFacts, INTRODUCTION, subjectLine } from '../context/section.js'
import { code } from '../markdown/escape.js'
import { cleanLine, codeName } from '../markdown/text.js'
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

interface DigestLayout {
  text: string
  /** How many pull requests, the oldest merges, got a part of their own; the rest are only listed. */
  parted: number
}

/** The digest's heading and the list of the pull requests that get no part, around the `parted` parts. */
interface Arrangement {
  parted: number
  head: string
  listing: string | undefined
}

const GAP = '\n\n'
const SHARE = "this pull request's share of the workflow's context-limit"

/**
 * The section, at most `limit` characters (context-limit's least, 1000, holds the digest's heading),
 * and what the run warns of. Reading a description is the CPU's work (micromark's grows with the
 * square of how deeply quotes and lists nest), so `goOn` is asked before each part is read: once it
 * says stop, the parts after keep their facts, files and diff, and say that their description was
 * not read, as the warnings do.
 */
export function digestSection(
  facts: DigestFacts,
  limit: number,
  goOn: () => boolean = () => true
): { text: string; warnings: string[] } {
  const undescribed: number[] = []
  const parts = facts.pulls.map((pull) => {
    if (goOn() || pull.subject.kind !== 'pull') return contextParts(pull, true)
    undescribed.push(pull.subject.pull.number)
    return contextParts(withoutDescription(pull), true)
  })
  const { text, parted } = layOutDigest(facts, parts, limit)
  const warnings: string[] = []
  const total = facts.pulls.length
  if (undescribed.length > 0) warnings.push(undescribedWarning(undescribed))
  if (parted < total) {
    warnings.push(
      `context-limit (${limit} characters) is too small for this digest of ${total} pull requests: ` +
        `${total - parted} of them got no part of their own in the prompt, only their number, title and link. ` +
        'Raise context-limit, or run digests more often.'
    )
  }
  return { text, warnings }
}

const UNDESCRIBED_NOTE = "Not read: the description (the digest's gathering reached its time limit, `timeout`)."
/** The most pull request numbers a warning names. */
const NUMBERS_NAMED = 20

function withoutDescription(pull: ContextFacts): ContextFacts {
  if (pull.subject.kind !== 'pull') return pull
  return {
    ...pull,
    subject: { ...pull.subject, pull: { ...pull.subject.pull, body: '' } },
    notes: [...pull.notes, UNDESCRIBED_NOTE]
  }
}

function undescribedWarning(numbers: readonly number[]): string {
  const named = numbers
    .slice(0, NUMBERS_NAMED)
    .map((number) => `#${number}`)
    .join(', ')
  const more = numbers.length > NUMBERS_NAMED ? ` and ${numbers.length - NUMBERS_NAMED} more` : ''
  return (
    `The digest's gathering reached its time limit (\`timeout\`) before reading the descriptions of ` +
    `${numbers.length} pull ${numbers.length === 1 ? 'request' : 'requests'} (${named}${more}): their parts have ` +
    'their files and diff, and say that the description was not read. A longer timeout gives them the time.'
  )
}

function layOutDigest(facts: DigestFacts, parts: readonly SectionParts[], limit: number): DigestLayout {
  const sizes = parts.map((part) => sectionSizes(part, limit, SHARE))
  const { parted, head, listing } = partsThatFit(facts, sizes, limit)
  const partsRoom =
    limit - head.length - GAP.length * parted - (listing === undefined ? 0 : GAP.length + listing.length)
  const fitted = fitParts(parts.slice(0, parted), sizes.slice(0, parted), partsRoom)
  const text = [head, ...fitted, ...(listing === undefined ? [] : [listing])].join(GAP)
  return { text, parted }
}

/**
 * The parts at their shares; then the room they left unused (a diff gives way a whole file at a
 * time) is offered whole to each cut part in turn, as equal slices of it could each be too small
 * for any part's next file.
 */
function fitParts(parts: readonly SectionParts[], sizes: readonly SectionSizes[], room: number): string[] {
  const shares = shareRoom(sizes, room)
  const fitted = parts.map((part, index) => fitSection(part, shares[index] ?? 0, SHARE))
  let spare = room - fitted.reduce((sum, text) => sum + text.length, 0)
  return parts.map((part, index) => {
    const text = fitted[index] ?? ''
    if (spare <= 0 || text.length === sizes[index]?.whole) return text
    const more = fitSection(part, text.length + spare, SHARE)
    spare -= more.length - text.length
    return more
  })
}

/**
 * Each part's room: its head and file list, the rest given out as `fill` does; when even those do
 * not fit, each part's head, and the file lists share the rest.
 */
export function shareRoom(sizes: readonly SectionSizes[], room: number): number[] {
  const filesTotal = sizes.reduce((sum, size) => sum + size.files, 0)
  return filesTotal <= room
    ? fill(
        sizes.map((size) => ({ from: size.files, to: size.whole })),
        room
      )
    : fill(
        sizes.map((size) => ({ from: size.head, to: size.files })),
        room
      )
}

/**
 * Each need its `from`, then the rest given out equally, a need that wants less than its share
 * leaving the remainder to the others: the smallest wants are met first.
 */
function fill(needs: readonly { from: number; to: number }[], room: number): number[] {
  const shares = needs.map((need) => need.from)
  let left = room - shares.reduce((sum, share) => sum + share, 0)
  const waiting = needs.map((need, index) => ({ index, more: Math.max(need.to - need.from, 0) }))
  waiting.sort((a, b) => a.more - b.more || a.index - b.index)
  waiting.forEach(({ index, more }, position) => {
    const given = Math.max(Math.min(more, Math.floor(left / (waiting.length - position))), 0)
    shares[index] = (shares[index] ?? 0) + given
    left -= given
  })
  return shares
}

/**
 * How many parts, oldest merge first, fit in `limit` with their heads, beside the digest's heading
 * (whose words depend on that number) and the list of the rest named in full. When not even one
 * does, none gets a part, and the list names as many as fit.
 */
function partsThatFit(facts: DigestFacts, sizes: readonly SectionSizes[], limit: number): Arrangement {
  const total = facts.pulls.length
  const lines = facts.pulls.map((pull) => `- ${subjectLine(pull.subject)}`)
  let used = sizes.reduce((sum, size) => sum + GAP.length + size.head, 0)
  let listedSize = 0
  for (let parted = total; parted > 0; parted -= 1) {
    const head = digestHead(facts, parted)
    const listing = parted === total ? 0 : GAP.length + listingIntro(total - parted).length + listedSize
    if (head.length + used + listing <= limit)
      return {
        parted,
        head,
        listing: parted === total ? undefined : [listingIntro(total - parted), ...lines.slice(parted)].join('\n')
      }
    used -= GAP.length + (sizes[parted - 1]?.head ?? 0)
    listedSize += 1 + (lines[parted - 1]?.length ?? 0)
  }
  const head = digestHead(facts, 0)
  return { parted: 0, head, listing: unparted(facts.pulls, limit - head.length - GAP.length) }
}

function listingIntro(count: number): string {
  const which =
    count === 1 ? 'This pull request gets no part of its own' : `These ${count} pull requests get no part of their own`
  return `${which} for want of room in the workflow's context-limit (raise it to see ${count === 1 ? 'its' : 'their'} files):`
}

/**
 * The list of the pull requests without a part in `room`: as many lines as fit, a line's title cut
 * to make it fit rather than the line left out, then how many more.
 */
function unparted(pulls: readonly ContextFacts[], room: number): string {
  const intro = listingIntro(pulls.length)
  const shown: string[] = []
  let size = intro.length
  for (const [index, pull] of pulls.entries()) {
    const more = moreLine(pulls.length - index - 1)
    const lineRoom = room - size - 1 - (more === undefined ? 0 : 1 + more.length)
    const line = `- ${subjectLine(pull.subject, lineRoom - 2)}`
    if (line.length > lineRoom) break
    shown.push(line)
    size += 1 + line.length
  }
  const rest = moreLine(pulls.length - shown.length)
  return [intro, ...shown, ...(rest === undefined ? [] : [rest])].join('\n')
}

function moreLine(count: number): string | undefined {
  return count === 0 ? undefined : `- and ${count} more, not named for want of room`
}

/** The most of a branch's name the heading shows: a long name would crowd out the pull requests. */
const BRANCH_SHOWN = 60

function digestHead({ repository, branch, range, first, pulls }: DigestFacts, parted: number): string {
  const count = `${pulls.length} pull ${pulls.length === 1 ? 'request' : 'requests'}`
  const window = first ? ` (the first digest: the last ${FIRST_WINDOW_MS / 86_400_000} days)` : ''
  const promise = partsPromise(parted, pulls.length)
  return [
    `## Context: a digest of ${count} merged into ${branchName(branch)}`,
    '',
    INTRODUCTION,
    '',
    [
      `- Repository of the changes: ${repository}`,
      `- Merged after ${instant(range.from)} and up to ${instant(range.to)}${window}`,
      ...(promise === undefined ? [] : [promise])
    ].join('\n')
  ].join('\n')
}

function branchName(branch: string): string {
  const characters = [...cleanLine(branch)]
  if (characters.length <= BRANCH_SHOWN) return codeName(branch)
  const shown = code(characters.slice(0, BRANCH_SHOWN).join(''))
  return `${shown} (the first ${BRANCH_SHOWN} of the ${characters.length} characters of its name)`
}

/** What the parts below hold; nothing when none has a part, as the list of them says so. */
function partsPromise(parted: number, total: number): string | undefined {
  const says = 'with its title and link, and says what was cut from it'
  if (parted === 0) return undefined
  if (total === 1) return `- The pull request below has a part of its own, ${says}`
  if (parted === total) return `- Each pull request below has a part of its own, oldest merge first, ${says}`
  const more = `${total - parted} more ${total - parted === 1 ? 'is' : 'are'} listed after`
  return parted === 1
    ? `- The first pull request below has a part of its own, ${says}; ${more} it`
    : `- The first ${parted} pull requests below, oldest merge first, each have a part of their own, ` +
        `with its title and link, and say what was cut from it; ${more} them`
}
