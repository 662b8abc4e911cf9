// `npm run demo`: the committed bundle, run as a runner runs it, against the local simulator of
// the agent API and a local fake of GitHub. No account and no build step: what it prints is what
// a workflow's user, and the person on the issue thread, would see.
import { readFileSync } from 'node:fs'
import { seedEventComment, startFakeGitHub } from '../test/harness/fake-github.js'
import { seedMergedPull } from '../test/harness/merged-pull.js'
import { type ActionRun, runAction, type RunOptions, shownByRunner } from '../test/harness/run-bundle.js'
import { startSimulator } from '../test/harness/simulator/server.js'

const API_KEY = 'mint_demo_key'
const PROJECT = 'demo-project'
const TRIGGER_EVENT = new URL('../__fixtures__/events/issue_comment.created.json', import.meta.url)
const MERGED_EVENT = new URL('../__fixtures__/events/pull_request.closed.merged.json', import.meta.url)
// As in examples/docs-on-merge.yml.
const MERGED_PROMPT =
  'The pull request below was merged. Update the documentation for what it changes for users (options, ' +
  'behaviour, deprecations). If nothing user-facing changed, change nothing.'

const simulator = await startSimulator({ scenario: { apiKey: API_KEY, projectId: PROJECT, durationMs: 5000 } })
const agentInputs = { 'api-key': API_KEY, 'project-id': PROJECT, 'base-url': simulator.url }

heading(
  `1. A workflow step (agent API simulator on ${simulator.url}, api-key ${API_KEY}, project-id ${PROJECT}: ` +
    'a 5 s job that opens a PR)'
)
const stepRun = await show({
  inputs: { ...agentInputs, prompt: 'Add a page about webhooks: events, payloads and retries.', comment: 'false' }
})

heading('2. A comment on issue #42: "/docs add a page about webhooks" by @writer-wendy (write access)')
const github = await startFakeGitHub({ permissions: { 'writer-wendy': 'write' } })
const event = JSON.parse(readFileSync(TRIGGER_EVENT, 'utf8')) as Record<string, unknown>
seedEventComment(github, event)
const threadRun = await show({
  eventName: 'issue_comment',
  event,
  inputs: { ...agentInputs, 'trigger-phrase': '/docs', 'github-token': 'ghs_fake_token' },
  env: { GITHUB_API_URL: github.url, GITHUB_SERVER_URL: 'https://github.com' }
})
heading('What the thread saw, in order')
for (const request of github.requests) {
  const path = request.path.replace(/^\/repos\/acme\/docs/, '').split('?')[0]
  const body = request.body ? (JSON.parse(request.body) as { body?: string; content?: string }) : {}
  console.log(`\n${request.method} ${path}${body.content ? `  (${body.content})` : ''}`)
  if (body.body) console.log(indent(body.body))
}

heading('3. Pull request #61 "Rename the retries option to maxRetries" is merged: the docs follow the code')
const mergedGitHub = await startFakeGitHub()
seedMergedPull(mergedGitHub)
const mergedRun = await show({
  eventName: 'pull_request_target',
  event: JSON.parse(readFileSync(MERGED_EVENT, 'utf8')) as unknown,
  inputs: { ...agentInputs, prompt: MERGED_PROMPT, 'github-token': 'ghs_fake_token' },
  env: { GITHUB_API_URL: mergedGitHub.url, GITHUB_SERVER_URL: 'https://github.com' }
})
heading('The comment on pull request #61')
console.log(indent(mergedGitHub.comments('acme', 'docs', 61).at(-1)?.body ?? '(none)'))

await Promise.all([simulator.close(), github.close(), mergedGitHub.close()])
process.exitCode = stepRun.code || threadRun.code || mergedRun.code || 0

async function show(options: Omit<RunOptions, 'onLogLine'>): Promise<ActionRun> {
  console.log('\n--- action log (::add-mask:: and ::debug:: lines hidden, as on a runner) ---')
  const run = await runAction({
    ...options,
    onLogLine: (line) => {
      if (shownByRunner(line)) console.log(line)
    }
  })
  console.log(`\n--- exit code ${run.code}; step outputs ---`)
  // A prompt with a context section runs to many lines: the log group above shows it whole.
  for (const [name, value] of Object.entries(run.outputs)) {
    const lines = value.split('\n')
    console.log(`${name}=${lines[0]}${lines.length > 1 ? ` [... ${lines.length} lines]` : ''}`)
  }
  console.log('\n--- job summary (GITHUB_STEP_SUMMARY) ---')
  console.log(run.summary.trimEnd())
  return run
}

function heading(text: string): void {
  console.log(`\n=== ${text} ===`)
}

function indent(text: string): string {
  return text.trimEnd().replace(/^/gm, '    ')
}
