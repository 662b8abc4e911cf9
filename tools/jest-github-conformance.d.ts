// The reporter's shape, for its test (the reporter is plain JavaScript, which jest loads untransformed).
/** Every GitHub operation the action's client calls. */
export const ACTION_OPERATIONS: readonly string[]

export default class GitHubConformance {
  constructor(globalConfig: Record<string, unknown>)
  /** Where the GitHub fakes of the run write what they checked. */
  readonly dir: string
  onRunComplete(contexts: unknown, results: { testResults: { displayName?: { name: string } }[] }): void
  getLastError(): Error | undefined
}
