// The working-label: a thread carries it while a progress comment there waits for its job's end to
// be reported, so that a scheduled run in reconcile mode finds those threads with one listing instead
// of reading every thread. A label that fails to go on or off is a warning: the comment is what
// people read, and the label only tells the reconcile run where to look.
import type { CallLimits, GitHubApi } from './api.js'
import { describeGitHubError } from './thread.js'

/** Yellow, as GitHub's own "in progress" hues; the description says what the label is for. */
const COLOR = 'fbca04'
const DESCRIPTION = 'A docs agent job is running here; its progress comment will show the result.'

export class WorkingLabel {
  /** Made sure of once a run: creating it again would only answer 422 already_exists. */
  private created = false

  constructor(
    private readonly github: GitHubApi,
    readonly name: string,
    private readonly warn: (message: string) => void
  ) {}

  /**
   * Puts the label on the thread, creating it in the repository first (with its colour and
   * description) if missing; false (after a warning) when GitHub did not.
   */
  async put(issueNumber: number, limits: CallLimits): Promise<boolean> {
    try {
      if (!this.created) {
        await this.github.createLabel({ name: this.name, color: COLOR, description: DESCRIPTION }, limits)
        this.created = true
      }
      await this.github.addLabels(issueNumber, [this.name], limits)
      return true
    } catch (error) {
      this.warn(`Could not put the label "${this.name}" on #${issueNumber}: ${describeGitHubError(error)}`)
      return false
    }
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
