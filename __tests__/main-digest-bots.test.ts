// A digest and the pull requests bots opened, through run() in process against the simulator and
// the GitHub fake: the rule every run follows (bots start nothing unless allowed-bots lists them)
// keeps the agent's own merged docs pull request and a dependency bump out of the next digest's job.
import { seedMergeHoursAgo as merge } from '../test/harness/merged-pull.js'
import { created, promptOf, withDigests } from './support/digest-in-process.js'

const AGENT = 'docs-agent[bot]'
const DEPENDABOT = 'dependabot[bot]'

describe('a digest and the pull requests bots opened', () => {
  it("leaves out the agent's docs pull request and a dependency bump, says so, and never gathers them again", () =>
    withDigests(async (digest, github, simulator) => {
      merge(github, 81, 5)
      merge(github, 82, 4, AGENT)
      merge(github, 83, 3, DEPENDABOT)
      const first = await digest('6101')
      expect(first.outputs.status).toBe('completed')
      expect(promptOf(simulator, 0)).toContain('Change 81')
      expect(promptOf(simulator, 0)).not.toMatch(/Change 8[23]|\/pull\/8[23]\b/)
      expect(first.log).toContain(`Pull request #82 was opened by the bot "${AGENT}"`)
      expect(first.log).toContain(`Pull request #83 was opened by the bot "${DEPENDABOT}"`)
      expect(first.log).toContain(
        'Pull request #83 was opened by the bot "dependabot[bot]", which allowed-bots does not list'
      )
      const leftOut = first.summary.split('\n').find((line) => line.includes('allowed-bots'))
      expect(leftOut).toMatch(
        /^- \*\*Left out:\*\* \\#\u2060?82, \\#\u2060?83 \(opened by bots `allowed-bots` does not list/
      )
      expect(leftOut).toContain(`\`${AGENT}\`, \`${DEPENDABOT}\``)

      merge(github, 84, 1)
      const second = await digest('6102')
      expect(second.outputs.status).toBe('completed')
      expect(promptOf(simulator, 1)).toContain('Change 84')
      expect(promptOf(simulator, 1)).not.toMatch(/Change 8[123]/)
      expect(second.log).not.toMatch(/Pull request #8[23]/)
      expect(second.summary).not.toContain('allowed-bots')
    }))

  it("starts no job, and names them, when every merge is a bot's", () =>
    withDigests(async (digest, github, simulator) => {
      merge(github, 85, 5, DEPENDABOT)
      merge(github, 86, 4, AGENT)
      const run = await digest('6110')
      expect(run.outputs.status).toBe('skipped')
      const reason =
        'Every pull request merged into main since the last digest was left out, so no job was started: #85, #86 ' +
        'were opened by bots allowed-bots does not list.'
      expect(run.log).toContain(reason)
      expect(run.summary).toMatch(/#\u2060?85, #\u2060?86 were opened by bots allowed-bots does not list/)
      expect(created(simulator)).toBe(0)
      expect(github.openedIssues()).toEqual([])
    }))

  it('gives the job the merges of a bot allowed-bots lists', () =>
    withDigests(async (digest, github, simulator) => {
      merge(github, 87, 5, DEPENDABOT)
      merge(github, 88, 4, AGENT)
      const run = await digest('6120', { inputs: { 'allowed-bots': 'dependabot' } })
      expect(run.outputs.status).toBe('completed')
      expect(promptOf(simulator, 0)).toContain('Change 87')
      expect(promptOf(simulator, 0)).not.toContain('Change 88')
      expect(run.log).toContain(`Pull request #88 was opened by the bot "${AGENT}"`)
      expect(run.log).not.toContain('Pull request #87 was opened')
    }))
})
