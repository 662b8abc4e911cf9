// The gate in front of strangers' comments: the event must carry new text with the command, from a
// person (or listed bot) with enough permission, asking for something.
import type { Settings } from '../settings/settings.js'
import type { GitHubApi } from '../github/api.js'
import type { RunContext } from '../event/run-context.js'
import { mayTrigger, type Verdict } from './permission.js'
import { withReviewLineComments } from '../event/review.js'
import { replyToSkip, type SkipCause } from './skip-reply.js'
import { readCommand, readTrigger, type Trigger } from '../event/trigger.js'
import type { SkipReason } from '../event/skip-reason.js'
import { markerSigner } from '../thread/marker.js'
import { isUnansweredReviewer } from './requested-reviewer.js'

/** The inputs the gate reads. */
export type GateSettings = Pick<
  Settings,
  | 'triggerPhrase'
  | 'issueNumber'
  | 'allowedBots'
  | 'requiredPermission'
  | 'prompt'
  | 'jobId'
  | 'context'
  | 'apiKey'
  | 'projectId'
  | 'skipLabel'
  | 'triggerLabel'
>

export type GateResult =
  /** The trigger's `request` is what the person asked for; plan.ts adds it to the prompt input. */
  | { kind: 'pass'; trigger: Trigger }
  /**
   * `reply`, when present, is written on the trigger's thread to tell the person why; `reviewer`
   * when it answers a requested reviewer, whose name its marker signs so that they are told once.
   */
  | {
      kind: 'skip'
      reason: SkipReason
      reply?: { trigger: Trigger; text: string; reviewer?: string }
      /** The writer may not ask: their run may have taken a waiting request's place (lost-request.ts). */
      refused?: true
    }

type Skip = Extract<GateResult, { kind: 'skip' }>

export async function passGate(
  settings: GateSettings,
  context: RunContext,
  github: () => Promise<GitHubApi | undefined>
): Promise<GateResult> {
  const decision = readTrigger({
    eventName: context.eventName,
    payload: context.payload,
    triggerPhrase: settings.triggerPhrase,
    issueNumber: settings.issueNumber,
    allowedBots: settings.allowedBots,
    promptAlone: settings.prompt !== '' && settings.context === 'none',
    skipLabel: settings.skipLabel,
    triggerLabel: settings.triggerLabel
  })
  if (decision.kind === 'skip') return decision
  let { trigger, command } = decision
  // A comment, review or line comment: a request of its own is what it must carry.
  const written = command !== undefined
  // The markdown is read once, and only for a writer who may ask or who is answered: nobody else's
  // text costs the parse. The skip when the text gives no command; undefined once the request is in.
  const read = (): Skip | undefined => {
    if (command === undefined) return undefined
    const request = readCommand(trigger, command)
    command = undefined
    if (request.kind === 'skip') return request
    trigger = request.trigger
    return undefined
  }
  const skip = (reason: SkipReason, cause: SkipCause): Skip => {
    const text = trigger.author && replyToSkip(cause, trigger.author, settings.triggerPhrase)
    if (!text) return { kind: 'skip', reason }
    // A reply answers a command a reader sees, never a phrase in code or a quote.
    const reviewer = typeof cause === 'object' && trigger.author ? { reviewer: trigger.author.login } : {}
    return read() ?? { kind: 'skip', reason, reply: { trigger, text, ...reviewer } }
  }
  if (trigger.author) {
    const api = await github()
    const verdict = await mayTrigger(trigger.author, settings.requiredPermission, api)
    if (!verdict.allowed) {
      const cause = await refusalCause(verdict, trigger, settings, context, api)
      return { ...skip(verdict.reason, cause), refused: true }
    }
  }
  const notACommand = read()
  if (notACommand) return notACommand
  // Read only for a person who may ask: "/docs" with the changes written on lines asks for something.
  trigger = await withReviewLineComments(trigger, settings.triggerPhrase, await github())
  // Without a request, a prompt input or a job to join there is nothing to start (both texts come
  // trimmed). A written command without a request asks nothing whatever the prompt input says: that
  // holds standing instructions, sent with a request and never as one.
  if (trigger.request === '' && settings.jobId === '' && (written || settings.prompt === '')) {
    return skip(nothingAsked(trigger, settings.triggerPhrase, context.eventName, settings.prompt), 'nothing-asked')
  }
  return { kind: 'pass', trigger }
}

/**
 * Why the person may not ask, as the reply sees it: a requested reviewer not told before is answered.
 * Only on a pull request can the action have asked them to review, so nothing else is read for it.
 */
async function refusalCause(
  verdict: Exclude<Verdict, { allowed: true }>,
  trigger: Trigger,
  settings: GateSettings,
  context: RunContext,
  github: GitHubApi | undefined
): Promise<SkipCause> {
  const { author, threadNumber } = trigger
  if (verdict.cause !== 'not-permitted' || !trigger.onPullRequest || !github || !author || !threadNumber) {
    return verdict.cause
  }
  const place = { repository: `${context.owner}/${context.repo}`, threadNumber }
  const { key } = markerSigner(context, settings)
  if (!(await isUnansweredReviewer(author.login, place, key, github))) return verdict.cause
  return { requestedReviewer: { role: verdict.role, required: settings.requiredPermission } }
}

function nothingAsked(trigger: Trigger, phrase: string, eventName: string, prompt: string): SkipReason {
  // A merge, a push, a dispatch: nobody wrote a request, and what changed is context, not one.
  return {
    kind: 'nothing-asked',
    eventName,
    phrase: trigger.author ? phrase : undefined,
    standingPrompt: prompt !== ''
  }
}
