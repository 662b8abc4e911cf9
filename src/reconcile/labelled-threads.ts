// Which labelled threads a reconcile run reads: the listing (the last updated first), then the
// repository's recent comments, which show which threads are ours (a marker of this key) and which
// are foreign (every comment seen, none ours) without reading each; ours are read first, then at
// most MAX_UNPLACED_READS that the comments seen could not place, until a hundred that are not
// foreign were read or the "timeout" runs out. docs/design.md ("Which labelled threads a run
// reads") says why, and what it costs.
import { describeGitHubError } from '../github/calls.js'
import type { ListedThread, RepositoryComment } from '../github/api.js'
import { signedMarker } from '../thread/working-comments.js'
import { type CommentTally, type MarkerSeen, standingOf, takesAPlace, tallyComments, threadsToRead } from './decide.js'
import type { ReconcileDeps } from './deps.js'
import { type Finding, foreign, readThread } from './thread-reads.js'

/** The most threads one run reads that are not foreign; the rest (updated longer ago) wait for the next run. */
export const MAX_THREADS = 100
/**
 * The most pages of the listing one run reads: 1,000 labelled threads, far more than another
 * project's waiting threads or a person's labels come to.
 */
export const MAX_LISTING_PAGES = 10
/**
 * The most pages of the repository's recent comments one run reads: 3,000 comments, which place
 * 1,000 labelled threads of a few comments each for 30 requests, where reading them costs 1,000.
 */
export const MAX_COMMENT_SCAN_PAGES = 30
/** The most threads one run reads that the comments seen could not place: each may be foreign. */
export const MAX_UNPLACED_READS = 100

export interface LabelledThreadsRead {
  findings: Finding[]
  /** Labelled threads may wait beyond those read: for the next run. */
  more: boolean
  /** Labelled threads without comments, passed over unread. */
  passedOver: number
  /** Why the threads could not be listed (no page came). */
  unlisted?: string
}

export async function readLabelledThreads(deps: ReconcileDeps): Promise<LabelledThreadsRead> {
  const listing = await listLabelledThreads(deps)
  const { threads, passedOver } = listing
  if (listing.unlisted !== undefined) return { findings: [], more: false, passedOver, unlisted: listing.unlisted }
  const { tallies, beyondListing } = await tallyRecentComments(deps, threads, listing.more)
  const place = (thread: ListedThread) => standingOf(thread, tallies.get(thread.number))
  // A thread the listing did not reach (more than its pages come first) where a comment waits is ours.
  const ours = [...threads.filter((thread) => place(thread) === 'ours'), ...beyondListing]
  const unplaced = threads.filter((thread) => place(thread) === 'unplaced')
  const findings = threads.filter((thread) => place(thread) === 'foreign').map((thread) => foreign(deps, thread))
  let places = 0
  let unplacedRead = 0
  const toRead = [
    ...ours.map((thread) => ({ thread, isUnplaced: false })),
    ...unplaced.map((thread) => ({ thread, isUnplaced: true }))
  ]
  for (const { thread, isUnplaced } of toRead) {
    if (places === MAX_THREADS || (isUnplaced && unplacedRead === MAX_UNPLACED_READS)) {
      return { findings, more: true, passedOver }
    }
    const finding = await readThread(deps, thread)
    findings.push(finding)
    if (takesAPlace(finding)) places++
    if (isUnplaced) unplacedRead++
  }
  return { findings, more: listing.more, passedOver }
}

/** The labelled threads with comments, each once, in the listing's order: every page, up to the cap and the "timeout". */
async function listLabelledThreads(
  deps: ReconcileDeps
): Promise<{ threads: ListedThread[]; more: boolean; passedOver: number; unlisted?: string }> {
  const { github, clock, label, log } = deps
  const threads: ListedThread[] = []
  const seen = new Set<number>()
  let passedOver = 0
  let next: string | undefined
  for (let pages = 0; pages === 0 || next !== undefined; pages++) {
    // The first page is listed even when the time is out: the summary then says what waits.
    if (pages > 0 && (pages === MAX_LISTING_PAGES || clock.now() >= deps.deadline)) {
      return { threads, more: true, passedOver }
    }
    let page
    try {
      page = await github.listLabelledThreads(label, github.limits(), next)
    } catch (error) {
      const why = describeGitHubError(error)
      if (pages === 0) return { threads, more: false, passedOver, unlisted: why }
      log.warning(`Could not list more of the threads labelled "${label}": ${why} The rest wait for the next run.`)
      return { threads, more: true, passedOver }
    }
    next = page.next
    const found = threadsToRead(page.threads, seen)
    passedOver += found.withoutComments
    for (const thread of page.threads) seen.add(thread.number)
    threads.push(...found.threads)
  }
  return { threads, more: false, passedOver }
}

/**
 * What the repository's comments updated since the oldest of `threads` was opened (with the
 * labelled listing cut short, the newest) show of each: none of their comments is older, so a
 * listing read to its end has seen them all. Read page by page
 * (the last updated first) until every thread is placed (with the labelled listing cut short, on to
 * the cap: a waiting comment may show a labelled thread beyond it), the listing ends, its cap or the
 * "timeout" is met; a failure leaves the threads not placed to be read, after a warning.
 */
async function tallyRecentComments(
  deps: ReconcileDeps,
  threads: readonly ListedThread[],
  listingCut: boolean
): Promise<{ tallies: Map<number, CommentTally>; beyondListing: { number: number; htmlUrl: string }[] }> {
  const { github, clock, log, repository, key } = deps
  const comments: RepositoryComment[] = []
  let tallies = new Map<number, CommentTally>()
  if (threads.length === 0) return { tallies, beyondListing: [] }
  // A second early: GitHub's times are whole seconds, and a comment may come in its thread's first.
  // With the listing cut short, a thread beyond it may be older than every thread listed.
  const since = listingCut ? 0 : Math.min(...threads.map((thread) => thread.createdAt ?? 0)) - 1000
  const markerOf = (comment: RepositoryComment): MarkerSeen => {
    const marker = signedMarker(comment, key, { repository, threadNumber: comment.threadNumber })
    return marker === undefined
      ? 'none'
      : marker.state === 'working' && marker.kind === undefined
        ? 'waiting'
        : 'signed'
  }
  const allPlaced = () => threads.every((thread) => standingOf(thread, tallies.get(thread.number)) !== 'unplaced')
  // Fewer pages than threads: a listing that places none costs fewer requests than the reads it
  // meant to save (one thread is read at once).
  const maxPages = Math.min(MAX_COMMENT_SCAN_PAGES, threads.length - 1)
  let next: string | undefined
  for (let pages = 0; pages === 0 || next !== undefined; pages++) {
    if (pages === maxPages || clock.now() >= deps.deadline || (!listingCut && allPlaced())) break
    try {
      const page = await github.listRecentComments(since, github.limits(), next)
      next = page.next
      comments.push(...page.comments)
    } catch (error) {
      log.warning(
        `Could not list the repository's recent comments: ${describeGitHubError(error)} The labelled threads are ` +
          'read one by one instead, as many as a run reads.'
      )
      break
    }
    tallies = tallyComments(comments, markerOf)
  }
  const listed = new Set(threads.map((thread) => thread.number))
  const beyondListing = listingCut
    ? [...new Map(comments.map((comment) => [comment.threadNumber, comment.threadUrl])).entries()]
        .filter(([number]) => !listed.has(number) && tallies.get(number)?.waiting === true)
        .map(([number, htmlUrl]) => ({ number, htmlUrl }))
    : []
  return { tallies, beyondListing }
}
