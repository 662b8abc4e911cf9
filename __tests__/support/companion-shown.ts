// What mode companion shows, asserted as state: the head the code pull request's progress comment
// signs as sent, which news of its code the companion docs pull request tells, and how the progress
// comment tells the companion's end, each as the action's own words (src/companion/words.ts, pinned
// once by companion-wording.test.ts) give it for that state. A wording change is an edit of words.ts and
// that test, not of every companion test.
import {
  companionEndComment,
  type CompanionNews,
  companionNewsParagraph,
  type CompanionOutcome,
  type NamedPullRequest,
  queuedClosedComment,
  refusedStartComment
} from '../../src/companion/words.js'
import { type SkipReason, skipText } from '../../src/event/skip-reason.js'
import { type CompanionMark, markerKey, type ProgressMarker, readMarker } from '../../src/thread/marker.js'
import { CODE_PR } from './companion-fixture.js'
import { linksIn } from './progress.js'
import { API_KEY, PROJECT } from './agent-fixture.js'

type Comment = { body: string; id: number }

/** The marker of the code pull request's progress comment (acme/docs#61), read and verified as the action reads it. */
export function codeMarkerOf(comment: Comment): ProgressMarker | undefined {
  const place = { repository: 'acme/docs', threadNumber: CODE_PR, commentId: comment.id }
  return readMarker(comment.body, markerKey(API_KEY, PROJECT), place)
}

/** What the code pull request's progress comment remembers of its companion. */
export function companionOf(comment: Comment): CompanionMark | undefined {
  return codeMarkerOf(comment)?.companion
}

/** The workflow run a comment of the action links. */
export function runLinkIn(body: string): string {
  const run = linksIn(body).find((url) => /\/actions\/runs\/\d+/.test(url))
  if (run === undefined) throw new Error('the comment links no workflow run')
  return run
}

/** The pull request `name` (owner/repo#number) as a comment links it, for the words that name it. */
export function namedIn(body: string, name: string): NamedPullRequest {
  const [repository, number] = name.split('#')
  const url = linksIn(body).find((link) => link.endsWith(`/${repository}/pull/${number}`))
  if (url === undefined) throw new Error(`the comment links no ${name}`)
  return { name, url }
}

/** Which news of its code (closed, reopened, merged) a comment on the companion docs pull request tells. */
export function newsIn(comment: Comment): CompanionNews[] {
  const code = namedIn(comment.body, `acme/docs#${CODE_PR}`)
  const runUrl = runLinkIn(comment.body)
  const every: CompanionNews[] = ['closed', 'reopened', 'merged']
  return every.filter((news) => comment.body.includes(companionNewsParagraph(news, code, runUrl)))
}

/**
 * The progress comment the action writes on the code pull request once it `moment`ed, the step on its
 * companion gone as `outcome` says, for the head `comment` signs: for a test that asserts the comment
 * tells this end and nothing else.
 */
export function companionEndFor(comment: Comment, moment: CompanionNews, outcome: CompanionOutcome): string {
  const head = companionOf(comment)?.head
  if (head === undefined) throw new Error(`comment ${comment.id} remembers no companion`)
  const marker = comment.body.slice(0, comment.body.indexOf('\n'))
  return companionEndComment(marker, moment, outcome, runLinkIn(comment.body), { head })
}

/**
 * The progress comment the action writes on the code pull request when a push would have started its
 * job but who pushed may not ask, refused for `reason`: for a test that asserts it tells that and nothing else.
 */
export function refusedStartFor(comment: Comment, reason: SkipReason): string {
  const marker = comment.body.slice(0, comment.body.indexOf('\n'))
  return refusedStartComment(marker, CODE_PR, skipText(reason), runLinkIn(comment.body))
}

/** The progress comment the action writes on the code pull request closed while its create waited queued. */
export function queuedClosedFor(comment: Comment): string {
  const head = companionOf(comment)?.head
  if (head === undefined) throw new Error(`comment ${comment.id} remembers no companion`)
  return queuedClosedComment(comment.body.slice(0, comment.body.indexOf('\n')), runLinkIn(comment.body), head)
}
