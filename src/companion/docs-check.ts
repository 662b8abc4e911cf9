// Writes the `docs` check (src/companion/docs-status.ts decides it) on a commit of the code pull
// request. A refused write is one warning and nothing else: the run goes on as without the check.
// After a 403 (no `statuses: write`) a writer writes no more, so a reconcile run warns once.
import type { GitHubApi } from '../github/api.js'
import { describeGitHubError, httpStatusOf } from '../github/calls.js'
import type { CommitStatus } from '../github/status-calls.js'
import { short } from './decide.js'
import {
  type CheckLinks,
  DOCS_CONTEXT,
  type DocsCheck,
  docsStatus,
  sharedHeadOf,
  speaksForPullRequest
} from './docs-status.js'
import { isSkipStatus } from './status-words.js'

export interface DocsCheckWriter {
  /**
   * Sets `check` on `sha`, the head of pull request `number`; false when it was not set (warned, or
   * left by a rule). A check that speaks for the pull request (speaksForPullRequest) costs one read
   * more, GET /commits/{sha}/pulls, and is not set while another open pull request has that head. A
   * final state other than a skip costs one read more, GET /commits/{sha}/statuses, and leaves a
   * person's skip in place: only a push or `/docs`, which set pending first, start over.
   */
  writeCheck(
    head: { number: number; sha: string },
    check: DocsCheck,
    links: CheckLinks,
    notAfter?: number
  ): Promise<boolean>
}

export function docsCheckWriter(api: GitHubApi, warn: (message: string) => void): DocsCheckWriter {
  let forbidden = false
  const write = async (sha: string, status: CommitStatus, notAfter: number | undefined) => {
    try {
      await api.setCommitStatus(sha, status, api.lastEditLimits(notAfter))
      return true
    } catch (error) {
      const code = httpStatusOf(error)
      forbidden = code === 403
      warn(refusedWords(sha, status, code, error))
      return false
    }
  }
  return {
    async writeCheck({ number, sha }, check, links, notAfter) {
      if (forbidden) return false
      const status = docsStatus(check, links)
      const held = speaksForPullRequest(check) ? await heldBy(api, sha, number, notAfter) : undefined
      if (held !== undefined) {
        warn(
          `The "${status.context}" status (${status.state}) of #${number} was not set on commit ${short(sha)}: ${held}`
        )
        return false
      }
      if (status.state !== 'pending' && check.kind !== 'skipped' && (await skipStands(api, sha, notAfter))) return false
      return await write(sha, status, notAfter)
    }
  }
}

/** Whether the head's `docs` check is a person's skip now (a read that fails is taken as none). */
async function skipStands(api: GitHubApi, sha: string, notAfter: number | undefined): Promise<boolean> {
  const now = await api.latestStatus(sha, DOCS_CONTEXT, api.lastEditLimits(notAfter)).catch(() => undefined)
  return now !== undefined && isSkipStatus(now.state, now.description)
}

/** Why another open pull request may show the check of its head `sha` too, in words; undefined when none does. */
async function heldBy(api: GitHubApi, sha: string, number: number, notAfter?: number): Promise<string | undefined> {
  try {
    const shared = sharedHeadOf(await api.pullsOfCommit(sha, api.lastEditLimits(notAfter)), sha, number)
    if (shared === undefined) return undefined
    return `that commit is also the head of the open pull request #${shared}, which shows the same check (a status belongs to the commit, not to a pull request).`
  } catch (error) {
    return `the pull requests of that commit could not be read (${describeGitHubError(error)}), and another may have it as its head. The next event of #${number} sets it again.`
  }
}

function refusedWords(sha: string, { context, state }: CommitStatus, code: number | undefined, error: unknown): string {
  const what = `Could not set the "${context}" status (${state}) on commit ${short(sha)}`
  if (code === 403) {
    return (
      `${what}: GitHub answered 403. The workflow's token needs \`statuses: write\` (add it to the ` +
      `\`permissions:\` block) for the "${context}" check; everything else was done without it.`
    )
  }
  return `${what}: ${describeGitHubError(error, "add `statuses: write` to the workflow's `permissions:` block.")} Everything else was done; the next run of this pull request sets it again.`
}
