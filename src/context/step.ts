// The run's context step: a plan that sends the agent something gets the context section after it
// (context: auto), read from GitHub for what the event is about. Failed reads are warnings.
import type { GitHubApi } from '../github/api.js'
import { log } from '../log.js'
import { type JobPlan, withContext } from '../plan.js'
import type { Settings } from '../settings.js'
import { readContext } from './read.js'
import { renderContextSection } from './section.js'
import type { ContextSource } from './source.js'

export async function addEventContext(
  plan: JobPlan,
  source: ContextSource | undefined,
  settings: Pick<Settings, 'context' | 'contextLimit'>,
  repository: string,
  github: () => Promise<GitHubApi | undefined>
): Promise<JobPlan> {
  if (plan.kind === 'join' || settings.context === 'none' || source === undefined) return plan
  const { facts, warnings } = await readContext(source, repository, await github())
  for (const warning of warnings) log.warning(warning)
  return withContext(plan, renderContextSection(facts, settings.contextLimit))
}
