// What a digest shows, asserted as its state: the comment and the summary lines the action's own
// words (src/report/digest-comment.ts, pinned once by digest-comment.test.ts) give for the range its
// marker signs, the job's result and the pull requests left out. A behaviour test names the state;
// "gathered" or "covers", and where the merges go, are that one file's to say.
import type { RunResult } from '../../src/job/result.js'
import {
  type DigestLeftOut,
  type DigestState,
  digestSummaryLines,
  renderDigestComment
} from '../../src/report/digest-comment.js'
import { RUNNER_STEP } from '../../test/harness/run-bundle.js'
import { progressOf } from './progress.js'

/** Where a digest runs: the server its links name and its workflow run. */
export interface DigestRun {
  serverUrl: string
  runId: string
}

const place = (serverUrl: string) => ({ serverUrl, repository: RUNNER_STEP.GITHUB_REPOSITORY })

/**
 * The digest comment the action writes for `state` on the range `comment`'s marker signs, under its
 * own marker line: for a test that asserts the comment tells this state and nothing else.
 */
export function digestCommentFor(
  comment: { body: string; id: number },
  threadNumber: number,
  state: DigestState,
  { serverUrl, runId }: DigestRun
): string {
  const mark = progressOf(comment, threadNumber)?.digest
  if (mark === undefined) throw new Error(`comment ${comment.id} signs no digest`)
  const runUrl = `${serverUrl}/${RUNNER_STEP.GITHUB_REPOSITORY}/actions/runs/${runId}`
  return renderDigestComment(comment.body.slice(0, comment.body.indexOf('\n')), state, runUrl, place(serverUrl), mark)
}

/** The summary lines of a digest of `comment`'s range whose job ended with `result`, leaving `leftOut` out. */
export function digestSummaryFor(
  comment: { body: string; id: number },
  threadNumber: number,
  result: RunResult,
  leftOut: Partial<DigestLeftOut>,
  { serverUrl }: Pick<DigestRun, 'serverUrl'>
): string[] {
  const mark = progressOf(comment, threadNumber)?.digest
  if (mark === undefined) throw new Error(`comment ${comment.id} signs no digest`)
  const none: DigestLeftOut = { numbers: [], label: '', withCompanion: [], byBots: [] }
  return digestSummaryLines(place(serverUrl), mark, result, { ...none, ...leftOut })
}

/** The end of a digest whose job `jobId` failed: its pull requests are the next digest's. */
export const failedJob = (jobId: string): Extract<RunResult, { kind: 'finished' }> => ({
  kind: 'finished',
  job: { id: jobId, status: 'failed' }
})
