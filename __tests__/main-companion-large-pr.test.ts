// A companion create reads its context as the comparison base...head (the head its comment records),
// which GitHub lists with at most 300 files, where the pull request's own listing holds 3,000. The
// agent is then told that the list may be cut, never a cut list as the whole change.
import { CREATE } from './support/agent-fixture.js'
import { CODE_BASE, heads, seedChangesAt, seedCodePullRequest, sentPrompts } from './support/companion-fixture.js'
import { comparisonCutNote } from '../src/context/read.js'
import { life, NOT_WAITING } from './support/companion-life.js'

const changes = Array.from({ length: 400 }, (_, at) => ({
  path: `src/generated/part-${String(at).padStart(3, '0')}.ts`,
  added: [`export const part${at} = ${at}`]
}))

describe('mode companion, the create of a pull request of more than 300 files', () => {
  it('does not tell the agent the change has 300 files when it has 400', () =>
    life(async ({ repositories, companion }) => {
      seedCodePullRequest(repositories, 0, changes)
      seedChangesAt(repositories, 0, changes)
      const opened = await companion({ action: 'opened', head: 0 }, {}, NOT_WAITING)
      expect(opened.failed).toBe(false)
      const [created] = sentPrompts(repositories, CREATE)
      expect(created).toContain(comparisonCutNote(`${CODE_BASE.slice(0, 7)}...${heads(0).slice(0, 7)}`))
    }))
})
