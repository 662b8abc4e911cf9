// The words and states of the `docs` check, pinned here once (src/companion/status-words.ts,
// docs-status.ts): behaviour tests assert the state and the link, so that a new wording is an edit
// of status-words.ts and of this file.
import { describe, expect, it } from '@jest/globals'
import {
  DESCRIPTION_LIMIT,
  type DocsCheck,
  docsStatus,
  plainDescription,
  sharedHeadOf
} from '../src/companion/docs-status.js'
import { isSkipStatus } from '../src/companion/status-words.js'

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
      [
        'failure',
        "The docs job failed: see the progress comment; /docs, or new commits at the companion's next run, start it over."
      ],
      [
        'failure',
        "The docs job is lost (the agent API no longer knows it): /docs, or new commits at the companion's next run, start over."
      ],
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

  it("recognises a skip's status by its words, as a job's end that leaves it does", () => {
    const skip = docsStatus({ kind: 'skipped', by: 'wendy', means: '/docs skip' }, links)
    expect(isSkipStatus(skip.state, skip.description)).toBe(true)
    const documented = docsStatus({ kind: 'documented', pullRequest: 'acme/site#7' }, links)
    expect(isSkipStatus(documented.state, documented.description)).toBe(false)
    expect(isSkipStatus('pending', skip.description)).toBe(false)
  })

  it('finds another open pull request whose head is the commit, of those GitHub lists for it', () => {
    const sha = 'a'.repeat(40)
    const pull = (number: number, state: string, headSha: string) => ({ number, state, headSha })
    expect(sharedHeadOf([pull(99, 'open', sha), pull(61, 'open', sha.toUpperCase())], sha, 99)).toBe(61)
    // Its own, a closed one, and one whose history only holds the commit do not share the head.
    expect(
      sharedHeadOf([pull(99, 'open', sha), pull(61, 'closed', sha), pull(62, 'open', 'b'.repeat(40))], sha, 99)
    ).toBeUndefined()
  })
})
