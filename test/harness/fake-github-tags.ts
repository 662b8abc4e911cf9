// The GitHub fake's tags: GET /tags (names with their commit, newest first as seeded) and GET
// /commits?sha={ref} (the commits reachable from a tag, newest first, or else from a branch of the
// fake's history), paged as GitHub pages them.
import { fakeSha } from './changes.js'
import type { FakeCommitSpec } from './fake-github-changes.js'
import { commitJson, type Site } from './fake-github-records.js'
import { GITHUB_MAX_PAGE, notFound, paginate, type Reply, repoKey, type Route } from './fake-github-reply.js'

export interface FakeTags {
  /** Seeds a tag, newer than those seeded before, and the commits it has (oldest first, as written). */
  addTag(owner: string, repo: string, name: string, commits?: FakeCommitSpec[]): void
}

export function fakeTags(
  site: () => Site,
  /** The commits of a branch or commit that is no tag (fake-github-history.ts). */
  branchCommits?: (owner: string, repo: string, url: URL) => Reply | undefined
): { tags: FakeTags; routes: Route[] } {
  const tags = new Map<string, Record<string, unknown>[]>()
  const history = new Map<string, Record<string, unknown>[]>()
  const tagsJson: FakeTags = {
    addTag(owner, repo, name, commits = []) {
      const repository = `${owner}/${repo}`
      const sha = fakeSha(`${repository}@${name}`)
      const json = {
        name,
        commit: { sha, url: `${site().api}/repos/${repository}/commits/${sha}` },
        zipball_url: `${site().api}/repos/${repository}/zipball/refs/tags/${name}`,
        tarball_url: `${site().api}/repos/${repository}/tarball/refs/tags/${name}`,
        node_id: `REF_fake${sha.slice(0, 12)}`
      }
      tags.set(repoKey(owner, repo), [json, ...(tags.get(repoKey(owner, repo)) ?? [])])
      const listed = commits.map((commit, index) =>
        commitJson(
          site(),
          repository,
          index === commits.length - 1 ? sha : fakeSha(`${repository}@${name}#${index}`),
          commit.message,
          commit.author ?? 'writer-wendy'
        )
      )
      history.set(`${repoKey(owner, repo)}@${name}`, listed.reverse())
    }
  }
  const routes: Route[] = [
    [
      'GET',
      /^\/tags$/,
      (owner, repo, _param, url) => paginate(tags.get(repoKey(owner, repo)) ?? [], url, GITHUB_MAX_PAGE)
    ],
    [
      'GET',
      /^\/commits$/,
      (owner, repo, _param, url) => {
        const commits = history.get(`${repoKey(owner, repo)}@${url.searchParams.get('sha') ?? ''}`)
        if (commits) return paginate(commits, url, GITHUB_MAX_PAGE)
        return branchCommits?.(owner, repo, url) ?? notFound()
      }
    ]
  ]
  return { tags: tagsJson, routes }
}
