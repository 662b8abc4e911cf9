// The merge side of the GitHub fake (fake-github.ts): GraphQL's enablePullRequestAutoMerge (the only
// GraphQL the fake answers) and PUT /pulls/{n}/merge, answered as GitHub answers them, errors
// included: GraphQL's refusals come with HTTP 200 and an `errors` list ("Auto merge is not allowed
// for this repository", "Pull request Pull request is in clean status"); the merge's 405 "Pull
// Request is not mergeable" and 409 "Head branch was modified. Review and try the merge again.".
import { fakeSha } from './changes.js'
import type { FakeChanges } from './fake-github-changes.js'
import { userJson, type Site } from './fake-github-records.js'
import { error, notFound, type Reply, repoKey, type Route, timestamp } from './fake-github-reply.js'
import type { GraphQLHandler } from './fake-github-server.js'

/** What a test sets of a pull request's merge: GitHub's words for whether it can merge now. */
export interface FakeMergeState {
  mergeable?: boolean | null
  /** clean, blocked, behind, dirty, unstable, unknown, has_hooks. */
  mergeableState?: string
}

export interface FakeMerges {
  /** The repository allows auto-merge (Settings, General, Allow auto-merge); GitHub's default is off. */
  allowAutoMerge(owner: string, repo: string): void
  /** Sets what GitHub says of a seeded pull request's merge (seeded: mergeable, clean). */
  setMergeState(owner: string, repo: string, number: number, state: FakeMergeState): void
  /** Moves a pull request's head, as a push does: a merge asked for the old head answers 409. */
  moveHead(owner: string, repo: string, number: number): void
  /** The auto-merge asked for a pull request: its method (lowercase), or undefined. */
  autoMerge(owner: string, repo: string, number: number): string | undefined
  /** Whether the pull request is merged. */
  merged(owner: string, repo: string, number: number): boolean
}

type Records = NonNullable<ReturnType<FakeChanges['pullRecord']>>

export function fakeMerges(
  site: () => Site,
  changes: FakeChanges,
  actor: string
): { routes: Route[]; graphql: GraphQLHandler; merges: FakeMerges } {
  const autoMergeAllowed = new Set<string>()
  const record = (owner: string, repo: string, number: number): Records | undefined =>
    changes.pullRecord(owner, repo, number)
  // The fake's node ids spell the pull request out (pullRequestNodeId).
  const named = (id: string): { owner: string; repo: string; number: number } | undefined => {
    const match = /^([^/]+)\/([^#]+)#(\d+)$/.exec(Buffer.from(id.replace(/^PR_/, ''), 'base64url').toString())
    return match ? { owner: match[1]!, repo: match[2]!, number: Number(match[3]) } : undefined
  }
  const headOf = (pull: Record<string, unknown>) => pull.head as { sha: string }

  // GitHub's GraphQL answer to a refused mutation: HTTP 200, data null, the error named.
  const refused = (type: string, message: string): Reply => ({
    status: 200,
    body: {
      data: { enablePullRequestAutoMerge: null },
      errors: [{ type, path: ['enablePullRequestAutoMerge'], locations: [{ line: 1, column: 62 }], message }]
    }
  })

  const graphql: GraphQLHandler = (payload, reaches) => {
    const { query, variables } = payload as {
      query?: unknown
      variables?: { id?: unknown; method?: unknown; expectedHeadOid?: unknown }
    }
    if (typeof query !== 'string' || !query.includes('enablePullRequestAutoMerge')) {
      return error(400, 'The GitHub fake answers only the enablePullRequestAutoMerge mutation')
    }
    const id = String(variables?.id)
    const method = String(variables?.method)
    const pullRequest = named(id)
    const found = pullRequest && record(pullRequest.owner, pullRequest.repo, pullRequest.number)
    if (!pullRequest || !found || !reaches(`${pullRequest.owner}/${pullRequest.repo}`)) {
      return refused('NOT_FOUND', `Could not resolve to a node with the global id of '${id}'.`)
    }
    if (!['MERGE', 'SQUASH', 'REBASE'].includes(method)) return error(400, `Bad merge method ${method}`)
    const { pull } = found
    if (!autoMergeAllowed.has(repoKey(pullRequest.owner, pullRequest.repo))) {
      return refused('UNPROCESSABLE', 'Auto merge is not allowed for this repository')
    }
    // Auto-merge bound to the head its asker read: GitHub refuses it once a push moved the head.
    const expected = variables?.expectedHeadOid
    if (expected !== undefined && expected !== headOf(pull).sha) {
      return refused('UNPROCESSABLE', 'Head branch was modified. Review and try the merge again.')
    }
    if (pull.mergeable_state === 'clean') {
      return refused('UNPROCESSABLE', 'Pull request Pull request is in clean status')
    }
    pull.auto_merge = {
      enabled_by: userJson(site(), actor),
      merge_method: method.toLowerCase(),
      commit_title: String(pull.title),
      commit_message: ''
    }
    return { status: 200, body: { data: { enablePullRequestAutoMerge: { clientMutationId: null } } } }
  }

  const merge: Route[2] = (owner, repo, number, _url, payload) => {
    const found = record(owner, repo, Number(number))
    if (!found) return notFound()
    const { pull, issue } = found
    const { sha, merge_method: method = 'merge' } = payload as { sha?: unknown; merge_method?: unknown }
    const mergeable = pull.state === 'open' && pull.mergeable === true && pull.mergeable_state !== 'blocked'
    if (!mergeable || pull.mergeable_state === 'dirty') return error(405, 'Pull Request is not mergeable')
    if (sha !== undefined && sha !== headOf(pull).sha) {
      return error(409, 'Head branch was modified. Review and try the merge again.')
    }
    const mergeSha = fakeSha(`${owner}/${repo}#${number} merged by ${String(method)}`)
    const now = timestamp()
    Object.assign(pull, {
      state: 'closed',
      merged: true,
      merged_at: now,
      closed_at: now,
      updated_at: now,
      mergeable: null,
      mergeable_state: 'unknown',
      merge_commit_sha: mergeSha,
      merged_by: userJson(site(), actor)
    })
    Object.assign(issue, { state: 'closed', closed_at: now, updated_at: now })
    return { status: 200, body: { sha: mergeSha, merged: true, message: 'Pull Request successfully merged' } }
  }

  const merges: FakeMerges = {
    allowAutoMerge: (owner, repo) => void autoMergeAllowed.add(repoKey(owner, repo)),
    setMergeState(owner, repo, number, { mergeable, mergeableState }) {
      const found = record(owner, repo, number)
      if (!found) throw new Error(`No pull request #${number} was seeded in ${owner}/${repo}`)
      if (mergeable !== undefined) found.pull.mergeable = mergeable
      if (mergeableState !== undefined) found.pull.mergeable_state = mergeableState
    },
    moveHead(owner, repo, number) {
      const found = record(owner, repo, number)
      if (!found) throw new Error(`No pull request #${number} was seeded in ${owner}/${repo}`)
      const head = headOf(found.pull)
      head.sha = fakeSha(`${head.sha} moved`)
    },
    autoMerge(owner, repo, number) {
      const auto = record(owner, repo, number)?.pull.auto_merge as { merge_method?: string } | null | undefined
      return auto?.merge_method
    },
    merged: (owner, repo, number) => record(owner, repo, number)?.pull.merged === true
  }

  return { routes: [['PUT', /^\/pulls\/(\d+)\/merge$/, merge]], graphql, merges }
}
