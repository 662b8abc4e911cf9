// The words of every skip, pinned here once: the decisions return a SkipReason (src/event/skip-reason.ts)
// and every other test asserts that cause, so that a new wording is an edit of skip-reason.ts and of
// this file alone. Users and outside tests read these words in the step's notice and the summary.
import { describe, expect, it } from '@jest/globals'
import { type SkipReason, skipText } from '../src/event/skip-reason.js'

const WORDS: [SkipReason, string][] = [
  [
    { kind: 'unchecked-event', eventName: '', checked: ['issue_comment', 'issues'], ungated: ['push', 'schedule'] },
    'Skipped: the unnamed event is not one this action can check, so it never starts a job. Use issue_comment, ' +
      "issues (gated by the trigger phrase and the person's permission) or push, schedule."
  ],
  [
    { kind: 'not-new-text', eventName: 'issue_comment', action: 'edited' },
    'Skipped: this issue_comment event is "edited", and only new text triggers a run (a created comment, an opened ' +
      'issue or pull request, a submitted review), so editing cannot start a second job.'
  ],
  [
    { kind: 'not-new-text', eventName: 'issues', action: undefined },
    'Skipped: this issues event is without an action, and only new text triggers a run (a created comment, an opened ' +
      'issue or pull request, a submitted review), so editing cannot start a second job.'
  ],
  [
    { kind: 'incomplete-payload', eventName: 'issue_comment', of: 'text', noun: 'comment' },
    "Skipped: the issue_comment event payload lacks the comment's number, text or author, so there is nothing to check."
  ],
  [
    { kind: 'incomplete-payload', eventName: 'issues', of: 'label', noun: 'issue' },
    "Skipped: the issues event payload lacks the label, the issue's number or title, or its sender, so there is " +
      'nothing to check.'
  ],
  [
    { kind: 'incomplete-payload', eventName: 'pull_request', of: 'merge', noun: 'pull request' },
    "Skipped: the pull_request event payload lacks the pull request's number, title or author, so there is no " +
      'change to read.'
  ],
  [
    { kind: 'incomplete-payload', eventName: 'pull_request', of: 'companion', noun: 'pull request' },
    "Skipped: the pull_request event payload lacks the pull request's number, title or branches."
  ],
  [
    { kind: 'answered-elsewhere' },
    'Skipped: a progress comment of another run on this thread already answers this request, so this run starts no second job.'
  ],
  [
    { kind: 'own-comment', noun: 'comment' },
    'Skipped: the comment is a progress comment of this action, and its own comments never trigger a run.'
  ],
  ...(
    [
      [{ did: 'wrote', noun: 'comment' }, 'wrote the comment'],
      [{ did: 'sent-event' }, 'sent the event'],
      [{ did: 'sent-event', eventName: 'workflow_dispatch' }, 'sent this workflow_dispatch event'],
      [{ did: 'opened', number: 61 }, 'opened pull request #61'],
      [{ did: 'pushed-commits' }, 'pushed these commits'],
      [{ did: 'pushed-tag' }, 'pushed this tag'],
      [{ did: 'authored-commits' }, 'wrote every commit this push brings'],
      [{ did: 'published-release' }, 'published this release'],
      [{ did: 'labelled', noun: 'issue', number: 42 }, 'put the label on issue #42'],
      [{ did: 'pushed-to', number: 61 }, 'pushed to pull request #61'],
      [{ did: 'asked-review', number: 61 }, 'asked for a review of pull request #61']
    ] as const
  ).map(([act, did]): [SkipReason, string] => [
    { kind: 'unlisted-bot', login: 'renovate[bot]', allowAs: 'renovate', act },
    `Skipped: the bot "renovate[bot]" ${did}, and bots start a run only when allowed-bots lists them. ` +
      'To let it, add "renovate" to allowed-bots.'
  ]),
  [
    { kind: 'no-visible-text', noun: 'issue' },
    'Skipped: the issue has no text a reader sees, so there is nothing to ask for.'
  ],
  [
    { kind: 'not-a-command', noun: 'comment', phrase: '/docs' },
    'Skipped: no line of the comment starts with the trigger phrase "/docs" (outside code and quotes), so it is not a command.'
  ],
  [
    { kind: 'not-a-command', noun: 'comment', phrase: '/docs', readLimit: 100 },
    'Skipped: no line of the comment starts with the trigger phrase "/docs" (outside code and quotes), in what ' +
      'was read of it (about its first 100 characters), so it is not a command.'
  ],
  [
    { kind: 'trigger-label-unset', noun: 'issue' },
    'Skipped: a label was put on this issue, and trigger-label is not set, so no label asks for docs. ' +
      'Set trigger-label to the label that should.'
  ],
  [
    { kind: 'other-label', noun: 'issue', label: 'bug', triggerLabel: 'docs' },
    'Skipped: the label "bug" was put on this issue, not the trigger-label "docs", so nothing was asked.'
  ],
  [
    { kind: 'closed-unmerged', number: 62 },
    'Skipped: pull request #62 was closed without being merged, so there is no change to document. ' +
      'A merged pull request starts a run.'
  ],
  [
    { kind: 'skip-label', number: 61, label: 'docs: none' },
    'Skipped: pull request #61 carries the label "docs: none" (skip-label), which says it needs no docs, so no job ' +
      'is started. To document it after all, ask on the pull request or start a run by hand: a re-run of this ' +
      'workflow reads the same event, label and all.'
  ],
  [
    { kind: 'companion-label', number: 61 },
    'Skipped: pull request #61 carries the label "docs-agent: companion": a companion docs pull request ' +
      '(mode: companion) was written with it, so no second job is started.'
  ],
  [
    { kind: 'push-deleted', ref: 'refs/heads/main' },
    'Skipped: this push deleted refs/heads/main, so there is no change to document.'
  ],
  [
    { kind: 'push-without-commits', ref: 'refs/heads/main' },
    'Skipped: this push to refs/heads/main carries no commits (a branch moved to a commit it already had), so ' +
      'there is no change to document. To run a prompt on it all the same, give "prompt" and set context: none.'
  ],
  [
    { kind: 'release-action', action: 'created' },
    'Skipped: this release event is "created", and only a published or released release starts a run ' +
      '(a release is created, edited and published: running on each would do the work again).'
  ],
  [
    { kind: 'permission-check-failed', login: 'writer-wendy', status: 502, message: 'Bad gateway' },
    'Skipped: could not check the repository permission of @writer-wendy (GitHub answered 502), and a failed ' +
      'check means no. Make sure the github-token can read collaborators (the default GITHUB_TOKEN can).'
  ],
  [
    { kind: 'permission-check-failed', login: 'writer-wendy', status: undefined, message: 'socket hang up' },
    'Skipped: could not check the repository permission of @writer-wendy (socket hang up), and a failed ' +
      'check means no. Make sure the github-token can read collaborators (the default GITHUB_TOKEN can).'
  ],
  [
    { kind: 'not-permitted', login: 'writer-wendy', role: undefined, required: 'write' },
    'Skipped: @writer-wendy is not a collaborator of this repository; required-permission is write.'
  ],
  [
    { kind: 'not-permitted', login: 'outsider-olga', role: 'none', required: 'write' },
    'Skipped: @outsider-olga has no access to this repository; required-permission is write.'
  ],
  [
    { kind: 'not-permitted', login: 'reader-rita', role: 'read', required: 'write' },
    'Skipped: @reader-rita has read permission on this repository; required-permission is write.'
  ],
  [
    { kind: 'permission-unchecked', login: 'writer-wendy' },
    'Skipped: no github-token was given, so the permission of @writer-wendy cannot be checked, and an unchecked ' +
      'person never triggers.'
  ],
  [
    { kind: 'nothing-asked', eventName: 'push', phrase: undefined, standingPrompt: false },
    'Skipped: there is nothing to ask the agent: the prompt input is empty, and a push event carries no request. ' +
      'Set prompt to what the agent should do, e.g. "Update the docs for the change below."'
  ],
  [
    { kind: 'nothing-asked', eventName: 'issue_comment', phrase: '/docs', standingPrompt: false },
    'Skipped: there is nothing to ask the agent: no text follows "/docs" and the prompt input is empty. ' +
      'Write the request after the phrase, e.g. "/docs add a page about webhooks".'
  ],
  [
    { kind: 'nothing-asked', eventName: 'issue_comment', phrase: '/docs', standingPrompt: true },
    'Skipped: there is nothing to ask the agent: no text follows "/docs" and the prompt input holds standing ' +
      'instructions, sent with a request, never alone. Write the request after the phrase, e.g. ' +
      '"/docs add a page about webhooks".'
  ],
  [
    { kind: 'companion-wrong-event', eventName: 'issue_comment' },
    'Skipped: mode: companion follows pull requests, and this is a issue_comment event. Run it on ' +
      'pull_request_target (or pull_request) events; a /docs comment goes to a step with mode: run.'
  ],
  [
    { kind: 'companion-action', eventName: 'pull_request', action: 'labeled' },
    'Skipped: this pull_request event is "labeled", and mode: companion answers opened, reopened, ' +
      'ready_for_review, synchronize, review_requested and closed.'
  ],
  [
    { kind: 'companion-draft', number: 61 },
    'Skipped: pull request #61 is a draft: its companion docs start when it is marked ready for review.'
  ],
  [
    { kind: 'companion-no-author', number: 61 },
    'Skipped: pull request #61 has no author (a deleted account) to check.'
  ],
  [
    { kind: 'companion-fork', number: 61 },
    'Skipped: pull request #61 comes from a fork, and GitHub runs pull_request workflows of forks without secrets ' +
      'and with a read-only token. Run mode: companion on pull_request_target (see examples/docs-companion.yml); ' +
      'the author must still have required-permission here.'
  ],
  [
    { kind: 'companion-no-pusher', number: 61 },
    'Skipped: the push to pull request #61 names nobody who pushed it, to check.'
  ],
  [
    { kind: 'companion-queued', number: 61 },
    "Skipped: the companion job of pull request #61 is queued on its progress comment (the agent API's hourly " +
      'limit held its create back), and a reconcile run creates it: nothing is started or sent before.'
  ],
  [
    { kind: 'companion-head-sent', number: 61, jobId: 'job-1', head: 'aaaaaaa' },
    'Skipped: the companion job job-1 of pull request #61 was sent its head aaaaaaa already, so nothing is sent again.'
  ],
  [
    { kind: 'companion-nothing-to-close', number: 61 },
    'Skipped: pull request #61 had no companion docs job, so there is no docs pull request to close.'
  ],
  [
    { kind: 'companion-merged-without-job', number: 61 },
    'Skipped: pull request #61 was merged without a companion docs job; a per-merge docs run ' +
      '(examples/docs-on-merge.yml) documents it if the repository has one.'
  ]
]

/** Every kind, named so that a new one fails to compile here until its words are pinned above. */
const EVERY_KIND: Record<SkipReason['kind'], true> = {
  'unchecked-event': true,
  'not-new-text': true,
  'incomplete-payload': true,
  'own-comment': true,
  'answered-elsewhere': true,
  'unlisted-bot': true,
  'no-visible-text': true,
  'not-a-command': true,
  'trigger-label-unset': true,
  'other-label': true,
  'closed-unmerged': true,
  'skip-label': true,
  'companion-label': true,
  'push-deleted': true,
  'push-without-commits': true,
  'release-action': true,
  'permission-check-failed': true,
  'not-permitted': true,
  'permission-unchecked': true,
  'nothing-asked': true,
  'companion-wrong-event': true,
  'companion-action': true,
  'companion-draft': true,
  'companion-no-author': true,
  'companion-fork': true,
  'companion-no-pusher': true,
  'companion-queued': true,
  'companion-head-sent': true,
  'companion-nothing-to-close': true,
  'companion-merged-without-job': true
}

describe('the words of a skip', () => {
  it.each(WORDS)('%j', (reason, words) => {
    expect(skipText(reason)).toBe(words)
  })

  it('are pinned for every kind of reason', () => {
    expect(new Set(WORDS.map(([reason]) => reason.kind))).toEqual(new Set(Object.keys(EVERY_KIND)))
  })
})
