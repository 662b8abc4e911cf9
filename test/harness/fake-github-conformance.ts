// Every exchange with the GitHub fake, checked against GitHub's OpenAPI description when the fake
// closes: the action's requests (its user agent) and every answer of the fake. A problem fails the
// close, so that the test that made the exchange fails. With GITHUB_CONFORMANCE_DIR set (the jest
// runs of `npm test` set it), each fake also writes what it checked there, so that the run as a
// whole can say how much of GitHub the suite checked and fail when that shrinks or a fake went
// unchecked (tools/jest-github-conformance.js).
import { randomUUID } from 'node:crypto'
import { rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { checkExchange, type Exchange } from './openapi/conformance.js'

/** The user agent of the action's GitHub client (src/github/octokit.ts), which octokit follows with its own name and version. */
export const ACTION_USER_AGENT = 'docs-agent-action'

function isActionUserAgent(userAgent: string | string[] | undefined): boolean {
  return (
    typeof userAgent === 'string' && (userAgent === ACTION_USER_AGENT || userAgent.startsWith(`${ACTION_USER_AGENT} `))
  )
}

export interface Conformance {
  record(exchange: Exchange): void
  /** Checks what was recorded; throws an error that lists every problem. */
  verify(): void
}

/** What one fake checked, as GITHUB_CONFORMANCE_DIR holds it. */
export interface ConformanceRecord {
  /** `GET issues/list-comments 200`, with how often. */
  answers: Record<string, number>
  /** The action's requests, by operation, with how often. */
  requests: Record<string, number>
  problems: string[]
}

const SHOWN_PROBLEMS = 20

export function conformance(): Conformance {
  const exchanges: Exchange[] = []
  const dir = process.env.GITHUB_CONFORMANCE_DIR
  const name = dir && path.join(dir, `${process.pid}-${randomUUID()}`)
  // Until the fake is checked, a file says it exists: a fake never closed is a fake never checked.
  if (name) writeFileSync(`${name}.open`, '')
  return {
    record: (exchange) => exchanges.push(exchange),
    verify() {
      const record: ConformanceRecord = { answers: {}, requests: {}, problems: [] }
      const problems = new Map<string, number>()
      for (const exchange of exchanges) {
        const fromAction = isActionUserAgent(exchange.headers['user-agent'])
        if (!fromAction && exchange.answer === undefined) continue
        const verdict = checkExchange(exchange, { request: fromAction })
        const operation = verdict.operation ?? 'unknown'
        if (fromAction) count(record.requests, operation)
        if (exchange.answer && verdict.operation) count(record.answers, `${operation} ${exchange.answer.status}`)
        for (const problem of verdict.problems) {
          // Items of a list say the same thing: `/*/user` for every one of them.
          const key = `${operation}: ${problem.replace(/\/\d+(?=\/|:| )/g, '/*')}`
          problems.set(key, (problems.get(key) ?? 0) + 1)
        }
      }
      record.problems = [...problems].map(([problem, times]) => (times > 1 ? `${problem} (${times} times)` : problem))
      if (name) {
        writeFileSync(`${name}.json`, JSON.stringify(record))
        rmSync(`${name}.open`, { force: true })
      }
      if (record.problems.length > 0) {
        const shown = record.problems.slice(0, SHOWN_PROBLEMS)
        const more =
          record.problems.length > shown.length ? `\n… and ${record.problems.length - shown.length} more` : ''
        throw new Error(
          `The GitHub fake's traffic does not conform to GitHub's OpenAPI description:\n${shown.join('\n')}${more}`
        )
      }
    }
  }
}

function count(counts: Record<string, number>, key: string): void {
  counts[key] = (counts[key] ?? 0) + 1
}
