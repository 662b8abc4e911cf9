// The step's log. The runner reads stdout line by line (a line ends at \r, \n or \r\n) and runs a
// line as a workflow command when it starts with `::name` (`::set-output`, `::add-mask`,
// `::stop-commands`...) or when it contains `##[name` anywhere (the older form). @actions/core
// escapes the text of the commands it writes itself (::error:: and the like) but prints core.info
// text as it is, so a job status of "\n::set-output name=x::y" would be obeyed. Every message goes
// through escapeLogText here instead: one line, not starting with `::`, with no `##[`. The lint rule on core's log calls
// keeps this module the only way to the log.
import * as core from '@actions/core'

// Line breaks the runner splits on, the other controls but tab, and the Unicode line and paragraph
// separators that a log viewer may still break a line at.
const UNPRINTABLE = /(?!\t)[\p{Cc}\u2028\u2029]/gu
const NAMED: Record<string, string> = { '\n': '\\n', '\r': '\\r' }

/** `text` as one log line that the runner cannot take for a workflow command; escapes stay visible. */
export function escapeLogText(text: string): string {
  return text
    .replace(UNPRINTABLE, (char) => NAMED[char] ?? `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`)
    .replace(/##\[/g, '##\\[')
    .replace(/^(\s*)::/u, '$1\\::')
}

// Every warning of the run, kept for the job summary (report.ts), where people look; the log alone
// is read by few when the step is green.
const raised: string[] = []

/** The warnings logged since the last call, oldest first, as written (unescaped). */
export function takeWarnings(): string[] {
  return raised.splice(0)
}

export const log = {
  info: (text: string): void => core.info(escapeLogText(text)),
  debug: (text: string): void => core.debug(escapeLogText(text)),
  notice: (text: string, title?: string): void => core.notice(escapeLogText(text), title ? { title } : {}),
  /** A warning, also shown in the job summary. */
  warning: (text: string, title?: string): void => {
    raised.push(text)
    core.warning(escapeLogText(text), title ? { title } : {})
  },
  /** The step's own result as a warning: the summary's headline says it already, so it is not kept. */
  resultWarning: (text: string, title: string): void => core.warning(escapeLogText(text), { title }),
  /** Marks the step failed (exit code 1) with this message as its error. */
  fail: (text: string): void => core.setFailed(escapeLogText(text)),
  group: <T>(title: string, body: () => Promise<T>): Promise<T> => core.group(escapeLogText(title), body)
}
