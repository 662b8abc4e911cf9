// The GitHub fake's merges (test/harness/fake-github-merges.ts) answer as GitHub does: GraphQL's
// refusals of enablePullRequestAutoMerge come with HTTP 200 and GitHub's own words; a merge that is
// not allowed answers 405, one for a head that moved 409.
import { afterEach, describe, expect, it } from '@jest/globals'
import { pullRequestNodeId } from '../test/harness/fake-github-changes.js'
import { startFakeGitHub, type FakeGitHub, type FakeGitHubOptions } from '../test/harness/fake-github.js'

let fake: FakeGitHub | undefined

async function start(options: FakeGitHubOptions = {}): Promise<FakeGitHub> {
  fake = await startFakeGitHub({ tokens: { ghs_other: ['acme/other'] }, ...options })
  fake.addPullRequest('acme', 'site', 7, 'docs-agent[bot]')
  return fake
}

afterEach(async () => {
  await fake?.close()
  fake = undefined
})

async function post(url: string, body: unknown, token = 'ghs_fake_token'): Promise<{ status: number; json: unknown }> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { authorization: `bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body)
  })
  return { status: response.status, json: await response.json() }
}

const autoMerge = (url: string, token?: string, expectedHeadOid?: string) =>
  post(
    url,
    {
      query:
        'mutation($id: ID!, $method: PullRequestMergeMethod!, $expectedHeadOid: GitObjectID) { enablePullRequestAutoMerge(input: {pullRequestId: $id, mergeMethod: $method, expectedHeadOid: $expectedHeadOid}) { clientMutationId } }',
      variables: {
        id: pullRequestNodeId('acme', 'site', 7),
        method: 'SQUASH',
        ...(expectedHeadOid && { expectedHeadOid })
      }
    },
    token
  )

const errorsOf = (json: unknown): string[] =>
  ((json as { errors?: { message: string }[] }).errors ?? []).map((error) => error.message)

async function merge(github: FakeGitHub, sha: string): Promise<{ status: number; json: unknown }> {
  const response = await fetch(`${github.url}/repos/acme/site/pulls/7/merge`, {
    method: 'PUT',
    headers: { authorization: 'token ghs_fake_token', 'content-type': 'application/json' },
    body: JSON.stringify({ sha, merge_method: 'squash' })
  })
  return { status: response.status, json: await response.json() }
}

async function headOf(github: FakeGitHub): Promise<{ sha: string; merged: boolean; auto_merge: unknown }> {
  const response = await fetch(`${github.url}/repos/acme/site/pulls/7`, {
    headers: { authorization: 'token ghs_fake_token' }
  })
  const json = (await response.json()) as { head: { sha: string }; merged: boolean; auto_merge: unknown }
  return { sha: json.head.sha, merged: json.merged, auto_merge: json.auto_merge }
}

describe('fake GitHub merges', () => {
  it('refuses auto-merge as GitHub does: not allowed in the repository, nothing to wait for, a node the token cannot see', async () => {
    const github = await start()
    const graphql = `${github.url}/graphql`
    const notAllowed = await autoMerge(graphql)
    expect(notAllowed.status).toBe(200)
    expect(errorsOf(notAllowed.json)).toEqual(['Auto merge is not allowed for this repository'])
    github.merges.allowAutoMerge('acme', 'site')
    expect(errorsOf((await autoMerge(graphql)).json)).toEqual(['Pull request Pull request is in clean status'])
    expect(errorsOf((await autoMerge(graphql, 'ghs_other')).json)[0]).toMatch(/^Could not resolve to a node/)
    github.merges.setMergeState('acme', 'site', 7, { mergeableState: 'blocked' })
    const asked = await autoMerge(graphql)
    expect(errorsOf(asked.json)).toEqual([])
    expect((await headOf(github)).auto_merge).toMatchObject({ merge_method: 'squash' })
  })

  it('binds auto-merge to the head asked for (expectedHeadOid): refused once a push moved it', async () => {
    const github = await start()
    github.merges.allowAutoMerge('acme', 'site')
    github.merges.setMergeState('acme', 'site', 7, { mergeableState: 'blocked' })
    const { sha } = await headOf(github)
    github.merges.moveHead('acme', 'site', 7)
    expect(errorsOf((await autoMerge(`${github.url}/graphql`, undefined, sha)).json)).toEqual([
      'Head branch was modified. Review and try the merge again.'
    ])
    expect((await headOf(github)).auto_merge).toBeNull()
    expect(errorsOf((await autoMerge(`${github.url}/graphql`, undefined, (await headOf(github)).sha)).json)).toEqual([])
    expect((await headOf(github)).auto_merge).toMatchObject({ merge_method: 'squash' })
  })

  it('answers GraphQL beside GHES /api/v3, at /api/graphql', async () => {
    const github = await start({ prefix: '/api/v3' })
    expect(errorsOf((await autoMerge(`${github.serverUrl}/api/graphql`)).json)).toEqual([
      'Auto merge is not allowed for this repository'
    ])
  })

  it('merges only a mergeable pull request at the head asked for: 405 when blocked, 409 when the head moved', async () => {
    const github = await start()
    const { sha } = await headOf(github)
    github.merges.setMergeState('acme', 'site', 7, { mergeableState: 'blocked' })
    expect(await merge(github, sha)).toMatchObject({ status: 405, json: { message: 'Pull Request is not mergeable' } })
    github.merges.setMergeState('acme', 'site', 7, { mergeableState: 'clean' })
    github.merges.moveHead('acme', 'site', 7)
    expect((await merge(github, sha)).status).toBe(409)
    const moved = (await headOf(github)).sha
    expect(await merge(github, moved)).toMatchObject({ status: 200, json: { merged: true } })
    expect((await headOf(github)).merged).toBe(true)
    expect(await merge(github, moved)).toMatchObject({ status: 405 })
  })
})
