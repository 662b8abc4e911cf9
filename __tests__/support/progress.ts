// What a progress comment shows, read as state rather than as words: its marker's state and job,
// read and verified by the action's own parser, and the links of its text, read by a CommonMark
// parser; and, where only the words tell a state apart (a pull request opened or updated, a lost
// job), the action's own words for that state. Behaviour tests assert these, so that a change of
// wording is one edit of the words and of the one test that pins them (progress-wording.test.ts),
// not of every test that runs a job.
import { expect } from '@jest/globals'
import { parse, postprocess, preprocess } from 'micromark'
import { pullRequestNumberIn } from '../../src/github/pull-request-link.js'
import { type DocsCommentFacts, renderDocsPullRequestComment } from '../../src/report/docs-pr-comment.js'
import { commentMarkup, type ProgressState, progressText, type RunProgressState } from '../../src/report/render.js'
import { type MarkerKey, markerKey, type ProgressMarker, readMarker } from '../../src/thread/marker.js'
import { RUNNER_STEP } from '../../test/harness/run-bundle.js'
import { API_KEY, PROJECT } from './agent-fixture.js'

/** What a comment shows once its job completed with a pull request, opened or updated. */
export const DONE_WITH_PULL_REQUEST = { state: 'ended', pullRequest: expect.any(String) }

/** What a comment shows once a run's job ended: the job and the pull request the run's outputs name. */
export function endedAsOutputsSay(outputs: Record<string, string>) {
  return { state: 'ended', jobId: outputs['job-id'], pullRequest: outputs['pr-link'] }
}

export interface ProgressShown {
  /** The marker's state: `ended` once the comment reports how the run ended. */
  state: NonNullable<ProgressMarker['state']> | 'ended'
  jobId: string | undefined
  /** The pull request the text links to (an agent's or the one it updated), if any. */
  pullRequest: string | undefined
  /** The pull request the job had opened before this comment's follow-up: the job updated it rather than opened one. */
  earlierPullRequest: string | undefined
  /** The note under the status, by the name its marker signs (report/notes.ts). */
  note: ProgressMarker['note']
  /** `docs-pr` for the comment on the agent's pull request; undefined for a progress comment. */
  kind: ProgressMarker['kind']
  /** On the docs-PR comment: where its job was first asked for. */
  origin: string | undefined
  /** Every link of the text, in order: the requests it names, the pull request, the workflow run. */
  links: string[]
  /** On a digest's comment: the merged pull requests it covers, and whether its job ended without failing. */
  digest: ProgressMarker['digest']
}

/**
 * What a comment the action wrote on this thread shows; undefined for a comment without a marker
 * signed for this thread (and this comment, once it names one). By default the thread is the
 * runner's repository's and the key the test API key's.
 */
export function progressOf(
  comment: { body: string; id: number },
  threadNumber: number,
  {
    repository = RUNNER_STEP.GITHUB_REPOSITORY,
    key = markerKey(API_KEY, PROJECT)
  }: { repository?: string; key?: MarkerKey } = {}
): ProgressShown | undefined {
  const marker = readMarker(comment.body, key, { repository, threadNumber, commentId: comment.id })
  if (!marker) return undefined
  const links = linksIn(comment.body)
  return {
    state: marker.state ?? 'ended',
    jobId: marker.jobId,
    pullRequest: links.find((url) => pullRequestNumberIn(url) !== undefined),
    earlierPullRequest: marker.earlierPrLink,
    note: marker.note,
    kind: marker.kind,
    origin: marker.origin,
    links,
    digest: marker.digest
  }
}

/** The destinations of a markdown text's links and autolinks, in order. */
export function linksIn(markdown: string): string[] {
  const events = postprocess(
    parse()
      .document()
      .write(preprocess()(markdown, undefined, true))
  )
  return events.flatMap(([kind, token]) =>
    kind === 'enter' && (token.type === 'resourceDestinationString' || token.type === 'autolinkProtocol')
      ? [markdown.slice(token.start.offset, token.end.offset)]
      : []
  )
}

/**
 * The status words the action writes on a progress comment for `state`, linking the workflow run
 * `runUrl`: for a test that asserts which state a comment tells where its marker does not sign it.
 */
export function statusWords(state: ProgressState, runUrl: string): string {
  return progressText(state, commentMarkup(runUrl))
}

/**
 * The end of a job that completed with a pull request: opened, or updated when it is `earlierPrLink`,
 * the one the job had opened before this comment's follow-up.
 */
export function completedWith(
  jobId: string,
  prLink: string,
  earlierPrLink?: string
): Extract<RunProgressState, { kind: 'ended' }> {
  const job = { id: jobId, status: 'completed', prLink }
  return { kind: 'ended', result: { kind: 'finished', job, ...(earlierPrLink !== undefined && { earlierPrLink }) } }
}

/**
 * The docs-PR comment the action writes for `facts` and `state`, under `comment`'s own marker line:
 * for a test that asserts a docs-PR comment tells this state, with these links, and nothing else.
 */
export function docsCommentFor(comment: { body: string }, facts: DocsCommentFacts, state: RunProgressState): string {
  return renderDocsPullRequestComment(comment.body.slice(0, comment.body.indexOf('\n')), facts, state)
}
