// The progress comment's words, pinned here once: every other test asserts the state a comment
// shows (support/progress.ts), so that a new wording is an edit of report/ and of this file alone.
import { NOTES } from '../src/report/notes.js'
import { type ProgressState, renderProgressComment } from '../src/report/render.js'

const RUN = 'https://github.com/acme/docs/actions/runs/1001'
const RUN_LINK = `[workflow run](${RUN})`
const PR = 'https://github.com/acme/docs/pull/7'
const PR_LINK = `[${PR}](${PR})`
const DASHBOARD = '[dashboard](https://app.mintlify.com/)'
const completed = (prLink: string | null) => ({ id: 'job-7', status: 'completed', prLink })

const STATES: [string, ProgressState, string][] = [
  [
    'working',
    { kind: 'working', jobId: 'job-7', followUp: false },
    `⏳ **Working on it.** Started agent job \`job-7\`; this comment will show the pull request when the job is done. (${RUN_LINK})`
  ],
  [
    'working on a follow-up',
    { kind: 'working', jobId: 'job-7', followUp: true },
    `⏳ **Working on it.** Sent your request to agent job \`job-7\` as a follow-up; this comment will show the pull request when the job is done. (${RUN_LINK})`
  ],
  [
    'ended with a new pull request',
    { kind: 'ended', result: { kind: 'finished', job: completed(PR) } },
    `✅ **Done.** The agent opened a pull request: ${PR_LINK} (agent job \`job-7\`, ${RUN_LINK})`
  ],
  [
    'ended with the pull request of an earlier request',
    { kind: 'ended', result: { kind: 'finished', job: completed(PR), earlierPrLink: PR } },
    `✅ **Done.** The agent updated its pull request: ${PR_LINK} (agent job \`job-7\`, ${RUN_LINK})`
  ],
  [
    'ended without changes',
    { kind: 'ended', result: { kind: 'finished', job: completed(null) } },
    `ℹ️ **Done, nothing to change.** Agent job \`job-7\` finished without changing any files, so there is no pull request. (${RUN_LINK})`
  ],
  [
    'ended without changes on a merged pull request',
    { kind: 'ended', result: { kind: 'finished', job: completed(null) }, startedBy: { mergedPullRequest: 61 } },
    `ℹ️ **No docs changes were needed.** Agent job \`job-7\` read the changes of this pull request and changed no files, so there is no docs pull request. (${RUN_LINK})`
  ],
  [
    'failed',
    { kind: 'ended', result: { kind: 'finished', job: { id: 'job-7', status: 'failed' } } },
    `❌ **Agent job \`job-7\` failed.** The agent API does not say why; people with access to the docs project can find the job on the ${DASHBOARD}, and the ${RUN_LINK} shows what the action saw. Comment again to send a follow-up, or re-run to try again.`
  ],
  [
    'failed on a merged pull request',
    {
      kind: 'ended',
      result: { kind: 'finished', job: { id: 'job-7', status: 'failed' } },
      startedBy: { mergedPullRequest: 61 }
    },
    `❌ **Agent job \`job-7\` failed.** The agent API does not say why; people with access to the docs project can find the job on the ${DASHBOARD}, and the ${RUN_LINK} shows what the action saw. To try again, re-run the ${RUN_LINK}, or run the workflow by hand (workflow_dispatch) with issue-number 61.`
  ],
  [
    'archived',
    { kind: 'ended', result: { kind: 'finished', job: { id: 'job-7', status: 'archived' } } },
    `⚠️ **Agent job \`job-7\` was archived** before it finished; no pull request will come from it. (${RUN_LINK})`
  ],
  [
    'started without waiting',
    { kind: 'ended', result: { kind: 'started', job: { id: 'job-7', status: 'active' }, how: 'created' } },
    `🚀 **Started agent job \`job-7\`.** This workflow does not wait for it, so this comment will not be updated; follow the job on the agent dashboard. (${RUN_LINK})`
  ],
  [
    'timed out',
    {
      kind: 'ended',
      result: { kind: 'timed-out', jobId: 'job-7', job: undefined, waitedMs: 60_000, timeoutMs: 60_000 }
    },
    `⏱️ **Stopped waiting after 1m ("timeout").** Agent job \`job-7\` is still running and goes on. Re-run the ${RUN_LINK} to keep waiting for it.`
  ],
  [
    'cancelled',
    { kind: 'ended', result: { kind: 'cancelled', jobId: 'job-7', job: undefined } },
    `⏹️ **Stopped waiting: the workflow was cancelled.** Agent job \`job-7\` goes on; re-run the ${RUN_LINK} to wait for it again.`
  ],
  [
    'queued by the hourly limit',
    { kind: 'ended', result: { kind: 'queued', retryAt: Date.UTC(2026, 10, 29, 5, 0, 0) } },
    "⏸️ **Queued: the docs agent's hourly limit of new jobs is used up.** Nothing was created yet; this comment keeps the " +
      'request, and a reconcile run will create its job from 2026-11-29 05:00:00 UTC (when the service said to try again) ' +
      `and show it here. (${RUN_LINK})`
  ],
  [
    'lost',
    { kind: 'lost', jobId: 'job-7' },
    `❓ **Agent job \`job-7\` can no longer be found.** The agent API no longer knows it, so this comment cannot show how it ended; people with access to the docs project can look for its pull request on the ${DASHBOARD}. To try again, comment the request again. (${RUN_LINK})`
  ],
  [
    'creating a queued request',
    { kind: 'creating' },
    `⏳ **Creating the agent job** for the request queued on this comment. (${RUN_LINK})`
  ]
]

describe("the progress comment's words", () => {
  it.each(STATES)('%s', (_name, state, words) => {
    expect(renderProgressComment('<!-- marker -->', state, RUN)).toBe(`<!-- marker -->\n${words}\n`)
  })

  it('follow the status with the request it answers and the note, each a paragraph', () => {
    const request = 'https://github.com/acme/docs/issues/42#issuecomment-1'
    const state = { kind: 'ended', result: { kind: 'finished', job: completed(PR) } } as const
    expect(renderProgressComment('<!-- marker -->', state, RUN, NOTES['new-job'], request)).toBe(
      `<!-- marker -->\n✅ **Done.** The agent opened a pull request: ${PR_LINK} (agent job \`job-7\`, ${RUN_LINK})\n\n` +
        `↪️ In answer to [this comment](${request}).\n\n` +
        'No comment of the docs agent on this pull request names an agent job, so this request started a new one.\n'
    )
  })
})
