// A label put on an issue or pull request: the trigger-label asks for docs, with the issue's own
// title and body as the request and the person who put the label on as the one who asks (checked by
// the gate as a commenter is). Any other label, the action's own among them, asks for nothing.
import { isBot, unlistedBot } from './bots.js'
import { sameLabel } from '../base/label-name.js'
import { cleanLine } from '../markdown/text.js'
import { described, isString, optional, type Schemas } from '../github/described.js'
import { isPerson, isRecord, isTitled } from '../github/records.js'
import type { TriggerDecision } from './trigger-decision.js'

interface LabelledItem {
  key: 'issue' | 'pull_request'
  noun: string
}

const LABELLED_ITEMS: ReadonlyMap<string, LabelledItem> = new Map([
  ['issues', { key: 'issue', noun: 'issue' }],
  ['pull_request', { key: 'pull_request', noun: 'pull request' }],
  ['pull_request_target', { key: 'pull_request', noun: 'pull request' }]
])

const isLabelEvent = described<Schemas['webhook-issues-labeled' | 'webhook-pull-request-labeled']>()({
  label: optional(described<NonNullable<Schemas['webhook-issues-labeled']['label']>>()({ name: isString })),
  sender: isPerson
})

/** The decision for a label put on an issue or pull request; undefined for any other event or action. */
export function readLabelEvent(
  eventName: string,
  payload: unknown,
  triggerLabel: string,
  allowedBots: string[] | '*'
): TriggerDecision | undefined {
  const item = LABELLED_ITEMS.get(eventName)
  if (item === undefined || !isRecord(payload) || payload.action !== 'labeled') return undefined
  const { noun } = item
  if (triggerLabel === '') {
    return skip(
      `Skipped: a label was put on this ${noun}, and trigger-label is not set, so no label asks for docs. ` +
        'Set trigger-label to the label that should.'
    )
  }
  const labelled = payload[item.key]
  if (!isLabelEvent(payload) || payload.label === undefined || !isTitled(labelled)) {
    return skip(
      `Skipped: the ${eventName} event payload lacks the label, the ${noun}'s number or title, or its sender, ` +
        'so there is nothing to check.'
    )
  }
  const { label, sender } = payload
  // The working-label and pr-labels the action puts on itself are other labels (settings sees to it).
  if (!sameLabel(label.name, triggerLabel)) {
    return skip(
      `Skipped: the label ${JSON.stringify(cleanLine(label.name))} was put on this ${noun}, not the trigger-label ` +
        `${JSON.stringify(triggerLabel)}, so nothing was asked.`
    )
  }
  const bot = unlistedBot([{ person: sender, act: `put the label on ${noun} #${labelled.number}` }], allowedBots)
  if (bot !== undefined) return skip(bot)
  return {
    kind: 'run',
    trigger: {
      request: '',
      threadNumber: labelled.number,
      // The payload says nothing of the sender's membership: a failed check is not answered (skip-reply.ts).
      author: { login: sender.login, isBot: isBot(sender), claimsAccess: false },
      requester: sender.login,
      reactionTarget: { kind: 'issue', issueNumber: labelled.number },
      ...(labelled.html_url && { url: labelled.html_url }),
      ...(item.key === 'pull_request' && { onPullRequest: true as const })
    },
    command: { parts: [labelled.title, labelled.body ?? ''], phrase: '', noun, whole: true }
  }
}

function skip(reason: string): TriggerDecision {
  return { kind: 'skip', reason }
}
