// Which labelled threads a reconcile run reads: the listing, page by page (the last updated first),
// and each thread with comments read, until a hundred that are not foreign were read, the listing
// ends, the "timeout" runs out, or the page cap is met. docs/design.md ("Which labelled threads a
// run reads") says why a thread found foreign takes no place, and what that costs.
import { describeGitHubError } from '../github/calls.js'
import { takesAPlace, threadsToRead } from './decide.js'
import type { ReconcileDeps } from './deps.js'
import { type Finding, readThread } from './thread-reads.js'

/** The most threads one run reads that are not foreign; the rest (updated longer ago) wait for the next run. */
export const MAX_THREADS = 100
/**
 * The most pages of the listing one run reads: 1,000 labelled threads, far more than another
 * project's waiting threads or a person's labels come to, and about what a GITHUB_TOKEN may ask of
 * GitHub in an hour (1,000 requests), which a run reading a foreign thread on each would spend.
 */
export const MAX_LISTING_PAGES = 10

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
  const { github, clock, label, log } = deps
  const findings: Finding[] = []
  const seen = new Set<number>()
  let passedOver = 0
  let places = 0
  let next: string | undefined
  for (let pages = 0; pages === 0 || next !== undefined; pages++) {
    // The first page is listed even when the time is out: the summary then says what waits.
    if (pages > 0 && (pages === MAX_LISTING_PAGES || clock.now() >= deps.deadline || places === MAX_THREADS)) {
      return { findings, more: true, passedOver }
    }
    let page
    try {
      page = await github.listLabelledThreads(label, github.limits(), next)
    } catch (error) {
      const why = describeGitHubError(error)
      if (pages === 0) return { findings, more: false, passedOver, unlisted: why }
      log.warning(`Could not list more of the threads labelled "${label}": ${why} The rest wait for the next run.`)
      return { findings, more: true, passedOver }
    }
    next = page.next
    const { threads, withoutComments } = threadsToRead(page.threads, seen)
    passedOver += withoutComments
    for (const thread of page.threads) seen.add(thread.number)
    for (const thread of threads) {
      if (places === MAX_THREADS) return { findings, more: true, passedOver }
      const finding = await readThread(deps, thread)
      findings.push(finding)
      if (takesAPlace(finding)) places++
    }
  }
  return { findings, more: false, passedOver }
}
