// A `/docs ...` request on a code pull request with a companion (mode run): the job gets it, so its
// `docs` check starts over on the pull request's head, pending until the job ends; the head is signed
// in the progress comment's marker (`check-head`), so that a reconcile run ends it as a waiting run would.
import { log } from '../base/log.js'
import { docsCheckWriter } from '../companion/docs-check.js'
import { checkOfResult, companionAt, docsStatus } from '../companion/docs-status.js'
import { hasCompanion } from '../event/labels.js'
import type { Trigger } from '../event/trigger.js'
import { AFTER_JOB_BUDGET_MS, describeGitHubError } from '../github/api.js'
import { isRecord } from '../github/records.js'
import type { JobPlan } from '../job/plan.js'
import { jobOf, type RunResult } from '../job/result.js'
import type { Session } from './session.js'

/** The head whose check this request settles: a request that reaches a job, on a pull request labelled as a companion's code. */
export async function checkHeadFor(session: Session, trigger: Trigger, plan: JobPlan): Promise<string | undefined> {
  const { threadNumber } = trigger
  if (!trigger.onPullRequest || threadNumber === undefined || plan.kind === 'join') return undefined
  const { payload } = session.context
  const thread = isRecord(payload) ? (payload.issue ?? payload.pull_request) : undefined
  if (!isRecord(thread) || !hasCompanion(thread.labels)) return undefined
  const api = await session.github()
  if (!api) return undefined
  try {
    return (await api.getPullRequest(threadNumber, api.limits())).headSha
  } catch (error) {
    log.warning(`Could not read #${threadNumber}'s head for its "docs" check: ${describeGitHubError(error)}`)
    return undefined
  }
}

/** Sets the check the request's result leaves on `head`: pending while the job works, its end once it ended. */
export async function settleDocsCheck(
  session: Session,
  head: string,
  result: RunResult,
  comment: string | undefined
): Promise<void> {
  const api = await session.github()
  const companion = companionAt(jobOf(result)?.prLink, session.context.serverUrl)
  const check = checkOfResult(result, companion)
  if (!api || !check) return
  const links = { companion: companion?.url, comment, run: session.context.runUrl }
  const notAfter = session.clock.now() + AFTER_JOB_BUDGET_MS
  await docsCheckWriter(api, log.warning).write(head, docsStatus(check, links), notAfter)
}
