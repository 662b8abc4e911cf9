// What the progress comments read of a thread tell a run about to write there: this step's own
// comment from an earlier attempt (a re-run edits it), the agent's pull request's docs-PR comment,
// and the newest job another comment names (follow-ups go to it); and for the gate, whether a refused
// person is one the action asked to review the pull request. Only markers that verify for the thread
// count, whoever posted them. Pure: thread.ts and the gate read the comments.
import {
  isWrittenBy,
  type MarkerKey,
  type MarkerPlace,
  type MarkerSigner,
  type ProgressMarker,
  readMarker
} from './marker.js'
import { COMMENT_PAGES, type CommentPages, commentsRead, type IssueComment } from '../github/thread-calls.js'
import { isOurs, ownAuthors } from './working-comments.js'

/** This workflow step, in the repository it runs for, with the key that signs its markers. */
export interface ThreadWriter extends MarkerSigner {
  repository: string
}

export interface MarkedComment {
  comment: IssueComment
  marker: ProgressMarker
  /** Someone else's comment that carries the marker (its original gone): what it says is known, but it is never edited. */
  notOurs?: true
}

export interface ThreadMarkers {
  own?: MarkedComment
  docs?: MarkedComment
  /** A code pull request's companion progress comment (mode companion), from whichever run wrote it last. */
  companion?: MarkedComment
  /** The newest job a progress comment of another step names. */
  latestJobId?: string
  /** The requests other steps' markers name: another run answered them (lost-request.ts's sweep, say). */
  otherRequests?: string[]
}

/** What a run about to write learns from the progress comments read (Thread.readEarlier's answer). */
export interface EarlierComments {
  /** The job of this step's own comment from an earlier attempt of the run (a re-run edits that comment). */
  ownJobId?: string
  /** The newest job named by any other progress comment on the thread, for follow-ups. */
  latestJobId?: string
  /** The job the agent's pull request's docs-PR comment names. */
  docsJobId?: string
  /** The requests another step's progress comment answers: their own runs start no second job. */
  otherRequests?: string[]
  /** The attempt of this run whose create got no answer, as this step's own comment records it. */
  unsureCreate?: number
  /** This step's own comment keeps a request queued for a reconcile run to create (or creating it). */
  ownQueued?: true
}

/** What a reader of the thread looks for; reading stops once the comments read hold it. */
export interface Sought {
  /**
   * This step's own comment: looked for in up to MAX_COMMENT_PAGES pages (as far as the call's time
   * allows), since without it a re-run cannot tell whether it started a job already.
   */
  own: boolean
  /** The code pull request's companion comment, looked for as far as this step's own (a companion run). */
  companion?: boolean
  /** The job a follow-up goes to: the docs-PR comment's, else the newest named, in COMMENT_PAGES pages at most. */
  latest: boolean
}

/** The markers of `comments` (oldest first) that verify for this thread. */
export function threadMarkers(comments: readonly IssueComment[], writer: ThreadWriter, thread: number): ThreadMarkers {
  const place = { repository: writer.repository, threadNumber: thread }
  const found: ThreadMarkers = {}
  // This step's own comment names itself from its first write; a copy of that marker in another
  // comment does not verify. A marker left naming no comment (its naming edit failed) verifies in
  // any comment, so which one the run edits is isOurs's rule, the same for each kind.
  const own: MarkedComment[] = []
  const docs: MarkedComment[] = []
  const companion: MarkedComment[] = []
  for (const comment of comments) {
    const marker = readMarker(comment.body, writer.key, { ...place, commentId: comment.id })
    if (!marker) continue
    if (marker.kind === 'docs-pr') docs.push({ comment, marker })
    if (marker.companion) companion.push({ comment, marker })
    if (isWrittenBy(marker, writer)) own.push({ comment, marker })
    else {
      if (marker.jobId) found.latestJobId = marker.jobId
      if (marker.request !== undefined) (found.otherRequests ??= []).push(marker.request)
    }
  }
  const authors = ownAuthors(comments, writer.key, place)
  const ownComment = theOneComment(own, authors)
  if (ownComment) found.own = ownComment
  const docsComment = theOneComment(docs, authors)
  if (docsComment) found.docs = docsComment
  const companionComment = theOneComment(companion, authors)
  if (companionComment) found.companion = companionComment
  return found
}

/** What the markers tell a run about to write, with the attempt whose create got no answer (if any). */
export function earlierComments(
  { own, docs, latestJobId, otherRequests }: ThreadMarkers,
  unsureCreate: number | undefined
): EarlierComments {
  const found: EarlierComments = {}
  if (own?.marker.jobId) found.ownJobId = own.marker.jobId
  const state = own?.marker.state
  if (state === 'queued' || state === 'creating') found.ownQueued = true
  if (unsureCreate !== undefined) found.unsureCreate = unsureCreate
  if (latestJobId) found.latestJobId = latestJobId
  if (otherRequests) found.otherRequests = otherRequests
  // The docs-PR comment's job, the one that opened the pull request, takes the follow-ups.
  if (docs?.marker.jobId) found.latestJobId = found.docsJobId = docs.marker.jobId
  return found
}

/**
 * A step's own comment, the agent's pull request's one docs-PR comment, or a code pull request's one
 * companion comment, of the comments that carry such a marker: one the action may edit (isOurs), else
 * the one copy there is, whose words are read but which is never edited (`notOurs`; with more than
 * one, none: they may say different things).
 */
function theOneComment(marked: readonly MarkedComment[], authors: ReadonlySet<string>): MarkedComment | undefined {
  const ours = marked.find(({ marker }) => marker.commentId !== undefined) ?? marked.find((one) => isOurs(one, authors))
  if (ours) return ours
  return marked.length === 1 ? { ...marked[0]!, notOurs: true } : undefined
}

/** What the comments read say of a person whose request on a pull request was refused. */
export interface ReviewerStanding {
  /** The pull request's docs-PR comment is among them. */
  docsComment: boolean
  /** That comment's signed list of the reviewers the action asked for names the person. */
  requested: boolean
  /** A reply of the gate to them (kind `refused`) is among them: they were told already. */
  answered: boolean
}

export function reviewerStanding(
  comments: readonly IssueComment[],
  key: MarkerKey,
  place: MarkerPlace,
  login: string
): ReviewerStanding {
  const sameLogin = (other: string | undefined) => other?.toLowerCase() === login.toLowerCase()
  const marked = comments.flatMap((comment) => {
    const marker = readMarker(comment.body, key, { ...place, commentId: comment.id })
    return marker ? [{ comment, marker }] : []
  })
  const docs = theOneComment(
    marked.filter(({ marker }) => marker.kind === 'docs-pr'),
    ownAuthors(comments, key, place)
  )
  return {
    docsComment: docs !== undefined,
    requested: docs?.marker.reviewers?.some(sameLogin) ?? false,
    answered: marked.some(({ marker }) => marker.kind === 'refused' && sameLogin(marker.requester))
  }
}

/**
 * Whether the comments read hold what is sought, or as much of it as is looked for. A comment sought
 * is held only once it is one the action may edit: a copy may stand in the newest pages while the
 * action's own is further back. The newest job named is known only from the pages read back from the
 * newest: one named on the first page may be followed by a newer in between. The docs-PR comment's
 * job comes before any other, wherever it was read.
 */
export function holdsSought(pages: CommentPages, writer: ThreadWriter, thread: number, sought: Sought): boolean {
  const found = threadMarkers(commentsRead(pages), writer, thread)
  const newestNamed = threadMarkers(pages.newest, writer, thread).latestJobId !== undefined
  const latestDone = found.docs !== undefined || newestNamed || pages.pageCount >= COMMENT_PAGES
  return (
    (!sought.own || isEditable(found.own)) &&
    (!sought.companion || isEditable(found.companion)) &&
    (!sought.latest || latestDone)
  )
}

/** Whether a comment was found that the action may edit (not only a copy). */
export function isEditable(marked: MarkedComment | undefined): marked is MarkedComment {
  return marked !== undefined && marked.notOurs === undefined
}
