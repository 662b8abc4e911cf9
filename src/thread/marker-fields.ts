// What a progress comment's marker says: where the comment sits, which workflow step wrote it (a
// re-run edits its own comment), which agent job it reports (a later trigger can send a follow-up),
// and what the run decided, for a reconcile run to do the same. marker.ts writes, signs and reads
// markers, and is where other modules import these from.
/** Where a marker sits: the comment's repository (owner/name) and issue or pull request number. */
export interface MarkerPlace {
  repository: string
  threadNumber: number
}

/**
 * The workflow step that wrote a marker: GITHUB_RUN_ID, GITHUB_JOB and GITHUB_ACTION. The run
 * attempt is left out on purpose, so that a re-run recognises the comment of an earlier attempt.
 */
export interface WorkflowStep {
  runId: string
  workflowJob: string
  step: string
}

export interface ProgressMarker extends MarkerPlace, WorkflowStep {
  jobId?: string
  triggerCommentId?: number
  /**
   * The comment the marker sits in, signed in from the first edit on (a create cannot know its own
   * id): a genuine marker copied into another comment on the same thread then no longer verifies.
   */
  commentId?: number
  /**
   * `working` while the comment waits for the job's end to be reported (a run still waiting, or one
   * that returned at once with wait: false); absent once the comment reports the end. Reconcile mode
   * looks for these, and for `queued` and `creating` (below).
   */
  state?: 'working' | 'queued' | 'creating'
  /**
   * With `queued` or `creating`: a create the agent API held back (429) waits on the comment, which
   * holds the prompt (thread/queued-request.ts). `retryAt` is the instant (epoch ms) Retry-After gave,
   * absent when it gave none (the next reconcile run tries); `promptDigest` the SHA-256 of the prompt,
   * signed so that nobody can change what is sent. `creating`: a reconcile run began the create and
   * has not yet recorded its job, so a job may exist, and no run creates it again.
   */
  retryAt?: number
  promptDigest?: string
  /**
   * The run attempt whose create request got no answer, so that a job it may have made is named
   * nowhere: a later attempt of the run then creates no job of its own (main.ts asks for job-id).
   */
  unsureCreate?: number
  /**
   * The pull request the job had opened before this comment's follow-up was sent (its URL), signed by
   * the run that sent it: a reconcile run that tells the end then says the job updated that pull
   * request, as the waiting run would, rather than that it opened one.
   */
  earlierPrLink?: string
  /**
   * `merged-pr` (spelled `occasion=merged-pr`) when the run's source is the merge of this thread's
   * pull request: the end is told for that start (no docs changes needed, how to re-run), by a
   * reconcile run too.
   */
  startedBy?: 'merged-pr'
  /**
   * The note of outcome.ts the comment carries: `new-job` when a request on a pull request started a
   * new job, `companion` on a code pull request's companion progress comment.
   */
  note?: 'new-job' | 'companion'
  /**
   * `docs-pr` for the comment on the agent's own pull request, which ties that PR to its job;
   * `refused` for the gate's reply to a person the action asked to review a pull request whose
   * request there was refused (`requester` names them, so that they are told once); absent for a
   * progress comment on the thread that asked for the job. `digest-thread` in the body of the issue
   * the digests opened to remember what they covered (its number signed in): relabelling another
   * issue cannot move that memory.
   */
  kind?: 'docs-pr' | 'refused' | 'digest-thread'
  /**
   * On the docs-PR comment: where its job was first asked for (the URL of a comment, issue or
   * workflow run), so that every later edit, from whichever repository, still says so.
   */
  origin?: string
  /** Where the request that started the run was made (the URL of a comment, a pull request, a release). */
  request?: string
  /** Who asked, when someone did: the docs-PR comment names them. */
  requester?: string
  /**
   * What the run decided for the agent's pull request, written together so that a reconcile run does
   * it the same without repeating the inputs: the trigger phrase the docs-PR comment shows ('' for
   * none), the reviewers (`requester` already replaced by the login) and the labels. On the docs-PR
   * comment `reviewers` alone: everyone the action asked to review that pull request.
   */
  phrase?: string
  reviewers?: string[]
  labels?: string[]
  /**
   * On a digest's progress comment: the commit its range ends at and the pull requests it covered,
   * so that the next digest starts where it ended.
   */
  digest?: DigestMark
  /**
   * On a code pull request's companion progress comment (mode companion): the last head sent to its
   * job, and the companion docs pull request once a run saw it, so that every later run of the pull
   * request edits this comment, sends only what that job has not seen, and finds the docs PR.
   */
  companion?: CompanionMark
  /**
   * A request on a code pull request with a companion (`/docs ...`, mode run): the head whose `docs`
   * check this job's end settles, for a reconcile run that ends it.
   */
  checkHead?: string
}

/** What a companion progress comment remembers of its code pull request. */
export interface CompanionMark {
  /** The commit SHA of the code pull request's head last sent to the job. */
  head: string
  /** The companion docs pull request's URL, once a run saw the job end with it. */
  pullRequest?: string
  /**
   * A run closed the companion with its code: a push (the code open again) whose reopen never ran,
   * replaced in the concurrency group, reopens it.
   */
  closed?: true
  /**
   * The code merged with companion-merge: auto while its job was still at work: the reconcile run
   * that sees the job end lands the companion (src/companion/land-pr.ts).
   */
  landing?: 'auto'
}

/** The range a digest covered, as its marker signs it. */
export interface DigestMark {
  /**
   * GitHub's committer dates (milliseconds) of the range's ends, for people to read; a marker written
   * before `head` existed is read by `to` (every PR merged at or before it was covered).
   */
  from: number
  to: number
  pulls: number[]
  /** The branch whose merges it covers: digests of two branches may share a thread, never a memory. */
  branch: string
  /** The branch's head commit the range ends at (its first-parent history since the start): the next digest starts there. */
  head?: string
  /**
   * Its job ended without failing (signed by the edit that reported it): the PRs are covered whatever
   * the agent API later says of the job, and a later digest need not read it.
   */
  done?: true
}

/** What a progress comment's marker signs besides its place and job, for a reconcile run to do as the run would have. */
export type RunDecisions = Pick<
  ProgressMarker,
  | 'startedBy'
  | 'note'
  | 'request'
  | 'requester'
  | 'phrase'
  | 'reviewers'
  | 'labels'
  | 'digest'
  | 'companion'
  | 'checkHead'
>

/** Whether this step of this run wrote the marker, in this attempt or an earlier one. */
export function isWrittenBy(marker: ProgressMarker, writer: WorkflowStep): boolean {
  return marker.runId === writer.runId && marker.workflowJob === writer.workflowJob && marker.step === writer.step
}
