// Reads what the context section tells, through GitHubApi: the files and the diff of a pull request,
// a push or a release, the issue issue-number names. Every read is bounded like every GitHub call,
// and a read that fails leaves a note for the agent and a warning for the workflow: the job starts
// with what is known.
import { messageOf } from '../base/error-message.js'
import type { GitHubApi } from '../github/api.js'
import type { ChangedFile } from '../github/records.js'
import type { ContextFacts, ContextSubject } from './section.js'
import { COMMITS_READ, COMPARED_FILES_LISTED, TAGS_LISTED } from '../github/change-reads.js'
import type { BodyReader } from '../http/transport.js'
import { DiffKeeper } from './diff.js'
import { listNames } from './fit.js'
import { type ContextSource, previousRelease, previousTag, type Push, type PushedTag } from './source.js'

export interface ContextReading {
  facts: ContextFacts
  /** One line for the workflow's log per read that failed. */
  warnings: string[]
}

/** The SHA git gives "no commit": a push that created its branch has it as `before`. */
const NO_COMMIT = /^0+$/

/**
 * What could be read about `source`; `api` is undefined when no github-token was given. Of a diff,
 * at most `diffBudget` characters of whole files are kept as it arrives: the most its part of the
 * prompt could show (context-limit).
 */
export async function readContext(
  source: ContextSource,
  repository: string,
  api: GitHubApi | undefined,
  diffBudget: number
): Promise<ContextReading> {
  const reader = new Reader(api, diffBudget)
  const subject = await readSubject(source, reader)
  const facts: ContextFacts = { repository, subject: subject.subject, notes: reader.notes }
  if (subject.files !== undefined) facts.files = subject.files
  if (subject.diff !== undefined) facts.diff = subject.diff
  return { facts, warnings: reader.warnings }
}

interface ReadSubject {
  subject: ContextSubject
  files?: ChangedFile[] | undefined
  diff?: string | undefined
}

async function readSubject(source: ContextSource, reader: Reader): Promise<ReadSubject> {
  switch (source.kind) {
    case 'pull': {
      const { pull, at } = source
      const changes = at ? readComparison(at.base, at.head, reader) : readPullChanges(pull.number, reader)
      return { subject: { kind: 'pull', pull }, ...(await changes) }
    }
    case 'thread':
      return { subject: { kind: 'issue', issue: source.thread } }
    case 'numbered': {
      const { number } = source
      const issue = await reader.read(`issue or pull request #${number}`, (api, limits) => api.getIssue(number, limits))
      if (!issue) return { subject: { kind: 'unread', number } }
      if (!issue.isPullRequest) return { subject: { kind: 'issue', issue } }
      const [pull, changes] = await Promise.all([
        reader.read(`pull request #${number}`, (api, limits) => api.getPullRequest(number, limits)),
        readPullChanges(number, reader)
      ])
      return { subject: pull ? { kind: 'pull', pull } : { kind: 'issue', issue }, ...changes }
    }
    case 'push':
      return readPush(source.push, reader)
    case 'tag':
      return readTag(source.tag, reader)
    case 'release': {
      const { release } = source
      const releases = await reader.read('the list of releases', (api, limits) => api.listReleases(limits))
      const previous = releases && previousRelease(releases, release)
      if (releases && !previous)
        reader.note(`No release was published before ${release.tag}, so there are no changes to compare with.`)
      const subject: ContextSubject = { kind: 'release', release, previous }
      return previous ? { subject, ...(await readComparison(previous.tag, release.tag, reader)) } : { subject }
    }
  }
}

async function readPullChanges(number: number, reader: Reader): Promise<Omit<ReadSubject, 'subject'>> {
  const [files, diff] = await Promise.all([
    reader.read(`the changed files of pull request #${number}`, (api, limits) =>
      api.listPullRequestFiles(number, limits)
    ),
    reader.readDiff(`pull request #${number}`, (api, limits, keep) => api.getPullRequestDiff(number, limits, keep))
  ])
  return { files, diff }
}

async function readPush(push: Push, reader: Reader): Promise<ReadSubject> {
  const subject: ContextSubject = { kind: 'push', push }
  if (NO_COMMIT.test(push.before)) {
    reader.note('The push created the branch, so there is no earlier commit to compare with: no files or diff.')
    return { subject }
  }
  return { subject, ...(await readComparison(push.before, push.after, reader)) }
}

/**
 * A pushed tag, told as a release: the commits, files and diff since the tag before it (the first
 * COMMITS_READ commits of the range), or, for the first tag, the newest COMMITS_READ commits it has.
 */
async function readTag(pushed: PushedTag, reader: Reader): Promise<ReadSubject> {
  const { tag } = pushed
  const tags = await reader.read('the list of tags', (api, limits) => api.listTags(limits))
  const previous = tags && previousTag(tags, tag)
  if (tags && previous === undefined) {
    const commits = await reader.read(`the commits of ${tag}`, (api, limits) => api.listCommits(tag, limits))
    // A full page may leave the tag before it unlisted: the agent is not told it is the first.
    const none =
      tags.length < TAGS_LISTED
        ? `No tag came before ${tag}`
        : `No tag before ${tag} was found among the newest ${TAGS_LISTED} tags GitHub listed`
    reader.note(
      `${none}, so there is nothing to compare with: the commits listed are the newest ` +
        `${COMMITS_READ} it has at most, and there are no files or diff.`
    )
    return { subject: { kind: 'tag', tag: pushed, previous, commits } }
  }
  if (previous === undefined) return { subject: { kind: 'tag', tag: pushed, previous, commits: undefined } }
  const [commits, changes] = await Promise.all([
    reader.read(`the commits of ${previous}...${tag}`, (api, limits) => api.listComparedCommits(previous, tag, limits)),
    readComparison(previous, tag, reader)
  ])
  if (commits?.length === COMMITS_READ) {
    reader.note(`Only the first ${COMMITS_READ} commits since ${previous} were read (the oldest of the range).`)
  }
  return { subject: { kind: 'tag', tag: pushed, previous, commits }, ...changes }
}

async function readComparison(base: string, head: string, reader: Reader): Promise<Omit<ReadSubject, 'subject'>> {
  const range = `${short(base)}...${short(head)}`
  const [files, diff] = await Promise.all([
    reader.read(`the files changed in ${range}`, (api, limits) => api.listComparedFiles(base, head, limits)),
    reader.readDiff(range, (api, limits, keep) => api.getComparisonDiff(base, head, limits, keep))
  ])
  if (files?.length === COMPARED_FILES_LISTED) reader.note(comparisonCutNote(range))
  return { files, diff }
}

/** The agent's note for a comparison listed with as many files as GitHub lists (`range`: `base...head`, short). */
export function comparisonCutNote(range: string): string {
  return `GitHub lists at most ${COMPARED_FILES_LISTED} files of a comparison: ${range} may change more.`
}

/** A SHA shortened as git does; a tag as it is. */
function short(ref: string): string {
  return /^[0-9a-f]{40}$/.test(ref) ? ref.slice(0, 7) : ref
}

type Limits = ReturnType<GitHubApi['limits']>

/** Runs the reads, and keeps a note for the agent and a warning for the log for each that fails. */
class Reader {
  readonly notes: string[] = []
  readonly warnings: string[] = []

  constructor(
    private readonly api: GitHubApi | undefined,
    private readonly diffBudget: number
  ) {}

  note(text: string): void {
    this.notes.push(text)
  }

  /** The diff of `of`, kept within the budget as it arrives; the files that gave way are named in a note. */
  async readDiff(
    of: string,
    call: (api: GitHubApi, limits: Limits, keep: () => BodyReader) => Promise<string>
  ): Promise<string | undefined> {
    let keeper: DiffKeeper | undefined
    const diff = await this.read(`the diff of ${of}`, (api, limits) =>
      call(api, limits, () => (keeper = new DiffKeeper(this.diffBudget)))
    )
    const leftOut = diff === undefined ? [] : (keeper?.leftOut ?? [])
    if (leftOut.length > 0) {
      const count = `${leftOut.length} ${leftOut.length === 1 ? 'file' : 'files'}`
      const names = listNames(leftOut)
      this.note(
        `Not read: the diffs of ${count} of ${of}, longer than this part of the prompt may hold (context-limit, ` +
          `${this.diffBudget} characters)${names === undefined ? '' : `: ${names}`}.`
      )
    }
    return diff
  }

  async read<T>(what: string, call: (api: GitHubApi, limits: Limits) => Promise<T>) {
    const { api } = this
    if (!api) {
      if (this.warnings.length === 0) {
        this.warnings.push(
          'No github-token was given, so the context for the agent could not be read from GitHub; ' +
            'the job starts with what the event says. Pass github-token, or set context: none.'
        )
      }
      this.note(`Not read: ${what} (no github-token was given).`)
      return undefined
    }
    try {
      return await call(api, api.limits())
    } catch (error) {
      const reason = messageOf(error)
      this.note(`Not read: ${what} (${reason}).`)
      this.warnings.push(`Could not read ${what} for the agent's context: ${reason}. The job starts without it.`)
      return undefined
    }
  }
}
