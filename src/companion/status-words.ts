// What the `docs` check on the code pull request says, one line a reviewer reads beside the state
// (src/companion/docs-status.ts cuts it to GitHub's 140 characters). Pure; plain text, not markdown.
/** What became of the docs of one head of the code pull request, as the check tells it. */
export type DocsCheck =
  /** A job works on this head: created, sent it, or still at work when the run stopped waiting. */
  | { kind: 'working' }
  /** The create or follow-up waits for the agent API's hourly limit, for a reconcile run to send. */
  | { kind: 'queued' }
  /** This head was not sent: who pushed it may not ask for docs (`reason`). */
  | { kind: 'not-sent'; reason: string }
  /** The job ended for this head with its docs in the companion (`pullRequest`, owner/repo#n). */
  | { kind: 'documented'; pullRequest: string }
  /** The job ended for this head and changed nothing. */
  | { kind: 'unchanged' }
  | { kind: 'failed' }
  /** The agent API no longer knows the job. */
  | { kind: 'lost' }
  /** The job could not be made or reached (`reason`, in words): a push or `/docs` tries again. */
  | { kind: 'refused'; reason: string }
  /** The action does not document this pull request (`reason`: a bot's, a closed one, a reader's). */
  | { kind: 'not-documented'; reason: string }
  /** A person with required-permission said the docs are not needed, by `means` (`/docs skip`, the skip-label). */
  | { kind: 'skipped'; by: string; means: string }

/** How a skip's description begins: a status that says so is a person's word, which a job's end leaves in place. */
const SKIPPED_WORDS = 'Docs not needed, said @'

/** Whether a status (its state and description) is a skip's. */
export function isSkipStatus(state: string, description: string): boolean {
  return state === 'success' && description.startsWith(SKIPPED_WORDS)
}

export function docsCheckWords(check: DocsCheck): string {
  switch (check.kind) {
    case 'working':
      return 'The docs agent is writing the docs for this commit.'
    case 'queued':
      return "Waiting for the agent API's hourly limit: a reconcile run sends this commit to the docs agent."
    case 'not-sent':
      return `Not sent to the docs agent: ${check.reason}`
    case 'documented':
      return `Docs written in ${check.pullRequest} for this commit.`
    case 'unchanged':
      return 'No docs change needed: the agent changed nothing (the job gave no reason).'
    case 'failed':
      return "The docs job failed: see the progress comment; /docs, or new commits at the companion's next run, start it over."
    case 'lost':
      return "The docs job is lost (the agent API no longer knows it): /docs, or new commits at the companion's next run, start over."
    case 'refused':
      return `No docs job: ${check.reason}`
    case 'not-documented':
      return `Not documented: ${check.reason}`
    case 'skipped':
      return `${SKIPPED_WORDS}${check.by} (${check.means}).`
  }
}

/**
 * The run's notice once a person said the pull request needs no docs: `marked`, the head commit whose
 * check took it (short), named because a skip marks the head the run reads, which may be newer than
 * the comment; undefined when the check was not set.
 */
export function skipNotice(number: number, by: string, means: string, marked: string | undefined): string {
  const said = `@${by} said the docs of #${number} are not needed (${means})`
  return marked !== undefined
    ? `${said}: the "docs" check of its head ${marked} is now a success, and nothing was sent to the docs agent.`
    : `${said}, but its "docs" check could not be set (see the warning above); nothing was sent to the docs agent.`
}

/** Why a pull request closed while its create waited queued gets no docs, for its check. */
export function closedWhileQueued(number: number): string {
  return `#${number} was closed before its queued docs job was created.`
}
