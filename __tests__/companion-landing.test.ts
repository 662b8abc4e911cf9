// The decisions of landing a companion (src/companion/landing.ts): the merge method asked for, what
// GitHub's refusal of auto-merge means (its real error texts), when a merge at once is allowed, and
// what a reconcile run owes a companion opened after its code closed or merged.
import {
  autoMergeRefusal,
  awaitsLateNews,
  lateNews,
  mayMergeNow,
  mergeMethodOf,
  notOpen
} from '../src/companion/landing.js'
import { graphqlUrlOf, type MergeState } from '../src/github/api.js'

const open: MergeState = {
  nodeId: 'PR_x',
  state: 'open',
  merged: false,
  mergeable: true,
  mergeableState: 'clean',
  headSha: 'a'.repeat(40),
  autoMerge: false
}

describe('landing a companion', () => {
  it('asks for squash, else a merge commit, else rebase, as the docs repository allows', () => {
    expect(mergeMethodOf(undefined)).toBe('SQUASH')
    expect(mergeMethodOf({})).toBe('SQUASH')
    expect(mergeMethodOf({ squash: true, merge: true, rebase: true })).toBe('SQUASH')
    expect(mergeMethodOf({ squash: false, merge: true, rebase: true })).toBe('MERGE')
    expect(mergeMethodOf({ squash: false, merge: false, rebase: true })).toBe('REBASE')
  })

  it("reads GitHub's refusals of enablePullRequestAutoMerge", () => {
    expect(autoMergeRefusal(['Auto merge is not allowed for this repository'])).toEqual({ kind: 'not-allowed' })
    expect(autoMergeRefusal(['Pull request Pull request is in clean status'])).toEqual({
      kind: 'nothing-to-wait-for'
    })
    expect(autoMergeRefusal(["Can't enable auto-merge for this pull request."])).toEqual({
      kind: 'other',
      words: "Can't enable auto-merge for this pull request."
    })
  })

  it('merges at once only when GitHub says the open companion is mergeable and clean', () => {
    expect(mayMergeNow(open)).toBe(true)
    expect(mayMergeNow({ ...open, mergeableState: 'blocked' })).toBe(false)
    expect(mayMergeNow({ ...open, mergeableState: 'unstable' })).toBe(false)
    expect(mayMergeNow({ ...open, mergeable: null })).toBe(false)
    expect(mayMergeNow({ ...open, state: 'closed' })).toBe(false)
    expect(notOpen({ ...open, state: 'closed', merged: true })).toBe('merged')
    expect(notOpen({ ...open, state: 'closed' })).toBe('closed')
  })

  it('owes late news only where no run told the companion, by what GitHub says of the code', () => {
    const head = 'b'.repeat(40)
    expect(awaitsLateNews({ head })).toBe(true)
    expect(awaitsLateNews({ head, pullRequest: 'https://github.com/acme/site/pull/7' })).toBe(false)
    expect(awaitsLateNews({ head, closed: true })).toBe(false)
    expect(awaitsLateNews(undefined)).toBe(false)
    expect(lateNews({ state: 'closed', merged: true })).toBe('merged')
    expect(lateNews({ state: 'closed', merged: false })).toBe('closed')
    expect(lateNews({ state: 'open', merged: false })).toBeUndefined()
  })

  it("finds GitHub's GraphQL endpoint beside its REST API when GITHUB_GRAPHQL_URL is unset", () => {
    expect(graphqlUrlOf('https://api.github.com')).toBe('https://api.github.com/graphql')
    expect(graphqlUrlOf('https://ghe.example/api/v3/')).toBe('https://ghe.example/api/graphql')
  })
})
