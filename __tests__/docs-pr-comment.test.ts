// The comment reviewers read on the agent's pull request: what opened it, how the latest request went
// and how to ask for changes, with everything from a payload or the API escaped.
import type { AgentJob } from '../src/agent/job.js'
import { type DocsCommentFacts, renderDocsPullRequestComment } from '../src/report/docs-pr-comment.js'
import type { RunProgressState } from '../src/report/render.js'
import { completedWith, statusWords } from './support/progress.js'

const PR_LINK = 'https://github.com/acme/site/pull/7'
const ORIGIN = 'https://github.com/acme/app/issues/42#issuecomment-1'
const job: AgentJob = {
  id: 'job-7',
  status: 'completed',
  prLink: PR_LINK,
  model: 'm',
  source: { repository: 'https://github.com/acme/site', ref: 'main' },
  createdAt: '2026-11-22T10:00:00Z',
  archivedAt: null
}
const facts: DocsCommentFacts = {
  pullRequest: { repository: 'acme/site', number: 7 },
  origin: ORIGIN,
  request: { url: ORIGIN, requester: 'writer-wendy' },
  triggerPhrase: '/docs',
  runUrl: 'https://github.com/acme/app/actions/runs/1001'
}
const ended = (fields: Partial<AgentJob> = {}): RunProgressState => ({
  kind: 'ended',
  result: { kind: 'finished', job: { ...job, ...fields } }
})
const render = (state: RunProgressState, more: Partial<DocsCommentFacts> = {}) =>
  renderDocsPullRequestComment('<!-- marker -->', { ...facts, ...more }, state)
const paragraphs = (text: string) => text.split('\n\n')
/** A follow-up asked on a line of the docs PR, run by the docs repository's workflow. */
const lineRequest = {
  request: { url: `${PR_LINK}#discussion_r55`, requester: 'reviewer-rita' },
  runUrl: 'https://github.com/acme/site/actions/runs/2002'
}

describe('the docs-PR comment', () => {
  it('says which job opened the pull request for which request, that it is ready, and how to ask for changes', () => {
    expect(render(ended())).toBe(
      [
        '<!-- marker -->\n📝 **Docs agent:** agent job `job-7` opened this pull request for ' +
          `[a comment on acme/app#42](${ORIGIN}).`,
        '✅ **Ready for review.** The agent job has finished. ([workflow run](https://github.com/acme/app/actions/runs/1001))',
        '**Changes?** Start a comment on this pull request with `/docs`, e.g. `/docs make the introduction shorter`; ' +
          'a comment on a line of the diff or a review works too. It goes to the same agent job, which updates this ' +
          'pull request, and this comment follows along.\n'
      ].join('\n\n')
    )
  })

  it('tells a follow-up asked on the pull request while it works and once it is done, keeping the first request', () => {
    const working = paragraphs(render({ kind: 'working', jobId: 'job-7', followUp: true }, lineRequest))
    expect(working[0]).toContain(`opened this pull request for [a comment on acme/app#42](${ORIGIN}).`)
    expect(working[1]).toBe(
      '⏳ **Working on it.** Sent the request @\u2060reviewer-rita made in ' +
        `[a comment on a line of this pull request](${PR_LINK}#discussion_r55) to the agent job; ` +
        'this comment will say when it is done. ([workflow run](https://github.com/acme/site/actions/runs/2002))'
    )
    expect(paragraphs(render(ended(), lineRequest))[1]).toBe(
      '✅ **Updated.** The agent job finished the request @\u2060reviewer-rita made in ' +
        `[a comment on a line of this pull request](${PR_LINK}#discussion_r55). ` +
        '([workflow run](https://github.com/acme/site/actions/runs/2002))'
    )
  })

  it.each([
    [`${PR_LINK}#pullrequestreview-9`, 'a review of this pull request'],
    [`${PR_LINK}#issuecomment-9`, 'a comment on this pull request'],
    ['https://github.com/acme/app/pull/58#discussion_r9', 'a comment on a line of acme/app#58'],
    ['https://github.com/acme/app/issues/43', 'acme/app#43'],
    ['https://github.com/acme/app/pull/58', 'acme/app#58'],
    ['https://github.com/acme/app/releases/tag/v2.0%2Bbuild', 'the release v2.0+build of acme/app'],
    ['https://github.com/acme/app/actions/runs/1001', 'a workflow run of acme/app'],
    ['https://github.com/acme', 'a request']
  ])('names the request at %s "%s"', (url, name) => {
    expect(render(ended(), { request: { url } })).toContain(`finished the request made in [${name}](${url})`)
  })

  it('names nobody when nobody asked, and no origin when none is known', () => {
    const text = render(ended(), { origin: '', request: { url: facts.runUrl } })
    expect(text).toContain('📝 **Docs agent:** agent job `job-7` opened this pull request.\n')
    expect(text).toContain('finished the request made in [a workflow run of acme/app]')
  })

  it('tells an end that is not this pull request as the progress comment does', () => {
    const elsewhere = 'https://github.com/acme/site/pull/8'
    expect(paragraphs(render(ended({ prLink: elsewhere }), lineRequest))[1]).toBe(
      statusWords(completedWith('job-7', elsewhere), lineRequest.runUrl)
    )
    expect(render(ended({ status: 'failed', prLink: null }), lineRequest)).toContain('❌ **Agent job `job-7` failed.**')
    expect(render(ended({ prLink: null }), lineRequest)).toContain(
      'ℹ️ **Nothing changed.** The agent job answered the request @\u2060reviewer-rita made in'
    )
  })

  it('says what to set up when the workflow has no trigger phrase', () => {
    expect(paragraphs(render(ended(), { triggerPhrase: '' }))[2]).toBe(
      '**Changes?** To let reviewers ask for them here, run docs-agent-action in this repository on comments and ' +
        'reviews with a `trigger-phrase` (such as `/docs`): their requests then go to the same agent job.\n'
    )
  })

  it('escapes what came from GitHub or the API: a job id, a login, a link', () => {
    const text = render(ended({ id: 'a`b <img src=x>' }), {
      request: { url: 'javascript:alert(1)', requester: 'x](https://evil.example) @org/team' },
      origin: 'https://github.com/acme/app/issues/42"><script>'
    })
    expect(text).toContain('agent job ``a`b <img src=x>``')
    expect(text).not.toContain('](javascript:')
    expect(text).toContain('@\u2060x\\]\\(https:\u2060//evil.example\\) @\u2060org/team')
    expect(text).toContain('(https://github.com/acme/app/issues/42%22%3E%3Cscript%3E)')
  })
})
