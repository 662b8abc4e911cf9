// The agent's pull request as GitHub names it: the repository and number read from the job's PR
// link, when the link is on the GitHub this workflow runs on. Only then can the action reach the pull
// request (outputs, the docs-PR comment, reviewers, labels); a link elsewhere is only shown.

/** A pull request on this workflow's GitHub host. */
export interface PullRequestRef {
  /** owner/name */
  repository: string
  number: number
}

// As GitHub spells them: an owner is letters, digits and single hyphens; a repository name letters,
// digits, ".", "_" and "-", never "." or "..". The number is one a double holds exactly.
const PULL_REQUEST_PATH =
  /^\/([A-Za-z\d](?:[A-Za-z\d]|-(?=[A-Za-z\d])){0,38})\/([A-Za-z\d._-]{1,100})\/pull\/([1-9]\d{0,14})\/?$/

/**
 * Whether two links name the same pull request page: the same host and path (a trailing slash, a
 * query or a fragment aside), as parsePullRequestLink reads a link against GITHUB_SERVER_URL's host.
 */
export function samePullRequest(a: string, b: string): boolean {
  const page = (link: string): string | undefined => {
    try {
      const url = new URL(link)
      return `${url.host}${url.pathname.replace(/\/+$/, '')}`.toLowerCase()
    } catch {
      return undefined
    }
  }
  const first = page(a)
  return first !== undefined && first === page(b)
}

/** The number a pull request link ends in (`/pull/N`), on any host; undefined when it has none. */
export function pullRequestNumberIn(link: string): number | undefined {
  const number = /\/pull\/([1-9]\d{0,14})\/?(?:[?#]|$)/.exec(link)?.[1]
  return number === undefined ? undefined : Number(number)
}

/**
 * The pull request `link` names, when it is an https link to GITHUB_SERVER_URL's host (port
 * included) with the path /owner/name/pull/N; undefined for anything else.
 */
export function parsePullRequestLink(link: string | null | undefined, serverUrl: string): PullRequestRef | undefined {
  if (!link) return undefined
  let url: URL
  let server: URL
  try {
    url = new URL(link)
    server = new URL(serverUrl)
  } catch {
    return undefined
  }
  if (url.protocol !== 'https:' || url.username || url.password || url.host !== server.host) return undefined
  const [, owner, name, number] = PULL_REQUEST_PATH.exec(url.pathname) ?? []
  if (!owner || !name || !number || name === '.' || name === '..') return undefined
  return { repository: `${owner}/${name}`, number: Number(number) }
}
