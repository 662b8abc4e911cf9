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

// What every line and title passes through before it is written: the API key's redaction, once the
// settings step has read the key. The runner masks the key only whole (core.setSecret); a piece of
// it, or the key wrapped or encoded in a service's message, would reach the log and the annotations.
let redact: (text: string) => string = (text) => text

/** `text` as the log writes it: without the key, then escaped (escaping first would split a wrapped key). */
function logLine(text: string): string {
  return escapeLogText(redact(text))
}

// Every warning of the run, kept for the job summary (report.ts), where people look; the log alone
// is read by few when the step is green.
const raised: string[] = []

/** The warnings logged since the last call, oldest first, as written (unescaped). */
export function takeWarnings(): string[] {
  return raised.splice(0)
}

/** An annotation's properties: its title, without the key too. */
function annotation(title: string | undefined): core.AnnotationProperties {
  return title ? { title: redact(title) } : {}
}

export const log = {
  /** From now on, every line, annotation and group title goes through `redaction` before it is written. */
  useRedaction: (redaction: (text: string) => string): void => {
    redact = redaction
  },
  info: (text: string): void => core.info(logLine(text)),
  debug: (text: string): void => core.debug(logLine(text)),
  notice: (text: string, title?: string): void => core.notice(logLine(text), annotation(title)),
  /** A warning, also shown in the job summary. */
  warning: (text: string, title?: string): void => {
    raised.push(text)
    core.warning(logLine(text), annotation(title))
  },
  /** The step's own result as a warning: the summary's headline says it already, so it is not kept. */
  resultWarning: (text: string, title: string): void => core.warning(logLine(text), annotation(title)),
  /** Marks the step failed (exit code 1) with this message as its error. */
  fail: (text: string): void => core.setFailed(logLine(text)),
  group: <T>(title: string, body: () => Promise<T>): Promise<T> => core.group(logLine(title), body)
}
