// The GitHub calls that switch a workflow of the repository on and off: a disabled workflow's
// schedule starts no run, so it costs nothing (src/arm/ decides when).
import type { CallLimits, RepositoryCalls } from './calls.js'
import { checkedPathSegment } from '../base/identifier.js'

export interface WorkflowCalls {
  /**
   * Enables or disables the workflow whose file (under .github/workflows/) is `file`
   * (`PUT /actions/workflows/{file}/enable` or `/disable`, 204). GitHub answers 403 to a token
   * without `actions: write` and 404 for a file it does not know.
   */
  switchWorkflow(file: string, on: boolean, limits: CallLimits): Promise<void>
}

export function workflowCalls({ octokit, repo, send }: RepositoryCalls): WorkflowCalls {
  const { actions } = octokit.rest
  return {
    async switchWorkflow(file, on, limits) {
      const workflow = { ...repo, workflow_id: checkedPathSegment(file) }
      // Enabling an enabled workflow (or disabling a disabled one) changes nothing: a retry is safe.
      await send(on ? 'workflow enable' : 'workflow disable', true, limits, (request) =>
        on ? actions.enableWorkflow({ ...workflow, request }) : actions.disableWorkflow({ ...workflow, request })
      )
    }
  }
}
