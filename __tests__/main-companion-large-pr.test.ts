// Review finding: a companion create reads its context from the comparison base...head, which GitHub
// lists with at most 300 files (the pull request's own listing holds 3,000). A pull request of 400
// files is then told to the agent as "Changed files (300 files, ...)", with no word that the list is
// cut: the job documents a change it was told is smaller than it is.
import { CREATE } from './support/agent-fixture.js'
import { CODE_PR, heads, seedChangesAt, sentPrompts } from './support/companion-fixture.js'
import { life, NOT_WAITING } from './support/companion-life.js'
import { MERGED_BODY } from '../test/harness/merged-pull.js'

const FILES = 400
const changes = Array.from({ length: FILES }, (_, at) => ({
  path: `src/generated/part-${String(at).padStart(3, '0')}.ts`,
  added: [`export const part${at} = ${at}`]
}))

describe('mode companion, the create of a pull request of more than 300 files', () => {
  it('does not tell the agent the change has 300 files when it has 400', () =>
    life(async ({ repositories, companion }) => {
      const { github } = repositories
      github.changes.addPullRequest('acme', 'docs', {
        number: CODE_PR,
        title: 'Regenerate the client',
        body: MERGED_BODY,
        author: 'writer-wendy',
        head: 'rename-retries',
        headSha: heads(0),
        merged: false,
        changes
      })
      seedChangesAt(repositories, 0, changes)
      const opened = await companion({ action: 'opened', head: 0 }, {}, NOT_WAITING)
      expect(opened.failed).toBe(false)
      const [created] = sentPrompts(repositories, CREATE)
      expect(created).toBeDefined()
      // Either the whole count, or a word that the list is partial; never a cut list as the whole.
      const toldWhole = created!.includes(`Changed files (${FILES} files`)
      const toldCut = /300 files?[^\n]*(at most|first|only|limit)|(at most|first|only)[^\n]*300/i.test(created!)
      const heading = /Changed files \([^)]*\)/.exec(created!)?.[0]
      expect(toldWhole || toldCut ? 'told' : heading).toBe('told')
    }))
})
