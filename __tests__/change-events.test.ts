// readTrigger on events that carry a change: a closed pull request, a push, a release.
import { readTrigger } from '../src/github/trigger.js'
import { loadEvent } from './support/github-fixture.js'

function decide(eventName: string, payload: unknown, issueNumber?: number) {
  return readTrigger({ eventName, payload, triggerPhrase: '/docs', allowedBots: [], issueNumber })
}

describe('readTrigger on a closed pull request', () => {
  it.each(['pull_request', 'pull_request_target'])(
    'runs %s for a merge without a phrase or a permission check, on the PR, for its author',
    (eventName) => {
      expect(decide(eventName, loadEvent('pull_request.closed.merged'), 7)).toEqual({
        kind: 'run',
        trigger: {
          request: '',
          threadNumber: 61,
          requester: 'dev-dan',
          reactionTarget: { kind: 'issue', issueNumber: 61 }
        }
      })
    }
  )

  it('skips a merged pull request by a bot unless allowed-bots lists it: the agent’s own would start another job', () => {
    const event = loadEvent('pull_request.closed.merged')
    ;(event.pull_request as { user: { login: string; type: string } }).user = {
      login: 'docs-agent[bot]',
      type: 'Bot'
    }
    expect(decide('pull_request_target', event)).toEqual({
      kind: 'skip',
      reason:
        'Skipped: the bot "docs-agent[bot]" is not listed in allowed-bots, and bots trigger a run only when listed there.'
    })
    const listed = readTrigger({
      eventName: 'pull_request_target',
      payload: event,
      triggerPhrase: '',
      allowedBots: ['dependabot', 'docs-agent'],
      issueNumber: undefined
    })
    expect(listed).toMatchObject({ kind: 'run', trigger: { requester: 'docs-agent[bot]' } })
  })

  it('skips a pull request closed without a merge, saying so', () => {
    expect(decide('pull_request_target', loadEvent('pull_request.closed'))).toEqual({
      kind: 'skip',
      reason:
        'Skipped: pull request #62 was closed without being merged, so there is no change to document. ' +
        'A merged pull request starts a run.'
    })
  })

  it('skips a closed pull request event without the pull request', () => {
    const decision = decide('pull_request', { action: 'closed' })
    expect(decision).toEqual({
      kind: 'skip',
      reason: expect.stringMatching(/lacks the pull request's number, title or author/)
    })
  })

  it('keeps the rules for new text on other pull request actions', () => {
    const event = { ...loadEvent('pull_request.closed.merged'), action: 'synchronize' }
    expect(decide('pull_request', event)).toEqual({
      kind: 'skip',
      reason: expect.stringMatching(/"synchronize", and only new text triggers a run/)
    })
  })
})

describe('readTrigger on a push', () => {
  it('runs a push with commits, commenting where issue-number says', () => {
    expect(decide('push', loadEvent('push'), 12)).toEqual({ kind: 'run', trigger: { request: '', threadNumber: 12 } })
  })

  it('skips a branch deletion and a push without commits, saying why', () => {
    expect(decide('push', { ...loadEvent('push'), deleted: true, commits: [] })).toEqual({
      kind: 'skip',
      reason: 'Skipped: this push deleted refs/heads/main, so there is no change to document.'
    })
    expect(decide('push', { ...loadEvent('push'), ref: 'refs/tags/v1.2.0', commits: [] })).toEqual({
      kind: 'skip',
      reason: expect.stringMatching(
        /^Skipped: this push to refs\/tags\/v1\.2\.0 carries no commits .* use the release event \(published\)\.$/
      )
    })
  })
})

describe('readTrigger on a release', () => {
  it('runs a published release', () => {
    expect(decide('release', loadEvent('release.published'))).toEqual({ kind: 'run', trigger: { request: '' } })
  })

  it.each(['created', 'edited', 'prereleased', 'released', 'deleted'])('skips a %s release', (action) => {
    expect(decide('release', { ...loadEvent('release.published'), action })).toEqual({
      kind: 'skip',
      reason: expect.stringMatching(
        new RegExp(`^Skipped: this release event is "${action}", and only a published release`)
      )
    })
  })
})
