// The two labels a person puts on to steer the action: the skip-label opts a merged pull request out
// of docs (its own job and any digest), the trigger-label asks for docs.
import { sameLabel } from '../base/label-name.js'
import type { Settings } from '../settings/settings.js'
import { isRecord } from '../github/records.js'

/**
 * Whether a pull request's labels, as a payload or the REST API lists them (objects with a `name`,
 * or plain names), include the skip-label; never when skip-label is empty (off).
 */
export function carriesSkipLabel(labels: unknown, settings: Pick<Settings, 'skipLabel'>): boolean {
  if (settings.skipLabel === '' || !Array.isArray(labels)) return false
  return labels.some((label: unknown) => {
    const name = isRecord(label) ? label.name : label
    return typeof name === 'string' && sameLabel(name, settings.skipLabel)
  })
}
