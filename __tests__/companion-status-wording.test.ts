// The words and states of the `docs` check, pinned here once (src/companion/status-words.ts,
// docs-status.ts): behaviour tests assert the state and the link, so that a new wording is an edit
// of status-words.ts and of this file.
import { describe, expect, it } from '@jest/globals'
import { DESCRIPTION_LIMIT, type DocsCheck, docsStatus, plainDescription } from '../src/companion/docs-status.js'

const links = { comment: 'https://github.com/acme/docs/pull/61#issuecomment-1', run: 'https://github.com/r/1' }

describe('the docs check', () => {
  it('tells each state in words a reviewer reads beside it', () => {
    const checks: DocsCheck[] = [
      { kind: 'working' },
      { kind: 'queued' },
      { kind: 'not-sent', reason: '@rob may not ask.' },
      { kind: 'documented', pullRequest: 'acme/site#7' },
      { kind: 'unchanged' },
      { kind: 'failed' },
      { kind: 'lost' },
      { kind: 'refused', reason: 'the create was refused.' },
      { kind: 'not-documented', reason: 'a bot opened it.' },
      { kind: 'skipped', by: 'wendy', means: '/docs skip' }
    ]
    expect(checks.map((check) => [docsStatus(check, links).state, docsStatus(check, links).description])).toEqual([
      ['pending', 'The docs agent is writing the docs for this commit.'],
      ['pending', "Waiting for the agent API's hourly limit: a reconcile run sends this commit to the docs agent."],
      ['pending', 'Not sent to the docs agent: @rob may not ask.'],
      ['success', 'Docs written in acme/site#7 for this commit.'],
      ['success', 'No docs change needed: the agent changed nothing (the job gave no reason).'],
      ['failure', 'The docs job failed: see the progress comment; a new push starts it over.'],
      ['failure', 'The docs job is lost (the agent API no longer knows it): a new push or /docs starts over.'],
      ['failure', 'No docs job: the create was refused.'],
      ['success', 'Not documented: a bot opened it.'],
      ['success', 'Docs not needed, said @wendy (/docs skip).']
    ])
  })

  it('links the companion, else the progress comment, else the run', () => {
    const check: DocsCheck = { kind: 'working' }
    expect(docsStatus(check, { ...links, companion: 'https://github.com/acme/site/pull/7' }).targetUrl).toBe(
      'https://github.com/acme/site/pull/7'
    )
    expect(docsStatus(check, links).targetUrl).toBe(links.comment)
    expect(docsStatus(check, { run: links.run }).targetUrl).toBe(links.run)
  })

  it("keeps a description to one line of GitHub's 140 characters, whole characters", () => {
    expect(plainDescription('a\nb\u0000\tc  d')).toBe('a b c d')
    const long = plainDescription(`${'😀'.repeat(200)}`)
    expect([...long]).toHaveLength(DESCRIPTION_LIMIT)
    expect(long.endsWith('😀…')).toBe(true)
  })
})
