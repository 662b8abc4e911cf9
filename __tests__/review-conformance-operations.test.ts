// Review finding: the e2e tier is now held to nothing beyond closing its fakes, on the ground that a
// full run of the unit tests must reach every GitHub operation the action calls. That rule reaches
// only the operations ACTION_OPERATIONS lists, and the list misses REST operations src/github/ calls
// (statuses, tags, pulls update and merge, labels made, comments of the repository): an operation no
// test reaches any more, after e2e cases left, fails nothing.
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { ACTION_OPERATIONS } from '../tools/jest-github-conformance.js'

const GITHUB_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'src', 'github')

/** Every octokit REST method src/github/ calls, as GitHub's OpenAPI names its operation (`repos/list-tags`). */
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

describe('the operations a full run of the unit tests must reach', () => {
  it('are every REST operation the action calls', () => {
    expect(operationsCalled().filter((operation) => !ACTION_OPERATIONS.includes(operation))).toEqual([])
  })
})
