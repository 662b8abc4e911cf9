// The words of mode companion, pinned here once: every other test asserts the state they tell (the
// head a companion signs, which news its docs pull request tells, how its code ended: see
// support/companion-shown.ts), so that a new wording is an edit of src/companion/words.ts and of this file.
import { describe, expect, it } from '@jest/globals'
import {
  behindParagraph,
  companionEndComment,
  companionEndReason,
  type CompanionNews,
  companionNewsParagraph,
  type CompanionOutcome,
  creatingCompanionComment,
  followUpRequest,
  pushLeftBehind,
  pushStartsNothing,
  queuedClosedComment,
  queuedClosedReason,
  refusedStartComment,
  staleCreateRecordMessage,
  unrecordedCreateMessage,
  unsureCompanionMessage
} from '../src/companion/words.js'

const RUN = 'https://github.com/acme/docs/actions/runs/1001'
const RUN_LINK = `[workflow run](${RUN})`
const code = { name: 'acme/docs#61', url: 'https://github.com/acme/docs/pull/61' }
const docs = { name: 'acme/site#7', url: 'https://github.com/acme/site/pull/7' }
const range = { from: 'a'.repeat(40), to: 'b'.repeat(40) }
const OUTCOMES: Record<CompanionOutcome['kind'], CompanionOutcome> = {
  done: { kind: 'done', pullRequest: docs },
  failed: { kind: 'failed', pullRequest: docs },
  none: { kind: 'none', jobId: 'job-1' }
}

const NEWS: [CompanionNews, string][] = [
  [
    'closed',
    `🚫 **Closed with its code.** [acme/docs#61](https://github.com/acme/docs/pull/61) was closed without being merged, so this companion docs pull request was closed too. Reopening [acme/docs#61](https://github.com/acme/docs/pull/61) reopens it. (${RUN_LINK})`
  ],
  [
    'reopened',
    `↩️ **Reopened with its code.** [acme/docs#61](https://github.com/acme/docs/pull/61) was reopened, and this pull request follows it again. (${RUN_LINK})`
  ],
  [
    'merged',
    `🔀 **Its code merged.** [acme/docs#61](https://github.com/acme/docs/pull/61) was merged: this pull request holds its docs and is ready for review and merge. (${RUN_LINK})`
  ]
]

/** Each moment and outcome: the progress comment's status line, and the step's notice. */
const ENDS: [CompanionNews, CompanionOutcome['kind'], string, string][] = [
  [
    'closed',
    'done',
    `🚫 **Closed.** This pull request was closed without being merged, so its companion docs pull request [acme/site#7](https://github.com/acme/site/pull/7) was closed too, with a comment saying why. Reopening this pull request reopens it. (${RUN_LINK})`,
    `Pull request #61 was closed without being merged: its companion docs pull request acme/site#7 was closed with a comment. Nothing was sent to the agent.`
  ],
  [
    'closed',
    'failed',
    `⚠️ **Closed, docs left open.** This pull request was closed without being merged, but its companion docs pull request [acme/site#7](https://github.com/acme/site/pull/7) could not be closed (the workflow run's warnings say why): close it by hand. (${RUN_LINK})`,
    `Pull request #61 was closed without being merged; not all the steps on acme/site#7 went through (see the warnings).`
  ],
  [
    'closed',
    'none',
    `🚫 **Closed.** This pull request was closed without being merged. Its agent job \`job-1\` had opened no docs pull request here; should it open one still, the reconcile run that sees the job end closes it. (${RUN_LINK})`,
    `Pull request #61 was closed without being merged; its agent job job-1 has opened no docs pull request on this GitHub.`
  ],
  [
    'reopened',
    'done',
    `↩️ **Reopened.** Its companion docs pull request [acme/site#7](https://github.com/acme/site/pull/7) was reopened too, and each push is sent to the same agent job again. (${RUN_LINK})`,
    `Pull request #61 was reopened: its companion docs pull request acme/site#7 was reopened. Nothing was sent to the agent.`
  ],
  [
    'reopened',
    'failed',
    `⚠️ **Reopened, docs still closed.** Its companion docs pull request [acme/site#7](https://github.com/acme/site/pull/7) could not be reopened (the workflow run's warnings say why): reopen it by hand. Each push is sent to the same agent job again. (${RUN_LINK})`,
    `Pull request #61 was reopened; not all the steps on acme/site#7 went through (see the warnings).`
  ],
  [
    'reopened',
    'none',
    `↩️ **Reopened.** Each push is sent to its agent job \`job-1\` again. (${RUN_LINK})`,
    `Pull request #61 was reopened; its agent job job-1 has opened no docs pull request on this GitHub.`
  ],
  [
    'merged',
    'done',
    `🔀 **Merged.** Its companion docs pull request [acme/site#7](https://github.com/acme/site/pull/7) was told so, labelled and its reviewers asked: review and merge it. (${RUN_LINK})`,
    `Pull request #61 was merged: its companion docs pull request acme/site#7 was told, labelled and its reviewers asked. Nothing was sent to the agent.`
  ],
  [
    'merged',
    'failed',
    `⚠️ **Merged.** Its companion docs pull request [acme/site#7](https://github.com/acme/site/pull/7) could not all be told, labelled or given its reviewers (the workflow run's warnings say why): do it by hand. (${RUN_LINK})`,
    `Pull request #61 was merged; not all the steps on acme/site#7 went through (see the warnings).`
  ],
  [
    'merged',
    'none',
    `🔀 **Merged.** Its agent job \`job-1\` has opened no docs pull request here yet: should it open one still, the reconcile run that sees the job end does the steps of the merge there. (${RUN_LINK})`,
    `Pull request #61 was merged; its agent job job-1 has opened no docs pull request on this GitHub.`
  ]
]

const NOTE = `Companion docs: one agent job writes the docs for this pull request in a pull request of its own. Each push is sent to it, it is closed if this pull request is closed unmerged, and it is labelled for review when this one merges. The per-merge docs run and the digest leave this pull request out. The docs follow commit ccccccc, the last head sent to the job.`

describe("mode companion's words", () => {
  it.each(NEWS)('tell the companion docs pull request its code was %s', (news, words) => {
    expect(companionNewsParagraph(news, code, RUN)).toBe(words)
  })

  it.each(ENDS)("end the code pull request's comment once %s, its step %s", (moment, outcome, status, reason) => {
    const comment = companionEndComment('<!-- marker -->', moment, OUTCOMES[outcome], RUN, { head: 'c'.repeat(40) })
    expect(comment).toBe(`<!-- marker -->\n${status}\n\n${NOTE}\n`)
    expect(companionEndReason(61, moment, OUTCOMES[outcome])).toBe(reason)
  })

  it('ask the job to follow a head that moved on, or went back', () => {
    expect(followUpRequest(61, range)).toBe(
      `New commits were pushed to pull request #61 (its head moved from aaaaaaa to bbbbbbb). Update the companion docs pull request you opened for it so that the docs match the code again, in that same pull request. The changes since the head you last saw are below.`
    )
    expect(followUpRequest(61, range, true)).toBe(
      `The head of pull request #61 went back from aaaaaaa to bbbbbbb, which adds no commit to aaaaaaa (a force-push to an older head, or a reset): commits you documented may no longer be part of it. Update the companion docs pull request you opened for it so that the docs match the code at bbbbbbb again, taking out what documents changes that are gone, in that same pull request.`
    )
  })

  it('say what a follow-up the job may lack leaves behind, and what a refused push starts', () => {
    expect(behindParagraph(range, false)).toBe(
      `⚠️ **One push behind.** The commits up to bbbbbbb were not sent to the agent job (see above), so its docs follow aaaaaaa. The next push or review request the companion runs on, or the merge, sends everything since aaaaaaa.`
    )
    expect(behindParagraph(range, true)).toBe(
      `⚠️ **Follow-up unsure.** The commits up to bbbbbbb were sent to the agent job, but no answer came back (see above), so the job may not have them: its docs are known to follow aaaaaaa. The next push or review request the companion runs on, or the merge, sends everything since aaaaaaa again.`
    )
    expect(pushLeftBehind(61, range)).toBe(
      `The commits pushed to pull request #61 were not sent to its companion agent job; the next push or review request the companion runs on, by someone who may ask for docs, or the merge, sends everything since aaaaaaa.`
    )
    expect(pushStartsNothing(61)).toBe(
      `No companion job was started for pull request #61: the next push or review request the companion runs on, by someone who may ask for docs, starts it (the author's checks apply too), as does reopening it.`
    )
  })

  it('tell a close while the create waited queued, and a start a pusher could not ask for', () => {
    expect(queuedClosedComment('<!-- marker -->', RUN, 'c'.repeat(40))).toBe(
      '<!-- marker -->\n🚫 **Closed before its docs started.** This pull request was closed without being merged ' +
        "while its companion agent job waited for the agent API's hourly limit, so that job will not be created. " +
        `Reopening this pull request starts it. (${RUN_LINK})\n\n${NOTE}\n`
    )
    expect(queuedClosedReason(61, true)).toBe(
      "Pull request #61 was closed without being merged while its companion job waited queued for the agent API's " +
        'hourly limit: the request was taken off its progress comment, and no job will be created.'
    )
    expect(queuedClosedReason(61, false)).toBe(
      'Pull request #61 was closed without being merged while its companion job waited queued, but its progress ' +
        'comment could not be edited (see the warnings): a reconcile run may still create that job. Edit or delete ' +
        'the comment to stop it.'
    )
    const refused = 'Skipped: @outsider-olga is not a collaborator of this repository; required-permission is write.'
    expect(refusedStartComment('<!-- marker -->', 61, refused, RUN)).toBe(
      '<!-- marker -->\n⏸️ **No docs started.** Skipped: @\u2060outsider-olga is not a collaborator of this ' +
        'repository; required-permission is write. No companion job was started for pull request #61: the next ' +
        "push or review request the companion runs on, by someone who may ask for docs, starts it (the author's checks apply too), as does reopening it. " +
        `(${RUN_LINK})\n`
    )
  })

  it('tell a create recorded before it is sent, one that could not be, and one that got no answer', () => {
    expect(creatingCompanionComment('<!-- marker -->', RUN, 'c'.repeat(40))).toBe(
      `<!-- marker -->\n⏳ **Starting the companion agent job.** If this comment still says so after the ${RUN_LINK} ` +
        'ended, the run stopped before the agent API answered: a job may exist that this comment cannot name, so no ' +
        'later run creates another. Look for it among the agent jobs on the [dashboard](https://app.mintlify.com/), ' +
        `or delete this comment to start the companion afresh.\n\n${NOTE}\n`
    )
    expect(unrecordedCreateMessage(61, false)).toBe(
      'No companion agent job was started for pull request #61: a write of its progress comment failed (see the ' +
        "workflow run's warnings), and the comment records a create before it is sent, so that a run stopped before " +
        'the answer never leads to a second job. The next push or review request the companion runs on tries again.'
    )
    expect(unrecordedCreateMessage(61, true)).toBe(
      'The workflow was cancelled before the companion agent job of pull request #61 was created: nothing was ' +
        'started. The next push or review request the companion runs on starts it, unless a warning of the run ' +
        'says its progress comment must be deleted first.'
    )
    const comment =
      'The companion progress comment of pull request #61 (https://github.com/acme/docs/pull/61#issuecomment-9)'
    const url = 'https://github.com/acme/docs/pull/61#issuecomment-9'
    expect(staleCreateRecordMessage(61, url, { sent: false })).toBe(
      `${comment} may still record a create of its agent job, though none was sent: GitHub could not be reached to ` +
        'take the record off. While it does, later runs start no companion job: delete that comment (it says ' +
        '"Starting the companion agent job"), and the next push or review request the companion runs on starts it.'
    )
    expect(staleCreateRecordMessage(61, url, { sent: true, jobId: undefined })).toBe(
      `${comment} may still record its create as unanswered, though the agent API answered without making a job: ` +
        'GitHub refused the edits that take the record off (see the warnings above). While it does, later runs ' +
        'start no companion job: delete that comment.'
    )
    expect(staleCreateRecordMessage(61, undefined, { sent: true, jobId: 'job-7' })).toBe(
      'The companion progress comment of pull request #61 may still record its create as unanswered, though the ' +
        'agent API made agent job job-7: GitHub refused the edits after it (see the warnings above). Later runs of ' +
        'the pull request start no other job and send this one no pushes; the job goes on and opens its pull ' +
        'request (see the dashboard). Do not delete the comment: a run would then start a second job.'
    )
    expect(unsureCompanionMessage(61, 'https://github.com/acme/docs/pull/61#issuecomment-9')).toBe(
      'An earlier run for pull request #61 sent the request to create its companion agent job but got no answer, ' +
        'as its progress comment records (https://github.com/acme/docs/pull/61#issuecomment-9), so a job may exist ' +
        'that this run cannot see; not creating another. Look for it among the agent jobs on the dashboard ' +
        '(app.mintlify.com). To start the companion afresh instead, delete that progress comment: the next push, ' +
        'review request or reopen the companion runs on starts a new job.'
    )
  })
})
