// How the GitHub fake answers, shared by its routes: GitHub's error bodies, its pages and Link
// headers, and the shape of a route's handler.

export interface Reply {
  status: number
  body: unknown
  /** A body that is not JSON (a diff), sent as it is with `contentType`. */
  text?: string
  contentType?: string
  headers?: Record<string, string>
  /** Leave the request unanswered. */
  hang?: boolean
}

export type Payload = Record<string, unknown>
/**
 * Handles /repos/{owner}/{repo}/…; `param` is the route's first captured segment and `params` all of
 * them, `headers` the request's (the Accept header chooses a media type).
 */
export type Handler = (
  owner: string,
  repo: string,
  param: string,
  url: URL,
  payload: Payload,
  headers: Record<string, string | string[] | undefined>,
  params: string[]
) => Reply

/** A route below /repos/{owner}/{repo}: method, path pattern, handler. */
export type Route = [method: string, path: RegExp, handle: Handler]

export const DOCUMENTATION_URL = 'https://docs.github.com/rest'
const GITHUB_DEFAULT_PAGE = 30
export const GITHUB_MAX_PAGE = 100

export const error = (status: number, message: string): Reply => ({
  status,
  body: { message, documentation_url: DOCUMENTATION_URL }
})
export const notFound = (): Reply => error(404, 'Not Found')
export const validationFailed = (field: string, code = 'invalid', resource?: string): Reply => ({
  status: 422,
  body: {
    message: 'Validation Failed',
    errors: [{ ...(resource && { resource }), code, field }],
    documentation_url: DOCUMENTATION_URL
  }
})
/** GitHub's limit on a comment body, in characters (not UTF-16 units), and its answer past it, as api.github.com gives it. */
const COMMENT_MAX_CHARACTERS = 65_536
export const isTooLong = (body: string): boolean => [...body].length > COMMENT_MAX_CHARACTERS
export const bodyTooLong = (): Reply => ({
  status: 422,
  body: {
    message: 'Validation Failed',
    errors: [
      {
        resource: 'IssueComment',
        code: 'unprocessable',
        field: 'data',
        message: `Body is too long (maximum is ${COMMENT_MAX_CHARACTERS} characters)`
      }
    ],
    documentation_url: 'https://docs.github.com/rest/issues/comments#create-an-issue-comment'
  }
})
export const timestamp = (): string => new Date().toISOString().replace(/\.\d{3}Z$/, 'Z')
// GitHub treats owner and repository names case-insensitively.
export const repoKey = (owner: string, repo: string): string => `${owner}/${repo}`.toLowerCase()
export const threadKey = (owner: string, repo: string, issue: number): string => `${repoKey(owner, repo)}#${issue}`

/**
 * One page of `items` with GitHub's Link header: absolute URLs, rel order prev, next, last, first.
 * `toJson` makes the answer's objects of the page's items only: a thread of thousands of comments
 * would otherwise build them all for every page.
 */
export function paginate<T>(
  items: T[],
  url: URL,
  pageCap: number,
  toJson: (item: T) => unknown = (item) => item
): Reply {
  const requested = Number.parseInt(url.searchParams.get('per_page') ?? '', 10)
  const size = Math.min(requested > 0 ? requested : GITHUB_DEFAULT_PAGE, GITHUB_MAX_PAGE, pageCap)
  const page = Math.max(Number.parseInt(url.searchParams.get('page') ?? '', 10) || 1, 1)
  const lastPage = Math.max(Math.ceil(items.length / size), 1)
  const linkTo = (target: number, rel: string): string => {
    const params = new URLSearchParams(url.searchParams)
    params.set('page', String(target))
    return `<${url.origin}${url.pathname}?${params.toString()}>; rel="${rel}"`
  }
  const links = [
    page > 1 ? linkTo(Math.min(page - 1, lastPage), 'prev') : '',
    page < lastPage ? linkTo(page + 1, 'next') : '',
    page < lastPage ? linkTo(lastPage, 'last') : '',
    page > 1 ? linkTo(1, 'first') : ''
  ].filter(Boolean)
  const body = items.slice((page - 1) * size, page * size).map(toJson)
  return { status: 200, body, headers: links.length > 0 ? { link: links.join(', ') } : {} }
}
