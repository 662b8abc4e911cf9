// GitHub's objects as the fake writes them into its answers, each with every field GitHub's OpenAPI
// description requires of it (simple-user, repository, pull-request, commit...), so that the fake's
// answers are answers GitHub could give; fake-github-conformance.ts checks that they are.
import { fakeSha } from './changes.js'

/** Where the fake lives: its web pages, and its API root (the prefix included). */
export interface Site {
  web: string
  api: string
}

export type UserType = 'User' | 'Bot'

/** GitHub's `simple-user`; a login ending in `[bot]` is an app's bot, unless `type` says otherwise. */
export function userJson(site: Site, login: string, type: UserType = botType(login)): Record<string, unknown> {
  const id = numberOf(`user:${login.toLowerCase()}`)
  const api = `${site.api}/users/${encodeURIComponent(login)}`
  return {
    login,
    id,
    node_id: `U_fake${id}`,
    avatar_url: `${site.web}/avatars/u/${id}`,
    gravatar_id: '',
    url: api,
    // A bot's page is its app's.
    html_url:
      type === 'Bot' ? `${site.web}/apps/${encodeURIComponent(login.replace(/\[bot\]$/, ''))}` : `${site.web}/${login}`,
    followers_url: `${api}/followers`,
    following_url: `${api}/following{/other_user}`,
    gists_url: `${api}/gists{/gist_id}`,
    starred_url: `${api}/starred{/owner}{/repo}`,
    subscriptions_url: `${api}/subscriptions`,
    organizations_url: `${api}/orgs`,
    repos_url: `${api}/repos`,
    events_url: `${api}/events{/privacy}`,
    received_events_url: `${api}/received_events`,
    type,
    site_admin: false
  }
}

export function botType(login: string): UserType {
  return login.endsWith('[bot]') ? 'Bot' : 'User'
}

/** GitHub's `repository`, as a pull request's `base.repo` and `head.repo` carry it. */
export function repositoryJson(site: Site, owner: string, name: string): Record<string, unknown> {
  const id = numberOf(`repository:${owner}/${name}`.toLowerCase())
  const api = `${site.api}/repos/${owner}/${name}`
  const html = `${site.web}/${owner}/${name}`
  const templated = (path: string, parameter: string) => `${api}/${path}{/${parameter}}`
  return {
    id,
    node_id: `R_fake${id}`,
    name,
    full_name: `${owner}/${name}`,
    owner: userJson(site, owner),
    private: false,
    html_url: html,
    description: null,
    fork: false,
    url: api,
    ...Object.fromEntries(
      ['forks', 'teams', 'hooks', 'events', 'tags', 'languages', 'stargazers', 'contributors', 'subscribers']
        .concat(['subscription', 'merges', 'downloads'])
        .map((path) => [`${path}_url`, `${api}/${path}`])
    ),
    issue_events_url: templated('issues/events', 'number'),
    assignees_url: templated('assignees', 'user'),
    branches_url: templated('branches', 'branch'),
    blobs_url: templated('git/blobs', 'sha'),
    git_tags_url: templated('git/tags', 'sha'),
    git_refs_url: templated('git/refs', 'sha'),
    trees_url: templated('git/trees', 'sha'),
    statuses_url: `${api}/statuses/{sha}`,
    commits_url: templated('commits', 'sha'),
    git_commits_url: templated('git/commits', 'sha'),
    comments_url: templated('comments', 'number'),
    issue_comment_url: templated('issues/comments', 'number'),
    contents_url: `${api}/contents/{+path}`,
    compare_url: `${api}/compare/{base}...{head}`,
    archive_url: `${api}/{archive_format}{/ref}`,
    issues_url: templated('issues', 'number'),
    pulls_url: templated('pulls', 'number'),
    milestones_url: templated('milestones', 'number'),
    notifications_url: `${api}/notifications{?since,all,participating}`,
    labels_url: templated('labels', 'name'),
    releases_url: templated('releases', 'id'),
    deployments_url: `${api}/deployments`,
    collaborators_url: templated('collaborators', 'collaborator'),
    keys_url: templated('keys', 'key_id'),
    git_url: `git://${new URL(site.web).host}/${owner}/${name}.git`,
    ssh_url: `git@${new URL(site.web).hostname}:${owner}/${name}.git`,
    clone_url: `${html}.git`,
    svn_url: html,
    mirror_url: null,
    homepage: null,
    language: null,
    forks_count: 0,
    forks: 0,
    stargazers_count: 0,
    watchers_count: 0,
    watchers: 0,
    size: 0,
    default_branch: 'main',
    open_issues_count: 0,
    open_issues: 0,
    has_issues: true,
    has_projects: true,
    has_wiki: true,
    has_pages: false,
    has_downloads: true,
    archived: false,
    disabled: false,
    license: null,
    pushed_at: '2024-01-01T00:00:00Z',
    created_at: '2024-01-01T00:00:00Z',
    updated_at: '2024-01-01T00:00:00Z'
  }
}

/** A pull request's links, which GitHub's pull-request and pull-request-simple both require. */
export function pullRequestLinks(site: Site, owner: string, repo: string, number: number): Record<string, unknown> {
  const api = `${site.api}/repos/${owner}/${repo}`
  const urls = {
    url: `${api}/pulls/${number}`,
    html_url: `${site.web}/${owner}/${repo}/pull/${number}`,
    diff_url: `${site.web}/${owner}/${repo}/pull/${number}.diff`,
    patch_url: `${site.web}/${owner}/${repo}/pull/${number}.patch`,
    issue_url: `${api}/issues/${number}`,
    commits_url: `${api}/pulls/${number}/commits`,
    review_comments_url: `${api}/pulls/${number}/comments`,
    review_comment_url: `${api}/pulls/comments{/number}`,
    comments_url: `${api}/issues/${number}/comments`,
    statuses_url: `${api}/statuses/${fakeSha(`${owner}/${repo}#${number}`)}`
  }
  const link = (href: string) => ({ href })
  return {
    ...urls,
    _links: {
      self: link(urls.url),
      html: link(urls.html_url),
      issue: link(urls.issue_url),
      comments: link(urls.comments_url),
      review_comments: link(urls.review_comments_url),
      review_comment: link(urls.review_comment_url),
      commits: link(urls.commits_url),
      statuses: link(urls.statuses_url)
    }
  }
}

/** GitHub's `commit`, as a comparison lists them. */
export function commitJson(site: Site, repository: string, sha: string, message: string, author: string) {
  const api = `${site.api}/repos/${repository}`
  const person = { name: author, email: `${author}@example.com`, date: '2024-01-01T00:00:00Z' }
  return {
    url: `${api}/commits/${sha}`,
    sha,
    node_id: `C_fake${sha.slice(0, 12)}`,
    html_url: `${site.web}/${repository}/commit/${sha}`,
    comments_url: `${api}/commits/${sha}/comments`,
    commit: {
      url: `${api}/git/commits/${sha}`,
      author: person,
      committer: person,
      message,
      comment_count: 0,
      tree: { sha: fakeSha(`tree:${sha}`), url: `${api}/git/trees/${fakeSha(`tree:${sha}`)}` }
    },
    author: userJson(site, author),
    committer: userJson(site, author),
    parents: []
  }
}

/** A number that is the same for the same seed, as GitHub's ids are for the same thing. */
function numberOf(seed: string): number {
  return Number.parseInt(fakeSha(seed).slice(0, 7), 16)
}
