// The gate's text checks: from the event that started the workflow to a request, or a reason to skip.
// Who may trigger is decided later by the collaborator-permission API (I/O code), never here and
// never by the payload's author_association.

import { isBot, unlistedBot } from './bots.js'
import type { Command, Trigger, TriggerDecision } from './trigger-decision.js'
import { readChangeEvent } from './change-events.js'
import { withLineComment } from './line-comment.js'
import { READ_LIMIT } from '../markdown/commonmark.js'
import { isProgressComment } from '../thread/marker.js'
import { isRecord, senderOf } from '../github/records.js'
import { TEXT_EVENTS } from './text-events.js'
import { findRequest, mayGiveCommand, wholeRequest } from '../markdown/text.js'
import { attributedRequest, readLabelEvent } from './label-events.js'
import type { SkipReason } from './skip-reason.js'

export type { Author, Command, Trigger, TriggerDecision } from './trigger-decision.js'

export interface TriggerInput {
  eventName: string
  /** The parsed GITHUB_EVENT_PATH JSON; {} when there is none. */
  payload: unknown
  triggerPhrase: string
  issueNumber?: number
  allowedBots: string[] | '*'
  /** The step gives its own prompt and no context: any event that passes the gate runs it. */
  promptAlone?: boolean
  /** A merged pull request with this label starts nothing; '' or absent when off. */
  skipLabel?: string
  /** Adding this label to an issue or pull request asks for docs; '' or absent when off. */
  triggerLabel?: string
}

/**
 * Events only people with write access (or the repository's own schedule) can cause: the
 * workflow's `on:` is the gate. Anything else with text or a sender from outside (discussion
 * comments, reviews, workflow_run from forks) is refused rather than run without a check.
 */
const UNGATED_EVENTS: ReadonlySet<string> = new Set([
  'workflow_dispatch',
  'push',
  'schedule',
  'release',
  'repository_dispatch',
  'merge_group'
])

function skip(reason: SkipReason): TriggerDecision {
  return { kind: 'skip', reason }
}

/**
 * A dispatch (from a workflow, an app or a person) or a merge group is its sender's act, and a bot
 * sender must be listed as for any event; a schedule is the repository's own and has nobody to ask about.
 */
function ungated(eventName: string, payload: unknown, input: TriggerInput): TriggerDecision {
  const sender = eventName === 'schedule' ? undefined : senderOf(payload)
  const bot = unlistedBot([{ person: sender, act: { did: 'sent-event', eventName } }], input.allowedBots)
  if (bot !== undefined) return skip(bot)
  return { kind: 'run', trigger: { request: '', threadNumber: input.issueNumber } }
}

export function readTrigger(input: TriggerInput): TriggerDecision {
  const { eventName, payload, issueNumber } = input
  const change = readChangeEvent(
    eventName,
    payload,
    input.allowedBots,
    issueNumber,
    input.promptAlone === true,
    input.skipLabel
  )
  if (change !== undefined) return change
  const labelled = readLabelEvent(eventName, payload, input.triggerLabel ?? '', input.allowedBots)
  if (labelled !== undefined) return labelled
  const textEvent = TEXT_EVENTS.get(eventName)
  if (textEvent === undefined) {
    // No text to match and nobody to check: only events that a stranger cannot cause run ungated.
    if (UNGATED_EVENTS.has(eventName)) return ungated(eventName, payload, input)
    return skip({ kind: 'unchecked-event', eventName, checked: [...TEXT_EVENTS.keys()], ungated: [...UNGATED_EVENTS] })
  }

  const action = isRecord(payload) ? payload.action : undefined
  if (action !== textEvent.newAction) {
    return skip({ kind: 'not-new-text', eventName, action: typeof action === 'string' ? action : undefined })
  }
  const written = textEvent.read(payload)
  if (written === undefined) {
    return skip({ kind: 'incomplete-payload', eventName, of: 'text', noun: textEvent.noun })
  }
  if (isProgressComment(written.rawBody)) {
    return skip({ kind: 'own-comment', noun: textEvent.noun })
  }
  const bot = unlistedBot(
    [
      { person: written.author, act: { did: 'wrote', noun: textEvent.noun } },
      { person: written.sender, act: { did: 'sent-event' } }
    ],
    input.allowedBots
  )
  if (bot !== undefined) return skip(bot)

  const phrase = input.triggerPhrase.trim()
  const command: Command = { parts: written.parts, phrase, noun: textEvent.noun }
  if (written.lineComment) command.lineComment = written.lineComment
  if (phrase !== '' && !mayGiveCommand(written.parts, phrase)) return notACommand(command)
  const trigger: Trigger = {
    request: '',
    threadNumber: written.threadNumber,
    author: { login: written.author.login, isBot: isBot(written.author), claimsAccess: written.authorClaimsAccess },
    requester: written.author.login
  }
  if (written.reactionTarget) trigger.reactionTarget = written.reactionTarget
  if (written.commentId !== undefined) trigger.commentId = written.commentId
  if (written.url !== undefined) trigger.url = written.url
  if (written.onPullRequest) trigger.onPullRequest = true
  if (written.reviewId !== undefined) trigger.reviewId = written.reviewId
  return phrase === '' ? { kind: 'run', trigger } : { kind: 'run', trigger, command }
}

/** The trigger with the request its command gives, or the skip when no line a reader sees gives it. */
export function readCommand(trigger: Trigger, command: Command): TriggerDecision {
  if (command.whole) {
    const text = wholeRequest(command.parts)
    const request = command.writtenBy && text !== '' ? attributedRequest(text, command.writtenBy) : text
    if (request !== '') return { kind: 'run', trigger: { ...trigger, request } }
    return skip({ kind: 'no-visible-text', noun: command.noun })
  }
  const found = findRequest(command.parts, command.phrase)
  if (found === undefined) {
    const long = command.parts.some((part) => part.length > READ_LIMIT)
    return notACommand(command, long ? READ_LIMIT : undefined)
  }
  // "Make this shorter" on a line of the diff needs the line: the agent is told where it was written.
  const request = command.lineComment && found !== '' ? withLineComment(found, command.lineComment) : found
  return { kind: 'run', trigger: { ...trigger, request } }
}

/** `readLimit` when only the first characters of a long text were read. */
function notACommand({ noun, phrase }: Command, readLimit?: number): TriggerDecision {
  return skip({ kind: 'not-a-command', noun, phrase, ...(readLimit !== undefined && { readLimit }) })
}
