// gatherRange (src/digest/gather.ts) in virtual time: when a commit's pull request read is cut off by
// the gathering's deadline, the range ends at the last commit read before it and the digest goes on
// with it (issue 32's 300-pull-request digest under `timeout: 30s` failed here with 73 ms left).
import { describe, expect, it } from '@jest/globals'
import { VirtualClock } from '../src/base/clock.js'
import { gatherRange } from '../src/digest/gather.js'
import { callLimits, GitHubCallError, type GitHubApi, type ListedPull } from '../src/github/api.js'
import type { BranchCommit } from '../src/github/digest-reads.js'

const START = 'a'.repeat(40)
/** Ten commits after START, each a merge of pull request 100 + its index. */
const COMMITS: BranchCommit[] = Array.from({ length: 10 }, (_, index) => ({
  sha: `${index}`.repeat(40),
  parents: [index === 0 ? START : `${index - 1}`.repeat(40)],
  committedAt: 1_000 + index
}))

function pullOf(index: number): ListedPull {
  return {
    number: 100 + index,
    title: `Change ${index}`,
    body: '',
    htmlUrl: `https://github.com/acme/docs/pull/${100 + index}`,
    author: 'dev-dan',
    state: 'closed',
    merged: true,
    mergeCommit: COMMITS[index]?.sha,
    base: 'main',
    head: `change-${index}`,
    mergedAt: 1_000 + index,
    labels: [],
    authorAccount: { login: 'dev-dan', type: 'User' }
  }
}

/** GitHub taking `readMs` of virtual time for each commit's pull request read, cut off at its limits' deadline. */
function slowGitHub(clock: VirtualClock, readMs: number): GitHubApi {
  const api: Partial<GitHubApi> = {
    limits: (budgetMs = 10_000) => callLimits(clock, budgetMs),
    getCommit: () => Promise.resolve(COMMITS[COMMITS.length - 1]!),
    compareCommits: () => Promise.resolve({ commits: COMMITS, complete: true }),
    pullsOfCommit: async (sha, limits) => {
      const index = COMMITS.findIndex((commit) => commit.sha === sha)
      if (clock.now() + readMs > limits.deadline) {
        clock.advance(limits.deadline - clock.now())
        throw new GitHubCallError(
          "the commit's pull request read did not finish within its time limit",
          undefined,
          false
        )
      }
      clock.advance(readMs)
      return [pullOf(index)]
    }
  }
  return api as GitHubApi
}

describe('gathering a range under a deadline', () => {
  it('ends the range before the commit whose read the deadline cut off, and keeps what was read', async () => {
    const clock = new VirtualClock(0)
    const start = { kind: 'commit', sha: START, at: 999, covered: [] } as const
    // Each read takes 2.5 s of the clock's time. The first ends at 2.5 s; the second starts with 2.4 s
    // left (a read starts with at least 1 s left) and is cut off by the deadline at 4.9 s.
    const gathered = await gatherRange(slowGitHub(clock, 2_500), 'main', start, { clock, deadline: 4_900 })
    expect(gathered.cutShort).toBe('time')
    expect(gathered.pulls.map((pull) => pull.number)).toEqual([100])
    expect(gathered.end).toEqual(COMMITS[0])
  })
})
