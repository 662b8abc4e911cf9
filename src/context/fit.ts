// Fitting the context section into context-limit. The heading, the facts and what could not be read
// always stay, and so does the file list while it fits; a closing line names what was left out, and
// its room is what it really takes. After the file list, a long free text (a description, release
// notes, the commits) is cut from its end so that it leaves the diff at least half of what is left;
// the diff gives way, whole files at a time, the largest first. The file list is cut from its end
// only when it does not fit by itself, and then the text and the diff are left out. Deterministic:
// the same parts always give the same text.
import type { FileDiff } from './diff.js'
import { fenced } from '../markdown/backticks.js'

export interface SectionParts {
  /** The heading, the introduction, the facts and what could not be read: never cut. */
  head: string
  /** Free text written by people, fenced as data; cut by whole lines from its end. */
  text?: FencedText
  files?: { heading: string; lines: string[] }
  diff?: FileDiff[]
}

export interface FencedText {
  /** The line that introduces the block. */
  label: string
  lines: string[]
  /** The fence's info string, e.g. markdown. */
  info: string
  /** What a line is, for the closing line: "lines of the description", "commits". */
  unit: string
}

/** The sizes a section of these parts takes: its head alone, its head and whole file list, all of it. */
export interface SectionSizes {
  /** The head and a closing line that says the whole file list, the text and the diff were left out. */
  head: number
  /** The head, the whole file list and a closing line that says the text and the diff were left out. */
  files: number
  whole: number
}

const GAP = '\n\n'
const DIFF_LABEL = 'Diff:'
const WORKFLOW_LIMIT = "the workflow's context-limit"

/** `bound`: what the limit is, for the closing line. */
export function fitSection(parts: SectionParts, limit: number, bound = WORKFLOW_LIMIT): string {
  const { head, text, files, diff = [] } = parts
  const whole = [head, textBlock(text), filesBlock(files), diffBlock(diff)]
  if (joined(whole).length <= limit) return joined(whole)
  const closing = (leftOut: Kept['leftOut'][]) => closingLine(limit, bound, leftOut)
  const filesKept = filesBlock(files)
  const section =
    sectionSizes(parts, limit, bound).files <= limit
      ? withClosing(head, limit, closing, (room) => cutTextAndDiff(parts, room - blockSize(filesKept), filesKept))
      : withClosing(head, limit, closing, (room) => cutFilesOnly(parts, room))
  // Only a head longer than the limit itself gets here (a limit near its minimum and long titles).
  return section.length <= limit ? section : `${section.slice(0, limit - 1)}…`
}

/** What fitSection keeps at the sizes it gives; `limit`: the largest limit the closing line may name. */
export function sectionSizes(parts: SectionParts, limit: number, bound = WORKFLOW_LIMIT): SectionSizes {
  const { head, text, files, diff = [] } = parts
  const wholeSize = joined([head, textBlock(text), filesBlock(files), diffBlock(diff)]).length
  const textOut = cutText(text, 0).leftOut
  const diffOut = dropDiffs(diff, 0).leftOut
  const filesOut = cutFiles(files, 0).leftOut
  const filesSize = joined([head, filesBlock(files), closingLine(limit, bound, [textOut, diffOut])]).length
  const headSize = joined([head, closingLine(limit, bound, [textOut, filesOut, diffOut])]).length
  return { head: Math.min(headSize, wholeSize), files: Math.min(filesSize, wholeSize), whole: wholeSize }
}

interface Layout {
  /** The blocks after the head, in their order. */
  blocks: (string | undefined)[]
  leftOut: Kept['leftOut'][]
}

/**
 * The head, the blocks `layout` gives for the room left and the closing line. The closing line's
 * room is first none, then what it took, until the section fits: the room only grows, and once it
 * is what the closing line takes, the section fits unless the head alone is too long.
 */
function withClosing(
  head: string,
  limit: number,
  closing: (leftOut: Kept['leftOut'][]) => string | undefined,
  layout: (room: number) => Layout
): string {
  for (let reserved = 0; ;) {
    const { blocks, leftOut } = layout(limit - head.length - reserved)
    const line = closing(leftOut)
    const section = joined([head, ...blocks, line])
    const needed = blockSize(line)
    if (section.length <= limit || needed <= reserved) return section
    reserved = needed
  }
}

/** The whole file list (`filesKept`), and the text and the diff in `room`. */
function cutTextAndDiff({ text, diff = [] }: SectionParts, room: number, filesKept: string | undefined): Layout {
  const keptText = cutText(text, Math.max(Math.floor(room / 2), room - blockSize(diffBlock(diff))))
  const keptDiff = dropDiffs(diff, room - blockSize(keptText.block))
  return { blocks: [keptText.block, filesKept, keptDiff.block], leftOut: [keptText.leftOut, keptDiff.leftOut] }
}

/** As much of the file list as fits in `room`; no text, no diff. */
function cutFilesOnly({ text, files, diff = [] }: SectionParts, room: number): Layout {
  const keptFiles = cutFiles(files, room)
  return {
    blocks: [keptFiles.block],
    leftOut: [cutText(text, 0).leftOut, keptFiles.leftOut, dropDiffs(diff, 0).leftOut]
  }
}

function joined(blocks: (string | undefined)[]): string {
  return blocks.filter((block) => block !== undefined).join(GAP)
}

function blockSize(block: string | undefined): number {
  return block === undefined ? 0 : block.length + GAP.length
}

function textBlock(text: FencedText | undefined, count = text?.lines.length ?? 0): string | undefined {
  if (!text || count === 0) return undefined
  return `${text.label}\n${fenced(text.lines.slice(0, count).join('\n'), text.info)}`
}

function filesBlock(files: SectionParts['files'], count = files?.lines.length ?? 0): string | undefined {
  if (!files || count === 0) return undefined
  return `${files.heading}\n${files.lines.slice(0, count).join('\n')}`
}

function diffBlock(diffs: readonly FileDiff[]): string | undefined {
  if (diffs.length === 0) return undefined
  return `${DIFF_LABEL}\n${fenced(diffs.map((file) => file.text).join(''), 'diff')}`
}

interface Kept {
  block: string | undefined
  /** What the closing line says was left out; undefined when nothing was. */
  leftOut: string | undefined
}

/**
 * The most whole lines, from the first, that fit in `room`. A block only grows with its lines, so the
 * count is found by halving: a long description costs a few dozen tries, not one per line (a 64 KiB
 * description of short lines took seconds).
 */
function longestPrefix(total: number, fits: (count: number) => boolean): number {
  let low = 0
  let high = total
  while (low < high) {
    const middle = Math.ceil((low + high) / 2)
    if (fits(middle)) low = middle
    else high = middle - 1
  }
  return low
}

function cutText(text: FencedText | undefined, room: number): Kept {
  if (!text) return { block: undefined, leftOut: undefined }
  const total = text.lines.length
  const count = longestPrefix(total, (n) => blockSize(textBlock(text, n)) <= room)
  return {
    block: textBlock(text, count),
    leftOut: count < total ? `${total - count} of ${total} ${text.unit}` : undefined
  }
}

function cutFiles(files: SectionParts['files'], room: number): Kept {
  if (!files) return { block: undefined, leftOut: undefined }
  const total = files.lines.length
  const count = longestPrefix(total, (n) => blockSize(filesBlock(files, n)) <= room)
  const leftOut = count < total ? `${total - count} of ${total} files in the list of changed files` : undefined
  return { block: filesBlock(files, count), leftOut }
}

/** The diff without its largest files (the later first among equals) until it fits in `room`. */
function dropDiffs(diffs: readonly FileDiff[], room: number): Kept {
  const largestFirst = diffs.map((file, index) => ({ file, index }))
  largestFirst.sort((a, b) => b.file.text.length - a.file.text.length || b.index - a.index)
  const dropped = new Set<number>()
  // Measured with the whole diff's fence, at least as long as the fence of any part of it.
  let size = blockSize(diffBlock(diffs))
  for (const { file, index } of largestFirst) {
    if (size <= room) break
    dropped.add(index)
    size -= file.text.length
  }
  const kept = diffs.filter((_file, index) => !dropped.has(index))
  const names = largestFirst.filter(({ index }) => dropped.has(index)).map(({ file }) => file.path)
  return { block: diffBlock(kept), leftOut: describeDroppedDiffs(names, diffs.length) }
}

function describeDroppedDiffs(names: string[], total: number): string | undefined {
  if (names.length === 0) return undefined
  if (names.length === total) return `the whole diff (${total} ${total === 1 ? 'file' : 'files'})`
  const dropped = `the diffs of ${names.length} of ${total} files`
  const listed = listNames(names)
  return listed === undefined ? `${dropped}, the largest` : `${dropped}, the largest: ${listed}`
}

/** What the closing line's other words leave for file names, at their longest. */
const NAMES_ROOM = 200

/** As many names as fit in the closing line's room, then how many more; undefined when none fits. */
export function listNames(names: string[]): string | undefined {
  const shown: string[] = []
  let length = 0
  for (const name of names) {
    const piece = JSON.stringify(name)
    if (length + piece.length + 2 > NAMES_ROOM) break
    shown.push(piece)
    length += piece.length + 2
  }
  if (shown.length === 0) return undefined
  const more = names.length - shown.length
  return more > 0 ? `${shown.join(', ')} and ${more} more` : shown.join(', ')
}

function closingLine(limit: number, bound: string, leftOut: Kept['leftOut'][]): string | undefined {
  const items = leftOut.filter((item) => item !== undefined)
  if (items.length === 0) return undefined
  return `Left out to keep this section within ${limit} characters (${bound}): ${items.join('; ')}.`
}
