// A reconcile run's side of arming, in process: the threads in memory (MemoryGitHub), the reconcile
// run's own story, then disarmIfIdle. Nothing waiting disables the workflow; anything it could not
// read, or a thread of ours labelled while it disabled, leaves it on.
import { describe, expect, it } from '@jest/globals'
import type { AgentJob } from '../src/agent/job.js'
import { VirtualClock } from '../src/base/clock.js'
import { formatMarker, markerKey } from '../src/thread/marker.js'
import { disarmIfIdle } from '../src/reconcile/disarm.js'
import type { ReconcileDeps } from '../src/reconcile/deps.js'
import { reconcileThreads } from '../src/reconcile/run.js'
import { ACTIONS_BOT, MemoryGitHub } from './support/memory-github.js'

const KEY = markerKey('mint_test_key', 'proj')
const LABEL = 'docs-agent: working'
const WORKFLOW = 'docs-reconcile.yml'

/** A waiting comment signed as a run with wait: false leaves it, and the label. */
function waiting(github: MemoryGitHub, issue: number, jobId: string, key = KEY): void {
  const fields = { repository: 'acme/docs', threadNumber: issue, runId: '1001', workflowJob: 'docs', step: 'run' }
  github.post(issue, `${formatMarker({ ...fields, jobId, state: 'working' }, key)}\n⏳ Working`, ACTIONS_BOT)
  github.label(issue, LABEL)
}

function setUp(jobs: Record<string, AgentJob>) {
  const github = new MemoryGitHub()
  github.workflows.set(WORKFLOW, 'active')
  const deps: ReconcileDeps = {
    github: github.api(),
    jobs: {
      getJob: (jobId) => Promise.resolve(jobs[jobId] ?? { id: jobId, status: 'active', prLink: null }),
      createJob: () => Promise.reject(new Error('no request is queued in these tests'))
    },
    clock: new VirtualClock(0),
    deadline: 60_000,
    key: KEY,
    repository: 'acme/docs',
    serverUrl: 'https://github.com',
    label: LABEL,
    docsPullRequest: { followThrough: () => Promise.resolve() },
    log: { info: () => {}, notice: () => {}, warning: () => {} }
  }
  const run = async () => disarmIfIdle(deps, await reconcileThreads(deps), WORKFLOW)
  return { github, run }
}

const done = (id: string): AgentJob => ({ id, status: 'completed', prLink: null })

describe('disarmIfIdle after a reconcile run', () => {
  it('disables the workflow once the last job is reported, another project’s labelled thread notwithstanding', async () => {
    const { github, run } = setUp({ 'job-1': done('job-1') })
    waiting(github, 1, 'job-1')
    waiting(github, 2, 'job-x', markerKey('mint_another_key', 'proj'))
    expect(await run()).toBe('disabled')
    expect(github.workflows.get(WORKFLOW)).toBe('disabled_manually')
    expect(github.labelsOn(2)).toEqual([LABEL])
  })

  it('leaves it on while a job runs, and makes no call for it', async () => {
    const { github, run } = setUp({})
    waiting(github, 1, 'job-1')
    expect(await run()).toBe('waiting')
    expect(github.calls).not.toContain('disable-workflow')
  })

  it('leaves it on when a thread could not be read: never off on doubt', async () => {
    const { github, run } = setUp({})
    waiting(github, 1, 'job-1')
    github.failNextListing = true
    expect(await run()).toBe('waiting')
    expect(github.workflows.get(WORKFLOW)).toBe('active')
  })

  it('enables it again when a thread is labelled between the disable and the read after it', async () => {
    const { github, run } = setUp({})
    github.afterSwitch = async (_file, on) => {
      if (!on) waiting(github, 7, 'job-7')
    }
    expect(await run()).toBe('enabled-again')
    expect(github.workflows.get(WORKFLOW)).toBe('active')
  })

  it('enables it again when the thread labelled meanwhile cannot be read', async () => {
    const { github, run } = setUp({})
    github.afterSwitch = async (_file, on) => {
      if (on) return
      waiting(github, 7, 'job-7')
      github.failNextListing = true
    }
    expect(await run()).toBe('enabled-again')
  })
})
