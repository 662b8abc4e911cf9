// A `/docs ...` request on a code pull request with a companion (mode run): the job gets it, so its
// `docs` check starts over on the head the job last got, pending until the job ends; the head is signed
// in the progress comment's marker (`check-head`), so that a reconcile run ends it as a waiting run would.
import { log } from '../base/log.js'
import { docsCheckWriter } from '../companion/docs-check.js'
import { checkOfResult, companionAt } from '../companion/docs-status.js'
import { hasCompanion } from '../event/labels.js'
import type { Trigger } from '../event/trigger.js'
import { AFTER_JOB_BUDGET_MS } from '../github/api.js'
import type { Thread } from '../thread/thread.js'
import { isRecord } from '../github/records.js'
import type { JobPlan } from '../job/plan.js'
import { jobOf, type RunResult } from '../job/result.js'
import type { Session } from './session.js'

/**
 * The head whose check this request settles: a request that reaches a job, on a pull request labelled
 * as a companion's code, settles the head that job last got (the companion comment's), never a newer
 * head not sent to it (one a reader pushed), which keeps its own pending check.
 */
export function checkHeadFor(session: Session, trigger: Trigger, plan: JobPlan, thread: Thread): string | undefined {
  if (!trigger.onPullRequest || trigger.threadNumber === undefined || plan.kind === 'join') return undefined
  const { payload } = session.context
  const pull = isRecord(payload) ? (payload.issue ?? payload.pull_request) : undefined
  if (!isRecord(pull) || !hasCompanion(pull.labels)) return undefined
  const head = thread.companionHead
  if (head === undefined) {
    log.warning(
      `#${trigger.threadNumber}'s companion progress comment was not read, and it names the head its job last ` +
        'got: its "docs" check is left as it is; the next push or `/docs` sets it.'
    )
  }
  return head
}

/** Sets the check the request's result leaves on `head` of pull request `number`: pending while the job works, its end once it ended. */
export async function settleDocsCheck(
  session: Session,
  head: { number: number; sha: string },
  result: RunResult,
  comment: string | undefined
): Promise<void> {
  const api = await session.github()
  const companion = companionAt(jobOf(result)?.prLink, session.context.serverUrl)
  const check = checkOfResult(result, companion)
  if (!api || !check) return
  const links = { companion: companion?.url, comment, run: session.context.runUrl }
  const notAfter = session.clock.now() + AFTER_JOB_BUDGET_MS
  await docsCheckWriter(api, log.warning).writeCheck(head, check, links, notAfter)
}
