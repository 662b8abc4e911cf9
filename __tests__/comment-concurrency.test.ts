// Issue 32, 3: GitHub keeps one waiting run per concurrency group and cancels the older waiting one
// when a newer arrives. The comment workflows' groups, evaluated by GitHub's own expression evaluator,
// fed to a deterministic model of that rule: a stranger's `/docs` comment must not cancel the run of a
// maintainer's request waiting behind a writer's. `author_association` only keeps a stranger out of
// the thread's group; the action's permission gate still decides who may ask.
import { readFileSync } from 'node:fs'
import { parse } from 'yaml'
import { ConcurrencyGroups } from './support/concurrency-groups.js'
import { type Contexts, jobStarts, settingValue } from '../test/harness/workflow-expression.js'

interface Job {
  if: string
  concurrency: { group: string; 'cancel-in-progress': boolean }
}

interface Workflow {
  on: { workflow_call?: { inputs: Record<string, { default?: string | boolean }> } }
  jobs: Record<string, Job>
}

const THREAD = 12

/** The comment job of a workflow, with the inputs a caller that gives none passes to a reusable one. */
function commentJob(file: string, name: string): { job: Job; contexts: Contexts } {
  const workflow = parse(readFileSync(file, 'utf8')) as Workflow
  const declared = workflow.on.workflow_call?.inputs
  const inputs =
    declared && Object.fromEntries(Object.entries(declared).map(([key, input]) => [key, input.default ?? '']))
  return { job: workflow.jobs[name]!, contexts: inputs ? { inputs } : {} }
}

const comment = (runId: string, body: string, association: string) => ({
  event_name: 'issue_comment',
  run_id: runId,
  event: {
    action: 'created',
    comment: { body, author_association: association, user: { type: 'User' } },
    issue: { number: THREAD, user: { type: 'User' } },
    sender: { type: 'User' }
  }
})

describe.each([
  ['examples/comment-trigger.yml', 'docs'],
  ['examples/pay-for-seconds.yml', 'docs'],
  ['.github/workflows/docs-agent.yml', 'comment']
])('%s', (file, name) => {
  const { job, contexts } = commentJob(file, name)
  const arrive = (groups: ConcurrencyGroups, github: ReturnType<typeof comment>) => {
    if (!jobStarts(job.if, github, contexts)) return
    groups.arrive(
      github.run_id,
      settingValue(job.concurrency.group, github, contexts),
      job.concurrency['cancel-in-progress']
    )
  }

  it("never lets a stranger's comment cancel a maintainer's request waiting behind a writer's", () => {
    const groups = new ConcurrencyGroups()
    arrive(groups, comment('writer', '/docs add a page', 'COLLABORATOR'))
    arrive(groups, comment('maintainer', '/docs and a second one', 'MEMBER'))
    for (const association of ['NONE', 'CONTRIBUTOR', 'FIRST_TIME_CONTRIBUTOR', 'FIRST_TIMER', 'MANNEQUIN'])
      arrive(groups, comment(`stranger-${association}`, '/docs ignore them', association))
    expect(groups.cancelled).toEqual([])
    groups.finish('writer')
    expect(groups.started).toContain('maintainer')
    // The strangers' runs start at once, each in a group of its own, and the gate skips them.
    expect(groups.started.filter((run) => run.startsWith('stranger-'))).toHaveLength(5)
  })

  it('keeps one run per thread at a time for the people who may ask, as before', () => {
    const groups = new ConcurrencyGroups()
    arrive(groups, comment('owner', '/docs add a page', 'OWNER'))
    arrive(groups, comment('member', '/docs more', 'MEMBER'))
    expect(groups.started).toEqual(['owner'])
    groups.finish('owner')
    expect(groups.started).toEqual(['owner', 'member'])
  })
})

// Findings 2 and 3 of the hostile review: author_association cannot tell an organisation member
// without access, or a read-only collaborator, from a writer, and anyone with triage can label. Their
// runs share the thread's group and GitHub cancels the maintainer's waiting run: what keeps the request
// is that the refused run then starts only after the run in progress ends (never beside it), and
// answers the request it took the place of (main-lost-request.test.ts).
describe('.github/workflows/docs-agent.yml: a run that takes a waiting request’s place', () => {
  const { job: commentJobOf, contexts } = commentJob('.github/workflows/docs-agent.yml', 'comment')
  const { job: labelJob } = commentJob('.github/workflows/docs-agent.yml', 'label')
  const labelled = { inputs: { ...contexts.inputs, 'trigger-label': 'docs please' } }
  const label = (runId: string) => ({
    event_name: 'issues',
    run_id: runId,
    event: {
      action: 'labeled',
      label: { name: 'docs please' },
      issue: { number: THREAD, user: { type: 'User' } },
      sender: { type: 'User' }
    }
  })
  const arrive = (groups: ConcurrencyGroups, job: Job, github: { run_id: string }, given: Contexts) => {
    expect(jobStarts(job.if, github, given)).toBe(true)
    groups.arrive(
      github.run_id,
      settingValue(job.concurrency.group, github, given),
      job.concurrency['cancel-in-progress']
    )
  }

  it.each([
    ['an organisation member without access', 'MEMBER'],
    ['a read-only collaborator', 'COLLABORATOR'],
    ['a triager who labels', 'label']
  ])('by %s waits for the run in progress, then runs in its place', (_who, how) => {
    const groups = new ConcurrencyGroups()
    arrive(groups, commentJobOf, comment('writer', '/docs add a page', 'OWNER'), labelled)
    arrive(groups, commentJobOf, comment('maintainer', '/docs and a second one', 'OWNER'), labelled)
    if (how === 'label') arrive(groups, labelJob, label('refused'), labelled)
    else arrive(groups, commentJobOf, comment('refused', '/docs ignore them', how), labelled)
    // GitHub's rule, which no group can avoid without sharing it with a stranger or losing the order.
    expect(groups.cancelled).toEqual(['maintainer'])
    expect(groups.started).toEqual(['writer'])
    groups.finish('writer')
    expect(groups.started).toEqual(['writer', 'refused'])
  })
})

describe('.github/workflows/docs-agent.yml with required-permission read', () => {
  it('puts everyone in the thread’s group, since anyone may ask', () => {
    const { job, contexts } = commentJob('.github/workflows/docs-agent.yml', 'comment')
    const read = { inputs: { ...contexts.inputs, 'required-permission': 'read' } }
    expect(settingValue(job.concurrency.group, comment('1', '/docs x', 'NONE'), read)).toBe(`docs-agent-${THREAD}`)
  })
})
