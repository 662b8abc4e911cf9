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
