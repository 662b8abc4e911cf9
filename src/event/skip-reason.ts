// Why a run started nothing, as the pure decisions find it (trigger.ts, change-events.ts,
// label-events.ts, the gate, the companion's event and step), and the one place its words are
// written: the decisions return a SkipReason, tests assert it, and skipText words it for the step's
// notice, the summary and the thread (pinned once by __tests__/skip-wording.test.ts).
import { COMPANION_LABEL } from './labels.js'

/** What an account did on the event, for the words of an unlisted bot's skip. */
export type BotAct =
  | { did: 'wrote'; noun: string }
  | { did: 'sent-event'; eventName?: string }
  | { did: 'opened'; number: number }
  | { did: 'pushed-commits' }
  | { did: 'pushed-tag' }
  | { did: 'authored-commits' }
  | { did: 'published-release' }
  | { did: 'labelled'; noun: string; number: number }
  | { did: 'pushed-to'; number: number }
  | { did: 'asked-review'; number: number }

export type SkipReason =
  /** An event the action cannot check; `checked` and `ungated` are the events it runs on. */
  | { kind: 'unchecked-event'; eventName: string; checked: string[]; ungated: string[] }
  /** A text event that is not new text (an edit, a deletion). */
  | { kind: 'not-new-text'; eventName: string; action: string | undefined }
  /** A payload without what its event must carry: a text's, a label's, a closed pull request's or a companion's. */
  | { kind: 'incomplete-payload'; eventName: string; of: 'text' | 'label' | 'merge' | 'companion'; noun: string }
  | { kind: 'own-comment'; noun: string }
  /** Another run's progress comment on the thread answers this run's request (gate/lost-request.ts). */
  | { kind: 'answered-elsewhere' }
  /** `allowAs`: the name allowed-bots would list it by. */
  | { kind: 'unlisted-bot'; login: string; allowAs: string; act: BotAct }
  /** The whole text (an issue the trigger-label was put on) shows a reader nothing. */
  | { kind: 'no-visible-text'; noun: string }
  /** `readLimit` when the phrase was sought only in the first characters read of a long text. */
  | { kind: 'not-a-command'; noun: string; phrase: string; readLimit?: number }
  | { kind: 'trigger-label-unset'; noun: string }
  | { kind: 'other-label'; noun: string; label: string; triggerLabel: string }
  | { kind: 'closed-unmerged'; number: number }
  | { kind: 'skip-label'; number: number; label: string }
  | { kind: 'companion-label'; number: number }
  | { kind: 'push-deleted'; ref: string }
  | { kind: 'push-without-commits'; ref: string }
  | { kind: 'release-action'; action: string | undefined }
  /** The permission API failed: its HTTP status, else the error's message. */
  | { kind: 'permission-check-failed'; login: string; status: number | undefined; message: string }
  /** `role` undefined: not a collaborator. */
  | { kind: 'not-permitted'; login: string; role: string | undefined; required: string }
  | { kind: 'permission-unchecked'; login: string }
  /** Nobody wrote a request (`phrase` undefined: an event without a writer), or nothing follows the phrase. */
  | { kind: 'nothing-asked'; eventName: string; phrase: string | undefined; standingPrompt: boolean }
  | { kind: 'companion-wrong-event'; eventName: string }
  | { kind: 'companion-action'; eventName: string; action: string }
  | { kind: 'companion-draft'; number: number }
  | { kind: 'companion-no-author'; number: number }
  | { kind: 'companion-fork'; number: number }
  | { kind: 'companion-no-pusher'; number: number }
  | { kind: 'companion-queued'; number: number }
  /** `head`: the head's SHA as git shortens it. */
  | { kind: 'companion-head-sent'; number: number; jobId: string; head: string }
  | { kind: 'companion-nothing-to-close'; number: number }
  | { kind: 'companion-merged-without-job'; number: number }

function actWords(act: BotAct): string {
  switch (act.did) {
    case 'wrote':
      return `wrote the ${act.noun}`
    case 'sent-event':
      return act.eventName === undefined ? 'sent the event' : `sent this ${act.eventName} event`
    case 'opened':
      return `opened pull request #${act.number}`
    case 'pushed-commits':
      return 'pushed these commits'
    case 'pushed-tag':
      return 'pushed this tag'
    case 'authored-commits':
      return 'wrote every commit this push brings'
    case 'published-release':
      return 'published this release'
    case 'labelled':
      return `put the label on ${act.noun} #${act.number}`
    case 'pushed-to':
      return `pushed to pull request #${act.number}`
    case 'asked-review':
      return `asked for a review of pull request #${act.number}`
  }
}

const INCOMPLETE: Record<Extract<SkipReason, { kind: 'incomplete-payload' }>['of'], (noun: string) => string> = {
  text: (noun) => `the ${noun}'s number, text or author, so there is nothing to check.`,
  label: (noun) => `the label, the ${noun}'s number or title, or its sender, so there is nothing to check.`,
  merge: () => "the pull request's number, title or author, so there is no change to read.",
  companion: () => "the pull request's number, title or branches."
}

/** The words of a skip: the step's notice, the summary's and the thread's. */
export function skipText(reason: SkipReason): string {
  return `Skipped: ${skipWords(reason)}`
}

function skipWords(reason: SkipReason): string {
  switch (reason.kind) {
    case 'unchecked-event':
      return (
        `the ${reason.eventName || 'unnamed'} event is not one this action can check, so it never starts a job. ` +
        `Use ${reason.checked.join(', ')} (gated by the trigger phrase and the person's permission) ` +
        `or ${reason.ungated.join(', ')}.`
      )
    case 'not-new-text': {
      const what = reason.action !== undefined ? `"${reason.action}"` : 'without an action'
      return (
        `this ${reason.eventName} event is ${what}, and only new text triggers a run ` +
        '(a created comment, an opened issue or pull request, a submitted review), so editing cannot start a second job.'
      )
    }
    case 'incomplete-payload':
      return `the ${reason.eventName} event payload lacks ${INCOMPLETE[reason.of](reason.noun)}`
    case 'own-comment':
      return `the ${reason.noun} is a progress comment of this action, and its own comments never trigger a run.`
    case 'answered-elsewhere':
      return 'a progress comment of another run on this thread already answers this request, so this run starts no second job.'
    case 'unlisted-bot':
      return (
        `the bot "${reason.login}" ${actWords(reason.act)}, and bots start a run only when allowed-bots lists them. ` +
        `To let it, add "${reason.allowAs}" to allowed-bots.`
      )
    case 'no-visible-text':
      return `the ${reason.noun} has no text a reader sees, so there is nothing to ask for.`
    case 'not-a-command': {
      const where =
        reason.readLimit === undefined
          ? ''
          : `, in what was read of it (about its first ${reason.readLimit} characters)`
      return (
        `no line of the ${reason.noun} starts with the trigger phrase "${reason.phrase}" ` +
        `(outside code and quotes)${where}, so it is not a command.`
      )
    }
    case 'trigger-label-unset':
      return (
        `a label was put on this ${reason.noun}, and trigger-label is not set, so no label asks for docs. ` +
        'Set trigger-label to the label that should.'
      )
    case 'other-label':
      return (
        `the label ${JSON.stringify(reason.label)} was put on this ${reason.noun}, not the trigger-label ` +
        `${JSON.stringify(reason.triggerLabel)}, so nothing was asked.`
      )
    case 'closed-unmerged':
      return (
        `pull request #${reason.number} was closed without being merged, so there is no change to document. ` +
        'A merged pull request starts a run.'
      )
    case 'skip-label':
      return (
        `pull request #${reason.number} carries the label ${JSON.stringify(reason.label)} (skip-label), ` +
        'which says it needs no docs, so no job is started. To document it after all, ask on the pull request or ' +
        'start a run by hand: a re-run of this workflow reads the same event, label and all.'
      )
    case 'companion-label':
      return (
        `pull request #${reason.number} carries the label ${JSON.stringify(COMPANION_LABEL)}: a companion ` +
        'docs pull request (mode: companion) was written with it, so no second job is started.'
      )
    case 'push-deleted':
      return `this push deleted ${reason.ref}, so there is no change to document.`
    case 'push-without-commits':
      return (
        `this push to ${reason.ref} carries no commits (a branch moved to a commit it already had), ` +
        'so there is no change to document. To run a prompt on it all the same, give "prompt" and set context: none.'
      )
    case 'release-action': {
      const what = reason.action !== undefined ? `"${reason.action}"` : 'without an action'
      return (
        `this release event is ${what}, and only a published or released release starts a run ` +
        '(a release is created, edited and published: running on each would do the work again).'
      )
    }
    case 'permission-check-failed':
      return (
        `could not check the repository permission of @${reason.login} ` +
        `(${reason.status ? `GitHub answered ${reason.status}` : reason.message}), and a failed check means no. ` +
        'Make sure the github-token can read collaborators (the default GITHUB_TOKEN can).'
      )
    case 'not-permitted':
      if (reason.role === undefined) {
        return `@${reason.login} is not a collaborator of this repository; required-permission is ${reason.required}.`
      }
      return reason.role === 'none'
        ? `@${reason.login} has no access to this repository; required-permission is ${reason.required}.`
        : `@${reason.login} has ${reason.role} permission on this repository; required-permission is ${reason.required}.`
    case 'permission-unchecked':
      return `no github-token was given, so the permission of @${reason.login} cannot be checked, and an unchecked person never triggers.`
    case 'nothing-asked': {
      // A merge, a push, a dispatch: nobody wrote a request, and what changed is context, not one.
      if (reason.phrase === undefined) {
        return (
          `there is nothing to ask the agent: the prompt input is empty, and a ${reason.eventName} event carries ` +
          'no request. Set prompt to what the agent should do, e.g. "Update the docs for the change below."'
        )
      }
      const standing = reason.standingPrompt
        ? 'and the prompt input holds standing instructions, sent with a request, never alone'
        : 'and the prompt input is empty'
      return (
        `there is nothing to ask the agent: no text follows "${reason.phrase}" ${standing}. ` +
        `Write the request after the phrase, e.g. "${reason.phrase} add a page about webhooks".`
      )
    }
    case 'companion-wrong-event':
      return (
        `mode: companion follows pull requests, and this is a ${reason.eventName || 'unnamed'} event. Run it on ` +
        'pull_request_target (or pull_request) events; a /docs comment goes to a step with mode: run.'
      )
    case 'companion-action':
      return (
        `this ${reason.eventName} event is "${reason.action}", and mode: companion answers opened, reopened, ` +
        'ready_for_review, synchronize, review_requested and closed.'
      )
    case 'companion-draft':
      return `pull request #${reason.number} is a draft: its companion docs start when it is marked ready for review.`
    case 'companion-no-author':
      return `pull request #${reason.number} has no author (a deleted account) to check.`
    case 'companion-fork':
      return (
        `pull request #${reason.number} comes from a fork, and GitHub runs pull_request workflows of forks ` +
        'without secrets and with a read-only token. Run mode: companion on pull_request_target (see ' +
        'examples/docs-companion.yml); the author must still have required-permission here.'
      )
    case 'companion-no-pusher':
      return `the push to pull request #${reason.number} names nobody who pushed it, to check.`
    case 'companion-queued':
      return (
        `the companion job of pull request #${reason.number} is queued on its progress comment (the agent API's ` +
        'hourly limit held its create back), and a reconcile run creates it: nothing is started or sent before.'
      )
    case 'companion-head-sent':
      return (
        `the companion job ${reason.jobId} of pull request #${reason.number} was sent its head ` +
        `${reason.head} already, so nothing is sent again.`
      )
    case 'companion-nothing-to-close':
      return `pull request #${reason.number} had no companion docs job, so there is no docs pull request to close.`
    case 'companion-merged-without-job':
      return (
        `pull request #${reason.number} was merged without a companion docs job; a per-merge docs run ` +
        '(examples/docs-on-merge.yml) documents it if the repository has one.'
      )
  }
}
