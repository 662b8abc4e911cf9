// The review side of the GitHub fake (fake-github.ts): who opened each pull request, requested
// reviewers, and submitted reviews with their comments on lines, answered as api.github.com answers
// them (status codes, error messages, pagination). The pull requests themselves are served by
// fake-github-changes.ts; labels, of issues and pull requests alike, by fake-github-labels.ts.
import { error, notFound, type Reply, type Route, validationFailed } from './fake-github-reply.js'
import { botType, pullRequestLinks, repositoryJson, type Site } from './fake-github-records.js'
import { pullRequestNodeId } from './fake-github-changes.js'

export interface FakeLineComment {
  path: string
  body: string
  diff_hunk: string
  /** The commented line (the last of a range); null for an outdated comment. Default 1. */
  line?: number | null
  start_line?: number | null
  side?: 'LEFT' | 'RIGHT'
  subject_type?: 'line' | 'file'
}

export interface FakeReviewInput {
  id?: number
  body: string | null
  user: { login: string }
  comments: readonly FakeLineComment[]
}

/** What the routes need from the fake around them. */
export interface PullRoutesHost {
  site(): Site
  userJson(user: { login: string; type: 'User' | 'Bot' }): Record<string, unknown>
  /** The labels on an issue or pull request, as GitHub writes them in its record. */
  labelsJson(owner: string, repo: string, number: number): unknown[]
  /** Whether `login` can read the repository: GitHub asks for reviews only from such people. */
  canRead(owner: string, repo: string, login: string): boolean
  /** One page of a list, as the fake pages every list. */
  page(items: unknown[], url: URL): Reply
}

interface StoredPull {
  owner: string
  repo: string
  number: number
  author: string
  reviewers: string[]
}

interface StoredReview {
  owner: string
  repo: string
  pull: number
  id: number
  comments: (FakeLineComment & { id: number; user: { login: string } })[]
}

const key = (owner: string, repo: string, number: number): string => `${owner}/${repo}#${number}`.toLowerCase()

const json = (status: number, body: unknown): Reply => ({ status, body })

/** The store of pull requests and reviews, with its routes below /repos/{owner}/{repo}. */
export function fakePulls(host: PullRoutesHost) {
  const pulls = new Map<string, StoredPull>()
  const reviews = new Map<number, StoredReview>()
  let nextReviewId = 2_451_000_001
  let nextCommentId = 1_871_000_001

  // GitHub's pull-request-simple, as the answer to a review request gives it.
  const pullJson = (pull: StoredPull) => {
    const branch = (ref: string) => ({
      label: `${pull.owner}:${ref}`,
      ref,
      sha: '6dcb09b5b57875f334f61aebed695e2e4193db5e',
      user: host.userJson({ login: pull.owner, type: 'User' }),
      repo: repositoryJson(host.site(), pull.owner, pull.repo)
    })
    return {
      ...pullRequestLinks(host.site(), pull.owner, pull.repo, pull.number),
      id: 2_100_000_000 + pull.number,
      node_id: pullRequestNodeId(pull.owner, pull.repo, pull.number),
      number: pull.number,
      state: 'open',
      locked: false,
      title: 'Docs from the agent',
      user: host.userJson({ login: pull.author, type: botType(pull.author) }),
      body: null,
      draft: false,
      assignee: null,
      milestone: null,
      created_at: '2026-11-22T09:00:00Z',
      updated_at: '2026-11-22T09:00:00Z',
      closed_at: null,
      merged_at: null,
      merge_commit_sha: null,
      author_association: 'NONE',
      auto_merge: null,
      head: branch('docs-agent'),
      base: branch('main'),
      requested_reviewers: pull.reviewers.map((login) => host.userJson({ login, type: 'User' })),
      requested_teams: [],
      // Here GitHub's description has a label's description as text, never null.
      labels: host
        .labelsJson(pull.owner, pull.repo, pull.number)
        .map((label) => ({ ...(label as object), description: (label as { description: unknown }).description ?? '' }))
    }
  }

  const reviewCommentJson = (review: StoredReview, comment: StoredReview['comments'][number]) => {
    const line = comment.line === undefined ? 1 : comment.line
    const base = `${host.site().api}/repos/${review.owner}/${review.repo}`
    const html = `${host.site().web}/${review.owner}/${review.repo}/pull/${review.pull}#discussion_r${comment.id}`
    return {
      url: `${base}/pulls/comments/${comment.id}`,
      pull_request_review_id: review.id,
      id: comment.id,
      node_id: `PRRC_fake${comment.id}`,
      diff_hunk: comment.diff_hunk,
      path: comment.path,
      position: line,
      original_position: line ?? 1,
      commit_id: '6dcb09b5b57875f334f61aebed695e2e4193db5e',
      original_commit_id: '6dcb09b5b57875f334f61aebed695e2e4193db5e',
      user: host.userJson({ login: comment.user.login, type: botType(comment.user.login) }),
      body: comment.body,
      created_at: '2026-11-22T10:00:00Z',
      updated_at: '2026-11-22T10:00:00Z',
      html_url: html,
      pull_request_url: `${base}/pulls/${review.pull}`,
      author_association: 'NONE',
      start_line: comment.start_line ?? null,
      original_start_line: comment.start_line ?? null,
      start_side: comment.start_line ? (comment.side ?? 'RIGHT') : null,
      line,
      original_line: line ?? 1,
      side: comment.side ?? 'RIGHT',
      subject_type: comment.subject_type ?? 'line',
      _links: {
        self: { href: `${base}/pulls/comments/${comment.id}` },
        html: { href: html },
        pull_request: { href: `${base}/pulls/${review.pull}` }
      }
    }
  }

  // All or nothing, as on GitHub: one login that cannot review refuses the whole request.
  const requestReviewers: Route[2] = (owner, repo, number, _url, { reviewers }) => {
    const pull = pulls.get(key(owner, repo, Number(number)))
    if (!pull) return notFound()
    if (!Array.isArray(reviewers) || !reviewers.every((login) => typeof login === 'string')) {
      return validationFailed('reviewers')
    }
    const logins = reviewers
    if (logins.some((login) => login.toLowerCase() === pull.author.toLowerCase())) {
      return error(422, 'Review cannot be requested from pull request author.')
    }
    if (logins.some((login) => !host.canRead(owner, repo, login))) {
      return error(
        422,
        'Reviews may only be requested from collaborators. One or more of the users or teams you specified is not ' +
          `a collaborator of the ${owner}/${repo} repository.`
      )
    }
    for (const login of logins) if (!pull.reviewers.includes(login)) pull.reviewers.push(login)
    return json(201, pullJson(pull))
  }

  const reviewComments: Route[2] = (owner, repo, number, url, _payload, _headers, [, reviewId]) => {
    const review = reviews.get(Number(reviewId))
    const here = review && key(review.owner, review.repo, review.pull) === key(owner, repo, Number(number))
    if (!review || !here) return notFound()
    return host.page(
      review.comments.map((comment) => reviewCommentJson(review, comment)),
      url
    )
  }

  const routes: Route[] = [
    ['POST', /^\/pulls\/(\d+)\/requested_reviewers$/, requestReviewers],
    ['GET', /^\/pulls\/(\d+)\/reviews\/(\d+)\/comments$/, reviewComments]
  ]

  return {
    routes,
    addPullRequest: (owner: string, repo: string, number: number, author: string): void => {
      pulls.set(key(owner, repo, number), { owner, repo, number, author, reviewers: [] })
    },
    /** Seeds a submitted review on a pull request; the ids of the review and of its comments. */
    addReview: (
      owner: string,
      repo: string,
      pull: number,
      input: FakeReviewInput
    ): { id: number; commentIds: number[] } => {
      const id = input.id ?? nextReviewId++
      const comments = input.comments.map((comment) => ({ ...comment, id: nextCommentId++, user: input.user }))
      reviews.set(id, { owner, repo, pull, id, comments })
      return { id, commentIds: comments.map((comment) => comment.id) }
    },
    requestedReviewers: (owner: string, repo: string, number: number): string[] => [
      ...(pulls.get(key(owner, repo, number))?.reviewers ?? [])
    ]
  }
}
