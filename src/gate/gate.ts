// The gate in front of strangers' comments: the event must carry new text with the command, from a
// person (or listed bot) with enough permission, asking for something.
import type { Settings } from '../settings/settings.js'
import type { GitHubApi } from '../github/api.js'
import type { RunContext } from '../event/run-context.js'
import { mayTrigger } from './permission.js'
import { withReviewLineComments } from '../event/review.js'
import { replyToSkip, type SkipCause } from './skip-reply.js'
import { readCommand, readTrigger, type Trigger } from '../event/trigger.js'

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
  | 'skipLabel'
  | 'triggerLabel'
>

export type GateResult =
  /** The trigger's `request` is what the person asked for; plan.ts adds it to the prompt input. */
  | { kind: 'pass'; trigger: Trigger }
  /** `reply`, when present, is written on the trigger's thread to tell the person why. */
  | { kind: 'skip'; reason: string; reply?: { trigger: Trigger; text: string } }

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
  // The markdown is read once, and only for a writer who may ask or who is answered: nobody else's
  // text costs the parse. The skip when the text gives no command; undefined once the request is in.
  const read = (): GateResult | undefined => {
    if (command === undefined) return undefined
    const request = readCommand(trigger, command)
    command = undefined
    if (request.kind === 'skip') return request
    trigger = request.trigger
    return undefined
  }
  const skip = (reason: string, cause: SkipCause): GateResult => {
    const text = trigger.author && replyToSkip(cause, trigger.author, settings.triggerPhrase)
    if (!text) return { kind: 'skip', reason }
    // A reply answers a command a reader sees, never a phrase in code or a quote.
    return read() ?? { kind: 'skip', reason, reply: { trigger, text } }
  }
  if (trigger.author) {
    const verdict = await mayTrigger(trigger.author, settings.requiredPermission, await github())
    if (!verdict.allowed) return skip(verdict.reason, verdict.cause)
  }
  const notACommand = read()
  if (notACommand) return notACommand
  // Read only for a person who may ask: "/docs" with the changes written on lines asks for something.
  trigger = await withReviewLineComments(trigger, settings.triggerPhrase, await github())
  // Without a request, a prompt input or a job to join there is nothing to start (both texts come trimmed).
  if (trigger.request === '' && settings.prompt === '' && settings.jobId === '') {
    return skip(nothingAsked(trigger, settings.triggerPhrase, context.eventName), 'nothing-asked')
  }
  return { kind: 'pass', trigger }
}

function nothingAsked(trigger: Trigger, phrase: string, eventName: string): string {
  // A merge, a push, a dispatch: nobody wrote a request, and what changed is context, not one.
  if (!trigger.author) {
    return (
      `Skipped: there is nothing to ask the agent: the prompt input is empty, and a ${eventName} event carries ` +
      'no request. Set prompt to what the agent should do, e.g. "Update the docs for the change below."'
    )
  }
  return (
    `Skipped: there is nothing to ask the agent: no text follows "${phrase}" and the prompt input is empty. ` +
    `Write the request after the phrase, e.g. "${phrase} add a page about webhooks".`
  )
}
