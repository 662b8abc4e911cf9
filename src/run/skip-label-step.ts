// The skip-label is only read (a person puts it on a pull request to leave it out of the docs), so a
// repository would otherwise have to create it by hand before anyone can pick it. A run that reads it
// (a digest, a merged pull request's) makes it when the repository lacks it: one call, which GitHub
// answers 422 once the label exists. Whatever GitHub answers, the run's result is unaffected.
import { log } from '../base/log.js'
import { describeGitHubError } from '../github/calls.js'
import type { GitHubApi } from '../github/api.js'
import { carriesSkipLabel } from '../event/labels.js'
import type { RunContext } from '../event/run-context.js'
import type { Settings } from '../settings/settings.js'

/** What people read beside the label in the repository's label list. */
export const SKIP_LABEL_DESCRIPTION = 'docs-agent-action: leave this pull request out of the docs'

/**
 * Whether this run reads the skip-label where the repository may lack it: a digest, or a run on a
 * pull request's event (its merge) that does not carry it (one that does shows it exists).
 */
export function readsSkipLabel(settings: Pick<Settings, 'mode' | 'skipLabel'>, context: RunContext): boolean {
  if (settings.skipLabel === '') return false
  if (settings.mode === 'digest') return true
  const pull = (context.payload as { pull_request?: { labels?: unknown } } | null)?.pull_request
  return (
    settings.mode === 'run' && context.eventName.startsWith('pull_request') && !carriesSkipLabel(pull?.labels, settings)
  )
}

export async function makeSkipLabel(label: string, api: Pick<GitHubApi, 'createLabel' | 'limits'>): Promise<void> {
  try {
    if (await api.createLabel(label, SKIP_LABEL_DESCRIPTION, api.limits()))
      log.info(`Created the label "${label}" (skip-label): put it on a pull request to leave it out of the docs.`)
  } catch (error) {
    log.info(`The label "${label}" (skip-label) could not be created: ${describeGitHubError(error)}`)
  }
}
