// A request lost to someone who may not ask (issue 32, 3). GitHub keeps one waiting run per
// concurrency group and cancels the older waiting one, unanswered, when a newer one arrives: a run by
// an organisation member without access, a read-only collaborator or a triager who labels lands in
// the thread's group (author_association cannot tell them from a writer) and can take the place of a
// maintainer's waiting request. That run is then refused here; before it ends it answers the newest
// unanswered request on its thread by someone who may ask, as that request's own run would have.
// Answered means a comment of ours says so (a signed marker naming the request, or newer than it):
// a 👀 may be another app's or a user token's. A request over an hour old is left to its writer.
// Only a run in the thread's group looks: one in a group of its own could race that request's run.
import { messageOf } from '../base/error-message.js'
import { isPositiveInteger } from '../base/identifier.js'
import { log } from '../base/log.js'
import { commentsRead, type GitHubApi, type IssueComment } from '../github/api.js'
import { isRecord } from '../github/described.js'
import type { RunContext } from '../event/run-context.js'
import { claimsAccess } from '../event/text-events.js'
import { mayGiveCommand } from '../markdown/text.js'
import { type GateResult, type GateSettings, passGate } from './gate.js'
import { mayTrigger } from './permission.js'
import { markerSigner, readMarker } from '../thread/marker.js'

/** The newest comments read: a lost request is among the last ones before the refused run's event. */
const PAGES_READ = 2
/** Requests looked at, newest first, before giving up: a flood of one person's comments costs no more. */
const MOST_REQUESTS = 30
/** Writers whose permission is asked: each costs a call, so a crowd of strangers cannot make it many. */
const MOST_WRITERS = 5
/** A request older than this before the refused event is never answered: its writer has long asked again or moved on. */
const OLDEST_LOST_MS = 60 * 60 * 1000

/** The refused run's own event: its thread and its time, and who it was refused for. */
interface RefusedEvent {
  threadNumber: number
  onPullRequest: boolean
  /** Whether a thread comment was written before the event (only those had runs ahead of this one). */
  before: (comment: IssueComment) => boolean
  writer: string | undefined
  /** The event's time (epoch ms), when known: requests long before it are not looked at. */
  at: number | undefined
}

/**
 * The gate's pass for the lost request, and the run context of its comment, for the run to go on
 * with; undefined when this run is not in its thread's group or nothing was lost.
 */
export async function answerLostRequest(
  settings: GateSettings,
  context: RunContext,
  api: GitHubApi | undefined
): Promise<{ gate: Extract<GateResult, { kind: 'pass' }>; context: RunContext } | undefined> {
  const refused = api && refusedEvent(context, settings)
  if (!api || !refused) return undefined
  try {
    const comment = await newestLost(refused, settings, context, api)
    if (!comment) return undefined
    const lost = { ...context, eventName: 'issue_comment', payload: commentEvent(comment, refused) }
    const gate = await passGate(settings, lost, () => Promise.resolve(api))
    return gate.kind === 'pass' ? { gate, context: lost } : undefined
  } catch (error) {
    // The refusal stands either way; the request, if one was lost, is asked again by its writer.
    log.warning(
      `Could not look on #${refused.threadNumber} for a request this run took the place of: ${messageOf(error)}`
    )
    return undefined
  }
}

/**
 * The newest request before the event, by someone who may ask, that no run answered; undefined at
 * the first answered one (every request before it was answered, or taken over by a newer one).
 */
async function newestLost(
  refused: RefusedEvent,
  settings: GateSettings,
  context: RunContext,
  api: GitHubApi
): Promise<IssueComment | undefined> {
  const limits = api.limits()
  const pages = await api.listComments(refused.threadNumber, limits, { maxPages: PAGES_READ })
  const comments = commentsRead(pages)
  const answered = answeredBy(comments, refused.threadNumber, settings, context)
  const recent = (comment: IssueComment) =>
    refused.at !== undefined &&
    comment.createdAt !== undefined &&
    refused.at - Date.parse(comment.createdAt) <= OLDEST_LOST_MS
  const requests = comments
    .filter((comment) => refused.before(comment) && recent(comment))
    .filter((comment) => mayGiveCommand([comment.body], settings.triggerPhrase))
    .reverse()
    .slice(0, MOST_REQUESTS)
  // Who may ask, by login: the refused writer may not.
  const mayAsk = new Map<string, boolean>(refused.writer === undefined ? [] : [[refused.writer.toLowerCase(), false]])
  for (const comment of requests) {
    if (answered(comment)) return undefined
    const writer = comment.author
    if (writer === undefined || writer.endsWith('[bot]')) continue
    const key = writer.toLowerCase()
    if (!mayAsk.has(key)) {
      if (mayAsk.size > MOST_WRITERS) return undefined
      const author = { login: writer, isBot: false, claimsAccess: false }
      mayAsk.set(key, (await mayTrigger(author, settings.requiredPermission, api)).allowed)
    }
    if (mayAsk.get(key)) return comment
  }
  return undefined
}

/**
 * Whether a run of ours answered the comment: a marker that verifies for the thread names it as its
 * request, or is newer than it (our runs answer in order, so everything before our newest word was
 * seen). Reactions prove nothing: another app's, or a user token's, look the same.
 */
function answeredBy(
  comments: readonly IssueComment[],
  threadNumber: number,
  settings: GateSettings,
  context: RunContext
): (comment: IssueComment) => boolean {
  const { key } = markerSigner(context, settings)
  const place = { repository: `${context.owner}/${context.repo}`, threadNumber }
  const named = new Set<string>()
  let newest = 0
  for (const comment of comments) {
    const marker = readMarker(comment.body, key, { ...place, commentId: comment.id })
    // The gate's own reply to this run, just written, answers nothing.
    if (!marker || marker.kind === 'refused') continue
    if (marker.request !== undefined) named.add(marker.request)
    newest = Math.max(newest, comment.id)
  }
  return (comment) => comment.id < newest || named.has(comment.htmlUrl)
}

/** The event GitHub would have sent for the comment: the payload its own run read. */
function commentEvent(comment: IssueComment, refused: RefusedEvent): Record<string, unknown> {
  const user = { login: comment.author, type: 'User' }
  return {
    action: 'created',
    issue: { number: refused.threadNumber, ...(refused.onPullRequest && { pull_request: {} }) },
    comment: { id: comment.id, body: comment.body, user, author_association: 'NONE', html_url: comment.htmlUrl },
    sender: user
  }
}

/**
 * The run's event when the recipes put it in its thread's group (examples/comment-trigger.yml,
 * docs-on-label.yml): the trigger-label, or text by an owner, member or collaborator (by anyone with
 * required-permission read or triage).
 */
function refusedEvent(context: RunContext, settings: GateSettings): RefusedEvent | undefined {
  const payload = context.payload
  if (!isRecord(payload)) return undefined
  const { comment, review, issue, pull_request: pull, label, sender } = payload
  const thread = isRecord(issue) ? issue : isRecord(pull) ? pull : undefined
  const threadNumber = thread?.number
  if (!thread || !isPositiveInteger(threadNumber)) return undefined
  const onPullRequest = thread === pull || isRecord(thread.pull_request)
  const text = isRecord(comment) ? comment : isRecord(review) ? review : undefined
  const everyone = settings.requiredPermission === 'read' || settings.requiredPermission === 'triage'
  const labelled =
    payload.action === 'labeled' &&
    isRecord(label) &&
    typeof label.name === 'string' &&
    settings.triggerLabel !== '' &&
    label.name.toLowerCase() === settings.triggerLabel.toLowerCase()
  if (!labelled && !(text && (everyone || claimsAccess(text.author_association)))) {
    return undefined
  }
  const writer = text && isRecord(text.user) ? text.user.login : isRecord(sender) ? sender.login : undefined
  const at = labelled ? thread.updated_at : (text?.submitted_at ?? text?.created_at)
  const time = typeof at === 'string' && !Number.isNaN(Date.parse(at)) ? Date.parse(at) : undefined
  const base = { threadNumber, onPullRequest, writer: typeof writer === 'string' ? writer : undefined, at: time }
  // A thread comment's id tells its order exactly; other events have only their time.
  if (context.eventName === 'issue_comment' && text && isPositiveInteger(text.id)) {
    const id = text.id
    return { ...base, before: (candidate) => candidate.id < id }
  }
  if (time === undefined) return undefined
  return { ...base, before: (candidate) => candidate.createdAt !== undefined && Date.parse(candidate.createdAt) < time }
}
