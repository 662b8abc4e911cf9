// The working-label: a thread carries it while a progress comment there waits for its job's end to
// be reported, so that a scheduled run in reconcile mode finds those threads with one listing instead
// of reading every thread. A label that fails to go on or off is a warning: the comment is what
// people read, and the label only tells the reconcile run where to look.
import type { CallLimits, GitHubApi } from '../github/api.js'
import { describeGitHubError } from '../github/calls.js'

export class WorkingLabel {
  constructor(
    private readonly github: GitHubApi,
    readonly name: string,
    private readonly warn: (message: string) => void
  ) {}

  /**
   * Puts the label on the thread; false (after a warning) when GitHub did not. One call: adding a
   * label the repository lacks makes it (GitHub's default colour), so no create goes first.
   */
  async put(issueNumber: number, limits: CallLimits): Promise<boolean> {
    try {
      await this.github.addLabels(issueNumber, [this.name], limits)
      return true
    } catch (error) {
      this.warn(`Could not put the label "${this.name}" on #${issueNumber}: ${describeGitHubError(error)}`)
      return false
    }
  }

  /**
   * Takes the label off unless a comment waits, asked before and again after (another run may write
   * its waiting comment at any moment: it puts the label on after that write, and this read after
   * the removal sees a write made before it), putting it back when one waits by then; whether it is off.
   */
  async removeUnlessWaiting(
    issueNumber: number,
    limits: () => CallLimits,
    waits: (label: 'on' | 'off') => Promise<boolean>
  ): Promise<boolean> {
    if (await waits('on')) return false
    if (!(await this.remove(issueNumber, limits()))) return false
    if (!(await waits('off'))) return true
    await this.put(issueNumber, limits())
    return false
  }

  /** Takes the label off the thread; false (after a warning) when GitHub did not. */
  async remove(issueNumber: number, limits: CallLimits): Promise<boolean> {
    try {
      await this.github.removeLabel(issueNumber, this.name, limits)
      return true
    } catch (error) {
      this.warn(`Could not take the label "${this.name}" off #${issueNumber}: ${describeGitHubError(error)}`)
      return false
    }
  }
}
