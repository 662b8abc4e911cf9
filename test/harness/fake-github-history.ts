// The GitHub fake's branch history: each merged pull request adds a merge commit to its base branch
// (first parent the branch's head before, second the pull request's own commit), dated by its merge,
// as GitHub's merge button does; served as api.github.com serves commits: one commit by SHA or
// branch, the commits reachable from a ref (newest first, `since` by committer date), a comparison's
// commits (oldest first, paginated), and the pull requests a commit belongs to.
import { fakeSha } from './changes.js'
import { commitJson, type Site } from './fake-github-records.js'
import { GITHUB_MAX_PAGE, notFound, paginate, type Reply, repoKey, type Route } from './fake-github-reply.js'

interface StoredCommit {
  sha: string
  parents: string[]
  /** Committer date, ISO. */
  date: string
  message: string
  /** The pull requests the commit belongs to. */
  pulls: number[]
}

export interface FakeHistory {
  /** Merges pull request `number` into `base` at `mergedAt` (ISO) with the merge commit `mergeSha`. */
  merge(owner: string, repo: string, pull: { number: number; base: string; mergedAt: string; mergeSha: string }): void
  /** A commit pushed to `branch` without a pull request; its SHA. */
  push(owner: string, repo: string, branch: string, message: string, at: string): string
  /** The pull requests `sha` belongs to. */
  pullsOf(owner: string, repo: string, sha: string): number[]
  /** GET compare/{base}...{head} when both are commits of the history; undefined otherwise. */
  compare(owner: string, repo: string, range: string, url: URL): Reply | undefined
  /** GET commits?sha={ref}&since={ISO} when the ref is a branch or commit of the history; undefined otherwise. */
  listCommits(owner: string, repo: string, url: URL): Reply | undefined
  routes: Route[]
}

export function fakeHistory(site: () => Site, pageCap = GITHUB_MAX_PAGE): FakeHistory {
  const commits = new Map<string, Map<string, StoredCommit>>()
  const heads = new Map<string, Map<string, string>>()
  const of = <T>(store: Map<string, Map<string, T>>, owner: string, repo: string): Map<string, T> => {
    const key = repoKey(owner, repo)
    if (!store.has(key)) store.set(key, new Map())
    return store.get(key) as Map<string, T>
  }
  const resolve = (owner: string, repo: string, ref: string): StoredCommit | undefined => {
    const stored = of(commits, owner, repo)
    return stored.get(ref) ?? stored.get(of(heads, owner, repo).get(ref) ?? '')
  }
  const json = (owner: string, repo: string, commit: StoredCommit) => {
    const base = commitJson(site(), `${owner}/${repo}`, commit.sha, commit.message, 'maintainer-max')
    const person = { ...base.commit.author, date: commit.date }
    const api = `${site().api}/repos/${owner}/${repo}/commits`
    const parents = commit.parents.map((sha) => ({
      sha,
      url: `${api}/${sha}`,
      html_url: `${site().web}/${owner}/${repo}/commit/${sha}`
    }))
    return { ...base, commit: { ...base.commit, author: person, committer: person }, parents }
  }
  const add = (owner: string, repo: string, branch: string, commit: Omit<StoredCommit, 'parents'>, second?: string) => {
    const head = of(heads, owner, repo).get(branch)
    const parents = [...(head === undefined ? [] : [head]), ...(second === undefined ? [] : [second])]
    of(commits, owner, repo).set(commit.sha, { ...commit, parents })
    of(heads, owner, repo).set(branch, commit.sha)
  }
  /** Every commit reachable from `sha`, newest committer date first (ties: the later added first). */
  const reachable = (owner: string, repo: string, sha: string): StoredCommit[] => {
    const stored = of(commits, owner, repo)
    const seen = new Map<string, StoredCommit>()
    const todo = [sha]
    for (let next = todo.pop(); next !== undefined; next = todo.pop()) {
      const commit = stored.get(next)
      if (!commit || seen.has(next)) continue
      seen.set(next, commit)
      todo.push(...commit.parents)
    }
    const order = [...stored.keys()]
    return [...seen.values()].sort(
      (a, b) => b.date.localeCompare(a.date) || order.indexOf(b.sha) - order.indexOf(a.sha)
    )
  }

  const listCommits = (owner: string, repo: string, url: URL): Reply | undefined => {
    const ref = url.searchParams.get('sha') ?? 'main'
    const head = resolve(owner, repo, ref)
    if (!head) return undefined
    const since = url.searchParams.get('since')
    const listed = reachable(owner, repo, head.sha).filter((commit) => since === null || commit.date >= since)
    return paginate(listed, url, pageCap, (commit: StoredCommit) => json(owner, repo, commit))
  }

  return {
    merge(owner, repo, { number, base, mergedAt, mergeSha }) {
      const own = fakeSha(`head of #${number}`)
      of(commits, owner, repo).set(own, {
        sha: own,
        parents: [],
        date: mergedAt,
        message: `Change #${number}`,
        pulls: [number]
      })
      add(
        owner,
        repo,
        base,
        { sha: mergeSha, date: mergedAt, message: `Merge pull request #${number}`, pulls: [number] },
        own
      )
    },
    push(owner, repo, branch, message, at) {
      const sha = fakeSha(`push to ${branch}: ${message} at ${at}`)
      add(owner, repo, branch, { sha, date: at, message, pulls: [] })
      return sha
    },
    pullsOf: (owner, repo, sha) => [...(resolve(owner, repo, sha)?.pulls ?? [])],
    compare(owner, repo, range, url) {
      const [base = '', head = ''] = range.split('...')
      const from = resolve(owner, repo, base)
      const to = resolve(owner, repo, head)
      if (!from || !to) return undefined
      const before = new Set(reachable(owner, repo, from.sha).map((commit) => commit.sha))
      // Oldest first, as GitHub lists a comparison's commits.
      const ahead = reachable(owner, repo, to.sha)
        .filter((commit) => !before.has(commit.sha))
        .reverse()
      const page = paginate(ahead, url, pageCap, (commit: StoredCommit) => json(owner, repo, commit))
      const web = `${site().web}/${owner}/${repo}`
      const baseJson = json(owner, repo, from)
      const body = {
        url: `${site().api}/repos/${owner}/${repo}/compare/${range}`,
        html_url: `${web}/compare/${range}`,
        permalink_url: `${web}/compare/${owner}:${from.sha}...${owner}:${to.sha}`,
        diff_url: `${web}/compare/${range}.diff`,
        patch_url: `${web}/compare/${range}.patch`,
        base_commit: baseJson,
        merge_base_commit: baseJson,
        status: ahead.length === 0 ? 'identical' : 'ahead',
        ahead_by: ahead.length,
        behind_by: 0,
        total_commits: ahead.length,
        commits: page.body,
        files: []
      }
      return { ...page, body }
    },
    listCommits,
    routes: [
      [
        'GET',
        /^\/commits\/([^/]+)$/,
        (owner, repo, ref) => {
          const commit = resolve(owner, repo, decodeURIComponent(ref))
          return commit ? { status: 200, body: json(owner, repo, commit) } : notFound()
        }
      ]
    ]
  }
}
