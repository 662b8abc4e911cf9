// The end of a jest run: how much of GitHub the suite checked, and a failed run when a full run of the
// unit tests left one of the action's GitHub operations unchecked, or any run a GitHub fake unchecked.
import { afterEach, describe, expect, it, jest } from '@jest/globals'
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import GitHubConformance, { ACTION_OPERATIONS as OPERATIONS } from '../tools/jest-github-conformance.js'

const recorded = process.env.GITHUB_CONFORMANCE_DIR
const GITHUB_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'src', 'github')

/** Every octokit REST method src/github/ calls, as GitHub's description names its operation (`repos/list-tags`). */
function operationsCalled(): string[] {
  const called = new Set<string>()
  for (const file of readdirSync(GITHUB_DIR).filter((name) => name.endsWith('.ts'))) {
    const source = readFileSync(path.join(GITHUB_DIR, file), 'utf8')
    for (const [, scope, method] of source.matchAll(/\b(issues|pulls|repos|reactions|actions)\.(\w+)\(/g)) {
      called.add(`${scope}/${method!.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}`)
    }
  }
  return [...called].sort()
}

afterEach(() => {
  if (recorded === undefined) delete process.env.GITHUB_CONFORMANCE_DIR
  else process.env.GITHUB_CONFORMANCE_DIR = recorded
  jest.restoreAllMocks()
})

/** The reporter after a run whose fakes wrote `records` (and left `open` unchecked ones). */
function report(
  operations: readonly string[],
  options: { config?: Record<string, unknown>; open?: number; project?: string } = {}
) {
  const output: string[] = []
  jest.spyOn(process.stdout, 'write').mockImplementation((text) => output.push(String(text)) > 0)
  jest.spyOn(process.stderr, 'write').mockImplementation((text) => output.push(String(text)) > 0)
  const reporter = new GitHubConformance(options.config ?? {})
  const requests = Object.fromEntries(operations.map((operation) => [operation, 2]))
  const record = { requests, answers: { 'issues/get 200': 1 }, problems: [] }
  writeFileSync(path.join(reporter.dir, 'fake-1.json'), JSON.stringify(record))
  for (let n = 0; n < (options.open ?? 0); n++) writeFileSync(path.join(reporter.dir, `fake-open-${n}.open`), '')
  reporter.onRunComplete(undefined, { testResults: [{ displayName: { name: options.project ?? 'unit' } }] })
  return { error: reporter.getLastError(), output: output.join('') }
}

describe('the GitHub conformance reporter', () => {
  it('holds the unit tests to every REST operation the action calls', () => {
    expect(operationsCalled().filter((operation) => !OPERATIONS.includes(operation))).toEqual([])
  })

  it('says how much the run checked, and passes a full run that checked every operation of the action', () => {
    const { error, output } = report(OPERATIONS)
    expect(error).toBeUndefined()
    expect(output).toContain(
      `GitHub's OpenAPI description: ${2 * OPERATIONS.length} requests of the action checked (${OPERATIONS.length} operations), 1 answers of the fake`
    )
  })

  it('fails a full run that left an operation of the action unchecked, naming it', () => {
    const { error } = report(OPERATIONS.filter((operation) => operation !== 'pulls/list-files'))
    expect(error?.message).toBe(
      "GitHub conformance failed: no test of this run sent the action's pulls/list-files to the GitHub fake"
    )
  })

  it('holds the end-to-end tests, which keep only what a process shows, to what they checked', () => {
    expect(report(['issues/get'], { project: 'e2e' }).error).toBeUndefined()
    expect(report(['issues/get'], { project: 'e2e', open: 1 }).error?.message).toBe(
      'GitHub conformance failed: 1 GitHub fakes were never closed, so their traffic was never checked'
    )
  })

  it('holds a run of some tests only to what it checked, never to a fake left unchecked', () => {
    expect(report([], { config: { testPathPattern: 'github-api' } }).error).toBeUndefined()
    expect(report(OPERATIONS, { config: { testPathPattern: 'github-api' }, open: 1 }).error?.message).toBe(
      'GitHub conformance failed: 1 GitHub fakes were never closed, so their traffic was never checked'
    )
  })
})
