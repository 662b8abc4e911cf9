// The job summary is published on the run's page, where the runner's log masking does not reach:
// a warning that quotes the API key (or a piece of it) must reach it masked, as everything else does.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { jest } from '@jest/globals'
import { log } from '../src/base/log.js'
import { writeLateWarnings, writeSummary } from '../src/report/report.js'

const KEY = 'mint_sk_live_AfjMCPxDLH3JdJiU01TeYDssi8Ho6mx4'

describe('the warnings of the job summary', () => {
  let dir: string
  // @actions/core keeps the summary's path from its first write: one file for all the tests here.
  const path = () => join(dir, 'summary.md')

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'summary-'))
    process.env.GITHUB_STEP_SUMMARY = path()
  })

  beforeEach(async () => {
    await writeFile(path(), '')
    jest.spyOn(process.stdout, 'write').mockImplementation(() => true)
  })

  afterEach(() => jest.restoreAllMocks())

  afterAll(async () => {
    delete process.env.GITHUB_STEP_SUMMARY
    await rm(dir, { recursive: true })
  })

  const summary = () => readFile(path(), 'utf8')

  it('masks the API key in a warning before the result', async () => {
    log.warning(`The label could not be added: the token ${KEY} is not allowed.`)
    await writeSummary('## ✅ Docs agent\n', KEY)
    const written = await summary()
    expect(written).toContain('the token \\*\\*\\* is not allowed.')
    expect(written).not.toContain(KEY.slice(13, 21))
  })

  it('masks a piece of the key, wrapped, in a warning after the result', async () => {
    log.warning(`Refused: the key ending in ${KEY.slice(-20, -10)}\n${KEY.slice(-10)} is revoked.`)
    await writeLateWarnings(KEY)
    const written = await summary()
    expect(written).toContain('Refused: the key ending in \\*\\*\\* is revoked.')
    expect(written).not.toContain(KEY.slice(-8))
  })
})
