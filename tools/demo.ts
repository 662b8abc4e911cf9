// `npm run demo`: the committed bundle, run as a runner runs it, against the local simulator of
// the agent API and a local fake of GitHub. No account and no build step: it prints each workflow
// run as its page shows it and each thread as the people on it see it (tools/demo-scenes.ts,
// tools/demo-companion.ts).
import { companionScene } from './demo-companion.js'
import { commentScene, reconcileScene, twoRepositoriesScene } from './demo-scenes.js'

const SCENES = [commentScene, twoRepositoriesScene, reconcileScene, companionScene]

console.log(
  'docs-agent-action demo: dist/index.js against the agent API simulator (api-key mint_demo_key, ' +
    'project-id demo-project) and a GitHub fake; links point at github.com as they would for real.'
)
let ok = true
for (const scene of SCENES) ok = (await scene((text) => console.log(text))) && ok
process.exitCode = ok ? 0 : 1
