// The decisions of landing a companion (src/companion/landing.ts): the merge method asked for, what
// GitHub's refusal of auto-merge means (its real error texts), when a merge at once is allowed, and
// what a reconcile run owes a companion opened after its code closed or merged.
import {
  autoMergeRefusal,
  mayMergeNow,
  mayOweCompanion,
  mergeMethodOf,
  notOpen,
  owedAtJobEnd,
  whenToLand
} from '../src/companion/landing.js'
import { whyNotTheJobs } from '../src/companion/job-companion.js'
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

  it('lands at the merge, or after the job at work then, and never without auto or a merge', () => {
    expect(whenToLand('merged', 'auto', false)).toBe('now')
    expect(whenToLand('merged', 'auto', true)).toBe('later')
    expect(whenToLand('merged', 'off', false)).toBeUndefined()
    expect(whenToLand('closed', 'auto', false)).toBeUndefined()
  })

  it('owes a companion at its job end only what no run did, by what GitHub says of the code', () => {
    const head = 'b'.repeat(40)
    const told = { head, pullRequest: 'https://github.com/acme/site/pull/7' }
    expect(mayOweCompanion({ head })).toBe(true)
    expect(mayOweCompanion(told)).toBe(false)
    expect(mayOweCompanion({ head, closed: true })).toBe(false)
    expect(mayOweCompanion({ ...told, landing: 'auto' })).toBe(true)
    expect(mayOweCompanion(undefined)).toBe(false)
    const merged = { state: 'closed', merged: true }
    const closed = { state: 'closed', merged: false }
    const open = { state: 'open', merged: false }
    expect(owedAtJobEnd({ head }, merged)).toEqual({ news: 'merged', land: false })
    expect(owedAtJobEnd({ head, landing: 'auto' }, merged)).toEqual({ news: 'merged', land: true })
    expect(owedAtJobEnd({ ...told, landing: 'auto' }, merged)).toEqual({ land: true })
    expect(owedAtJobEnd({ head }, closed)).toEqual({ news: 'closed', land: false })
    expect(owedAtJobEnd({ head, closed: true }, closed)).toEqual({ land: false })
    expect(owedAtJobEnd({ head, landing: 'auto' }, open)).toEqual({ land: false })
  })

  it("finds GitHub's GraphQL endpoint beside its REST API when GITHUB_GRAPHQL_URL is unset", () => {
    expect(graphqlUrlOf('https://api.github.com')).toBe('https://api.github.com/graphql')
    expect(graphqlUrlOf('https://ghe.example/api/v3/')).toBe('https://ghe.example/api/graphql')
  })

  it("takes a pull request for the job's companion only when an app opened it and its docs-PR comment names that job", () => {
    expect(whyNotTheJobs('mintlify[bot]', 'job-1', 'job-1')).toBeUndefined()
    expect(whyNotTheJobs('mallory', 'job-1', 'job-1')).toBe('@mallory opened it, not an app as the agent does')
    expect(whyNotTheJobs(undefined, 'job-1', 'job-1')).toBe('its author is a deleted account, not an app')
    expect(whyNotTheJobs('dependabot[bot]', undefined, 'job-1')).toBe('it carries no docs-PR comment of the action')
    expect(whyNotTheJobs('mintlify[bot]', 'job-0', 'job-1')).toBe('its docs-PR comment names agent job job-0')
  })
})
