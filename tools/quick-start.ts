// The README's quick start, played from an empty repository to a first `/docs` answered: the
// committed bundle run as the reusable workflows' steps would run it (their `if:` and `with:`
// evaluated by GitHub's own expression evaluator, with the quick start's inputs, the secret and the
// variable), against the agent API simulator and the GitHub fake. Nothing is done by hand between
// the runs: the reconcile workflow's first scheduled run disables it, the `/docs` run enables it,
// and the next scheduled run finishes the thread. Prints each step, the thread, and the time taken.
//   npx tsx tools/quick-start.ts
import { readFileSync } from 'node:fs'
import { pathToFileURL } from 'node:url'
import { parse } from 'yaml'
import { markerKey, readMarker } from '../src/thread/marker.js'
import { seedEventComment } from '../test/harness/fake-github.js'
import { runAction } from '../test/harness/run-bundle.js'
import { jobStarts, settingValue, type Contexts } from '../test/harness/workflow-expression.js'
import { fixture, githubVariables, TOKEN, withFakes } from './demo-scenes.js'
import { threadView } from './demo-view.js'

interface Job {
  if?: string
  steps: { uses?: string; with?: Record<string, string | boolean> }[]
}
interface Reusable {
  on: { workflow_call: { inputs: Record<string, { default?: string | boolean }> } }
  jobs: Record<string, Job>
}

const REPOSITORY = 'acme/docs'
const RECONCILE_FILE = 'docs-reconcile.yml'
const JOB_MS = 1200
/** The repository's secret and variable, as the quick start's caller passes them. */
const SECRETS_AND_VARIABLES = {
  secrets: { MINTLIFY_API_KEY: 'mint_demo_key' },
  vars: { MINTLIFY_PROJECT_ID: 'demo-project' }
}

/** The `with:` of a reusable job's action step, as the runner would pass it. */
function stepInputs(file: string, job: string, github: object, callerWith: Record<string, string | boolean>) {
  const workflow = parse(readFileSync(file, 'utf8')) as Reusable
  const declared = workflow.on.workflow_call.inputs
  const inputs = {
    ...Object.fromEntries(Object.entries(declared).map(([k, v]) => [k, v.default ?? ''])),
    ...callerWith
  }
  const contexts: Contexts = {
    inputs,
    ...SECRETS_AND_VARIABLES,
    // No docs-repository: the token step is skipped and gives no token.
    steps: { 'docs-token': { outputs: { token: '' } } }
  }
  const definition = workflow.jobs[job]!
  const starts = definition.if === undefined || jobStarts(definition.if, github, contexts)
  const step = definition.steps.find((candidate) => candidate.uses?.startsWith('acme/docs-agent-action@'))!
  const given = Object.entries(step.with ?? {}).map(([name, value]) => [
    name,
    settingValue(String(value), github, contexts)
  ])
  return { starts, inputs: Object.fromEntries(given) as Record<string, string> }
}

/** Plays the quick start; true when the first /docs was answered and the reconcile workflow ended disabled. */
export function playQuickStart(print: (line: string) => void): Promise<boolean> {
  return withFakes({ jobIds: ['job-quick-start'], durationMs: JOB_MS }, {}, async (simulator, github) => {
    const [owner, repo] = REPOSITORY.split('/') as [string, string]
    // The two files are committed: GitHub enables a workflow when it is added.
    github.workflows.addWorkflow(owner, repo, RECONCILE_FILE, 'active')
    const local = { 'base-url': simulator.url, 'poll-interval': '1s', 'github-token': TOKEN }
    const env = { ...githubVariables(github), GITHUB_REPOSITORY: REPOSITORY }
    const schedule = {
      event_name: 'schedule',
      workflow_ref: `${REPOSITORY}/.github/workflows/${RECONCILE_FILE}@refs/heads/main`,
      event: { schedule: '3-59/10 * * * *' }
    }
    const reconcile = async (runId: string) => {
      const { inputs } = stepInputs('.github/workflows/docs-reconcile.yml', 'reconcile', schedule, {})
      return runAction({
        eventName: 'schedule',
        event: schedule.event,
        env: { ...env, GITHUB_RUN_ID: runId, GITHUB_JOB: 'reconcile' },
        inputs: { ...inputs, ...local }
      })
    }
    const state = () => github.workflows.workflowState(owner, repo, RECONCILE_FILE)

    const first = await reconcile('2001')
    print(`1. The reconcile workflow's first scheduled run: exit ${first.code}; the workflow is now ${state()}.`)

    const event = fixture('issue_comment.created')
    seedEventComment(github, event)
    const comment = { event_name: 'issue_comment', event, run_id: '2002' }
    const { starts, inputs } = stepInputs('.github/workflows/docs-agent.yml', 'comment', comment, { companion: true })
    const asked = await runAction({
      eventName: 'issue_comment',
      event,
      env: { ...env, GITHUB_RUN_ID: '2002', GITHUB_JOB: 'comment' },
      inputs: { ...inputs, ...local }
    })
    print(
      `2. A writer's "/docs add a page about webhooks" on issue #42: the comment job ${starts ? 'starts' : 'is skipped'} ` +
        `(wait: ${inputs.wait}, timeout: ${inputs.timeout}); exit ${asked.code}, status ${asked.outputs.status}; ` +
        `the workflow is now ${state()}.`
    )

    await new Promise((resolve) => setTimeout(resolve, JOB_MS + 200))
    const finished = await reconcile('2003')
    print(
      `3. The agent's job ends; the next scheduled reconcile run: exit ${finished.code}; the workflow is now ${state()}.`
    )
    print(`\n${threadView(github, { owner, repo, number: 42, title: 'Webhooks are not documented' })}`)
    // Answered: a comment whose signed marker no longer waits names the job the /docs run started.
    const { secrets, vars } = SECRETS_AND_VARIABLES
    const key = markerKey(secrets.MINTLIFY_API_KEY, vars.MINTLIFY_PROJECT_ID)
    const answered = github.comments(owner, repo, 42).some((comment) => {
      const marker = readMarker(comment.body, key, { repository: REPOSITORY, threadNumber: 42, commentId: comment.id })
      return marker !== undefined && marker.state === undefined && marker.jobId === asked.outputs['job-id']
    })
    return first.code === 0 && asked.code === 0 && finished.code === 0 && answered && state() !== 'active'
  })
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const began = performance.now()
  const ok = await playQuickStart((line) => console.log(line))
  console.log(
    `\nFrom an empty repository to the first /docs answered: ${((performance.now() - began) / 1000).toFixed(1)} s ` +
      `(three runs of the bundle and a ${JOB_MS / 1000} s job; on GitHub, the schedule's ticks and the agent's work add to it). ` +
      (ok ? 'Answered.' : 'NOT answered.')
  )
  process.exitCode = ok ? 0 : 1
}
