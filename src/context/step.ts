// The run's context step: a plan that sends the agent something gets the context section after it
// (context: auto), read from GitHub for what the event is about. Failed reads are warnings.
import type { GitHubApi } from '../github/api.js'
import type { RunContext } from '../event/run-context.js'
import { log } from '../base/log.js'
import type { StartedBy } from '../job/result.js'
import { type JobPlan, withContext } from '../job/plan.js'
import type { Settings } from '../settings/settings.js'
import { readContext } from './read.js'
import { renderContextSection } from './section.js'
import { describeSource } from './source.js'

/** The plan with the context after its prompt, and what the thread's last words depend on. */
export async function addEventContext(
  plan: JobPlan,
  settings: Pick<Settings, 'context' | 'contextLimit' | 'issueNumber'>,
  run: Pick<RunContext, 'eventName' | 'payload' | 'owner' | 'repo'>,
  github: () => Promise<GitHubApi | undefined>
): Promise<{ plan: JobPlan; startedBy: StartedBy }> {
  const source = describeSource({ eventName: run.eventName, payload: run.payload, issueNumber: settings.issueNumber })
  const startedBy = source?.kind === 'pull' ? { mergedPullRequest: source.pull.number } : {}
  if (plan.kind === 'join' || settings.context === 'none' || source === undefined) return { plan, startedBy }
  // A follow-up on a thread goes to the job that thread started, which got the thread's title and
  // body with its first request (on the agent's own pull request, the job wrote them).
  if (source.kind === 'thread' && plan.kind === 'message' && plan.fromThread) return { plan, startedBy }
  const { facts, warnings } = await readContext(
    source,
    `${run.owner}/${run.repo}`,
    await github(),
    settings.contextLimit
  )
  for (const warning of warnings) log.warning(warning)
  return { plan: withContext(plan, renderContextSection(facts, settings.contextLimit)), startedBy }
}
