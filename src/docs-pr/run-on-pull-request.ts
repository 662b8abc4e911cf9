// Where this run's words go when a pull request of the agent is involved: on that pull request the
// thread's comment is its docs-PR comment, and a job that ends with a pull request on this GitHub
// gets the docs-PR steps there (docs-pr.ts).
import { renderDocsPullRequestComment, type RequestPlace } from './docs-pr-comment.js'
import { companionNote, type NoteName, NOTES } from '../report/notes.js'
import { type Occasion, type RunResult } from '../job/result.js'
import type { PullRequestRef } from '../github/pull-request-link.js'
import { renderProgressComment, type RunProgressState } from '../report/render.js'
import type { Settings } from '../settings/settings.js'
import type { RunContext } from '../event/run-context.js'
import { type DocsPullRequestDeps, reviewersFor, updateDocsPullRequest } from './docs-pr.js'
import { markerSigner, type ProgressMarker, type SignedFacts } from '../thread/marker.js'
import type { Thread } from '../thread/thread.js'
import type { Trigger } from '../event/trigger.js'

/** What the run is: its settings, where it runs and what triggered it. */
export interface RunFacts {
  settings: Settings
  context: RunContext
  trigger: Trigger
}

/**
 * The body of the thread's comment in each state: the docs-PR comment when the thread is the agent's
 * pull request (readEarlier found its comment), else the progress comment with an optional note.
 */
export function threadComment(
  thread: Thread | undefined,
  { settings, context, trigger }: RunFacts,
  note: NoteName | undefined
): (state: RunProgressState) => (marker: string) => string {
  const request = requestPlace(trigger, context)
  return (state) => (marker) => {
    const docs = thread?.docsComment
    if (!docs) return renderProgressComment(marker, state, context.runUrl, note && NOTES[note], trigger.url)
    const facts = {
      pullRequest: { repository: `${context.owner}/${context.repo}`, number: thread.issueNumber },
      origin: docs.origin,
      request,
      triggerPhrase: settings.triggerPhrase,
      runUrl: context.runUrl
    }
    return renderDocsPullRequestComment(marker, facts, state)
  }
}

/** What the thread's last words depend on besides the job, as its markers sign them for a reconcile run. */
export function textFacts(
  threadNumber: number,
  occasion: Occasion,
  note: NoteName | undefined
): Pick<SignedFacts, 'occasion' | 'note'> {
  return {
    ...(occasion.mergedPullRequest === threadNumber && { occasion: 'merged-pr' as const }),
    ...(note && { note })
  }
}

/**
 * What the thread's last words and the steps on the agent's pull request depend on besides the job,
 * as its markers sign them, so that a reconcile run does what this run would have without repeating
 * its inputs: the words' facts, where and by whom the request was made, and this run's trigger
 * phrase, reviewers and labels.
 */
export function signedFacts(
  threadNumber: number,
  { settings, context, trigger }: RunFacts,
  occasion: Occasion,
  note: NoteName | undefined
): SignedFacts {
  const request = requestPlace(trigger, context)
  return {
    ...textFacts(threadNumber, occasion, note),
    request: request.url,
    ...(request.requester && { requester: request.requester }),
    phrase: settings.triggerPhrase,
    reviewers: reviewersFor(settings.prReviewers, request.requester),
    labels: settings.prLabels
  }
}

/**
 * The occasion and note a reconcile run tells a comment's end with: those its marker signs, so that
 * it writes the text the waiting run would have.
 */
export function factsOf(marker: ProgressMarker): { occasion?: Occasion; note?: string } {
  return {
    ...(marker.occasion === 'merged-pr' && { occasion: { mergedPullRequest: marker.threadNumber } }),
    ...(marker.note && { note: noteOf(marker.note, marker.companion?.head) })
  }
}

/** A note's words; the companion note names the head its comment's marker signs. */
export function noteOf(note: NoteName, companionHead?: string): string {
  return note === 'companion' && companionHead !== undefined ? companionNote(companionHead) : NOTES[note]
}

/** The docs-PR steps once the job has ended `completed` with a pull request on this GitHub host. */
export async function finishOnPullRequest(
  result: RunResult,
  pullRequest: PullRequestRef | undefined,
  thread: Thread | undefined,
  { settings, context, trigger }: RunFacts,
  deps: DocsPullRequestDeps & { notAfter: number }
): Promise<void> {
  if (result.kind !== 'finished' || result.job.status !== 'completed' || !pullRequest) return
  // When the thread is that pull request, its comment already is the docs-PR comment.
  const here = `${context.owner}/${context.repo}`.toLowerCase()
  const held =
    thread?.docsComment !== undefined &&
    thread.issueNumber === pullRequest.number &&
    pullRequest.repository.toLowerCase() === here
  await updateDocsPullRequest(
    {
      pullRequest,
      job: result.job,
      request: requestPlace(trigger, context),
      settings: { ...settings, comment: settings.comment && !held },
      runUrl: context.runUrl,
      signer: markerSigner(context, settings),
      notAfter: deps.notAfter
    },
    deps
  )
}

/** Where the request was made: the triggering text's page, or this workflow run. */
function requestPlace(trigger: Trigger, context: RunContext): RequestPlace {
  const place: RequestPlace = { url: trigger.url ?? context.runUrl }
  if (trigger.requester) place.requester = trigger.requester
  return place
}
