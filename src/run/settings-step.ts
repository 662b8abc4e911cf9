// The run's first step: the API key masked, then every input parsed once.
import * as core from '@actions/core'
import { redactKey } from '../agent/redact.js'
import { messageOf } from '../base/error-message.js'
import { log } from '../base/log.js'
import { renderSettingsErrorSummary } from '../report/render.js'
import { writeSummary } from '../report/report.js'
import { parseSettings, type Settings } from '../settings/settings.js'

/** The settings, or undefined once an invalid input has failed the step (log and summary). */
export async function readSettings(): Promise<Settings | undefined> {
  // Masked before anything else can print it, even when the rest of the settings are invalid.
  const apiKey = core.getInput('api-key')
  if (apiKey !== '') core.setSecret(apiKey)
  // The runner masks only the whole key; the log itself takes out its pieces and other forms, with
  // whatever was given as the key, even when the settings go on to refuse it.
  log.useRedaction((text) => redactKey(text, apiKey))
  try {
    const { settings, warnings } = parseSettings((name) => core.getInput(name, { trimWhitespace: false }))
    for (const warning of warnings) log.warning(warning)
    return settings
  } catch (error) {
    const message = messageOf(error)
    log.fail(message)
    // The summary does not rely on the runner's masking: an error that quotes another input holding
    // the key by mistake (a pasted base-url, say) must not publish it.
    await writeSummary(renderSettingsErrorSummary(redactKey(message, apiKey)), apiKey)
    return undefined
  }
}
