import { replyToSkip, type SkipCause } from '../src/gate/skip-reply.js'
import type { Author } from '../src/event/trigger.js'

const member: Author = { login: 'writer-wendy', isBot: false, claimsAccess: true }
const stranger: Author = { login: 'passer-by', isBot: false, claimsAccess: false }
const listedBot: Author = { login: 'renovate[bot]', isBot: true, claimsAccess: false }

describe('replyToSkip', () => {
  it('tells a person who may trigger but asked nothing how to ask, with the phrase from the settings', () => {
    expect(replyToSkip('nothing-asked', member, '/docs')).toBe(
      'ℹ️ Nothing was started: no request follows `/docs`. ' +
        'Write what the agent should do after it, e.g. `/docs add a page about webhooks`.'
    )
  })

  it('writes a phrase with backticks as code that it cannot break out of', () => {
    expect(replyToSkip('nothing-asked', member, '`docs')).toContain('no request follows `` `docs ``.')
  })

  it('tells someone the payload calls a member that the permission check failed and what to do', () => {
    expect(replyToSkip('check-failed', member, '/docs')).toMatch(
      /^ℹ️ Nothing was started: GitHub did not answer whether you may start the docs agent here.*Comment again in a few minutes.*`github-token` can read collaborators\.$/
    )
  })

  it('stays silent for a stranger whatever the cause, even when the check failed', () => {
    const causes: SkipCause[] = ['not-permitted', 'unchecked', 'check-failed']
    expect(causes.map((cause) => replyToSkip(cause, stranger, '/docs'))).toEqual([undefined, undefined, undefined])
  })

  it('stays silent for a member who is not permitted, or when there is no token to check with', () => {
    expect(replyToSkip('not-permitted', member, '/docs')).toBeUndefined()
    expect(replyToSkip('unchecked', member, '/docs')).toBeUndefined()
  })

  it('never answers a bot, even a listed one that asked nothing', () => {
    expect(replyToSkip('nothing-asked', listedBot, '/docs')).toBeUndefined()
  })

  it('tells a requested reviewer what they have, what is required and who can ask, whatever the payload claims', () => {
    const asked = (role: string | undefined) =>
      replyToSkip({ requestedReviewer: { role, required: 'maintain' } }, stranger, '/docs')
    expect(asked('triage')).toBe(
      'ℹ️ Nothing was started: you have `triage` permission on this repository, and this workflow starts the ' +
        'docs agent only for people with `maintain` permission or more (its `required-permission`). Anyone with ' +
        '`maintain` permission here can make the request with `/docs`. Later requests of yours on this pull ' +
        'request get no reply.'
    )
    expect(asked('none')).toContain('you have no access to this repository')
    expect(asked(undefined)).toContain('you are not a collaborator of this repository')
    // A workflow asked only by its trigger-label names no phrase: no empty code span.
    const labelOnly = replyToSkip({ requestedReviewer: { role: 'triage', required: 'write' } }, stranger, '')
    expect(labelOnly).toContain('Anyone with `write` permission here can make the request. Later requests')
    expect(labelOnly).not.toContain('``')
  })
})
