// Mode companion's pure parts: which moment an event is and who may start a job there, what a run
// does at each moment from what the companion comment remembers, and what its comments say.
import { decideCompanion } from '../src/companion/decide.js'
import { pushRefusal, readCompanionEvent, startRefusal } from '../src/companion/event.js'
import { stillToCheck } from '../src/companion/gate.js'
import { type SkipReason, skipText } from '../src/event/skip-reason.js'
import { afterFollowUp, afterNews, deliveryOf } from '../src/companion/sent.js'
import { behindParagraph, companionEndComment, followUpRequest } from '../src/companion/words.js'
import { formatMarker, markerKey, readMarker } from '../src/thread/marker.js'
import { loadEvent } from './support/github-fixture.js'

const H0 = 'a'.repeat(40)
const H1 = 'b'.repeat(40)
const remembered = { jobId: 'job-1', companion: { head: H0 } }

/** The saved opened payload, edited. */
function opened(edit: (pull: Record<string, unknown>, event: Record<string, unknown>) => void = () => {}) {
  const event = loadEvent('pull_request.opened')
  edit(event.pull_request as Record<string, unknown>, event)
  return event
}

describe('readCompanionEvent', () => {
  it('reads each moment of the pull request, with its head and author', () => {
    const moments = [
      ['opened', 'opened'],
      ['reopened', 'reopened'],
      ['ready_for_review', 'ready'],
      ['synchronize', 'pushed'],
      ['review_requested', 'review']
    ] as const
    for (const [action, moment] of moments) {
      const read = readCompanionEvent(
        'pull_request_target',
        opened((_, event) => (event.action = action))
      )
      expect(read).toMatchObject({
        kind: 'event',
        moment,
        code: { pull: { number: 58 }, author: { login: 'writer-wendy' } }
      })
    }
    expect(readCompanionEvent('pull_request', loadEvent('pull_request.closed'))).toMatchObject({ moment: 'closed' })
    expect(readCompanionEvent('pull_request', loadEvent('pull_request.closed.merged'))).toMatchObject({
      moment: 'merged'
    })
    expect(readCompanionEvent('issue_comment', loadEvent('issue_comment.created'))).toMatchObject({ kind: 'skip' })
  })
})

describe('startRefusal', () => {
  /** The refusal for the saved opened payload, edited, on `eventName`. */
  const refusal = (
    edit: Parameters<typeof opened>[0],
    eventName = 'pull_request',
    allowedBots: string[] = []
  ): SkipReason | undefined => {
    const read = readCompanionEvent(eventName, opened(edit))
    if (read.kind !== 'event') throw new Error(skipText(read.reason))
    return startRefusal(read.code, eventName, allowedBots)
  }

  it('lets a person open a pull request of this repository', () => {
    expect(refusal(() => {})).toBeUndefined()
  })

  it('starts nothing for a draft, an unlisted bot, or a fork on pull_request', () => {
    expect(refusal((pull) => (pull.draft = true))).toEqual({ kind: 'companion-draft', number: 58 })
    const bot = (pull: Record<string, unknown>) =>
      (pull.user = { ...(pull.user as object), login: 'renovate[bot]', type: 'Bot' })
    expect(refusal(bot)).toEqual({
      kind: 'unlisted-bot',
      login: 'renovate[bot]',
      allowAs: 'renovate',
      act: { did: 'opened', number: 58 }
    })
    expect(refusal(bot, 'pull_request', ['renovate'])).toBeUndefined()
    const fork = (pull: Record<string, unknown>) => {
      const head = pull.head as { repo: Record<string, unknown> }
      pull.head = { ...head, repo: { ...head.repo, full_name: 'stranger/docs' } }
    }
    expect(refusal(fork)).toEqual({ kind: 'companion-fork', number: 58 })
    expect(refusal(fork, 'pull_request_target')).toBeUndefined()
  })
})

describe('pushRefusal', () => {
  it('names what an unlisted bot did: pushed, or asked for a review', () => {
    const read = readCompanionEvent(
      'pull_request_target',
      opened((_, event) => (event.sender = { login: 'renovate[bot]', type: 'Bot' }))
    )
    if (read.kind !== 'event') throw new Error(skipText(read.reason))
    const by = (did: 'pushed-to' | 'asked-review') => ({
      kind: 'unlisted-bot',
      login: 'renovate[bot]',
      allowAs: 'renovate',
      act: { did, number: 58 }
    })
    expect(pushRefusal(read.code, [], 'pushed')).toEqual(by('pushed-to'))
    expect(pushRefusal(read.code, [], 'review')).toEqual(by('asked-review'))
    expect(pushRefusal(read.code, ['renovate'], 'review')).toBeUndefined()
  })
})

describe('decideCompanion', () => {
  it('creates the job once, when the pull request opens (or a push or review request finds it without one)', () => {
    for (const moment of ['opened', 'reopened', 'ready', 'pushed', 'review'] as const) {
      expect(decideCompanion(moment, 61, H0, undefined)).toEqual({ kind: 'start' })
    }
    expect(decideCompanion('opened', 61, H0, remembered)).toMatchObject({ kind: 'skip' })
  })

  it('starts nothing while its create is queued for a reconcile run', () => {
    for (const moment of ['opened', 'pushed', 'merged'] as const) {
      expect(decideCompanion(moment, 61, H1, undefined, 'queued')).toEqual({
        kind: 'skip',
        reason: { kind: 'companion-queued', number: 61 }
      })
    }
    expect(decideCompanion('closed', 61, H1, undefined, 'creating')).toMatchObject({ kind: 'skip' })
  })

  it('withdraws a create still queued when the pull request closes unmerged', () => {
    expect(decideCompanion('closed', 61, H1, undefined, 'queued')).toEqual({ kind: 'withdraw' })
  })

  it('sends each head once, from the last head sent, on a push or a review request alike', () => {
    for (const moment of ['pushed', 'review'] as const) {
      expect(decideCompanion(moment, 61, H1, remembered)).toEqual({
        kind: 'follow',
        remembered,
        send: { from: H0, to: H1 },
        act: 'none'
      })
      expect(decideCompanion(moment, 61, H0, remembered)).toEqual({
        kind: 'skip',
        reason: { kind: 'companion-head-sent', number: 61, jobId: 'job-1', head: 'aaaaaaa' }
      })
    }
  })

  it('closes without sending, and catches up on a merge or a reopen', () => {
    expect(decideCompanion('closed', 61, H1, remembered)).toEqual({
      kind: 'follow',
      remembered,
      send: undefined,
      act: 'closed'
    })
    expect(decideCompanion('merged', 61, H1, remembered)).toMatchObject({ send: { from: H0, to: H1 }, act: 'merged' })
    expect(decideCompanion('merged', 61, H0, remembered)).toMatchObject({ send: undefined, act: 'merged' })
    expect(decideCompanion('reopened', 61, H0, remembered)).toMatchObject({ send: undefined, act: 'reopened' })
    expect(decideCompanion('merged', 61, H0, undefined)).toEqual({
      kind: 'skip',
      reason: { kind: 'companion-merged-without-job', number: 61 }
    })
  })
})

describe('the companion marker', () => {
  const key = markerKey('mint_test_key', 'proj_docs')
  const place = { repository: 'acme/docs', threadNumber: 61 }
  const fields = {
    ...place,
    runId: '1',
    workflowJob: 'docs',
    step: 'companion',
    jobId: 'job-1',
    note: 'companion' as const
  }

  it('signs the last head sent and the docs pull request, and reads them back', () => {
    const companion = { head: H1, pullRequest: 'https://github.com/acme/site/pull/7' }
    const marker = formatMarker({ ...fields, companion }, key)
    expect(marker).toContain(
      `note=companion companion-head=${H1} companion-pr=https%3A%2F%2Fgithub.com%2Facme%2Fsite%2Fpull%2F7`
    )
    expect(readMarker(marker, key, place)).toEqual({ ...fields, companion })
    // Another head is another marker: its signature does not verify.
    expect(readMarker(marker.replace(H1, H0), key, place)).toBeUndefined()
  })

  it('signs that a run closed the companion with its code', () => {
    const companion = { head: H1, closed: true as const }
    const marker = formatMarker({ ...fields, companion }, key)
    expect(marker).toContain(`companion-head=${H1} companion-closed=1`)
    expect(readMarker(marker, key, place)).toEqual({ ...fields, companion })
    expect(readMarker(marker.replace(' companion-closed=1', ''), key, place)).toBeUndefined()
  })

  it('refuses to sign a head that is not a SHA', () => {
    expect(() => formatMarker({ ...fields, companion: { head: 'main --> x' } }, key)).toThrow('is not a commit SHA')
  })
})

describe('a companion closed with its code', () => {
  const closed = { jobId: 'job-1', companion: { head: H0, closed: true as const } }
  it('is reopened by a push whose reopen never ran, and remembered closed only while a run closed it', () => {
    expect(decideCompanion('pushed', 61, H1, closed)).toMatchObject({ kind: 'follow', act: 'reopened' })
    expect(decideCompanion('ready', 61, H0, closed)).toMatchObject({ act: 'reopened', send: undefined })
    expect(afterNews({ head: H0 }, 'closed', true)).toEqual({ head: H0, closed: true })
    // A close GitHub refused left it open.
    expect(afterNews({ head: H0 }, 'closed', false)).toEqual({ head: H0 })
    expect(afterNews({ head: H0, closed: true }, 'reopened', true)).toEqual({ head: H0 })
    expect(afterNews({ head: H0, closed: true }, 'reopened', false)).toEqual({ head: H0, closed: true })
  })
})

describe('stillToCheck', () => {
  const follow = { kind: 'follow', remembered, send: { from: H0, to: H1 }, act: 'none' } as const
  it('checks the author on every create, and who pushed when a push would start the job or be sent', () => {
    expect(stillToCheck('pushed', { kind: 'start' })).toEqual(['author', 'pusher'])
    // The author of an opening was checked before the thread was read.
    expect(stillToCheck('opened', { kind: 'start' })).toEqual([])
    expect(stillToCheck('pushed', follow)).toEqual(['pusher'])
    expect(stillToCheck('pushed', { ...follow, send: undefined })).toEqual([])
    // A review request sends the head as a push does: who asked for it is checked as a pusher.
    expect(stillToCheck('review', { kind: 'start' })).toEqual(['author', 'pusher'])
    expect(stillToCheck('review', follow)).toEqual(['pusher'])
    // The merge sends the commits that waited for it: nobody is checked again.
    expect(stillToCheck('merged', { ...follow, act: 'merged' })).toEqual([])
  })
})

describe('what the comment remembers after a follow-up', () => {
  const job = { id: 'job-1', status: 'active', prLink: null }
  const sending = { head: H1 }
  const previous = { head: H0 }
  it('moves the head only once the service took the message', () => {
    expect(deliveryOf({ kind: 'started', job, how: 'messaged' })).toBe('taken')
    expect(deliveryOf({ kind: 'cancelled', jobId: 'job-1', job })).toBe('taken')
    expect(deliveryOf({ kind: 'cancelled', jobId: 'job-1', job: undefined, unsent: true })).toBe('not-sent')
    const unsure = { kind: 'error', jobId: 'job-1', job: undefined, message: 'reset', unsureMessage: true } as const
    expect(deliveryOf(unsure)).toBe('unsure')
    expect(deliveryOf({ kind: 'error', jobId: 'job-1', job: undefined, message: '429' })).toBe('not-sent')
    expect(afterFollowUp('taken', sending, previous)).toEqual({ mark: sending })
    expect(afterFollowUp('unsure', sending, previous)).toEqual({
      mark: previous,
      behind: { range: { from: H0, to: H1 }, unsure: true }
    })
    expect(afterFollowUp('not-sent', sending, previous).behind?.unsure).toBe(false)
  })
})

describe('the words', () => {
  it('names the range of a follow-up and of a push left behind by their short SHAs', () => {
    expect(followUpRequest(61, { from: H0, to: H1 })).toMatch(
      /^New commits were pushed to pull request #61 \(its head moved from aaaaaaa to bbbbbbb\)/
    )
    const behind = behindParagraph({ from: H0, to: H1 }, false)
    expect(behind).toContain('up to bbbbbbb')
    expect(behind).toContain('since aaaaaaa')
    expect(behind).not.toContain(H0)
  })

  it('links the docs pull request in the last word, and keeps the companion note', () => {
    const docs = { name: 'acme/site#7', url: 'https://github.com/acme/site/pull/7' }
    const body = companionEndComment(
      '<!-- m -->',
      'closed',
      { kind: 'done', pullRequest: docs },
      'https://github.com/acme/docs/actions/runs/1',
      { head: H1 }
    )
    expect(body).toContain(
      'its companion docs pull request [acme/site#7](https://github.com/acme/site/pull/7) was closed too'
    )
    expect(body).toContain('Companion docs: one agent job writes the docs for this pull request')
    expect(body).toContain('The docs follow commit bbbbbbb, the last head sent to the job.')
    const none = companionEndComment('<!-- m -->', 'merged', { kind: 'none', jobId: 'job-1' }, 'https://x.test/run', {
      head: H1
    })
    expect(none).toContain('Its agent job `job-1` has opened no docs pull request here yet')
  })
})
