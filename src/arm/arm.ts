// Arming the reconcile workflow, the stage both sides call: a run in run or digest mode that leaves
// a job for a reconcile run enables it once its thread is labelled (or says how to arm one); a run in
// reconcile mode that leaves nothing waiting disables it, then looks again and enables it once more
// if a thread was labelled meanwhile. decide.ts decides; workflow.ts makes the calls.
import type { CallLimits, GitHubApi } from '../github/api.js'
import type { RunResult } from '../job/result.js'
import { armStep } from './decide.js'
import { ReconcileWorkflow, type SwitchLog } from './workflow.js'

export { threadsWait, type LabelledAfterRun } from './decide.js'
export { ReconcileWorkflow } from './workflow.js'

/** What a run that leaves work for a reconcile run without `reconcile-workflow` says, and how loudly. */
export interface ArmingAdvice {
  /**
   * `warning` for a queued request: no job exists, and without a reconcile run none ever will.
   * `notice` for a job left at work: it goes on, and only its comment waits for a reconcile run.
   */
  level: 'notice' | 'warning'
  text: string
}

/**
 * What will finish the run's comment (or, for a request the hourly limit queued, create its job
 * first), and how to arm a reconcile workflow that costs nothing while no job waits.
 */
export function armingAdvice(result: RunResult): ArmingAdvice {
  const arm =
    "Set reconcile-workflow to that workflow's file name and give this job actions: write: the run then " +
    'enables that workflow only while a job waits, and a reconcile run that leaves none waiting disables it, so ' +
    'an idle repository pays nothing for its schedule.'
  if (result.kind === 'queued') {
    return {
      level: 'warning',
      text:
        'Nothing creates the agent job for this request until a workflow with mode: reconcile runs, on its ' +
        "schedule or by hand (workflow_dispatch): the request waits queued on its thread for the agent API's " +
        'hourly limit, and only a reconcile run creates its job and shows its end on the progress comment. If ' +
        `this repository has no such workflow, add one (examples/reconcile.yml), or the request waits for ever. ${arm}`
    }
  }
  return {
    level: 'notice',
    text:
      'The agent job goes on after this run: its progress comment shows the end only once a workflow with ' +
      `mode: reconcile runs (examples/reconcile.yml). ${arm}`
  }
}

export interface ArmAfterRun {
  /** The workflow's repository, with github-token. */
  github: Pick<GitHubApi, 'switchWorkflow'>
  /** `reconcile-workflow`: '' when none is set. */
  workflow: string
  limits: CallLimits
  log: SwitchLog & { notice: (text: string) => void }
  /** Adds a note to the job summary. */
  note: (text: string) => Promise<void>
}

/**
 * After a run's last edit: the reconcile workflow is enabled once the thread carries the label
 * (`labelOn`) and the result leaves its job for a reconcile run, never before, so that a reconcile
 * run that disables it meanwhile reads the label when it looks again (docs/design.md, the race).
 */
export async function armAfterRun(result: RunResult, labelOn: boolean, deps: ArmAfterRun): Promise<void> {
  const step = armStep(result, labelOn, deps.workflow)
  if (step === 'advise') {
    const { level, text } = armingAdvice(result)
    // A warning reaches the summary with the run's other warnings (report.ts); a notice needs a note.
    if (level === 'warning') deps.log.warning(text)
    else {
      deps.log.notice(text)
      await deps.note(text)
    }
  } else if (step === 'enable') {
    await new ReconcileWorkflow(deps.github, deps.workflow, deps.log).switch(true, deps.limits)
  }
}

/** How a reconcile run that left nothing waiting ended with its workflow. */
export type Disarmed =
  /** Disabled: its schedule starts no run until a run that leaves a job enables it. */
  | 'disabled'
  /** Disabled, then enabled again: a thread was labelled while it disabled. */
  | 'enabled-again'
  /** GitHub refused the disable (a warning says why): it stays on. */
  | 'kept'
  /** Disabled, and GitHub refused to enable it again for the thread labelled meanwhile (a warning says so). */
  | 'stranded'

/**
 * Disables the workflow, then asks `stillWaits` (the labelled threads read once more) and enables it
 * again when one waits by then: a run that labelled its thread before this disable enabled the
 * workflow before it too, so the read after it sees that label. On doubt `stillWaits` says yes.
 */
export async function disarmWhenIdle(
  workflow: ReconcileWorkflow,
  stillWaits: () => Promise<boolean>,
  limits: () => CallLimits
): Promise<Disarmed> {
  if (!(await workflow.switch(false, limits()))) return 'kept'
  if (!(await stillWaits())) return 'disabled'
  return (await workflow.switch(true, limits())) ? 'enabled-again' : 'stranded'
}
