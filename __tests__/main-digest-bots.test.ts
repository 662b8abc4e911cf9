// A digest and the pull requests bots opened, through run() in process against the simulator and
// the GitHub fake: the rule every run follows (bots start nothing unless allowed-bots lists them)
// keeps the agent's own merged docs pull request and a dependency bump out of the next digest's job.
import { seedMergeHoursAgo as merge } from '../test/harness/merged-pull.js'
import { created, promptOf, withDigests } from './support/digest-in-process.js'
import { digestSummaryFor } from './support/digest-shown.js'
import { escapeMarkdown } from '../src/markdown/escape.js'
import { botLeftOutNotice, nothingToCoverReason } from '../src/report/digest-comment.js'

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
      expect(first.log).toContain(botLeftOutNotice(82, AGENT))
      expect(first.log).toContain(botLeftOutNotice(83, DEPENDABOT))
      const [digestComment] = github.comments('acme', 'docs', 1000)
      const byBots = [
        { number: 82, login: AGENT },
        { number: 83, login: DEPENDABOT }
      ]
      const finished = { kind: 'finished', job: { id: first.outputs['job-id']!, status: 'completed' } } as const
      const lines = digestSummaryFor(digestComment!, 1000, finished, { byBots }, { serverUrl: github.serverUrl })
      expect(lines).toHaveLength(2) // what it covers, and the bots' pull requests it left out
      for (const line of lines) expect(first.summary).toContain(line)

      merge(github, 84, 1)
      const second = await digest('6102')
      expect(second.outputs.status).toBe('completed')
      expect(promptOf(simulator, 1)).toContain('Change 84')
      expect(promptOf(simulator, 1)).not.toMatch(/Change 8[123]/)
      for (const [number, login] of [
        [82, AGENT],
        [83, DEPENDABOT]
      ] as const) {
        expect(second.log).not.toContain(botLeftOutNotice(number, login))
      }
      expect(second.summary).not.toMatch(/\/pull\/8[23]\b/)
    }))

  it("starts no job, and names them, when every merge is a bot's", () =>
    withDigests(async (digest, github, simulator) => {
      merge(github, 85, 5, DEPENDABOT)
      merge(github, 86, 4, AGENT)
      const run = await digest('6110')
      expect(run.outputs.status).toBe('skipped')
      const byBots = [
        { number: 85, login: DEPENDABOT },
        { number: 86, login: AGENT }
      ]
      const reason = nothingToCoverReason({ numbers: [], label: '', withCompanion: [], byBots }, 'main')!
      expect(run.log).toContain(reason)
      expect(run.summary).toContain(escapeMarkdown(reason))
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
      expect(run.log).toContain(botLeftOutNotice(88, AGENT))
      expect(run.log).not.toContain(botLeftOutNotice(87, DEPENDABOT))
    }))
})
