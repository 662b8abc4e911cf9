// The thread a run writes on: its progress comment, tied to this workflow step by a signed marker.
import { log } from '../base/log.js'
import type { Trigger } from '../event/trigger.js'
import { renderThreadComment } from '../report/render.js'
import type { Settings } from '../settings/settings.js'
import { markerSigner } from '../thread/marker.js'
import { Thread, type ThreadOptions } from '../thread/thread.js'
import { WorkingLabel } from '../thread/working-label.js'
import type { Session } from './session.js'

/** The thread to comment on, or undefined when the run does not comment (after a warning when it cannot). */
export async function openThread(
  settings: Settings,
  session: Session,
  trigger: Trigger,
  options: Pick<ThreadOptions, 'refusedReviewer' | 'companion'> = {}
): Promise<Thread | undefined> {
  const { context } = session
  if (!settings.comment || trigger.threadNumber === undefined) return undefined
  const unset = [
    ['GITHUB_RUN_ID', context.runId],
    ['GITHUB_JOB', context.workflowJob],
    ['GITHUB_ACTION', context.step]
  ].flatMap(([name, value]) => (value === '' ? [name] : []))
  if (unset.length > 0) {
    log.warning(
      `${unset.join(', ')} ${unset.length === 1 ? 'is' : 'are'} not set, so a progress comment could not be tied ` +
        'to this workflow step; not commenting.'
    )
    return undefined
  }
  const api = await session.github()
  if (!api) {
    log.warning(
      'No github-token was given, so the action cannot comment on the thread. Pass github-token or set comment: false.'
    )
    return undefined
  }
  const writer = { repository: `${context.owner}/${context.repo}`, ...markerSigner(context, settings) }
  const warn = (message: string): void => log.warning(message)
  const workingLabel = settings.workingLabel === '' ? undefined : new WorkingLabel(api, settings.workingLabel, warn)
  return new Thread(api, trigger.threadNumber, writer, trigger.commentId, warn, {
    ...(workingLabel && { workingLabel }),
    earlierAttempts: context.runAttempt > 1,
    ...options
  })
}

/** Tells the person on the thread why their command started nothing; the URL of the reply, if written. */
export async function replyOnThread(
  settings: Settings,
  session: Session,
  skip: { trigger: Trigger; text: string; reviewer?: string }
): Promise<string | undefined> {
  const thread = await openThread(settings, session, skip.trigger, {
    ...(skip.reviewer !== undefined && { refusedReviewer: skip.reviewer })
  })
  await thread?.write(undefined, (marker) => renderThreadComment(marker, skip.text))
  return thread?.url
}
