// The GitHub calls that land a pull request (mode companion, companion-merge: auto): what GitHub says
// of its merge, the merge methods its repository allows, auto-merge (GraphQL's
// enablePullRequestAutoMerge: REST has none) and the merge itself.
import type { CallLimits, RepositoryCalls } from './calls.js'
import { described, isArray, isBoolean, isRecord, isString, nullable, optional, type Schemas } from './described.js'

/** What GitHub says of a pull request's merge (GET /pulls/{n}). */
export interface MergeState {
  /** GraphQL's id of the pull request. */
  nodeId: string
  state: string
  merged: boolean
  /** null while GitHub computes it. */
  mergeable: boolean | null
  /** GitHub's word: `clean` when it can merge now, its rules passing; `blocked`, `behind`, `dirty`, `unstable`, `unknown`... */
  mergeableState: string
  headSha: string
  /** Auto-merge is on already. */
  autoMerge: boolean
}

/** The merge methods a repository allows; a field GitHub leaves out (a token that may not see it) is undefined. */
export interface MergeMethods {
  squash?: boolean
  merge?: boolean
  rebase?: boolean
}

export type MergeMethod = 'SQUASH' | 'MERGE' | 'REBASE'

/** GraphQL's answer to a mutation: done, or its errors' messages (HTTP 200 both). */
export type GraphQLAnswer = { done: true } | { done: false; errors: string[] }

export interface MergeCalls {
  readMergeState(pullNumber: number, limits: CallLimits): Promise<MergeState>
  /** GET /repos/{o}/{r}: its allow_*_merge fields. */
  readMergeMethods(limits: CallLimits): Promise<MergeMethods>
  /**
   * GraphQL enablePullRequestAutoMerge at `graphqlUrl`, bound to the head `headSha` (expectedHeadOid:
   * GitHub refuses when the head moved); GitHub's refusal comes back as errors, not thrown.
   */
  enableAutoMerge(nodeId: string, method: MergeMethod, headSha: string, limits: CallLimits): Promise<GraphQLAnswer>
  /**
   * PUT /pulls/{n}/merge, only while its head is `sha`: GitHub answers 405 when it is not mergeable
   * and 409 when the head moved.
   */
  mergePullRequest(pullNumber: number, sha: string, method: MergeMethod, limits: CallLimits): Promise<void>
}

const isMergeState = described<Schemas['pull-request']>()({
  node_id: isString,
  state: isString,
  merged: isBoolean,
  mergeable: nullable(isBoolean),
  mergeable_state: isString,
  head: described<Schemas['pull-request']['head']>()({ sha: isString }),
  auto_merge: nullable(isRecord)
})

const isRepositoryMerges = described<Schemas['full-repository']>()({
  allow_squash_merge: optional(isBoolean),
  allow_merge_commit: optional(isBoolean),
  allow_rebase_merge: optional(isBoolean)
})

const AUTO_MERGE_MUTATION =
  'mutation($id: ID!, $method: PullRequestMergeMethod!, $expectedHeadOid: GitObjectID!) { ' +
  'enablePullRequestAutoMerge(input: {pullRequestId: $id, mergeMethod: $method, expectedHeadOid: $expectedHeadOid}) ' +
  '{ clientMutationId } }'

export function mergeCalls({ octokit, repo, send, json }: RepositoryCalls, graphqlUrl: string): MergeCalls {
  const { pulls, repos } = octokit.rest
  return {
    readMergeState: (pullNumber, limits) =>
      json(
        'pull request read',
        true,
        limits,
        (request) => pulls.get({ ...repo, pull_number: pullNumber, request }),
        (value) =>
          isMergeState(value)
            ? {
                nodeId: value.node_id,
                state: value.state,
                merged: value.merged,
                mergeable: value.mergeable,
                mergeableState: value.mergeable_state,
                headSha: value.head.sha,
                autoMerge: value.auto_merge !== null
              }
            : undefined
      ),
    readMergeMethods: (limits) =>
      json(
        'repository read',
        true,
        limits,
        (request) => repos.get({ ...repo, request }),
        (value) =>
          isRepositoryMerges(value)
            ? { squash: value.allow_squash_merge, merge: value.allow_merge_commit, rebase: value.allow_rebase_merge }
            : undefined
      ),
    enableAutoMerge: (nodeId, method, headSha, limits) =>
      // Asking again for auto-merge that is on changes nothing: a retry is safe. GraphQL answers 200
      // with `errors` when it refuses.
      json(
        'auto-merge request',
        true,
        limits,
        (request) =>
          octokit.request({
            method: 'POST',
            url: graphqlUrl,
            query: AUTO_MERGE_MUTATION,
            variables: { id: nodeId, method, expectedHeadOid: headSha },
            request
          }),
        readGraphQLAnswer
      ),
    async mergePullRequest(pullNumber, sha, method, limits) {
      // Never resent: a merge GitHub made without answering would be refused the second time.
      await send('pull request merge', false, limits, (request) =>
        pulls.merge({
          ...repo,
          pull_number: pullNumber,
          sha,
          merge_method: method.toLowerCase() as 'merge' | 'squash' | 'rebase',
          request
        })
      )
    }
  }
}

function readGraphQLAnswer(value: unknown): GraphQLAnswer | undefined {
  if (!isRecord(value)) return undefined
  const { errors } = value
  if (errors === undefined) return { done: true }
  if (!isArray(errors)) return undefined
  const messages = errors.map((error) => (isRecord(error) && isString(error.message) ? error.message : 'an error'))
  return { done: false, errors: messages }
}
