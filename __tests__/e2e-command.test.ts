// The command rule through the bundle: a saved comment event, the GitHub fake and the agent
// simulator. The rule itself is tested in process (command.test.ts); this shows what a user sees.
import { runOnThread } from './support/github-fixture.js'
import { visibleLog } from '../tools/run-bundle.js'

function withBody(body: string) {
  return (event: Record<string, unknown>): void => {
    ;(event.comment as { body: string }).body = body
  }
}

describe('a comment that mentions /docs in a sentence', () => {
  it('starts no job and writes nothing, even from a writer', async () => {
    const { run, github, simulator } = await runOnThread({
      event: 'issue_comment.created',
      editEvent: withBody('I moved images into /docs yesterday')
    })
    expect(run.code).toBe(0)
    expect(run.outputs.status).toBe('skipped')
    expect(visibleLog(run)).toMatch(/::notice title=Docs agent::Skipped: no line of the comment starts with the trigger phrase "\/docs"/)
    expect(github.requests).toEqual([])
    expect(github.comments('acme', 'docs', 42)).toHaveLength(1)
    expect(simulator.requests).toEqual([])
  })
})
