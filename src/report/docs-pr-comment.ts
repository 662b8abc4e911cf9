// The comment on the agent's pull request, for the people who review it: which job opened it and for
// which request, how the latest request went (or what became of the pull request since), and how to
// ask for changes. Pure. The words for an end
// that is not about this pull request (a failure, a timeout, another pull request) are outcome.ts's.
import { endedComment } from './outcome.js'
import { jobIdOf } from '../job/result.js'
import type { PullRequestRef } from '../github/pull-request-link.js'
import { commentMarkup, type RunProgressState, renderThreadComment } from './render.js'
import { code, escapeMarkdown, linkOrText, RUNNER_URL_PROTOCOLS } from '../markdown/escape.js'

/** Where a request was made: the page of the comment, review or issue, or the workflow run. */
export interface RequestPlace {
  url: string
  /** Who asked, when someone did. */
  requester?: string
}

export interface DocsCommentFacts {
  /** The pull request the comment sits on. */
  pullRequest: PullRequestRef
  /** Where the job was first asked for (a URL); '' when not known. */
  origin: string
  /** Where the request this run carries was made. */
  request: RequestPlace
  /** The trigger phrase reviewers start a request with; '' when this workflow has none. */
  triggerPhrase: string
  runUrl: string
}

/** The docs-PR comment's body; `marker` is its hidden first line, signed with kind docs-pr. */
export function renderDocsPullRequestComment(marker: string, facts: DocsCommentFacts, state: RunProgressState): string {
  const jobId = state.kind === 'working' ? state.jobId : (jobIdOf(state.result) ?? '')
  return docsComment(marker, facts, jobId, latest(facts, state), true)
}

/**
 * What became of the pull request since its latest request, told by the step that changed it (its
 * code pull request closed, reopened or merged): it takes the place of how that request went, which
 * is no longer the news (a closed pull request is not "ready for review").
 */
export interface PullRequestNews {
  /** The job that opened the pull request. */
  jobId: string
  /** The paragraph, in markdown, escaped by whoever wrote it. */
  paragraph: string
  /** The pull request is open to changes: the comment still says how to ask for them. */
  open: boolean
}

/** The docs-PR comment's body once `news` is the latest on the pull request. */
export function renderDocsPullRequestNews(
  marker: string,
  facts: Omit<DocsCommentFacts, 'request'>,
  news: PullRequestNews
): string {
  return docsComment(marker, facts, news.jobId, news.paragraph, news.open)
}

/** Which job opened the pull request, the status, and (while it is open) how to ask for changes. */
function docsComment(
  marker: string,
  facts: Omit<DocsCommentFacts, 'request'>,
  jobId: string,
  status: string,
  open: boolean
): string {
  const job = `agent job ${code(jobId)}`
  const opened = facts.origin
    ? `📝 **Docs agent:** ${job} opened this pull request for ${place(facts.origin, facts.pullRequest)}.`
    : `📝 **Docs agent:** ${job} opened this pull request.`
  const paragraphs = [opened, status, ...(open ? [howToAskForChanges(facts.triggerPhrase)] : [])]
  return renderThreadComment(marker, paragraphs.join('\n\n'))
}

/** How the request this run carries went; the job is the one the first line names. */
function latest(facts: DocsCommentFacts, state: RunProgressState): string {
  const markup = commentMarkup(facts.runUrl)
  const request = `the request ${maker(facts.request)} ${place(facts.request.url, facts.pullRequest)}`
  if (state.kind === 'working') {
    const what = state.followUp ? `Sent ${request} to the agent job` : `The agent job started on ${request}`
    return `⏳ **Working on it.** ${what}; this comment will say when it is done. (${markup.run})`
  }
  const { result } = state
  if (result.kind !== 'finished' || result.job.status !== 'completed') return endedComment(result, markup)
  const { prLink } = result.job
  if (!prLink) {
    return `ℹ️ **Nothing changed.** The agent job answered ${request} without changing any files. (${markup.run})`
  }
  // A link to another pull request (this one was closed, say) is told as any job's end.
  if (!isThisPullRequest(prLink, facts.pullRequest)) return endedComment(result, markup)
  if (facts.request.url === facts.origin) return `✅ **Ready for review.** The agent job has finished. (${markup.run})`
  return `✅ **Updated.** The agent job finished ${request}. (${markup.run})`
}

/** The docs-PR comment's line on how reviewers ask for changes: with `phrase`, or how to set one up ('' when none). */
export function howToAskForChanges(phrase: string): string {
  if (phrase === '') {
    return (
      '**Changes?** To let reviewers ask for them here, run docs-agent-action in this repository on comments ' +
      `and reviews with a ${code('trigger-phrase')} (such as ${code('/docs')}): their requests then go to the same agent job.`
    )
  }
  return (
    `**Changes?** Start a comment on this pull request with ${code(phrase)}, e.g. ` +
    `${code(`${phrase} make the introduction shorter`)}; a comment on a line of the diff or a review works too. ` +
    'It goes to the same agent job, which updates this pull request, and this comment follows along.'
  )
}

/** "@rita made in", or "made in" when nobody is named (a workflow run). */
function maker(request: RequestPlace): string {
  return request.requester ? `${escapeMarkdown(`@${request.requester}`)} made in` : 'made in'
}

/**
 * A link to a request's page, named by what it is: "a comment on acme/app#42", "a review of this
 * pull request", "acme/app#7" (a merged pull request), "the release v1.2 of acme/app", "a workflow
 * run of acme/app". Read from the URL's path (GitHub's own layout).
 */
function place(url: string, pullRequest: PullRequestRef): string {
  return linkOrText(url, placeName(url, pullRequest), RUNNER_URL_PROTOCOLS)
}

function placeName(url: string, pullRequest: PullRequestRef): string {
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    return 'a request'
  }
  const [owner, repo, kind, id, more] = parsed.pathname.split('/').slice(1)
  if (!owner || !repo) return 'a request'
  const repository = `${owner}/${repo}`
  if (kind === 'actions' && id === 'runs' && more) return `a workflow run of ${repository}`
  if (kind === 'releases' && id === 'tag' && more) return `the release ${decodedSegment(more)} of ${repository}`
  if ((kind !== 'issues' && kind !== 'pull') || !id || !/^\d+$/.test(id)) return 'a request'
  const thread =
    repository.toLowerCase() === pullRequest.repository.toLowerCase() && Number(id) === pullRequest.number
      ? 'this pull request'
      : `${repository}#${id}`
  const anchor = parsed.hash
  if (anchor.startsWith('#issuecomment-')) return `a comment on ${thread}`
  if (anchor.startsWith('#discussion_r')) return `a comment on a line of ${thread}`
  if (anchor.startsWith('#pullrequestreview-')) return `a review of ${thread}`
  return thread
}

function decodedSegment(segment: string): string {
  try {
    return decodeURIComponent(segment)
  } catch {
    return segment
  }
}

function isThisPullRequest(link: string, pullRequest: PullRequestRef): boolean {
  return placeName(link, pullRequest) === 'this pull request'
}
