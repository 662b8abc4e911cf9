// The words of the thread's comment for a run: the progress comment, or the docs-PR comment when the
// thread is the agent's pull request; and what its marker signs besides the job, so that a
// reconcile run that ends the comment writes what this run would have.
import { renderDocsPullRequestComment, type RequestPlace } from './docs-pr-comment.js'
import { type NoteName, NOTES } from './notes.js'
import type { StartedBy } from '../job/result.js'
import { renderProgressComment, type RunProgressState } from './render.js'
import type { Settings } from '../settings/settings.js'
import { reviewersFor } from '../settings/github-name-inputs.js'
import type { RunContext } from '../event/run-context.js'
import type { RunDecisions } from '../thread/marker.js'
import type { Thread } from '../thread/thread.js'
import type { Trigger } from '../event/trigger.js'

/** What the run is: its settings, where it runs and what triggered it. */
export interface RunSetup {
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
  { settings, context, trigger }: RunSetup,
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
export function endingToSign(
  threadNumber: number,
  startedBy: StartedBy,
  note: NoteName | undefined
): Pick<RunDecisions, 'startedBy' | 'note'> {
  return {
    ...(startedBy.mergedPullRequest === threadNumber && { startedBy: 'merged-pr' as const }),
    ...(note && { note })
  }
}

/**
 * What the thread's last words and the steps on the agent's pull request depend on besides the job,
 * as its markers sign them, so that a reconcile run does what this run would have without repeating
 * its inputs: how its comment ends, where and by whom the request was made, and this run's trigger
 * phrase, reviewers and labels.
 */
export function runDecisions(
  threadNumber: number,
  { settings, context, trigger }: RunSetup,
  startedBy: StartedBy,
  note: NoteName | undefined
): RunDecisions {
  const request = requestPlace(trigger, context)
  return {
    ...endingToSign(threadNumber, startedBy, note),
    request: request.url,
    ...(request.requester && { requester: request.requester }),
    phrase: settings.triggerPhrase,
    reviewers: reviewersFor(settings.prReviewers, request.requester),
    labels: settings.prLabels
  }
}

/** Where the request was made: the triggering text's page, or this workflow run. */
export function requestPlace(trigger: Trigger, context: RunContext): RequestPlace {
  const place: RequestPlace = { url: trigger.url ?? context.runUrl }
  if (trigger.requester) place.requester = trigger.requester
  return place
}
