// Every input parsed once into a typed object. Bad values stop the run here, before any request,
// with an error that names the input and quotes the value (never the API key).
//
// The defaults are action.yml's, built into action-inputs.generated.ts. The runner passes them for
// an input the workflow leaves out; an input given as '' (or spaces) gets its default here, since
// that is what a workflow author writing `timeout: ''` expects.
import { INPUT_DEFAULTS, type InputName } from './action-inputs.generated.js'
import type { PermissionLevel } from '../base/permission-level.js'
import {
  bareSecondsWarning,
  apiKey,
  projectId,
  jobIdInput,
  baseUrl,
  boolean,
  duration,
  pollInterval,
  issueNumber,
  permission,
  oneOf,
  contextLimit,
  SettingsError,
  MODES,
  type Mode
} from './inputs.js'
import {
  allowedBots,
  branchName,
  labels,
  logins,
  reconcileWorkflow,
  singleLabel,
  triggerLabel,
  workingLabelInput
} from './github-name-inputs.js'

export { SettingsError } from './inputs.js'

/** The inputs, parsed; every text comes trimmed. */
export interface Settings {
  prompt: string
  apiKey: string
  projectId: string
  baseUrl: URL
  jobId: string
  wait: boolean
  timeoutMs: number
  pollIntervalMs: number
  failOnJobFailure: boolean
  githubToken: string
  comment: boolean
  issueNumber: number | undefined
  triggerPhrase: string
  requiredPermission: PermissionLevel
  allowedBots: string[] | '*'
  followUp: boolean
  /** Whether the prompt gets a section describing the event's changes (the context input). */
  context: 'auto' | 'none'
  /** Most characters of that section. */
  contextLimit: number
  /** Token for the repository of the agent's pull request; the github-token when unset. */
  docsToken: string
  /** Logins to request as reviewers of the agent's pull request; `requester` stands for the person who triggered. */
  prReviewers: string[]
  prLabels: string[]
  mode: Mode
  /** With mode digest, the branch whose merges a digest covers; '' for the repository's default branch. */
  digestBranch: string
  /** The label a thread carries while a job's end is not yet reported there; '' when labels are off. */
  workingLabel: string
  /**
   * The file name of the workflow that runs mode: reconcile, switched on while a job waits for it and
   * off once none does (src/arm/); '' leaves it as it is.
   */
  reconcileWorkflow: string
  /** A merged pull request with this label starts no job; '' when off. */
  skipLabel: string
  /** Adding this label to an issue or pull request asks for docs; '' when off. */
  triggerLabel: string
  /** With mode companion: `auto` asks GitHub to merge the companion once its code merged (docs/companion.md). */
  companionMerge: CompanionMerge
}

export const COMPANION_MERGES = ['off', 'auto'] as const
export type CompanionMerge = (typeof COMPANION_MERGES)[number]

/** Reads one input as the runner passes it (an empty string when unset). */
export type InputReader = (name: InputName) => string

const DEFAULTS: Partial<Record<InputName, string>> = INPUT_DEFAULTS

/** The settings, and a warning for each value that is valid but likely not what was meant. */
export interface ParsedSettings {
  settings: Settings
  warnings: string[]
}

export function parseSettings(read: InputReader): ParsedSettings {
  /** The input, trimmed; its default when that leaves it empty. */
  const input = (name: InputName): string => read(name).trim() || (DEFAULTS[name] ?? '')
  const jobId = jobIdInput(input('job-id'))
  const prompt = input('prompt')
  const triggerPhrase = input('trigger-phrase')
  const mode = oneOf('mode', input('mode'), MODES)
  const asksByLabel = input('trigger-label') !== ''
  if (mode === 'digest' && prompt === '') {
    throw new SettingsError(
      'Input "prompt" is empty, but mode: digest asks the agent to update the docs for the merged pull requests ' +
        'with it (their context follows it). Set "prompt" to the instruction.'
    )
  }
  if (mode === 'companion' && prompt === '') {
    throw new SettingsError(
      'Input "prompt" is empty, but mode: companion asks the agent to write the docs for each pull request with it ' +
        '(the pull request follows it). Set "prompt" to the instruction.'
    )
  }
  // Reconcile mode never asks the agent anything, so it needs no prompt.
  if (mode === 'run' && prompt === '' && jobId === '' && triggerPhrase === '' && !asksByLabel) {
    throw new SettingsError(
      'Input "prompt" is empty and no "job-id" was given, so there is nothing to ask the agent. ' +
        'Set "prompt" to the instruction, "job-id" to wait for an existing job, "trigger-phrase" to take the request ' +
        'from a comment, or "trigger-label" to take it from an issue labelled so.'
    )
  }
  // Read as given: '' turns labels off, so it must not fall back to the default as other inputs do.
  const workingLabel = workingLabelInput(read('working-label').trim(), mode)
  if (mode !== 'run' && input('github-token') === '') {
    throw new SettingsError(
      `Input "github-token" is empty, but mode: ${mode} reads and edits the threads' comments with it. ` +
        "Leave github-token out (the workflow's token, with issues: write and pull-requests: write) or pass a token."
    )
  }
  const prLabels = labels('pr-labels', input('pr-labels'))
  const settings: Settings = {
    prompt,
    apiKey: apiKey(read('api-key')),
    projectId: projectId(input('project-id')),
    baseUrl: baseUrl(input('base-url')),
    jobId,
    wait: boolean('wait', input('wait')),
    timeoutMs: duration('timeout', input('timeout')),
    pollIntervalMs: pollInterval(input('poll-interval')),
    failOnJobFailure: boolean('fail-on-job-failure', input('fail-on-job-failure')),
    githubToken: input('github-token'),
    comment: boolean('comment', input('comment')),
    issueNumber: issueNumber(input('issue-number')),
    triggerPhrase,
    requiredPermission: permission(input('required-permission')),
    allowedBots: allowedBots(input('allowed-bots')),
    followUp: boolean('follow-up', input('follow-up')),
    context: oneOf('context', input('context'), ['auto', 'none']),
    contextLimit: contextLimit(input('context-limit')),
    docsToken: input('docs-token') || input('github-token'),
    prReviewers: logins('pr-reviewers', input('pr-reviewers')),
    prLabels,
    mode,
    digestBranch: branchName(input('digest-branch')),
    workingLabel,
    reconcileWorkflow: reconcileWorkflow(input('reconcile-workflow')),
    skipLabel: singleLabel('skip-label', input('skip-label')),
    triggerLabel: triggerLabel(input('trigger-label'), [workingLabel, ...prLabels]),
    companionMerge: oneOf('companion-merge', input('companion-merge'), COMPANION_MERGES)
  }
  const warnings = (['timeout', 'poll-interval'] as const).flatMap((name) => bareSecondsWarning(name, input(name)))
  return { settings, warnings }
}

/** A bare number is seconds; below a minute, a person who wrote `timeout: 30` most likely meant minutes. */
