// Says, at the end of a jest run, how much of GitHub the suite checked against GitHub's OpenAPI
// description, and fails the run when a full run of the unit tests (which carry every case; the
// end-to-end tests keep only what a process shows) leaves one of the action's GitHub operations
// unchecked, or when a GitHub fake was never closed (so never checked). Each fake checks
// its own traffic when it closes (test/harness/fake-github-conformance.ts) and writes what it
// checked into the folder this reporter makes and names in GITHUB_CONFORMANCE_DIR, which the jest
// workers, started after it, inherit.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

/** Every REST operation the action's GitHub client (src/github/) calls; a test keeps the list whole. */
export const ACTION_OPERATIONS = [
  'repos/get-collaborator-permission-level',
  'issues/list-comments',
  'issues/create-comment',
  'issues/update-comment',
  'reactions/create-for-issue',
  'reactions/create-for-issue-comment',
  'reactions/create-for-pull-request-review-comment',
  'issues/list-for-repo',
  'issues/add-labels',
  'issues/remove-label',
  'pulls/request-reviewers',
  'pulls/list-comments-for-review',
  'issues/get',
  'pulls/get',
  'pulls/list-files',
  'repos/compare-commits-with-basehead',
  'repos/list-releases',
  'repos/get',
  'repos/get-commit',
  'repos/list-commits',
  'repos/list-pull-requests-associated-with-commit',
  'issues/create',
  'issues/update',
  'actions/enable-workflow',
  'actions/disable-workflow',
  'issues/create-label',
  'issues/list-comments-for-repo',
  'pulls/merge',
  'pulls/update',
  'repos/create-commit-status',
  'repos/list-commit-statuses-for-ref',
  'repos/list-tags'
]

/** A run limited to some tests checks only what those tests do. */
function isFullRun(config) {
  return (
    !config.testPathPattern &&
    !config.testNamePattern &&
    !config.onlyChanged &&
    !config.onlyFailures &&
    !config.findRelatedTests &&
    !config.changedSince &&
    !config.lastCommit
  )
}

export default class GitHubConformance {
  constructor(globalConfig) {
    this.config = globalConfig
    this.dir = mkdtempSync(path.join(tmpdir(), 'github-conformance-'))
    process.env.GITHUB_CONFORMANCE_DIR = this.dir
    this.error = undefined
  }

  onRunComplete(_contexts, results) {
    const files = readdirSync(this.dir)
    const unclosed = files.filter((name) => name.endsWith('.open')).length
    const requests = new Map()
    const answers = new Map()
    let problems = 0
    for (const name of files.filter((file) => file.endsWith('.json'))) {
      const record = JSON.parse(readFileSync(path.join(this.dir, name), 'utf8'))
      for (const [key, count] of Object.entries(record.requests)) requests.set(key, (requests.get(key) ?? 0) + count)
      for (const [key, count] of Object.entries(record.answers)) answers.set(key, (answers.get(key) ?? 0) + count)
      problems += record.problems.length
    }
    rmSync(this.dir, { recursive: true, force: true })
    const sum = (counts) => [...counts.values()].reduce((total, count) => total + count, 0)
    process.stdout.write(
      `\nGitHub's OpenAPI description: ${sum(requests)} requests of the action checked (${requests.size} operations), ` +
        `${sum(answers)} answers of the fake (${answers.size} operations and statuses), ${problems} problems\n`
    )
    const failures = []
    if (unclosed > 0) failures.push(`${unclosed} GitHub fakes were never closed, so their traffic was never checked`)
    if (problems > 0) failures.push(`${problems} problems (each failed the test that made the exchange)`)
    const ranUnit = results.testResults.some((result) => result.displayName?.name === 'unit')
    if (isFullRun(this.config) && ranUnit) {
      const unchecked = ACTION_OPERATIONS.filter((operation) => !requests.has(operation))
      if (unchecked.length > 0) {
        failures.push(`no test of this run sent the action's ${unchecked.join(', ')} to the GitHub fake`)
      }
    }
    if (failures.length > 0) {
      // Jest fails the run for a reporter's error without showing it.
      this.error = new Error(`GitHub conformance failed: ${failures.join('; ')}`)
      process.stderr.write(`${this.error.message}\n`)
    }
  }

  getLastError() {
    return this.error
  }
}
