// The reconcile recipe's trigger on the agent's pull request: its job's `if:`, evaluated by GitHub's
// own expression evaluator (@actions/expressions) as a runner would before starting the job, so that
// a pull request a person opens costs nothing (the job never starts) and the agent's app's starts it;
// and where its concurrency group sits, so that a skipped job never cancels a run waiting its turn.
// That the recipe is a valid workflow is checked by `npm run check:actions`.
import { readFileSync } from 'node:fs'
import { parse } from 'yaml'
import { jobStarts } from '../test/harness/workflow-expression.js'

interface Concurrency {
  group: string
  'cancel-in-progress': boolean
}

interface Recipe {
  on: { pull_request?: { types?: string[] } }
  concurrency?: Concurrency
  jobs: { reconcile: { if: string; concurrency?: Concurrency } }
}

const recipe = parse(readFileSync('examples/reconcile.yml', 'utf8')) as Recipe

/** Whether the runner starts the reconcile job for this event (its payload as `github.event`). */
function starts(eventName: string, event: object): boolean {
  return jobStarts(recipe.jobs.reconcile.if, { event_name: eventName, event })
}

const openedBy = (user: object) => ({ action: 'opened', pull_request: { number: 7, user } })

describe('the reconcile recipe', () => {
  it('runs on the pull requests opened, and on its schedule and by hand as before', () => {
    expect(recipe.on.pull_request).toEqual({ types: ['opened'] })
    expect(starts('schedule', { schedule: '3-59/10 * * * *' })).toBe(true)
    expect(starts('workflow_dispatch', { inputs: {} })).toBe(true)
  })

  it("starts its job for a pull request the agent's app opened", () => {
    expect(starts('pull_request', openedBy({ login: 'docs-agent[bot]', type: 'Bot' }))).toBe(true)
  })

  it('starts no job, so nothing is billed, for a pull request a person or Dependabot opened', () => {
    expect(starts('pull_request', openedBy({ login: 'writer-wendy', type: 'User' }))).toBe(false)
    expect(starts('pull_request', openedBy({ login: 'dependabot[bot]', type: 'Bot' }))).toBe(false)
  })

  it("keeps its one-at-a-time group on the job, which a person's pull request never starts", () => {
    // A group holds one run waiting its turn and a newer one cancels it: on the workflow, a run for a
    // person's pull request would enter it and cancel the run waiting for the agent's.
    expect(recipe.concurrency).toBeUndefined()
    expect(recipe.jobs.reconcile.concurrency).toEqual({ group: 'docs-agent-reconcile', 'cancel-in-progress': false })
  })
})
