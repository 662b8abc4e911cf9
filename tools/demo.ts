// `npm run demo`: the committed bundle, run as a runner runs it, against the local simulator.
// No account and no build step: what it prints is what a workflow's user would see.
import { runAction } from './run-bundle.js'
import { startSimulator } from './simulator/server.js'

const API_KEY = 'mint_demo_key'
const PROJECT = 'demo-project'

const simulator = await startSimulator({
  scenario: { apiKey: API_KEY, projectId: PROJECT, durationMs: 6000 }
})
const inputs = {
  prompt: 'Add a page about webhooks: events, payloads and retries.',
  'api-key': API_KEY,
  'project-id': PROJECT,
  'base-url': simulator.url,
  comment: 'false',
  'github-token': ''
}

heading(`Agent API simulator listening on ${simulator.url} (scenario: a 6 s job that opens a PR)`)
console.log('Inputs:')
for (const [name, value] of Object.entries(inputs)) console.log(`  ${name}: ${name === 'api-key' ? '***' : value}`)

heading('Action log (node dist/index.js)')
// The runner hides ::debug:: lines unless step debug logging is on; so does the demo.
const run = await runAction({ inputs, onLog: (text) => process.stdout.write(text.replace(/^::debug::.*\n/gm, '')) })
await simulator.close()

heading(`Exit code ${run.code}; step outputs`)
for (const [name, value] of Object.entries(run.outputs)) console.log(`${name}=${value}`)

heading('Job summary (markdown written to GITHUB_STEP_SUMMARY)')
console.log(run.summary)
process.exitCode = run.code ?? 1

function heading(text: string): void {
  console.log(`\n=== ${text} ===`)
}
