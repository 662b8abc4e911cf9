// The comments and labels of a repository's threads in memory, behind the GitHubApi the action
// talks to, for in-process tests of what the action reads and writes on a thread. Failures can be
// queued for the next create or listing, as GitHub's 5xx and 403 answers would come.
import { systemClock } from '../../src/clock.js'
import {
  callLimits,
  GitHubCallError,
  type GitHubApi,
  type IssueComment,
  type LabelSpec,
  type ListedThread
} from '../../src/github/api.js'

/** Who posted a comment: the action never reads it (markers are trusted for their signature), but
 * the tests say whose token wrote what. */
export interface Author {
  login: string
  isBot: boolean
}

type StoredComment = IssueComment & { author: Author }

export const ACTIONS_BOT: Author = { login: 'github-actions[bot]', isBot: true }

export class MemoryGitHub {
  private readonly threads = new Map<number, StoredComment[]>()
  private nextId = 1
  /** Every create, list and update, in order. */
  readonly calls: string[] = []
  /** The next create answers 502; `made`: GitHub made the comment all the same. */
  failNextCreate: { made: boolean } | undefined
  /** The next create answers 403. */
  refuseNextCreate = false
  /** The next listing answers 500. */
  failNextListing = false
  /** The next listing of labelled threads answers 403, as for a token that may not read issues. */
  refuseNextLabelledListing = false
  /** The next comment edit answers 502. */
  failNextUpdate = false
  /** Labels of the repository, by name. */
  readonly repositoryLabels = new Map<string, LabelSpec>()
  private readonly threadLabels = new Map<number, string[]>()
  /** Every label call answers 403, as for a token without `issues: write`. */
  refuseLabels = false

  /** Comments on a thread, oldest first. */
  comments(issueNumber: number): StoredComment[] {
    return (this.threads.get(issueNumber) ?? []).map((comment) => ({ ...comment }))
  }

  post(issueNumber: number, body: string, author: Author): StoredComment {
    const id = this.nextId++
    const comment = {
      id,
      body,
      htmlUrl: `https://github.com/acme/docs/issues/${issueNumber}#issuecomment-${id}`,
      author
    }
    this.threads.set(issueNumber, [...(this.threads.get(issueNumber) ?? []), comment])
    return { ...comment }
  }

  /** The labels on a thread, in the order they were added. */
  labels(issueNumber: number): string[] {
    return [...(this.threadLabels.get(issueNumber) ?? [])]
  }

  /** Labels a thread as a person would (the label is created if the repository lacks it). */
  label(issueNumber: number, name: string): void {
    if (!this.repositoryLabels.has(name)) this.repositoryLabels.set(name, { name, color: 'ededed', description: '' })
    if (!this.labels(issueNumber).includes(name))
      this.threadLabels.set(issueNumber, [...this.labels(issueNumber), name])
  }

  /** Takes a label off a thread as a person would. */
  unlabel(issueNumber: number, name: string): void {
    this.threadLabels.set(
      issueNumber,
      this.labels(issueNumber).filter((label) => label !== name)
    )
  }

  /** Changes a comment's body as its author would. */
  edit(commentId: number, body: string): void {
    const comment = this.find(commentId)
    if (comment) comment.body = body
  }

  /** The API as seen with a token whose comments are posted by `author`. */
  api(author: Author = ACTIONS_BOT): GitHubApi {
    const limits = () => callLimits(systemClock, 10_000)
    return {
      permissionOf: () => Promise.reject(new Error('not part of the thread')),
      react: () => Promise.resolve(),
      listComments: (issueNumber) => this.list(issueNumber),
      createComment: (issueNumber, body) => this.create(issueNumber, body, author),
      updateComment: (commentId, body) => this.update(commentId, body),
      limits,
      lastEditLimits: limits,
      listLabelledThreads: (label, max) => this.listLabelled(label, max),
      createLabel: (label) => this.labelCall('create-label', () => this.createLabel(label)),
      // GitHub makes a label the repository lacks (colour ededed) rather than refuse it.
      addLabels: (issueNumber, names) =>
        this.labelCall('add-label', () => {
          for (const name of names) this.label(issueNumber, name)
        }),
      removeLabel: (issueNumber, name) => this.labelCall('remove-label', () => this.unlabel(issueNumber, name))
    }
  }

  private async listLabelled(label: string, max: number): Promise<{ threads: ListedThread[]; more: boolean }> {
    this.calls.push('list-labelled')
    if (this.refuseNextLabelledListing) {
      this.refuseNextLabelledListing = false
      throw new GitHubCallError('GitHub answered 403 (Resource not accessible by integration)', 403, false)
    }
    // Thread numbers grow with creation, so ascending numbers are oldest first.
    const labelled = [...this.threadLabels.entries()]
      .filter(([, labels]) => labels.includes(label))
      .map(([number]) => number)
      .sort((a, b) => a - b)
    const threads = labelled
      .slice(0, max)
      .map((number) => ({ number, htmlUrl: `https://github.com/acme/docs/issues/${number}` }))
    return { threads, more: labelled.length > max }
  }

  private createLabel(label: LabelSpec): void {
    // An existing label is left as it is: GitHub answers 422 already_exists, which the client takes as done.
    if (!this.repositoryLabels.has(label.name)) this.repositoryLabels.set(label.name, { ...label })
  }

  private async labelCall(name: string, act: () => void): Promise<void> {
    this.calls.push(name)
    if (this.refuseLabels) {
      throw new GitHubCallError('GitHub answered 403 (Resource not accessible by integration)', 403, false)
    }
    act()
  }

  private async list(issueNumber: number): Promise<IssueComment[]> {
    this.calls.push('list')
    if (this.failNextListing) {
      this.failNextListing = false
      throw new GitHubCallError('GitHub answered 500 (Internal Server Error)', 500, false)
    }
    return this.comments(issueNumber)
  }

  private async create(issueNumber: number, body: string, author: Author): Promise<IssueComment> {
    this.calls.push('create')
    if (this.refuseNextCreate) {
      this.refuseNextCreate = false
      throw new GitHubCallError('GitHub answered 403 (Resource not accessible by integration)', 403, false)
    }
    const failure = this.failNextCreate
    this.failNextCreate = undefined
    if (failure && !failure.made) throw new GitHubCallError('GitHub answered 502 (Bad Gateway)', 502, true)
    const comment = this.post(issueNumber, body, author)
    if (failure) throw new GitHubCallError('GitHub answered 502 (Bad Gateway)', 502, true)
    return comment
  }

  private async update(commentId: number, body: string): Promise<IssueComment> {
    this.calls.push('update')
    if (this.failNextUpdate) {
      this.failNextUpdate = false
      throw new GitHubCallError('GitHub answered 502 (Bad Gateway)', 502, true)
    }
    const comment = this.find(commentId)
    if (!comment) throw new GitHubCallError('GitHub answered 404 (Not Found)', 404, false)
    comment.body = body
    return { ...comment }
  }

  private find(commentId: number): IssueComment | undefined {
    for (const comments of this.threads.values()) {
      const comment = comments.find((candidate) => candidate.id === commentId)
      if (comment) return comment
    }
    return undefined
  }
}
