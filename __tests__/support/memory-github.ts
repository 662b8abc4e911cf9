// The comments of a repository's threads in memory, behind the GitHubApi the action talks to, for
// in-process tests of what the action reads and writes on a thread, the repository's labels and the
// threads that carry them, the repository's changes (pull requests, comparisons, issues, releases)
// that the context reads, and the pull requests' authors, reviewers and reviews. Failures can be
// queued for the next create or listing, as GitHub's 5xx and 403 answers would come.
import type { BodyReader } from '../../src/http/transport.js'
import { systemClock } from '../../src/base/clock.js'
import {
  callLimits,
  type CommentPages,
  GitHubCallError,
  type GitHubApi,
  type IssueComment,
  type ListedThread,
  type RepositoryComment
} from '../../src/github/api.js'
import type { LineComment } from '../../src/github/review-comments.js'
import type { ChangedFile, Commit, Issue, PullRequest, Release } from '../../src/github/records.js'

/** Who posted a comment: the tests say whose token wrote what, and GitHub lets a token edit only its own. */
export interface Author {
  login: string
  isBot: boolean
}

type StoredComment = Omit<IssueComment, 'author'> & { author: Author }

export const ACTIONS_BOT: Author = { login: 'github-actions[bot]', isBot: true }

export class MemoryGitHub {
  private readonly threads = new Map<number, StoredComment[]>()
  /** When each thread was last updated (a new comment, a label on or off), as a count of updates. */
  private readonly updated = new Map<number, number>()
  private updates = 0
  private nextId = 1
  /** Every create, list and update, in order. */
  readonly calls: string[] = []
  /** The next create answers 502; `made`: GitHub made the comment all the same. */
  failNextCreate: { made: boolean } | undefined
  /** The next create answers 403. */
  refuseNextCreate = false
  /** The next listing answers 500. */
  failNextListing = false
  /** Every call answers 404, as GitHub does for a token that cannot see a private repository. */
  noAccess = false
  /** Who can read the repository, and so be asked to review; GitHub refuses anyone else (422). */
  readers = new Set<string>()
  /** Reviewers asked for, by pull request number, in the order asked. */
  readonly reviewers = new Map<number, string[]>()
  /** Labels of each issue or pull request, in the order added. */
  readonly labels = new Map<number, string[]>()
  /** The comments on lines of each submitted review, by review id. */
  readonly reviewComments = new Map<number, LineComment[]>()
  readonly issues = new Map<number, Issue>()
  readonly pulls = new Map<number, { pull: PullRequest; files: ChangedFile[]; diff: string }>()
  /** By `base...head`. */
  readonly comparisons = new Map<string, { files: ChangedFile[]; diff: string; commits?: Commit[] }>()
  /** Tag names in GitHub's order, and the commits GET /commits lists for a ref. */
  tags: string[] = []
  readonly commits = new Map<string, Commit[]>()
  /** Newest first, as GitHub lists them. */
  releases: Release[] = []
  /** Reads that answer with this failure instead, by method name. */
  readonly failingReads = new Map<keyof GitHubApi, GitHubCallError>()

  /** Seeds an open pull request that `author` opened, with no changes: what the docs-PR steps read of it. */
  addPullRequest(number: number, author: string): void {
    const pull: PullRequest = {
      number,
      title: 'Docs from the agent',
      body: '',
      htmlUrl: `https://github.com/acme/docs/pull/${number}`,
      author,
      state: 'open',
      merged: false,
      mergeCommit: undefined,
      base: 'main',
      head: 'docs-agent/update'
    }
    this.pulls.set(number, { pull, files: [], diff: '' })
  }
  /** Labels of the repository, by name. */
  readonly repositoryLabels = new Map<string, { name: string; color: string; description: string }>()
  /** Every label call answers 403, as for a token without `issues: write`. */
  refuseLabels = false
  /** The next listing of labelled threads answers 403, as for a token that may not read issues. */
  refuseNextLabelledListing = false
  /** The next comment edit answers 502. */
  failNextUpdate = false
  /** The repository's workflows by file name, as GitHub states them; a file not here answers 404. */
  readonly workflows = new Map<string, 'active' | 'disabled_manually'>()
  /** Every switch answers 403, as for a token without `actions: write`. */
  refuseWorkflows = false
  /** Called after each switch GitHub carried out: a test or the bench interleaves another run there. */
  afterSwitch: ((file: string, on: boolean) => Promise<void>) | undefined

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
    this.touch(issueNumber)
    return { ...comment }
  }

  /** The labels on a thread, in the order they were added. */
  labelsOn(issueNumber: number): string[] {
    return [...(this.labels.get(issueNumber) ?? [])]
  }

  /** Labels a thread as a person would; like GitHub, a label the repository lacks is made (colour ededed). */
  label(issueNumber: number, name: string): void {
    if (!this.repositoryLabels.has(name)) this.repositoryLabels.set(name, { name, color: 'ededed', description: '' })
    const present = this.labelsOn(issueNumber)
    if (!present.includes(name)) this.labels.set(issueNumber, [...present, name])
    this.touch(issueNumber)
  }

  /** Updates a thread as GitHub does for a new comment or a label put on or taken off. */
  touch(issueNumber: number): void {
    this.updated.set(issueNumber, ++this.updates)
  }

  /** Takes a label off a thread as a person would. */
  unlabel(issueNumber: number, name: string): void {
    this.labels.set(
      issueNumber,
      this.labelsOn(issueNumber).filter((label) => label !== name)
    )
    this.touch(issueNumber)
  }

  /** Deletes a comment as its author or a maintainer would. */
  remove(commentId: number): void {
    for (const [issue, comments] of this.threads) {
      this.threads.set(
        issue,
        comments.filter((comment) => comment.id !== commentId)
      )
    }
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
      requestReviewers: (pullNumber, logins) => this.requestReviewers(pullNumber, logins),
      addLabels: (issueNumber, labels) => this.addLabels(issueNumber, labels),
      createLabel: () => Promise.reject(new Error('not part of these tests')),
      listReviewComments: (_pullNumber, reviewId) => this.listReviewComments(reviewId),
      // Closing the agent's pull request is tested against the GitHub fake (main-companion.test.ts).
      setPullRequestState: () => Promise.reject(new Error('not part of these tests')),
      // The docs check is tested against the GitHub fake (main-companion-status.test.ts).
      setCommitStatus: () => Promise.reject(new Error('not part of these tests')),
      latestStatus: () => Promise.reject(new Error('not part of these tests')),
      getIssue: (issueNumber) => this.read('getIssue', this.issues.get(issueNumber)),
      getPullRequest: (pullNumber) => this.read('getPullRequest', this.pulls.get(pullNumber)?.pull),
      listPullRequestFiles: (pullNumber) => this.read('listPullRequestFiles', this.pulls.get(pullNumber)?.files),
      getPullRequestDiff: async (pullNumber, _limits, keep) =>
        keptOf(await this.read('getPullRequestDiff', this.pulls.get(pullNumber)?.diff), keep),
      listComparedFiles: (base, head) =>
        this.read('listComparedFiles', this.comparisons.get(`${base}...${head}`)?.files),
      getComparisonDiff: async (base, head, _limits, keep) =>
        keptOf(await this.read('getComparisonDiff', this.comparisons.get(`${base}...${head}`)?.diff), keep),
      listReleases: () => this.read('listReleases', this.releases),
      listTags: () => this.read('listTags', this.tags),
      listComparedCommits: (base, head) =>
        this.read('listComparedCommits', this.comparisons.get(`${base}...${head}`)?.commits),
      listCommits: (ref) => this.read('listCommits', this.commits.get(ref)),
      listLabelledThreads: (label, _limits, next) => this.listLabelled(label, next),
      listRecentComments: () => this.listRecent(),
      removeLabel: (issueNumber, name) => this.removeLabel(issueNumber, name),
      switchWorkflow: (file, on) => this.switchWorkflow(file, on),
      // Landing the companion is tested against the GitHub fake (main-companion-landing.test.ts).
      readMergeState: () => Promise.reject(new Error('not part of these tests')),
      readMergeMethods: () => Promise.reject(new Error('not part of these tests')),
      enableAutoMerge: () => Promise.reject(new Error('not part of these tests')),
      mergePullRequest: () => Promise.reject(new Error('not part of these tests')),
      // A digest's reads are tested against the GitHub fake (__tests__/digest-reads.test.ts).
      getDefaultBranch: () => Promise.reject(new Error('not part of these tests')),
      getCommit: () => Promise.reject(new Error('not part of these tests')),
      compareCommits: () => Promise.reject(new Error('not part of these tests')),
      listCommitsSince: () => Promise.reject(new Error('not part of these tests')),
      pullsOfCommit: () => Promise.reject(new Error('not part of these tests')),
      listLabelledIssues: () => Promise.reject(new Error('not part of these tests')),
      openIssue: () => Promise.reject(new Error('not part of these tests')),
      editIssueBody: () => Promise.reject(new Error('not part of these tests'))
    }
  }

  private async listLabelled(
    label: string,
    next: string | undefined
  ): Promise<{ threads: ListedThread[]; next: string | undefined }> {
    this.answer('list-labelled')
    if (this.refuseNextLabelledListing) {
      this.refuseNextLabelledListing = false
      throw new GitHubCallError('GitHub answered 403 (Resource not accessible by integration)', 403, false)
    }
    // The last updated first, as the action asks GitHub for them, a hundred a page; `next` is where
    // the next page starts.
    const labelled = [...this.labels.entries()]
      .filter(([, labels]) => labels.includes(label))
      .map(([number]) => number)
      .sort((a, b) => (this.updated.get(b) ?? 0) - (this.updated.get(a) ?? 0))
    const from = Number(next ?? 0)
    const threads = labelled.slice(from, from + 100).map((number) => ({
      number,
      htmlUrl: `https://github.com/acme/docs/issues/${number}`,
      comments: this.threads.get(number)?.length ?? 0,
      createdAt: undefined
    }))
    return { threads, next: from + 100 < labelled.length ? String(from + 100) : undefined }
  }

  /** Every comment of the repository on one page, the newest first (edits do not move a comment here). */
  private async listRecent(): Promise<{ comments: RepositoryComment[]; next: string | undefined }> {
    this.answer('list-recent')
    const comments = [...this.threads.entries()].flatMap(([threadNumber, thread]) =>
      thread.map(({ id, body }) => ({
        id,
        body,
        threadNumber,
        threadUrl: `https://github.com/acme/docs/issues/${threadNumber}`
      }))
    )
    return { comments: comments.sort((a, b) => b.id - a.id), next: undefined }
  }

  private async removeLabel(issueNumber: number, name: string): Promise<void> {
    this.labelCall('remove-label')
    this.unlabel(issueNumber, name)
  }

  private async switchWorkflow(file: string, on: boolean): Promise<void> {
    this.answer(on ? 'enable-workflow' : 'disable-workflow')
    if (this.refuseWorkflows) {
      throw new GitHubCallError('GitHub answered 403 (Resource not accessible by integration)', 403, false)
    }
    if (!this.workflows.has(file)) throw new GitHubCallError('GitHub answered 404 (Not Found)', 404, false)
    this.workflows.set(file, on ? 'active' : 'disabled_manually')
    await this.afterSwitch?.(file, on)
  }

  private labelCall(call: string): void {
    this.answer(call)
    if (this.refuseLabels) {
      throw new GitHubCallError('GitHub answered 403 (Resource not accessible by integration)', 403, false)
    }
  }

  private answer(call: string): void {
    this.calls.push(call)
    if (this.noAccess) throw new GitHubCallError('GitHub answered 404 (Not Found)', 404, false)
  }

  /** As GitHub: all or nothing, refused when one login cannot read the repository or opened the pull request. */
  private async requestReviewers(pullNumber: number, logins: readonly string[]): Promise<void> {
    this.answer('review request')
    const author = this.pulls.get(pullNumber)?.pull.author
    if (author === undefined) throw new GitHubCallError('GitHub answered 404 (Not Found)', 404, false)
    if (logins.some((login) => login.toLowerCase() === author.toLowerCase())) {
      throw new GitHubCallError(
        'GitHub answered 422 (Review cannot be requested from pull request author.)',
        422,
        false
      )
    }
    if (logins.some((login) => !this.readers.has(login))) {
      throw new GitHubCallError(
        'GitHub answered 422 (Reviews may only be requested from collaborators. One or more of the users or teams you specified is not a collaborator of the acme/docs repository.)',
        422,
        false
      )
    }
    this.reviewers.set(pullNumber, [...(this.reviewers.get(pullNumber) ?? []), ...logins])
  }

  private async addLabels(issueNumber: number, labels: readonly string[]): Promise<void> {
    this.labelCall('labels')
    for (const label of labels) this.label(issueNumber, label)
  }

  private async listReviewComments(reviewId: number): Promise<LineComment[]> {
    this.answer('review comments')
    return this.reviewComments.get(reviewId) ?? []
  }

  /** A read's answer: the seeded value, the failure set for it, or 404 for what was never seeded. */
  private async read<T>(method: keyof GitHubApi, value: T | undefined): Promise<T> {
    this.answer(method)
    const failure = this.failingReads.get(method)
    if (failure) throw failure
    if (value === undefined) throw new GitHubCallError('GitHub answered 404 (Not Found)', 404, false)
    return structuredClone(value)
  }

  /** Every comment, as one page: reading a thread from both ends is api.ts's, tested against the GitHub fake. */
  private async list(issueNumber: number): Promise<CommentPages> {
    this.answer('list')
    if (this.failNextListing) {
      this.failNextListing = false
      throw new GitHubCallError('GitHub answered 500 (Internal Server Error)', 500, false)
    }
    const first = this.comments(issueNumber).map(listed)
    return { first, newest: [], complete: true, pageCount: 1 }
  }

  private async create(issueNumber: number, body: string, author: Author): Promise<IssueComment> {
    this.answer('create')
    if (this.refuseNextCreate) {
      this.refuseNextCreate = false
      throw new GitHubCallError('GitHub answered 403 (Resource not accessible by integration)', 403, false)
    }
    const failure = this.failNextCreate
    this.failNextCreate = undefined
    if (failure && !failure.made) throw new GitHubCallError('GitHub answered 502 (Bad Gateway)', 502, true)
    const comment = this.post(issueNumber, body, author)
    if (failure) throw new GitHubCallError('GitHub answered 502 (Bad Gateway)', 502, true)
    return listed(comment)
  }

  private async update(commentId: number, body: string): Promise<IssueComment> {
    this.answer('update')
    if (this.failNextUpdate) {
      this.failNextUpdate = false
      throw new GitHubCallError('GitHub answered 502 (Bad Gateway)', 502, true)
    }
    const comment = this.find(commentId)
    if (!comment) throw new GitHubCallError('GitHub answered 404 (Not Found)', 404, false)
    comment.body = body
    return listed(comment)
  }

  private find(commentId: number): StoredComment | undefined {
    for (const comments of this.threads.values()) {
      const comment = comments.find((candidate) => candidate.id === commentId)
      if (comment) return comment
    }
    return undefined
  }
}

/** A comment as GitHub lists it: its author by login. */
function listed({ author, ...comment }: StoredComment): IssueComment {
  return { ...comment, author: author.login }
}

/** A body read as the transport reads it: through `keep` when given, in pieces as it would arrive. */
function keptOf(body: string, keep: (() => BodyReader) | undefined): string {
  if (!keep) return body
  const reader = keep()
  for (let at = 0; at < body.length; at += BODY_PIECE) reader.push(body.slice(at, at + BODY_PIECE))
  return reader.end()
}

const BODY_PIECE = 1000
