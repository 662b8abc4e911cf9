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

/**
 * GitHub's `issue` but its text, author, state, labels and times: its links, and for a pull request
 * seen as an issue (`pull` given) its `pull_request` key.
 */
export function issueLinks(
  site: Site,
  repository: string,
  number: number,
  pull?: { mergedAt: unknown }
): Record<string, unknown> {
  const api = `${site.api}/repos/${repository}`
  const url = `${api}/issues/${number}`
  const html = `${site.web}/${repository}/${pull ? 'pull' : 'issues'}/${number}`
  const pullRequest = pull && {
    url: `${api}/pulls/${number}`,
    html_url: html,
    diff_url: `${html}.diff`,
    patch_url: `${html}.patch`,
    merged_at: pull.mergedAt
  }
  return {
    url,
    repository_url: api,
    labels_url: `${url}/labels{/name}`,
    comments_url: `${url}/comments`,
    events_url: `${url}/events`,
    html_url: html,
    node_id: `I_fake${number}`,
    number,
    locked: false,
    assignee: null,
    assignees: [],
    milestone: null,
    comments: 0,
    ...(pullRequest ? { pull_request: pullRequest } : {})
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

/** GitHub's `commit-comparison` of `range` (`base...head`), but its files. */
export function comparisonJson(
  site: Site,
  repository: string,
  range: string,
  commits: { sha: string; message: string; author: string }[]
): Record<string, unknown> {
  const [owner] = repository.split('/')
  const [base = '', head = ''] = range.split('...')
  const web = `${site.web}/${repository}`
  const baseCommit = commitJson(site, repository, fakeSha(base), 'The base', 'writer-wendy')
  return {
    url: `${site.api}/repos/${repository}/compare/${range}`,
    html_url: `${web}/compare/${range}`,
    permalink_url: `${web}/compare/${owner}:${base}...${owner}:${head}`,
    diff_url: `${web}/compare/${range}.diff`,
    patch_url: `${web}/compare/${range}.patch`,
    base_commit: baseCommit,
    merge_base_commit: baseCommit,
    status: 'ahead',
    ahead_by: commits.length,
    behind_by: 0,
    total_commits: commits.length,
    commits: commits.map((commit) => commitJson(site, repository, commit.sha, commit.message, commit.author))
  }
}

/** The links and ids of GitHub's `release`, whose text, state and times are the caller's. */
export function releaseJson(site: Site, repository: string, id: number, tag: string): Record<string, unknown> {
  const api = `${site.api}/repos/${repository}`
  return {
    url: `${api}/releases/${id}`,
    html_url: `${site.web}/${repository}/releases/tag/${tag}`,
    assets_url: `${api}/releases/${id}/assets`,
    upload_url: `${site.web}/uploads/repos/${repository}/releases/${id}/assets{?name,label}`,
    tarball_url: `${api}/tarball/${tag}`,
    zipball_url: `${api}/zipball/${tag}`,
    id,
    node_id: `RE_fake${id}`,
    tag_name: tag,
    target_commitish: 'main',
    assets: []
  }
}

/** A number that is the same for the same seed, as GitHub's ids are for the same thing. */
export function numberOf(seed: string): number {
  return Number.parseInt(fakeSha(seed).slice(0, 7), 16)
}
