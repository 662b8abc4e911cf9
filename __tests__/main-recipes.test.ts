// The recipes as shipped: each runs its happy path with the permissions its workflow grants (the
// GitHub fake refuses the token anything more, as GitHub does) and the inputs its step gives, and
// the run warns of nothing. The job opens its pull request on this GitHub, so the steps on the
// agent's pull request run too.
import { readFileSync } from 'node:fs'
import { parse } from 'yaml'
import { API_KEY, PROJECT } from './support/agent-fixture.js'
import { runOnThreadInProcess } from './support/in-process.js'
import { seedTags, tagPush } from './support/tag-push.js'
import type { FakeGitHub } from '../test/harness/fake-github.js'
import type { TokenPermissions } from '../test/harness/fake-github-permissions.js'
import { seedPushedRange, seedReleases } from '../test/harness/merged-pull.js'
import type { Simulator } from '../test/harness/simulator/server.js'
import { howToAskForChanges } from '../src/report/docs-pr-comment.js'

interface Recipe {
  permissions: TokenPermissions
  /** The step's `with:` less what it reads from secrets and variables (the fixture's credentials). */
  inputs: Record<string, string>
}

interface Workflow {
  permissions?: TokenPermissions
  jobs: Record<string, { permissions?: TokenPermissions; steps: { uses?: string; with?: Record<string, unknown> }[] }>
}

function recipe(file: string): Recipe {
  const workflow = parse(readFileSync(`examples/${file}`, 'utf8')) as Workflow
  const [job] = Object.values(workflow.jobs)
  const step = job!.steps.find((candidate) => candidate.uses?.startsWith('acme/docs-agent-action@'))
  const inputs = Object.entries(step?.with ?? {}).filter(([, value]) => !String(value).includes('${{'))
  return {
    permissions: { ...workflow.permissions, ...job!.permissions },
    inputs: Object.fromEntries(inputs.map(([name, value]) => [name, String(value)]))
  }
}

const AGENT_PR = 91

/** The job opens pull request #91 on the fake's host, where the agent's pull request steps reach it. */
function opensPullRequest(seed: (github: FakeGitHub) => void) {
  return (github: FakeGitHub, simulator: Simulator): void => {
    seed(github)
    github.addPullRequest('acme', 'docs', AGENT_PR, 'docs-agent[bot]')
    const prLink = `https://${new URL(github.serverUrl).host}/acme/docs/pull/${AGENT_PR}`
    simulator.setScenario({ apiKey: API_KEY, projectId: PROJECT, durationMs: 300, prLink })
  }
}

const RECIPES = [
  { file: 'docs-on-release.yml', event: 'release.published', seed: seedReleases },
  { file: 'docs-on-tag.yml', event: 'push', editEvent: tagPush('v1.2.0'), seed: seedTags },
  { file: 'docs-on-push.yml', event: 'push', seed: (github: FakeGitHub) => seedPushedRange(github) }
]

describe.each(RECIPES)('examples/$file as shipped', ({ file, event, editEvent, seed }) => {
  const run = (permissions: TokenPermissions) =>
    runOnThreadInProcess({
      event,
      ...(editEvent && { editEvent }),
      inputs: recipe(file).inputs,
      github: { tokenPermissions: permissions },
      before: opensPullRequest(seed)
    })

  it('runs its happy path without a warning, with the permissions it grants', async () => {
    const { run: result, github } = await run(recipe(file).permissions)
    expect(result.outputs).toMatchObject({ status: 'completed', 'pr-number': String(AGENT_PR), 'pr-new': 'true' })
    expect(result.log).not.toMatch(/^warning:/m)
    expect(github.comments('acme', 'docs', AGENT_PR)).toHaveLength(1)
  })

  it("tells reviewers on the agent's pull request to ask for changes with the phrase comment-trigger.yml answers", async () => {
    const { github } = await run(recipe(file).permissions)
    const phrase = recipe('comment-trigger.yml').inputs['trigger-phrase']
    expect(phrase).toBe('/docs')
    expect(github.comments('acme', 'docs', AGENT_PR)[0]?.body).toContain(howToAskForChanges(phrase!))
  })

  it("warns that the agent's pull request cannot be written with contents: read alone, as it did before", async () => {
    const { run: result } = await run({ contents: 'read' })
    expect(result.outputs.status).toBe('completed')
    expect(result.log).toContain(
      "warning: Could not read the comments of the thread on the agent's pull request acme/docs#91: GitHub answered 403 (Resource not accessible by integration)."
    )
  })
})
