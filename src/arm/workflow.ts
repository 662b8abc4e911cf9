// The reconcile workflow as a switch: on while a job waits for a reconcile run, off while none does,
// since a disabled workflow's schedule starts no run and bills nothing. A refusal is a warning that
// names the fix: the job and its comment are unaffected.
import { type CallLimits, describeGitHubError, type GitHubApi, httpStatusOf } from '../github/api.js'

export interface SwitchLog {
  info: (text: string) => void
  warning: (text: string) => void
}

export class ReconcileWorkflow {
  constructor(
    private readonly github: Pick<GitHubApi, 'switchWorkflow'>,
    /** The workflow's file name under .github/workflows/ (`reconcile-workflow`). */
    readonly file: string,
    private readonly log: SwitchLog
  ) {}

  /** Enables (`on`) or disables the workflow; false after a warning when GitHub did not. */
  async switch(on: boolean, limits: CallLimits): Promise<boolean> {
    try {
      await this.github.switchWorkflow(this.file, on, limits)
      this.log.info(`${on ? 'Enabled' : 'Disabled'} the workflow ${this.file} (reconcile-workflow).`)
      return true
    } catch (error) {
      this.log.warning(refusal(this.file, on, error))
      return false
    }
  }
}

/** What a refused switch means and how to fix it: the token's permission, or the file's name. */
function refusal(file: string, on: boolean, error: unknown): string {
  const what = `Could not ${on ? 'enable' : 'disable'} the workflow ${file} named by reconcile-workflow`
  const means = on
    ? 'so no reconcile run may come to finish the progress comment (the job itself goes on).'
    : 'so its schedule keeps running (and billing a run each time) while no job waits.'
  switch (httpStatusOf(error)) {
    case 403:
      return (
        `${what}: GitHub answered 403, ${means} The workflow's token needs \`actions: write\`: add it to this ` +
        "job's `permissions:` block (a token of your own needs the Actions permission, read and write)."
      )
    case 404:
      return (
        `${what}: GitHub answered 404, ${means} No workflow of this repository has that file name: set ` +
        'reconcile-workflow to the file name of the workflow that runs mode: reconcile, as it is under ' +
        '.github/workflows/ on the default branch (e.g. docs-reconcile.yml).'
      )
    default:
      return `${what}: ${describeGitHubError(error, "add `actions: write` to the job's `permissions:` block.")} ${capitalised(means)}`
  }
}

function capitalised(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1)
}
