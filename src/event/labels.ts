// The labels that steer the action: the skip-label a person puts on opts a merged pull request out of
// docs (its own job and any digest), the trigger-label asks for docs, and the companion label, put on
// by mode companion once it started a pull request's companion job, keeps the per-merge run and the
// digest from starting a second job for it.
import { sameLabel } from '../base/label-name.js'
import type { Settings } from '../settings/settings.js'
import { isRecord } from '../github/records.js'

/**
 * Whether a pull request's labels, as a payload or the REST API lists them (objects with a `name`,
 * or plain names), include the skip-label; never when skip-label is empty (off).
 */
export function carriesSkipLabel(labels: unknown, settings: Pick<Settings, 'skipLabel'>): boolean {
  return settings.skipLabel !== '' && carries(labels, settings.skipLabel)
}

/** The label on a code pull request whose docs a companion job writes (mode companion). */
export const COMPANION_LABEL = 'docs-agent: companion'

/**
 * Whether a pull request has a companion docs job: the one rule by which the per-merge run and the
 * digest leave it out. A label, as payloads and listings carry it, so that neither reads a thread:
 * like the skip-label, whoever can label a pull request can take its docs out of those runs.
 */
export function hasCompanion(labels: unknown): boolean {
  return carries(labels, COMPANION_LABEL)
}

function carries(labels: unknown, wanted: string): boolean {
  if (!Array.isArray(labels)) return false
  return labels.some((label: unknown) => {
    const name = isRecord(label) ? label.name : label
    return typeof name === 'string' && sameLabel(name, wanted)
  })
}
