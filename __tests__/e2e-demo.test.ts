// `npm run demo` as a newcomer reads it: each scene runs the bundle and shows the threads as people
// see them on GitHub, with the comments' text rendered and nothing of the machinery (markers, HTTP).
import { companionScene } from '../tools/demo-companion.js'
import { commentScene, type Print, reconcileScene, twoRepositoriesScene } from '../tools/demo-scenes.js'
import { markdownAsText } from '../tools/demo-view.js'
import type { ProgressState } from '../src/report/render.js'
import { completedWith, statusWords } from './support/progress.js'
import { companionEndComment, companionNewsParagraph } from '../src/companion/words.js'

async function shown(scene: (print: Print) => Promise<boolean>): Promise<string> {
  const lines: string[] = []
  expect(await scene((text) => lines.push(text))).toBe(true)
  // Every scene is a happy path: a warning on a run's page would tell a newcomer something is wrong.
  const text = lines.join('\n')
  expect(text.split('\n').filter((line) => /^\s*Warning:/.test(line))).toEqual([])
  return text
}

const squash = (text: string) => text.replace(/\s+/g, ' ')

/**
 * What the demo shows of a progress comment in `state`: the action's words as plain text, up to the
 * link to its workflow run (whose URL has the fake's port), white space as wrapped aside.
 */
function shownAs(state: ProgressState): string {
  return textUpToRun(statusWords(state, RUN))
}

/** What the demo shows of a comment's `markdown` (its run linked at RUN): plain text up to that link. */
function textUpToRun(markdown: string): string {
  return squash(markdownAsText(markdown).split(RUN)[0]!)
}

const RUN = 'https://run.invalid/'
const named = (name: string, owner: string, number: number) => ({
  name,
  url: `https://github.com/${owner}/pull/${number}`
})

function expectReadable(text: string): void {
  expect(text).not.toContain('<!--')
  expect(text).not.toContain('**')
  expect(text).not.toMatch(/\]\(http/)
  expect(text).not.toMatch(/\b(GET|POST|PATCH) \/repos\//)
}

describe('the demo', () => {
  it('shows a /docs comment answered by a working comment that then links the pull request', async () => {
    const text = await shown(commentScene)
    expectReadable(text)
    const [whileRunning, atEnd] = text.split('When the run ended:')
    expect(whileRunning).toContain('labels: docs-agent: working')
    expect(squash(whileRunning!)).toContain(shownAs({ kind: 'working', jobId: 'job-webhooks', followUp: false }))
    expect(atEnd).toContain('labels: none')
    expect(squash(atEnd!)).toContain(shownAs(completedWith('job-webhooks', 'https://github.com/acme/docs/pull/1')))
    expect(atEnd).toContain('@writer-wendy:\n    /docs add a page about webhooks\n    👀')
  })

  it('shows the docs pull request of a merged one in another repository, and a reviewer asking for changes there', async () => {
    const text = await shown(twoRepositoriesScene)
    expectReadable(text)
    const [merged, followUp] = text.split('=== 2b.')
    expect(merged).toContain('acme/docs#7 (pull request) "Docs from the agent" · labels: docs · reviewers: dev-dan')
    expect(merged).toContain(
      '📝 Docs agent: agent job job-retries opened this pull request for acme/app#61\n    (https://github.com/acme/app/pull/61).'
    )
    expect(merged).toContain('✅ Ready for review.')
    expect(followUp).toContain('✅ Updated. The agent job finished the request @\u2060dev-dan made in a comment')
    expect(followUp).toContain('@dev-dan:\n    /docs make it shorter')
  })

  it('shows a run that does not wait, and a reconcile run that finishes its comment and takes the label off', async () => {
    const text = await shown(reconcileScene)
    expectReadable(text)
    const [started, reconciled] = text.split('The reconcile workflow')
    expect(started).toContain('labels: docs-agent: working')
    expect(squash(started!)).toContain(shownAs({ kind: 'working', jobId: 'job-pay-for-seconds', followUp: false }))
    expect(reconciled).toContain('labels: none')
    expect(squash(reconciled!)).toContain(
      shownAs(completedWith('job-pay-for-seconds', 'https://github.com/acme/docs/pull/1'))
    )
  })

  it('shows a companion docs pull request following its code from open to merge, and one closed with it', async () => {
    const text = await shown(companionScene)
    expectReadable(text)
    const [opened, pushed, asked, merged, closed] = text.split(/=== 4[b-e]\./)
    expect(opened).toContain('labels: docs-agent: companion')
    expect(opened).toContain('📝 Docs agent: agent job job-companion opened this pull request for acme/app#61')
    expect(pushed!.match(/Agent job job-companion completed/g)).toHaveLength(2)
    // The docs check a branch protection would require, on each head the job ended for.
    expect(opened).toContain('checks: docs success: Docs written in acme/docs#7 for this commit.')
    expect(pushed).toContain('checks: docs success: Docs written in acme/docs#7 for this commit.')
    expect(asked).toContain('✅ Updated. The agent job finished the request @\u2060reviewer-rita made in a comment')
    const docs = { kind: 'done', pullRequest: named('acme/docs#7', 'acme/docs', 7) } as const
    expect(squash(merged!)).toContain(textUpToRun(companionEndComment('', 'merged', docs, RUN, { head: '' })).trim())
    expect(merged).toContain('acme/docs#7 (pull request) "Docs from the agent" · labels: docs · reviewers: dev-dan')
    expect(squash(merged!)).toContain(
      textUpToRun(companionNewsParagraph('merged', named('acme/app#61', 'acme/app', 61), RUN))
    )
    expect(squash(closed!)).toContain(
      textUpToRun(companionNewsParagraph('closed', named('acme/app#62', 'acme/app', 62), RUN))
    )
    // #62's companion is a docs pull request of its own, not #61's merged one.
    const eight = { kind: 'done', pullRequest: named('acme/docs#8', 'acme/docs', 8) } as const
    expect(squash(closed!)).toContain(textUpToRun(companionEndComment('', 'closed', eight, RUN, { head: '' })).trim())
    expect(closed).not.toContain('acme/docs#7')
  })
})
