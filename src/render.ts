// Markdown for people: the job summary (and, with the thread code, the progress comment). Anything
// that came from the API is escaped, and a link is a link only when it is https.
import type { AgentJob } from './agent/job.js'
import { formatDuration } from './duration.js'
import { type Conclusion, jobIdOf, jobOf, type RunResult } from './outcome.js'

const HEADINGS: Record<Conclusion['level'], string> = {
  success: '✅',
  notice: 'ℹ️',
  warning: '⚠️',
  failure: '❌'
}

export interface SummaryFacts {
  result: RunResult
  conclusion: Conclusion
  elapsedMs: number
}

export function renderSummary({ result, conclusion, elapsedMs }: SummaryFacts): string {
  const job = jobOf(result)
  const jobId = jobIdOf(result)
  const status = result.kind === 'skipped' ? 'skipped' : (job?.status ?? 'unknown')
  const rows: [string, string][] = [['Status', code(status)]]
  if (jobId) rows.push(['Pull request', pullRequestCell(job)], ['Job', code(jobId)])
  if (job?.model) rows.push(['Model', escapeMarkdown(job.model)])
  if (job?.source?.repository) {
    const ref = job.source.ref ? ` @ ${code(job.source.ref)}` : ''
    rows.push(['Source', `${linkOrText(job.source.repository)}${ref}`])
  }
  rows.push(['Elapsed', formatDuration(elapsedMs)])
  return [
    `## ${HEADINGS[conclusion.level]} Docs agent`,
    '',
    escapeMarkdown(conclusion.message),
    '',
    '| | |',
    '| --- | --- |',
    ...rows.map(([name, value]) => `| ${name} | ${value} |`),
    ''
  ].join('\n')
}

function pullRequestCell(job: AgentJob | undefined): string {
  if (job?.prLink) return linkOrText(job.prLink)
  if (job?.status === 'completed') return 'none (no files changed)'
  return 'none yet'
}

/** A markdown link when the URL is https, otherwise the escaped text: never a javascript: link. */
export function linkOrText(value: string, label?: string): string {
  const url = safeHttpsUrl(value)
  const text = escapeMarkdown(label ?? value)
  return url ? `[${text}](${url})` : text
}

export function safeHttpsUrl(value: string): string | undefined {
  let url: URL
  try {
    url = new URL(value)
  } catch {
    return undefined
  }
  if (url.protocol !== 'https:' || url.username || url.password) return undefined
  return url.href.replace(/\(/g, '%28').replace(/\)/g, '%29').replace(/ /g, '%20')
}

/** Inline code that cannot be broken out of. */
export function code(value: string): string {
  const text = value.replace(/[\r\n]+/g, ' ')
  const longestRun = Math.max(0, ...(text.match(/`+/g) ?? []).map((run) => run.length))
  const fence = '`'.repeat(longestRun + 1)
  const pad = text.startsWith('`') || text.endsWith('`') ? ' ' : ''
  return `${fence}${pad}${text.replace(/\|/g, '\\|')}${pad}${fence}`
}

/** Text that renders as itself: no markup, no HTML, no table breakout, no mentions. */
export function escapeMarkdown(value: string): string {
  return value
    .replace(/[\r\n]+/g, ' ')
    .replace(/&/g, '&amp;')
    .replace(/[\\`*_{}[\]()!|~]/g, (char) => `\\${char}`)
    // Block markers matter only where a line starts: a heading, a list item or a numbered list.
    .replace(/^(\s*)([#+-]|\d+[.)])/, (_match, space: string, marker: string) => `${space}\\${marker}`)
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/@/g, '@\u200b')
}
