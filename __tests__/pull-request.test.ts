import { parsePullRequestLink, pullRequestNumberIn, samePullRequest } from '../src/github/pull-request-link.js'

describe('parsePullRequestLink', () => {
  it.each([
    ['https://github.com/acme/site/pull/7', 'https://github.com', { repository: 'acme/site', number: 7 }],
    ['https://github.com/acme/site/pull/7/', 'https://github.com', { repository: 'acme/site', number: 7 }],
    [
      'https://GitHub.com/acme/my.site_v2/pull/12#discussion',
      'https://github.com',
      { repository: 'acme/my.site_v2', number: 12 }
    ],
    ['https://ghe.example/docs-team/site/pull/3', 'https://ghe.example', { repository: 'docs-team/site', number: 3 }],
    ['https://127.0.0.1:8443/acme/site/pull/9', 'http://127.0.0.1:8443', { repository: 'acme/site', number: 9 }]
  ])('reads %s on %s', (link, serverUrl, expected) => {
    expect(parsePullRequestLink(link, serverUrl)).toEqual(expected)
  })

  it.each([
    ['another host', 'https://gitlab.com/acme/site/pull/7', 'https://github.com'],
    ['a look-alike host', 'https://github.com.evil.example/acme/site/pull/7', 'https://github.com'],
    ['another port', 'https://127.0.0.1:9999/acme/site/pull/9', 'http://127.0.0.1:8443'],
    ['plain http', 'http://github.com/acme/site/pull/7', 'https://github.com'],
    ['credentials', 'https://user:pw@github.com/acme/site/pull/7', 'https://github.com'],
    ['an issue', 'https://github.com/acme/site/issues/7', 'https://github.com'],
    ['a page of the pull request', 'https://github.com/acme/site/pull/7/files', 'https://github.com'],
    ['number zero', 'https://github.com/acme/site/pull/0', 'https://github.com'],
    ['a number past the safe range', 'https://github.com/acme/site/pull/99999999999999999', 'https://github.com'],
    ['a repository name that is a path', 'https://github.com/acme/%2E%2E/pull/7', 'https://github.com'],
    ['not a URL', 'see the dashboard', 'https://github.com']
  ])('leaves alone %s', (_what, link, serverUrl) => {
    expect(parsePullRequestLink(link, serverUrl)).toBeUndefined()
  })

  it('has nothing to read without a link', () => {
    expect(parsePullRequestLink(undefined, 'https://github.com')).toBeUndefined()
    expect(parsePullRequestLink(null, 'https://github.com')).toBeUndefined()
  })
})

describe('samePullRequest', () => {
  it('tells the same pull request page apart from another, whatever the scheme, slash, query or case', () => {
    const page = 'https://github.com/acme/docs/pull/7'
    expect(samePullRequest(page, 'http://github.com/acme/docs/pull/7/')).toBe(true)
    expect(samePullRequest(page, 'https://github.com/Acme/Docs/pull/7#discussion')).toBe(true)
    expect(samePullRequest(page, 'https://github.com/acme/docs/pull/8')).toBe(false)
    expect(samePullRequest(page, 'https://ghe.example/acme/docs/pull/7')).toBe(false)
    expect(samePullRequest('not a link', 'not a link')).toBe(false)
  })
})

describe('pullRequestNumberIn', () => {
  it('reads the number a link ends in, on any host, and nothing from another path', () => {
    expect(pullRequestNumberIn('https://gitlab.example/acme/site/pull/12')).toBe(12)
    expect(pullRequestNumberIn('https://github.com/acme/docs/pull/7/?x=1')).toBe(7)
    expect(pullRequestNumberIn('https://github.com/acme/docs/pull/7/files')).toBeUndefined()
    expect(pullRequestNumberIn('https://github.com/acme/docs/issues/7')).toBeUndefined()
  })
})
