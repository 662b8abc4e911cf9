// The GitHub fake's issue comments and reactions: a thread's comments (list, get, create, edit) and
// reactions to an issue, an issue comment or a review comment, as api.github.com answers them (a
// token with issues: write edits anyone's comment, as on GitHub). Like the fake's issues, any issue number has a thread.
import type { Site } from './fake-github-records.js'
import {
  bodyTooLong,
  type Handler,
  isTooLong,
  notFound,
  paginate,
  repoKey,
  type Route,
  threadKey,
  timestamp,
  validationFailed
} from './fake-github-reply.js'

export type FakeUserType = 'User' | 'Bot'

export interface FakeComment {
  id: number
  body: string
  user: { login: string; type: FakeUserType }
  html_url: string
  created_at: string
  updated_at: string
}

export interface FakeReaction {
  subject: 'issue' | 'issue_comment' | 'pull_request_review_comment'
  /** The comment id, or the issue number for subject 'issue'. */
  id: number
  content: string
  /** Who reacted, when not the token's own account. */
  user?: { login: string; type?: FakeUserType }
}

/**
 * Seeds a thread; the user defaults to the actor, its type to Bot for `…[bot]` logins. `id` lets a
 * test seed the comment a saved webhook payload names.
 */
export type AddComment = (
  owner: string,
  repo: string,
  issue: number,
  body: string,
  user?: { login: string; type?: FakeUserType },
  id?: number
) => FakeComment

interface StoredComment {
  comment: FakeComment
  owner: string
  repo: string
  issue: number
}

export interface CommentsContext {
  site: () => Site
  userJson: (user: { login: string; type: FakeUserType }) => unknown
  /** Who the token acts as: the author of what it creates, and of its reactions. */
  actor: { login: string; type: FakeUserType }
  pageCap: number
  /** Told of every comment added: the thread's issue was updated. */
  touch: (owner: string, repo: string, issue: number) => void
}

export interface FakeComments {
  routes: Route[]
  reactions: FakeReaction[]
  addComment: AddComment
  /** A thread's comments, oldest first (copies). */
  comments: (owner: string, repo: string, issue: number) => FakeComment[]
  /** How many comments a thread has. */
  count: (owner: string, repo: string, issue: number) => number
  /** Deletes a comment as its author would: the comments after it move up a place in the listing. */
  deleteComment: (id: number) => void
  /** The issue or pull request a comment of owner/repo is on, when it exists. */
  threadOf: (owner: string, repo: string, id: number) => number | undefined
}

const REACTION_CONTENTS = new Set(['+1', '-1', 'laugh', 'confused', 'heart', 'hooray', 'rocket', 'eyes'])

export function fakeComments({ site, userJson, actor, pageCap, touch }: CommentsContext): FakeComments {
  const reactions: FakeReaction[] = []
  const stored = new Map<number, StoredComment>()
  let nextCommentId = 1_000_001

  const commentJson = ({ comment, owner, repo, issue }: StoredComment) => ({
    ...comment,
    node_id: `IC_fake${comment.id}`,
    url: `${site().api}/repos/${owner}/${repo}/issues/comments/${comment.id}`,
    issue_url: `${site().api}/repos/${owner}/${repo}/issues/${issue}`,
    user: userJson(comment.user),
    // The least-privileged answer, so an action that trusted author_association would be caught out.
    author_association: 'NONE'
  })

  const threadComments = (owner: string, repo: string, issue: number): StoredComment[] =>
    [...stored.values()].filter((s) => threadKey(s.owner, s.repo, s.issue) === threadKey(owner, repo, issue))

  const commentIn = (owner: string, repo: string, id: string): StoredComment | undefined => {
    const found = stored.get(Number(id))
    return found && repoKey(found.owner, found.repo) === repoKey(owner, repo) ? found : undefined
  }

  const addComment: AddComment = (owner, repo, issue, body, user = actor, id = nextCommentId++) => {
    const now = timestamp()
    const type = user.type ?? (user.login.endsWith('[bot]') ? 'Bot' : 'User')
    const html_url = `${site().web}/${owner}/${repo}/issues/${issue}#issuecomment-${id}`
    const comment: FakeComment = {
      id,
      body,
      user: { login: user.login, type },
      html_url,
      created_at: now,
      updated_at: now
    }
    stored.set(id, { comment, owner, repo, issue })
    touch(owner, repo, issue)
    return structuredClone(comment)
  }

  const listComments: Handler = (owner, repo, issue, url) =>
    paginate(threadComments(owner, repo, Number(issue)), url, pageCap, commentJson)

  // The repository's comments (GET /issues/comments): by ascending id unless sorted, `since` keeping
  // those updated at that time or later; `direction` counts only with `sort`, as GitHub says.
  const listRepositoryComments: Handler = (owner, repo, _param, url) => {
    const sort = url.searchParams.get('sort')
    const since = url.searchParams.get('since')
    const descending = sort !== null && url.searchParams.get('direction') !== 'asc'
    const key = (s: StoredComment) => (sort === 'updated' ? s.comment.updated_at : s.comment.created_at)
    const listed = [...stored.values()]
      .filter((s) => repoKey(s.owner, s.repo) === repoKey(owner, repo))
      .filter((s) => since === null || Date.parse(s.comment.updated_at) >= Date.parse(since))
      .sort((a, b) => (sort === null ? 0 : key(a).localeCompare(key(b))) || a.comment.id - b.comment.id)
    return paginate(descending ? listed.reverse() : listed, url, pageCap, commentJson)
  }

  const getComment: Handler = (owner, repo, id) => {
    const found = commentIn(owner, repo, id)
    return found ? { status: 200, body: commentJson(found) } : notFound()
  }

  const createComment: Handler = (owner, repo, issue, _url, { body }) => {
    if (typeof body !== 'string') return validationFailed('body')
    if (isTooLong(body)) return bodyTooLong()
    const created = commentJson(stored.get(addComment(owner, repo, Number(issue), body).id) as StoredComment)
    return { status: 201, body: created, headers: { location: created.url } }
  }

  const updateComment: Handler = (owner, repo, id, _url, { body }) => {
    const found = commentIn(owner, repo, id)
    if (!found) return notFound()
    // As on GitHub, a token with issues: write may edit anyone's comment: a test sees the edit the
    // action must never make (an outsider's copy of a marker), rather than a refusal that hides it.
    if (typeof body !== 'string') return validationFailed('body')
    if (isTooLong(body)) return bodyTooLong()
    found.comment.body = body
    found.comment.updated_at = timestamp()
    return { status: 200, body: commentJson(found) }
  }

  const react =
    (subject: FakeReaction['subject'], exists: (owner: string, repo: string, id: string) => boolean): Handler =>
    (owner, repo, param, _url, { content }) => {
      if (!exists(owner, repo, param)) return notFound()
      if (typeof content !== 'string' || !REACTION_CONTENTS.has(content)) return validationFailed('content')
      const id = Number(param)
      // Reacting the same way twice is not an error: GitHub answers 200 with the existing reaction.
      const existing = reactions.findIndex((r) => r.subject === subject && r.id === id && r.content === content)
      if (existing < 0) reactions.push({ subject, id, content })
      const reactionId = 9_000_000 + (existing < 0 ? reactions.length - 1 : existing)
      const reaction = { id: reactionId, node_id: `REA_fake${reactionId}`, user: userJson(actor), content }
      return { status: existing < 0 ? 201 : 200, body: { ...reaction, created_at: timestamp() } }
    }
  const anyId = () => true
  const listReactions: Handler = (owner, repo, id, url) => {
    if (!commentIn(owner, repo, id)) return notFound()
    const content = url.searchParams.get('content')
    const found = reactions.filter((r) => r.subject === 'issue_comment' && r.id === Number(id))
    const shown = found.filter((r) => content === null || r.content === content)
    const body = shown.map((r) => ({
      id: 9_000_000 + reactions.indexOf(r),
      user: userJson(r.user ? { login: r.user.login, type: r.user.type ?? 'User' } : actor),
      content: r.content
    }))
    return {
      status: 200,
      body: body.map((reaction) => ({ ...reaction, node_id: `REA_fake${reaction.id}`, created_at: timestamp() }))
    }
  }

  return {
    // Paths below /repos/{owner}/{repo}. Reactions take any issue or review comment number.
    routes: [
      ['GET', /^\/issues\/(\d+)\/comments$/, listComments],
      ['POST', /^\/issues\/(\d+)\/comments$/, createComment],
      ['GET', /^\/issues\/comments$/, listRepositoryComments],
      ['GET', /^\/issues\/comments\/(\d+)$/, getComment],
      ['PATCH', /^\/issues\/comments\/(\d+)$/, updateComment],
      ['GET', /^\/issues\/comments\/(\d+)\/reactions$/, listReactions],
      ['POST', /^\/issues\/comments\/(\d+)\/reactions$/, react('issue_comment', (o, r, id) => !!commentIn(o, r, id))],
      ['POST', /^\/issues\/(\d+)\/reactions$/, react('issue', anyId)],
      ['POST', /^\/pulls\/comments\/(\d+)\/reactions$/, react('pull_request_review_comment', anyId)]
    ],
    reactions,
    addComment,
    comments: (owner, repo, issue) => threadComments(owner, repo, issue).map((s) => structuredClone(s.comment)),
    count: (owner, repo, issue) => threadComments(owner, repo, issue).length,
    threadOf: (owner, repo, id) => commentIn(owner, repo, String(id))?.issue,
    deleteComment: (id) => {
      stored.delete(id)
    }
  }
}
