// The reusable workflows (.github/workflows/docs-agent.yml and docs-reconcile.yml) and the stand-alone
// recipes in examples/ cannot drift: for every event a recipe listens to, the reusable job starts
// exactly when the recipe's job starts (GitHub's own expression evaluator, as a runner evaluates
// them), lands in the same concurrency group and cancels the same way; and the jobs a caller did not
// opt into start no runner on any event. That every file is a valid workflow is checked by
// `npm run check:actions`.
import { readFileSync } from 'node:fs'
import { parse } from 'yaml'
import { yamlBlocks } from '../tools/readme-examples.js'
import { type Contexts, jobStarts, settingValue } from '../test/harness/workflow-expression.js'

interface Concurrency {
  group: string
  'cancel-in-progress': boolean | string
}

interface Job {
  'runs-on'?: string
  if?: string
  concurrency?: Concurrency
  'timeout-minutes'?: number | string
  steps: { uses?: string; with?: Record<string, string | boolean> }[]
}

interface Workflow {
  on: Record<
    string,
    {
      types?: string[]
      inputs?: Record<string, { default?: string | boolean }>
      secrets?: Record<string, object>
    } | null
  >
  concurrency?: Concurrency
  jobs: Record<string, Job>
}

const read = (file: string) => parse(readFileSync(file, 'utf8')) as Workflow
const reusable = read('.github/workflows/docs-agent.yml')
const reconcile = read('.github/workflows/docs-reconcile.yml')
const RUN_ID = '4242'

/** The inputs a caller passes when it gives none but `more`. */
function callerInputs(workflow: Workflow, more: Record<string, string | boolean> = {}): Contexts {
  const declared = workflow.on.workflow_call!.inputs!
  return { inputs: { ...Object.fromEntries(Object.entries(declared).map(([k, v]) => [k, v.default ?? ''])), ...more } }
}

/** What GitHub does with a job for an event: whether it starts, and then its group and cancelling. */
function behaviour(workflow: Workflow, name: string, github: object, contexts: Contexts = {}) {
  const job = workflow.jobs[name]!
  if (job.if !== undefined && !jobStarts(job.if, github, contexts)) return { starts: false }
  const concurrency = job.concurrency ?? workflow.concurrency
  const value = (setting: string | number | boolean) => settingValue(String(setting), github, contexts)
  return {
    starts: true,
    group: concurrency && value(concurrency.group),
    cancels: concurrency && value(concurrency['cancel-in-progress'])
  }
}

/** The events a recipe listens to (its `on:` and their types), each as `[event_name, action]`. */
function listened(recipe: Workflow): [string, string | undefined][] {
  return Object.entries(recipe.on).flatMap(([event, filter]): [string, string | undefined][] =>
    filter?.types ? filter.types.map((type) => [event, type]) : [[event, undefined]]
  )
}

const bodies = ['/docs add a page', 'Thanks\n/docs more', 'see https://example.com/docs/x', '/docs/setup moved', '']
const associations = ['OWNER', 'MEMBER', 'COLLABORATOR', 'CONTRIBUTOR', 'NONE']
const people = [
  { type: 'User', login: 'writer-wendy' },
  { type: 'Bot', login: 'docs-agent[bot]' },
  { type: 'Bot', login: 'dependabot[bot]' }
]

/** Payloads of every shape the recipes' expressions read, for one event and action. */
function payloads(event: string, action: string | undefined): object[] {
  const out: object[] = []
  for (const person of people) {
    for (const author of people.slice(0, 2)) {
      const thread = { number: 12, user: author, draft: false }
      if (event === 'issue_comment' || event === 'pull_request_review_comment' || event === 'pull_request_review') {
        for (const body of bodies)
          for (const association of associations)
            for (const fork of [false, true]) {
              const text = { body, user: person, author_association: association }
              // An issue_comment's payload names no head: a fork's pull request shows only in the others.
              const pull = { ...thread, head: { repo: { fork } } }
              out.push({
                action,
                sender: person,
                ...(event === 'pull_request_review' ? { review: text } : { comment: text }),
                ...(event === 'issue_comment' ? { issue: thread } : { pull_request: pull })
              })
            }
      } else if (event === 'issues' || event === 'pull_request_target' || event === 'pull_request') {
        for (const label of ['docs please', 'DOCS PLEASE', 'bug', 'docs: none'])
          for (const draft of [false, true])
            for (const merged of [false, true]) {
              const pull = { ...thread, user: person, draft, merged }
              out.push({
                action,
                sender: person,
                label: { name: label },
                ...(event === 'issues' ? { issue: pull } : { pull_request: pull })
              })
            }
      } else out.push({ action, sender: people[0] })
    }
  }
  return out
}

/**
 * examples/docs-companion.yml with the pull_request_target types its comment gives a team that
 * requires the docs check (every push), so that the comment cannot drift from companion-every-push.
 */
function everyPushCompanion(): Workflow {
  const file = 'examples/docs-companion.yml'
  const types = /^\s*#\s+(\[[\w, ]+\])\s*$/m.exec(readFileSync(file, 'utf8'))?.[1]
  const recipe = read(file)
  return {
    ...recipe,
    on: { ...recipe.on, pull_request_target: { ...recipe.on.pull_request_target, types: parse(types!) } }
  }
}

const PAIRS: {
  recipe: string
  job: string
  inputs: Record<string, string | boolean>
  only?: string
  /** The recipe as its comment says to change it, when that is what the job's inputs give. */
  changed?: () => Workflow
}[] = [
  { recipe: 'comment-trigger.yml', job: 'comment', inputs: {} },
  { recipe: 'pay-for-seconds.yml', job: 'comment', inputs: {} },
  { recipe: 'docs-on-label.yml', job: 'label', inputs: { 'trigger-label': 'docs please' } },
  { recipe: 'docs-companion.yml', job: 'companion', inputs: { companion: true, 'companion-every-push': false } },
  {
    recipe: 'docs-companion.yml',
    job: 'companion',
    inputs: { companion: true, 'companion-every-push': true },
    changed: everyPushCompanion
  },
  { recipe: 'docs-on-merge.yml', job: 'merge', inputs: { 'per-merge': true }, only: 'pull_request_target' },
  { recipe: 'docs-digest.yml', job: 'digest', inputs: { digest: true } },
  { recipe: 'docs-on-release.yml', job: 'release', inputs: { release: true } }
]

describe.each(PAIRS)(
  'examples/$recipe and the reusable job $job with $inputs',
  ({ recipe: file, job, inputs, only, changed }) => {
    const recipe = changed ? changed() : read(`examples/${file}`)
    const [recipeJob] = Object.keys(recipe.jobs)
    const contexts = callerInputs(reusable, inputs)

    it('start on the same events, in the same concurrency group, cancelling the same way', () => {
      let compared = 0
      for (const [event, action] of listened(recipe).filter(([event]) => only === undefined || event === only)) {
        for (const payload of payloads(event, action)) {
          const github = { event_name: event, event: payload, run_id: RUN_ID, repository_owner: 'acme' }
          expect({ event, payload, ...behaviour(reusable, job, github, contexts) }).toEqual({
            event,
            payload,
            ...behaviour(recipe, recipeJob!, github)
          })
          compared++
        }
      }
      expect(compared).toBeGreaterThan(0)
    })
  }
)

describe('the runner', () => {
  it.each([
    ['docs-agent.yml', reusable],
    ['docs-reconcile.yml', reconcile]
  ])("of every job of %s is the caller's runs-on, ubuntu-latest unless given", (_file, workflow) => {
    const runner = (more: Record<string, string>) =>
      Object.values(workflow.jobs).map((job) => settingValue(job['runs-on']!, {}, callerInputs(workflow, more)))
    expect(new Set(runner({}))).toEqual(new Set(['ubuntu-latest']))
    // A self-hosted runner, whose minutes GitHub does not bill.
    expect(new Set(runner({ 'runs-on': 'docs-runner' }))).toEqual(new Set(['docs-runner']))
  })
})

describe('the companion job and its docs check', () => {
  const starts = (action: string, pull: object, label?: string, everyPush = true) =>
    behaviour(
      reusable,
      'companion',
      {
        event_name: 'pull_request_target',
        event: {
          action,
          sender: people[2],
          pull_request: { number: 12, draft: false, ...pull },
          label: { name: label }
        },
        run_id: RUN_ID
      },
      callerInputs(reusable, { companion: true, 'companion-every-push': everyPush })
    ).starts
  const writers = { user: people[0] }

  it('runs, lean, when a review is requested, on a reopen, at the close and for the skip-label', () => {
    const lean = (action: string, pull: object = writers) => starts(action, pull, 'docs: none', false)
    for (const action of ['review_requested', 'reopened', 'closed', 'labeled']) expect(lean(action)).toBe(true)
    // No runner for the opening or a push: a pull request bills a few runs however often it is pushed to.
    for (const action of ['opened', 'synchronize']) expect(lean(action)).toBe(false)
    expect(lean('review_requested', { ...writers, draft: true })).toBe(false)
    expect(lean('review_requested', { user: people[2] })).toBe(false)
  })

  it('runs, lean, when a draft is marked ready: the review it was asked for while a draft started no run', () => {
    // GitHub sends review_requested when a reviewer is asked on a draft, and nothing again when the
    // draft is marked ready: the job's if: skipped that request (a draft), so without a run here no
    // companion is made for the whole review, and the merge finds no job.
    const lean = (action: string, pull: object) => starts(action, pull, 'docs: none', false)
    expect(lean('review_requested', { ...writers, draft: true })).toBe(false)
    expect(lean('ready_for_review', writers)).toBe(true)
  })

  it('by default, runs on the opening and every push as 1.1.0 did, so that every head gets its check', () => {
    const byDefault = (action: string) =>
      behaviour(
        reusable,
        'companion',
        {
          event_name: 'pull_request_target',
          event: { action, pull_request: { number: 12, draft: false, ...writers } }
        },
        callerInputs(reusable, { companion: true })
      ).starts
    for (const action of ['opened', 'reopened', 'ready_for_review', 'synchronize', 'closed']) {
      expect(starts(action, writers)).toBe(true)
      expect(byDefault(action)).toBe(true)
    }
    expect(byDefault('review_requested')).toBe(false)
    // Every head was sent already: a review request would bill a minute to send nothing.
    expect(starts('review_requested', writers)).toBe(false)
  })

  it("runs for a bot's pull request, so that its check ends, and for the skip-label alone of labels", () => {
    expect(starts('opened', { user: people[1] })).toBe(true)
    expect(starts('synchronize', { user: people[1] })).toBe(true)
    expect(starts('labeled', { user: people[0] }, 'docs: none')).toBe(true)
    expect(starts('labeled', { user: people[0] }, 'bug')).toBe(false)
  })

  it("starts no runner for Dependabot's pull request, whose runs GitHub gives no secrets and a read-only token", () => {
    expect(starts('opened', { user: people[2] })).toBe(false)
    expect(starts('synchronize', { user: people[2] })).toBe(false)
    expect(starts('closed', { user: people[2] })).toBe(false)
  })

  it('has no paths filter that would leave a required check waiting', () => {
    const recipe = read('examples/docs-companion.yml') as unknown as { on: Record<string, Record<string, unknown>> }
    expect(Object.values(recipe.on).flatMap((event) => Object.keys(event ?? {}))).not.toContain('paths')
  })
})

describe('examples/pay-for-seconds.yml and the reusable comment job', () => {
  it('wait on the same threads, with the same time limits', () => {
    const recipe = read('examples/pay-for-seconds.yml')
    const contexts = callerInputs(reusable)
    const settings = (workflow: Workflow, name: string, github: object, given: Contexts = {}) => {
      const job = workflow.jobs[name]!
      const step = job.steps.find((candidate) => candidate.uses?.startsWith('acme/docs-agent-action@'))!.with!
      return [job['timeout-minutes']!, step.wait!, step.timeout!].map((v) => settingValue(String(v), github, given))
    }
    for (const author of people) {
      const github = {
        event_name: 'issue_comment',
        event: { action: 'created', comment: { body: '/docs x' }, issue: { number: 12, user: author } },
        run_id: RUN_ID
      }
      expect(settings(reusable, 'comment', github, contexts)).toEqual(settings(recipe, 'docs', github))
    }
  })
})

describe('the reusable release job', () => {
  const timing = (issue: string) => {
    const job = reusable.jobs.release!
    const step = job.steps.find((candidate) => candidate.uses?.startsWith('acme/docs-agent-action@'))!.with!
    const github = { event_name: 'release', event: { action: 'released' }, run_id: RUN_ID }
    const contexts = callerInputs(reusable, { release: true, 'release-issue': issue })
    const [minutes, wait, timeout, thread] = [job['timeout-minutes']!, step.wait!, step.timeout!, step['issue-number']!]
    return [minutes, wait, timeout, thread].map((v) => settingValue(String(v), github, contexts))
  }

  it('waits as examples/docs-on-release.yml does, and ends in seconds with a tracking issue for reconcile', () => {
    const recipe = read('examples/docs-on-release.yml').jobs.docs!
    expect(timing('')).toEqual([String(recipe['timeout-minutes']), 'true', '30m', ''])
    expect(timing('7')).toEqual(['5', 'false', '4m', '7'])
  })
})

describe('the jobs a caller did not opt into', () => {
  it('start no runner on any event', () => {
    const contexts = callerInputs(reusable)
    for (const event of ['issues', 'pull_request_target', 'schedule', 'workflow_dispatch', 'push', 'release']) {
      for (const action of ['opened', 'synchronize', 'review_requested', 'closed', 'labeled', undefined]) {
        for (const payload of payloads(event, action)) {
          const github = { event_name: event, event: payload, run_id: RUN_ID }
          for (const job of ['label', 'companion', 'merge', 'digest', 'release'])
            expect({ job, event, starts: behaviour(reusable, job, github, contexts).starts }).toEqual({
              job,
              event,
              starts: false
            })
        }
      }
    }
  })
})

describe('examples/reconcile.yml and the reusable reconcile workflow', () => {
  it('start on the same events, in the same group', () => {
    const recipe = read('examples/reconcile.yml')
    const contexts = callerInputs(reconcile)
    for (const [event, action] of listened(recipe)) {
      for (const payload of payloads(event, action)) {
        const github = { event_name: event, event: payload, run_id: RUN_ID }
        expect(behaviour(reconcile, 'reconcile', github, contexts)).toEqual(behaviour(recipe, 'reconcile', github))
      }
    }
  })

  it('names its caller’s workflow file, whatever it is called, to disable it once nothing waits', () => {
    const step = reconcile.jobs.reconcile!.steps.find((s) => s.uses?.startsWith('acme/docs-agent-action@'))!.with!
    expect(step['reconcile-workflow']).toBe('${{ github.workflow_ref }}')
  })
})

describe("the README's quick start", () => {
  const blocks = yamlBlocks(readFileSync('README.md', 'utf8')).filter((block) =>
    block.content.includes('acme/docs-agent-action/.github/workflows/')
  )
  const lines = blocks.flatMap((block) =>
    block.content.split('\n').filter((line) => line.trim() !== '' && !line.trim().startsWith('#'))
  )

  it('is at most 30 lines of workflow in all, comments and blank lines aside', () => {
    expect(blocks).toHaveLength(2)
    expect(lines.length).toBeLessThanOrEqual(30)
  })

  it("calls this repository's reusable workflows with inputs they declare, on the events their jobs need", () => {
    for (const block of blocks) {
      const caller = parse(block.content) as Workflow & {
        jobs: Record<string, { uses: string; with?: Record<string, unknown>; secrets?: Record<string, string> }>
      }
      for (const job of Object.values(caller.jobs)) {
        const file = /^acme\/docs-agent-action\/(\.github\/workflows\/[\w.-]+)@v1$/.exec(job.uses)?.[1]
        const called = read(file!)
        const declared = Object.keys(called.on.workflow_call!.inputs!)
        expect(Object.keys(job.with ?? {}).filter((name) => !declared.includes(name))).toEqual([])
        // Named, not inherit, which hands a workflow of another organisation nothing: the key alone.
        expect(job.secrets).toEqual({ MINTLIFY_API_KEY: '${{ secrets.MINTLIFY_API_KEY }}' })
        expect(Object.keys(called.on.workflow_call!.secrets!)).toContain('MINTLIFY_API_KEY')
      }
    }
    const comments = parse(blocks[0]!.content) as Workflow
    expect(Object.keys(comments.on)).toEqual(
      expect.arrayContaining([
        'issue_comment',
        'pull_request_review_comment',
        'pull_request_review',
        'pull_request_target'
      ])
    )
    expect(parse(blocks[1]!.content)).toMatchObject({ on: { pull_request: { types: ['opened'] } } })
  })
})
