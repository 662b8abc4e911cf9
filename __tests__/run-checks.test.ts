// The runner of `npm run check`: checks run at once, each one's output stays in one piece under its
// name, and a failed check is named at the end and fails the run.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { type Check, checksFrom, runChecks } from '../tools/run-checks.js'

let dir: string

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'run-checks-'))
})
afterEach(() => rm(dir, { recursive: true, force: true }))

/** Past any start of a check on a busy machine, below jest's timeout: a net for a check that never comes. */
const WAIT_MS = 5 * 60_000

/**
 * A check that runs `script` under this Node, with `mark(name)` and `waitFor(name)` to meet another
 * check. A wait gives up only after WAIT_MS, before jest's timeout, so that a check run alone does
 * not outlive the test: how soon a busy machine starts the other check is never the question.
 */
function check(name: string, script: string): Check {
  const helpers = `
    const fs = require('node:fs'), path = require('node:path')
    const mark = (name) => fs.writeFileSync(path.join(${JSON.stringify(dir)}, name), '')
    const waitFor = (name) => new Promise((resolve, reject) => {
      const given = Date.now()
      const look = () => fs.existsSync(path.join(${JSON.stringify(dir)}, name)) ? resolve()
        : Date.now() - given > ${WAIT_MS} ? reject(new Error('waited in vain for ' + name)) : setTimeout(look, 10)
      look()
    })`
  return { name, command: process.execPath, args: ['-e', `${helpers}\n;(async () => { ${script} })()`] }
}

async function run(checks: Check[]): Promise<{ passed: boolean; output: string }> {
  let output = ''
  const passed = await runChecks(checks, (text) => (output += text))
  return { passed, output }
}

describe('runChecks', () => {
  it('runs the checks at once and prints each one’s output whole, under its name', async () => {
    // Each check waits for the other to start: run one after the other, they would both fail.
    const { passed, output } = await run([
      check('first', `console.log('first begins'); mark('first'); await waitFor('second'); console.log('first ends')`),
      check(
        'second',
        `await waitFor('first'); console.log('second begins'); mark('second'); console.log('second ends')`
      )
    ])
    expect(passed).toBe(true)
    expect(output).toMatch(/^── first: passed, \d+\.\d s ──\nfirst begins\nfirst ends\n$/m)
    expect(output).toMatch(/^── second: passed, \d+\.\d s ──\nsecond begins\nsecond ends\n$/m)
    expect(output).toMatch(/All 2 checks passed\.\n$/)
  })

  it('fails when one check fails, shows what it printed to stderr and names it at the end', async () => {
    const { passed, output } = await run([
      check('lint', `console.log('all clean')`),
      check('types', `console.error('src/a.ts(1,1): error TS2322'); process.exit(2)`)
    ])
    expect(passed).toBe(false)
    expect(output).toMatch(/^── types: FAILED \(exit code 2\), \d+\.\d s ──\nsrc\/a\.ts\(1,1\): error TS2322\n/m)
    expect(output).toMatch(/^ {2}lint {3}passed, \d+\.\d s\n {2}types {2}FAILED \(exit code 2\)/m)
    expect(output).toMatch(/1 of 2 checks failed: types\. Each one’s output is above, under its name\.\n$/)
  })

  it('fails a check whose command cannot start, saying so', async () => {
    const { passed, output } = await run([{ name: 'missing', command: path.join(dir, 'no-such-tool'), args: [] }])
    expect(passed).toBe(false)
    expect(output).toMatch(/── missing: FAILED \(could not start .*no-such-tool: spawn .* ENOENT\)/)
  })
})

describe('checksFrom', () => {
  const scripts = { 'test:unit': 'jest --selectProjects unit', lint: 'eslint .' }

  it('runs each script named by the shell, as npm would', () => {
    expect(checksFrom(['test:unit', 'lint'], scripts)).toEqual([
      { name: 'test:unit', command: 'sh', args: ['-c', 'jest --selectProjects unit'] },
      { name: 'lint', command: 'sh', args: ['-c', 'eslint .'] }
    ])
  })

  it('refuses a name that is no script, naming it', () => {
    expect(() => checksFrom(['lnit'], scripts)).toThrow('package.json has no script "lnit" to run as a check.')
  })

  it("runs a script's pre- and post-script around it, as npm would (typecheck has pretypecheck)", async () => {
    const withHooks = {
      pretypecheck: 'echo generated',
      typecheck: 'echo checked',
      posttypecheck: 'echo after'
    }
    const { passed, output } = await run(checksFrom(['typecheck'], withHooks))
    expect(passed).toBe(true)
    expect(output).toContain('generated\nchecked\nafter\n')
  })

  it('stops at a failing pre-script, as npm does', async () => {
    const { passed, output } = await run(
      checksFrom(['typecheck'], { pretypecheck: 'exit 3', typecheck: 'echo checked' })
    )
    expect(passed).toBe(false)
    expect(output).not.toContain('checked')
  })
})
