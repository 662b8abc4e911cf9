// The progress comment when GitHub errs, over an in-memory GitHub.
import { describe, expect, it } from '@jest/globals'
import { systemClock } from '../src/clock.js'
import { callLimits, GitHubCallError, type GitHubApi, type IssueComment } from '../src/github/api.js'
import { Thread } from '../src/github/thread.js'

const BOT = { login: 'github-actions[bot]', isBot: true }

/** One thread's comments in memory; the next create or listing can be made to fail. */
class MemoryGitHub implements GitHubApi {
  readonly comments: IssueComment[] = []
  readonly calls: string[] = []
  /** The next create answers 502; `made`: GitHub made the comment all the same. */
  failNextCreate: { made: boolean } | undefined
  refuseNextCreate = false
  failNextListing = false

  async permissionOf(): Promise<string | undefined> {
    return 'write'
  }

  async react(): Promise<void> {}

  async listComments(): Promise<IssueComment[]> {
    this.calls.push('list')
    if (this.failNextListing) {
      this.failNextListing = false
      throw new GitHubCallError('GitHub answered 500 (Internal Server Error)', 500, false)
    }
    return structuredClone(this.comments)
  }

  async createComment(_issue: number, body: string): Promise<IssueComment> {
    this.calls.push('create')
    if (this.refuseNextCreate) {
      this.refuseNextCreate = false
      throw new GitHubCallError('GitHub answered 403 (Resource not accessible by integration)', 403, false)
    }
    const failure = this.failNextCreate
    this.failNextCreate = undefined
    if (failure && !failure.made) throw new GitHubCallError('GitHub answered 502 (Bad Gateway)', 502, true)
    const id = 100 + this.comments.length
    const comment = { id, body, htmlUrl: `https://github.com/acme/docs/issues/42#issuecomment-${id}`, author: BOT }
    this.comments.push(comment)
    if (failure) throw new GitHubCallError('GitHub answered 502 (Bad Gateway)', 502, true)
    return structuredClone(comment)
  }

  async updateComment(commentId: number, body: string): Promise<IssueComment> {
    this.calls.push('update')
    const comment = this.comments.find((c) => c.id === commentId)
    if (!comment) throw new GitHubCallError('GitHub answered 404 (Not Found)', 404, false)
    comment.body = body
    return structuredClone(comment)
  }

  limits() {
    return callLimits(systemClock, 10_000)
  }

  lastEditLimits() {
    return this.limits()
  }
}

function threadOn(github: MemoryGitHub) {
  const warnings: string[] = []
  const thread = new Thread(github, 42, '1001', undefined, (message) => warnings.push(message))
  const write = (text: string) => thread.write('job-1', (marker) => `${marker}\n${text}`)
  const bodies = () => github.comments.map((c) => c.body.split('\n')[1])
  return { thread, warnings, write, bodies }
}

describe('the progress comment when GitHub errs', () => {
  it('does not make a second comment when a create answered 502 but made the first', async () => {
    const github = new MemoryGitHub()
    const { thread, warnings, write, bodies } = threadOn(github)
    github.failNextCreate = { made: true }
    await write('working')
    expect(github.calls).toEqual(['create', 'list'])
    expect(thread.url).toBe(github.comments[0]!.htmlUrl)
    await write('done')
    expect(bodies()).toEqual(['done'])
    expect(github.calls).toEqual(['create', 'list', 'update'])
    expect(warnings).toEqual([])
  })

  it('creates once more after the listing shows the 502 made nothing', async () => {
    const github = new MemoryGitHub()
    const { thread, write, bodies } = threadOn(github)
    github.failNextCreate = { made: false }
    await write('working')
    expect(github.calls).toEqual(['create', 'list', 'create'])
    expect(bodies()).toEqual(['working'])
    expect(thread.url).toBe(github.comments[0]!.htmlUrl)
  })

  it('makes no second comment while the thread cannot be read, and looks again before the next write', async () => {
    const github = new MemoryGitHub()
    const { thread, warnings, write, bodies } = threadOn(github)
    github.failNextCreate = { made: true }
    github.failNextListing = true
    await write('working')
    expect(github.calls).toEqual(['create', 'list'])
    expect(thread.url).toBeUndefined()
    expect(warnings).toEqual([
      'Could not read the comments of the thread on #42: GitHub answered 500 (Internal Server Error).',
      'Could not write the progress comment on #42: an earlier try may have made it without GitHub saying so, ' +
        'and the thread could not be read to check, so no second comment was made.'
    ])
    await write('done')
    expect(github.calls).toEqual(['create', 'list', 'list', 'update'])
    expect(bodies()).toEqual(['done'])
  })

  it('lists nothing after a create that GitHub refused outright', async () => {
    const github = new MemoryGitHub()
    const { warnings, write, bodies } = threadOn(github)
    github.refuseNextCreate = true
    await write('working')
    expect(warnings).toEqual([expect.stringMatching(/^Could not write the progress comment on #42: GitHub answered 403/)])
    await write('done')
    expect(github.calls).toEqual(['create', 'create'])
    expect(bodies()).toEqual(['done'])
  })

  it('says when the thread could not be read, rather than that it holds no earlier comments', async () => {
    const github = new MemoryGitHub()
    const { thread } = threadOn(github)
    github.failNextListing = true
    expect(await thread.readEarlier()).toBeUndefined()
    expect(await thread.readEarlier()).toEqual({})
  })
})
