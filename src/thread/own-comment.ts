// This step's one comment on the thread: its id for edits, its URL for the step's outputs once known,
// and a create that never makes a second comment when GitHub leaves unclear whether the first was made.
import { type CallLimits, type GitHubApi, GitHubCallError, type IssueComment } from '../github/api.js'

export class OwnComment {
  private commentId: number | undefined
  private commentUrl: string | undefined
  private urlListener: ((url: string) => void) | undefined
  /** The text of a create that got no clear answer: GitHub may have made the comment, so look before making another. */
  private unsureText: string | undefined

  constructor(
    private readonly github: GitHubApi,
    private readonly issueNumber: number,
    /**
     * Reads the thread for this step's comment, noting it when found (`sent`: the text of a create
     * that may have made it); false when the thread cannot be read. On a thread longer than a run
     * reads, the newest comments: a comment just made is among them.
     */
    private readonly find: (limits: CallLimits, sent: string) => Promise<boolean>
  ) {}

  get id(): number | undefined {
    return this.commentId
  }

  get url(): string | undefined {
    return this.commentUrl
  }

  /** Calls `listener` with the comment's URL once it is known: now, or when a write or read finds it. */
  whenUrlKnown(listener: (url: string) => void): void {
    if (this.commentUrl !== undefined) listener(this.commentUrl)
    else this.urlListener = listener
  }

  /** The comment this step edits from now on; the first one noted gives the URL. */
  note(comment: IssueComment): void {
    this.commentId = comment.id
    if (this.commentUrl !== undefined) return
    this.commentUrl = comment.htmlUrl
    const listener = this.urlListener
    this.urlListener = undefined
    listener?.(comment.htmlUrl)
  }

  /** Forgets the comment noted, id and URL: the one noted next is this step's. */
  forget(): void {
    this.commentId = undefined
    this.commentUrl = undefined
  }

  /** Edits the comment noted, or creates one and notes it; throws what GitHub answered. */
  async write(text: string, limits: CallLimits): Promise<void> {
    const comment = await this.put(text, limits)
    if (comment) this.note(comment)
  }

  /** The comment as written, or undefined when a create turned out to have made it after all. */
  private async put(text: string, limits: CallLimits): Promise<IssueComment | undefined> {
    if (this.commentId === undefined && this.unsureText !== undefined) await this.lookForIt(limits, this.unsureText)
    if (this.commentId !== undefined) return this.github.updateComment(this.commentId, text, limits)
    try {
      return await this.create(text, limits)
    } catch (error) {
      if (!mayHaveActed(error) || limits.signal.aborted) throw error
      await this.lookForIt(limits, text)
      // Found: the create did make it, with this text.
      if (this.commentId !== undefined) return undefined
      return this.create(text, limits)
    }
  }

  private async create(text: string, limits: CallLimits): Promise<IssueComment> {
    try {
      const comment = await this.github.createComment(this.issueNumber, text, limits)
      this.unsureText = undefined
      return comment
    } catch (error) {
      if (mayHaveActed(error)) this.unsureText = text
      throw error
    }
  }

  /** Finds the comment an unsure create may have made (noted when found), or throws when it cannot look. */
  private async lookForIt(limits: CallLimits, sent: string): Promise<void> {
    if (await this.find(limits, sent)) {
      // Found and noted, or the create made nothing.
      this.unsureText = undefined
    } else {
      throw new Error(
        'an earlier try may have made it without GitHub saying so, and the thread could not be read to check, ' +
          'so no second comment was made.'
      )
    }
  }
}

function mayHaveActed(error: unknown): boolean {
  return error instanceof GitHubCallError && error.mayHaveActed
}
