// Writes the `docs` check (src/companion/docs-status.ts decides it) on a commit of the code pull
// request. A refused write is one warning and nothing else: the run goes on as without the check.
// After a 403 (no `statuses: write`) a writer writes no more, so a reconcile run warns once.
import type { GitHubApi } from '../github/api.js'
import { describeGitHubError, httpStatusOf } from '../github/calls.js'
import type { CommitStatus } from '../github/status-calls.js'
import { short } from './decide.js'

export interface DocsCheckWriter {
  /** Sets `status` on `sha`; false once GitHub did not take it (warned). */
  write(sha: string, status: CommitStatus, notAfter?: number): Promise<boolean>
}

export function docsCheckWriter(api: GitHubApi, warn: (message: string) => void): DocsCheckWriter {
  let forbidden = false
  return {
    async write(sha, status, notAfter) {
      if (forbidden) return false
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
