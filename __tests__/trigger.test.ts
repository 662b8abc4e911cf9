import { readFileSync } from 'node:fs'
import type { components } from '@octokit/openapi-types'
import { readTrigger, type TriggerInput } from '../src/event/trigger.js'
import { decideForPermitted } from './support/trigger.js'
import { formatMarker, markerKey } from '../src/thread/marker.js'

// GitHub's own description of the webhook payloads.
type IssueCommentCreatedEvent = components['schemas']['webhook-issue-comment-created']
type IssueCommentEditedEvent = components['schemas']['webhook-issue-comment-edited']
type IssuesOpenedEvent = components['schemas']['webhook-issues-opened']
type PullRequestOpenedEvent = components['schemas']['webhook-pull-request-opened']
type PullRequestReviewCommentCreatedEvent = components['schemas']['webhook-pull-request-review-comment-created']
type PullRequestReviewSubmittedEvent = components['schemas']['webhook-pull-request-review-submitted']
type WorkflowDispatchEvent = components['schemas']['webhook-workflow-dispatch']

// The fixtures are trimmed real payloads; the cast says which webhook they stand for.
function loadEvent<Event>(name: string): Event {
  return JSON.parse(readFileSync(new URL(`../__fixtures__/events/${name}.json`, import.meta.url), 'utf8')) as Event
}

const commentEvent = loadEvent<IssueCommentCreatedEvent>('issue_comment.created')

function withComment(body: string, event: IssueCommentCreatedEvent = commentEvent): IssueCommentCreatedEvent {
  return { ...event, comment: { ...event.comment, body } }
}

function decide(overrides: Partial<TriggerInput>): ReturnType<typeof readTrigger> {
  return decideForPermitted({
    eventName: 'issue_comment',
    payload: commentEvent,
    triggerPhrase: '/docs',
    allowedBots: [],
    ...overrides
  })
}

describe('readTrigger on comment events', () => {
  it('runs for a phrase in a new issue comment, with the thread, author and comment to react to', () => {
    expect(decide({})).toEqual({
      kind: 'run',
      trigger: {
        request: 'add a page about webhooks',
        threadNumber: 42,
        author: { login: 'writer-wendy', isBot: false, claimsAccess: true },
        requester: 'writer-wendy',
        reactionTarget: { kind: 'issue_comment', id: 3551234567 },
        commentId: 3551234567,
        url: 'https://github.com/acme/docs/issues/42#issuecomment-3551234567'
      }
    })
  })

  it('takes the thread of a comment on a pull request from the issue number', () => {
    const decision = decide({ payload: loadEvent<IssueCommentCreatedEvent>('issue_comment.created.pr') })
    expect(decision).toMatchObject({
      kind: 'run',
      trigger: {
        request: 'update the configuration reference for this rename',
        threadNumber: 57,
        reactionTarget: { kind: 'issue_comment', id: 3551239999 },
        onPullRequest: true
      }
    })
  })

  it('runs for a new review comment, reacting to that comment and telling the agent which line it is on', () => {
    const payload = loadEvent<PullRequestReviewCommentCreatedEvent>('pull_request_review_comment.created')
    expect(decide({ eventName: 'pull_request_review_comment', payload })).toEqual({
      kind: 'run',
      trigger: {
        request:
          'document the signingSecret setting\n\n' +
          "This request is a comment on line 12 of `src/settings.ts` (the pull request's version). " +
          'The diff it was written on, ending at that line:\n\n' +
          '```diff\n@@ -10,6 +10,8 @@ export interface Settings {\n+  signingSecret: string\n```',
        threadNumber: 58,
        author: { login: 'writer-wendy', isBot: false, claimsAccess: true },
        requester: 'writer-wendy',
        reactionTarget: { kind: 'pull_request_review_comment', id: 1871234567 },
        commentId: 1871234567,
        url: 'https://github.com/acme/docs/pull/58#discussion_r1871234567',
        onPullRequest: true
      }
    })
  })

  it('tells no line when the review comment asks for nothing, so that the gate can say so', () => {
    const event = loadEvent<PullRequestReviewCommentCreatedEvent>('pull_request_review_comment.created')
    const payload = { ...event, comment: { ...event.comment, body: '/docs' } }
    expect(decide({ eventName: 'pull_request_review_comment', payload })).toMatchObject({
      kind: 'run',
      trigger: { request: '' }
    })
  })

  it('skips an edited comment, saying that editing cannot start a second job', () => {
    const decision = decide({ payload: loadEvent<IssueCommentEditedEvent>('issue_comment.edited') })
    expect(decision).toEqual({
      kind: 'skip',
      reason: { kind: 'not-new-text', eventName: 'issue_comment', action: 'edited' }
    })
  })

  it('skips a deleted comment and a payload without an action', () => {
    expect(decide({ payload: { ...commentEvent, action: 'deleted' } }).kind).toBe('skip')
    expect(decide({ payload: {} })).toMatchObject({ kind: 'skip', reason: { kind: 'not-new-text', action: undefined } })
  })

  it('skips a payload that lacks the comment, instead of guessing', () => {
    expect(decide({ payload: { ...commentEvent, comment: undefined } })).toMatchObject({
      kind: 'skip',
      reason: { kind: 'incomplete-payload', eventName: 'issue_comment', of: 'text', noun: 'comment' }
    })
  })

  it('skips a comment without the command, naming the phrase', () => {
    expect(decide({ payload: withComment('Thanks, looks good!') })).toEqual({
      kind: 'skip',
      reason: { kind: 'not-a-command', noun: 'comment', phrase: '/docs' }
    })
  })

  it("tells whether the payload's author_association claims the author belongs to the repository", () => {
    const claimOf = (author_association: string) => {
      const decision = decide({
        payload: { ...commentEvent, comment: { ...commentEvent.comment, author_association } }
      })
      return decision.kind === 'run' ? decision.trigger.author?.claimsAccess : undefined
    }
    expect(['OWNER', 'MEMBER', 'COLLABORATOR'].map(claimOf)).toEqual([true, true, true])
    expect(['CONTRIBUTOR', 'FIRST_TIME_CONTRIBUTOR', 'FIRST_TIMER', 'MANNEQUIN', 'NONE'].map(claimOf)).toEqual([
      false,
      false,
      false,
      false,
      false
    ])
  })

  it('does not trust author_association: a MEMBER who only reads still passes on to the permission check', () => {
    const decision = decide({ payload: loadEvent<IssueCommentCreatedEvent>('issue_comment.created.member-reader') })
    expect(decision).toMatchObject({ kind: 'run', trigger: { author: { login: 'reader-rita', isBot: false } } })
  })
})

describe('readTrigger on bots and the action itself', () => {
  const botEvent = loadEvent<IssueCommentCreatedEvent>('issue_comment.created.bot')

  it('skips a bot that allowed-bots does not list', () => {
    expect(decide({ payload: botEvent, allowedBots: ['dependabot[bot]'] })).toEqual({
      kind: 'skip',
      reason: {
        kind: 'unlisted-bot',
        login: 'renovate[bot]',
        allowAs: 'renovate',
        act: { did: 'wrote', noun: 'comment' }
      }
    })
  })

  it('runs for a listed bot, with or without the [bot] suffix and in any case', () => {
    for (const allowedBots of [['renovate[bot]'], ['Renovate'], '*'] as const) {
      const decision = decide({ payload: botEvent, allowedBots: allowedBots === '*' ? '*' : [...allowedBots] })
      expect(decision).toMatchObject({ kind: 'run', trigger: { author: { login: 'renovate[bot]', isBot: true } } })
    }
  })

  it('treats a login ending in [bot] as a bot even when the type says User', () => {
    const impostor = { ...commentEvent.comment.user, login: 'helper[bot]', type: 'User' as const }
    const payload = { ...commentEvent, comment: { ...commentEvent.comment, user: impostor }, sender: impostor }
    expect(decide({ payload }).kind).toBe('skip')
  })

  it('skips when the sender is an unlisted bot even if the comment author is not', () => {
    const payload = { ...commentEvent, sender: botEvent.sender }
    expect(decide({ payload })).toMatchObject({
      kind: 'skip',
      reason: { kind: 'unlisted-bot', login: 'renovate[bot]', act: { did: 'sent-event' } }
    })
  })

  it.each([
    [
      'signed',
      formatMarker(
        { repository: 'acme/docs', threadNumber: 42, runId: '123', workflowJob: 'docs', step: '__run', jobId: 'job_1' },
        markerKey('mint_key', 'proj')
      )
    ],
    ['unsigned', '<!-- docs-agent-action run=123 job=job_1 -->']
  ])("never runs for the action's own progress comment (%s), even with allowed-bots *", (_how, marker) => {
    const payload = withComment(`${marker}\n/docs agent job job_1 is running`, botEvent)
    expect(decide({ payload, allowedBots: '*' })).toMatchObject({
      kind: 'skip',
      reason: { kind: 'own-comment', noun: 'comment' }
    })
    expect(decide({ payload, allowedBots: '*', triggerPhrase: '' }).kind).toBe('skip')
  })
})

describe('readTrigger on issues and pull requests', () => {
  it('reads the title and body of a new issue and reacts to the issue', () => {
    const payload = loadEvent<IssuesOpenedEvent>('issues.opened')
    expect(decide({ eventName: 'issues', payload })).toEqual({
      kind: 'run',
      trigger: {
        request: 'document the retry policy\n\nCover 429 and 503 handling.\n\nInclude the Retry-After header.',
        threadNumber: 43,
        author: { login: 'writer-wendy', isBot: false, claimsAccess: true },
        requester: 'writer-wendy',
        reactionTarget: { kind: 'issue', issueNumber: 43 },
        url: 'https://github.com/acme/docs/issues/43'
      }
    })
  })

  it('finds the phrase in the body of a new pull request, for pull_request and pull_request_target', () => {
    const payload = loadEvent<PullRequestOpenedEvent>('pull_request.opened')
    for (const eventName of ['pull_request', 'pull_request_target']) {
      expect(decide({ eventName, payload })).toEqual({
        kind: 'run',
        trigger: {
          request: 'describe secret rotation in the security guide',
          threadNumber: 58,
          author: { login: 'writer-wendy', isBot: false, claimsAccess: true },
          requester: 'writer-wendy',
          reactionTarget: { kind: 'issue', issueNumber: 58 },
          url: 'https://github.com/acme/docs/pull/58'
        }
      })
    }
  })

  it('reads a pull request whose body is null', () => {
    const event = loadEvent<PullRequestOpenedEvent>('pull_request.opened')
    const payload = { ...event, pull_request: { ...event.pull_request, title: '/docs: explain rotation', body: null } }
    expect(decide({ eventName: 'pull_request', payload })).toMatchObject({
      kind: 'run',
      trigger: { request: 'explain rotation' }
    })
  })

  it('skips an edited issue or a closed pull request, and names the pull request when the phrase is missing', () => {
    const issue = loadEvent<IssuesOpenedEvent>('issues.opened')
    const pull = loadEvent<PullRequestOpenedEvent>('pull_request.opened')
    expect(decide({ eventName: 'issues', payload: { ...issue, action: 'edited' } }).kind).toBe('skip')
    expect(decide({ eventName: 'pull_request', payload: { ...pull, action: 'closed' } }).kind).toBe('skip')
    expect(decide({ eventName: 'pull_request', payload: pull, triggerPhrase: '/write' })).toEqual({
      kind: 'skip',
      reason: { kind: 'not-a-command', noun: 'pull request', phrase: '/write' }
    })
  })
})

describe('readTrigger without a phrase, and on events without text', () => {
  it('runs a comment event with an empty request: without a phrase the text is not a request', () => {
    expect(decide({ triggerPhrase: '' })).toMatchObject({ kind: 'run', trigger: { request: '', threadNumber: 42 } })
  })

  it('still applies the bot rule without a phrase', () => {
    const payload = loadEvent<IssueCommentCreatedEvent>('issue_comment.created.bot')
    expect(decide({ payload, triggerPhrase: '' }).kind).toBe('skip')
  })

  it('runs workflow_dispatch and other events with the issue-number input and no author, ignoring the phrase', () => {
    const payload = loadEvent<WorkflowDispatchEvent>('workflow_dispatch')
    expect(decide({ eventName: 'workflow_dispatch', payload, issueNumber: 7 })).toEqual({
      kind: 'run',
      trigger: { request: '', threadNumber: 7 }
    })
    const payloads: [string, unknown][] = [
      ['push', {}],
      ['schedule', {}],
      ['release', { action: 'published' }],
      ['repository_dispatch', {}],
      ['merge_group', {}]
    ]
    for (const [eventName, payload] of payloads) {
      expect(decide({ eventName, payload })).toEqual({
        kind: 'run',
        trigger: { request: '', threadNumber: undefined }
      })
    }
  })

  it('skips a dispatch or merge group a bot sent unless allowed-bots lists it; a schedule has nobody to ask about', () => {
    const sender = { login: 'github-actions[bot]', type: 'Bot' }
    for (const eventName of ['workflow_dispatch', 'repository_dispatch', 'merge_group']) {
      expect(decide({ eventName, payload: { sender } })).toEqual({
        kind: 'skip',
        reason: {
          kind: 'unlisted-bot',
          login: 'github-actions[bot]',
          allowAs: 'github-actions',
          act: { did: 'sent-event', eventName }
        }
      })
      expect(decide({ eventName, payload: { sender }, allowedBots: ['github-actions'] })).toMatchObject({ kind: 'run' })
    }
    expect(decide({ eventName: 'schedule', payload: { sender } })).toMatchObject({ kind: 'run' })
  })

  it.each(['discussion_comment', 'workflow_run', 'constructor', ''])(
    'refuses %j: an event it cannot check never runs ungated',
    (eventName) => {
      const decision = decide({ eventName, payload: { action: 'created', comment: { body: 'no phrase here' } } })
      expect(decision).toMatchObject({
        kind: 'skip',
        reason: { kind: 'unchecked-event', eventName, checked: expect.arrayContaining(['issue_comment']) }
      })
    }
  )
})

describe('readTrigger on a submitted review', () => {
  const reviewEvent = loadEvent<PullRequestReviewSubmittedEvent>('pull_request_review.submitted')
  const review = (fields: Partial<PullRequestReviewSubmittedEvent['review']>, action = 'submitted') =>
    decide({
      eventName: 'pull_request_review',
      payload: { ...reviewEvent, action, review: { ...reviewEvent.review, ...fields } }
    })

  it('runs for the phrase in the review text, naming the review for its line comments and reacting to nothing', () => {
    expect(review({})).toEqual({
      kind: 'run',
      trigger: {
        request: 'tighten the wording as noted below',
        threadNumber: 58,
        author: { login: 'writer-wendy', isBot: false, claimsAccess: true },
        requester: 'writer-wendy',
        url: 'https://github.com/acme/docs/pull/58#pullrequestreview-2451299999',
        onPullRequest: true,
        reviewId: 2451299999
      }
    })
  })

  it('skips a review without the phrase or without text, an edited or dismissed one, and an unlisted bot', () => {
    expect(review({ body: 'Looks good to me.' })).toEqual({
      kind: 'skip',
      reason: { kind: 'not-a-command', noun: 'review', phrase: '/docs' }
    })
    expect(review({ body: null }).kind).toBe('skip')
    expect(review({}, 'edited')).toMatchObject({ kind: 'skip', reason: { kind: 'not-new-text', action: 'edited' } })
    expect(review({}, 'dismissed').kind).toBe('skip')
    const bot = { id: 49_000_001, login: 'helper[bot]', type: 'Bot' as const }
    expect(review({ user: bot })).toMatchObject({
      kind: 'skip',
      reason: { kind: 'unlisted-bot', login: 'helper[bot]' }
    })
  })

  it('skips a payload without the review, instead of guessing', () => {
    expect(decide({ eventName: 'pull_request_review', payload: { ...reviewEvent, review: undefined } })).toMatchObject({
      kind: 'skip',
      reason: { kind: 'incomplete-payload', eventName: 'pull_request_review', of: 'text', noun: 'review' }
    })
  })
})
