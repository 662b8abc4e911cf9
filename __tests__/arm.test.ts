// Arming the reconcile workflow: the pure decisions (src/arm/decide.ts), and the disarm sequence and
// its refusals against the in-memory GitHub.
import { describe, expect, it } from '@jest/globals'
import type { AgentJob } from '../src/agent/job.js'
import { armingAdvice, disarmWhenIdle, ReconcileWorkflow } from '../src/arm/arm.js'
import { armStep, threadsWait } from '../src/arm/decide.js'
import { callLimits } from '../src/github/api.js'
import { systemClock } from '../src/base/clock.js'
import type { RunResult } from '../src/job/result.js'
import { MemoryGitHub } from './support/memory-github.js'

const active: AgentJob = { id: 'job-1', status: 'active', prLink: null }
const completed: AgentJob = { id: 'job-1', status: 'completed', prLink: 'https://github.com/acme/docs/pull/9' }
const WORKFLOW = 'docs-reconcile.yml'

describe('armStep', () => {
  const leaving: RunResult[] = [
    { kind: 'started', job: active, how: 'created' },
    { kind: 'timed-out', jobId: 'job-1', job: active, waitedMs: 60_000, timeoutMs: 60_000 },
    { kind: 'cancelled', jobId: 'job-1', job: active },
    { kind: 'error', jobId: 'job-1', job: active, message: 'GitHub went away' },
    { kind: 'queued', retryAt: 3_600_000 }
  ]
  const ending: RunResult[] = [
    { kind: 'finished', job: completed },
    { kind: 'error', jobId: 'job-1', job: completed, message: 'late' },
    { kind: 'error', jobId: undefined, job: undefined, message: 'refused' },
    { kind: 'skipped', reason: 'no command' }
  ]

  it.each(leaving.map((result) => [result.kind, result] as const))(
    'enables the workflow after a %s result that leaves its job, once the label is on',
    (_kind, result) => {
      expect(armStep(result, true, WORKFLOW)).toBe('enable')
      expect(armStep(result, false, WORKFLOW)).toBe('none')
    }
  )

  it('advises how to arm one when a job is left and no reconcile-workflow is set', () => {
    expect(armStep(leaving[0]!, true, '')).toBe('advise')
    expect(armStep(leaving[0]!, false, '')).toBe('none')
  })

  it('warns for a queued request, which nothing creates without a reconcile run; a job left at work is a notice', () => {
    const levels = leaving.map((result) => [result.kind, armingAdvice(result).level])
    expect(levels).toEqual([
      ['started', 'notice'],
      ['timed-out', 'notice'],
      ['cancelled', 'notice'],
      ['error', 'notice'],
      ['queued', 'warning']
    ])
  })

  it.each(ending.map((result) => [result.kind, result] as const))(
    'leaves the workflow alone after a %s result that leaves nothing to reconcile',
    (_kind, result) => {
      expect(armStep(result, true, WORKFLOW)).toBe('none')
      expect(armStep(result, true, '')).toBe('none')
    }
  )
})

describe('threadsWait', () => {
  const ours = (labelRemoved: boolean) => ({ labelRemoved })
  it('is false only when every thread of ours lost its label and every labelled thread was listed', () => {
    expect(threadsWait({ threads: [], more: false })).toBe(false)
    expect(threadsWait({ threads: [ours(true), { unsigned: true, labelRemoved: false }], more: false })).toBe(false)
  })

  it('is true on doubt: a thread of ours that keeps its label, more threads, or a listing that failed', () => {
    expect(threadsWait({ threads: [ours(true), ours(false)], more: false })).toBe(true)
    expect(threadsWait({ threads: [], more: true })).toBe(true)
    expect(threadsWait({ threads: [], more: false, unlisted: 'GitHub answered 502' })).toBe(true)
  })
})

describe('disarmWhenIdle', () => {
  const limits = () => callLimits(systemClock, 10_000)
  const setUp = () => {
    const github = new MemoryGitHub()
    github.workflows.set(WORKFLOW, 'active')
    const logged: string[] = []
    const log = { info: (text: string) => logged.push(`info: ${text}`), warning: (text: string) => logged.push(text) }
    return { github, logged, workflow: new ReconcileWorkflow(github.api(), WORKFLOW, log) }
  }

  it('disables the workflow when nothing waits by the read that follows', async () => {
    const { github, workflow } = setUp()
    expect(await disarmWhenIdle(workflow, () => Promise.resolve(false), limits)).toBe('disabled')
    expect(github.workflows.get(WORKFLOW)).toBe('disabled_manually')
  })

  it('reads after the disable, and enables the workflow again for a thread that waits by then', async () => {
    const { github, workflow } = setUp()
    const order: string[] = []
    github.afterSwitch = (_file, on) => {
      order.push(on ? 'enable' : 'disable')
      return Promise.resolve()
    }
    const stillWaits = () => {
      order.push('read')
      return Promise.resolve(true)
    }
    expect(await disarmWhenIdle(workflow, stillWaits, limits)).toBe('enabled-again')
    expect(order).toEqual(['disable', 'read', 'enable'])
    expect(github.workflows.get(WORKFLOW)).toBe('active')
  })

  it('keeps the workflow on, with a warning that names the permission, when GitHub refuses the disable', async () => {
    const { github, workflow, logged } = setUp()
    github.refuseWorkflows = true
    expect(await disarmWhenIdle(workflow, () => Promise.resolve(false), limits)).toBe('kept')
    expect(github.workflows.get(WORKFLOW)).toBe('active')
    expect(logged).toEqual([
      `Could not disable the workflow ${WORKFLOW} named by reconcile-workflow: GitHub answered 403, so its schedule ` +
        "keeps running (and billing a run each time) while no job waits. The workflow's token needs `actions: write`: " +
        "add it to this job's `permissions:` block (a token of your own needs the Actions permission, read and write)."
    ])
  })

  it('names the file to fix when GitHub knows no such workflow', async () => {
    const { logged } = setUp()
    const missing = new ReconcileWorkflow(new MemoryGitHub().api(), 'docs-reconcil.yml', {
      info: () => {},
      warning: (text) => logged.push(text)
    })
    expect(await missing.switch(true, limits())).toBe(false)
    expect(logged[0]).toMatch(
      /^Could not enable the workflow docs-reconcil\.yml named by reconcile-workflow: GitHub answered 404, so no reconcile run may come to finish the progress comment \(the job itself goes on\)\. No workflow of this repository has that file name/
    )
  })
})
