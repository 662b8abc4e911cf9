import { isExpression, readActionMetadata } from '../tools/action-metadata.js'
import { COMMENT_LIMIT } from '../src/markdown/size-limits.js'
import { parseSettings, SettingsError } from '../src/settings/settings.js'
import { formatMarker, markerKey } from '../src/thread/marker.js'

const KEY = 'mint_secretvalue123'
const valid: Record<string, string> = {
  prompt: 'Document the webhooks API',
  'api-key': KEY,
  'project-id': 'proj_123'
}

function parse(overrides: Record<string, string> = {}) {
  const inputs = { ...valid, ...overrides }
  return parseSettings((name) => inputs[name] ?? '').settings
}

function errorOf(overrides: Record<string, string>): string {
  try {
    parse(overrides)
  } catch (error) {
    expect(error).toBeInstanceOf(SettingsError)
    return (error as Error).message
  }
  throw new Error('expected the settings to be refused')
}

describe('parseSettings', () => {
  it('applies the documented defaults', () => {
    const settings = parse()
    expect(settings).toMatchObject({
      prompt: 'Document the webhooks API',
      apiKey: KEY,
      projectId: 'proj_123',
      jobId: '',
      wait: true,
      timeoutMs: 30 * 60_000,
      pollIntervalMs: 2000,
      failOnJobFailure: true,
      comment: true,
      issueNumber: undefined,
      triggerPhrase: '',
      requiredPermission: 'write',
      allowedBots: [],
      followUp: true,
      context: 'auto',
      contextLimit: 20000,
      docsToken: '',
      prReviewers: [],
      prLabels: [],
      mode: 'run',
      digestBranch: '',
      companionMerge: 'off'
    })
    expect(settings.baseUrl.href).toBe('https://api.mintlify.com/')
  })

  // The runner passes action.yml's default for an input left out, but '' for one given as ''.
  it.each(
    readActionMetadata().inputs.filter(
      (input) => !input.required && !isExpression(input.default) && input.name !== 'working-label'
    )
  )("treats $name given as '' or spaces as action.yml's default, $default", ({ name, default: value }) => {
    const asDefault = parse({ 'trigger-phrase': '/docs', [name]: value })
    expect(parse({ 'trigger-phrase': '/docs', [name]: '' })).toEqual(asDefault)
    expect(parse({ 'trigger-phrase': '/docs', [name]: ' ' })).toEqual(asDefault)
  })

  it('reads every input', () => {
    const settings = parse({
      'base-url': 'http://127.0.0.1:8787',
      'job-id': 'job.42_a-b',
      wait: 'FALSE',
      timeout: '1h30m',
      'poll-interval': '5',
      'fail-on-job-failure': 'false',
      comment: 'false',
      'issue-number': '17',
      'trigger-phrase': '/docs',
      'required-permission': 'maintain',
      'allowed-bots': 'renovate[bot], dependabot[bot] ,',
      'follow-up': 'false',
      context: 'None',
      'context-limit': '5000',
      'github-token': 'ghs_workflow',
      'docs-token': 'ghp_docs',
      'pr-reviewers': 'octocat, requester,',
      'pr-labels': 'docs, needs review',
      mode: 'reconcile',
      'working-label': ' agent busy ',
      'reconcile-workflow': ' docs-reconcile.yml ',
      'companion-merge': 'Auto'
    })
    expect(settings).toMatchObject({
      jobId: 'job.42_a-b',
      wait: false,
      timeoutMs: 5_400_000,
      pollIntervalMs: 5000,
      failOnJobFailure: false,
      comment: false,
      issueNumber: 17,
      triggerPhrase: '/docs',
      requiredPermission: 'maintain',
      allowedBots: ['renovate[bot]', 'dependabot[bot]'],
      followUp: false,
      context: 'none',
      contextLimit: 5000,
      docsToken: 'ghp_docs',
      prReviewers: ['octocat', 'requester'],
      prLabels: ['docs', 'needs review'],
      mode: 'reconcile',
      workingLabel: 'agent busy',
      reconcileWorkflow: 'docs-reconcile.yml',
      companionMerge: 'auto'
    })
    expect(settings.baseUrl.href).toBe('http://127.0.0.1:8787/')
    expect(parse({ 'allowed-bots': '*' }).allowedBots).toBe('*')
  })

  it("takes the reconcile workflow's file name from its own github.workflow_ref, as the reusable reconcile workflow gives it", () => {
    const ref = 'octo-org/app/.github/workflows/docs-reconcile.yml@refs/heads/main'
    expect(parse({ 'reconcile-workflow': ref }).reconcileWorkflow).toBe('docs-reconcile.yml')
    expect(() =>
      parse({ 'reconcile-workflow': 'octo-org/app/.github/workflows/nested/x.yml@refs/heads/main' })
    ).toThrow(
      /"reconcile-workflow" has the value "octo-org\/app\/\.github\/workflows\/nested\/x\.yml@refs\/heads\/main", which is not a workflow file name/
    )
  })

  it('leaves skip-label, trigger-label and reconcile-workflow off unless given', () => {
    expect(parse({})).toMatchObject({ skipLabel: '', triggerLabel: '', reconcileWorkflow: '' })
    expect(parse({ 'skip-label': ' docs: none ', 'trigger-label': 'docs please' })).toMatchObject({
      skipLabel: 'docs: none',
      triggerLabel: 'docs please'
    })
  })

  it('turns labels off when working-label is given as empty, unlike other inputs', () => {
    expect(parse({ 'working-label': 'docs-agent: working' }).workingLabel).toBe('docs-agent: working')
    expect(parse({ 'working-label': '' }).workingLabel).toBe('')
  })

  it('uses the github-token for the docs repository unless docs-token is given', () => {
    expect(parse({ 'github-token': 'ghs_workflow' }).docsToken).toBe('ghs_workflow')
    expect(parse({ 'github-token': 'ghs_workflow', 'docs-token': ' ' }).docsToken).toBe('ghs_workflow')
  })

  it('needs no prompt in reconcile mode, which never asks the agent anything', () => {
    const reconcile = { prompt: '', mode: 'reconcile', 'working-label': 'docs-agent: working', 'github-token': 'ghs_x' }
    expect(parse(reconcile).mode).toBe('reconcile')
  })

  it('reads digest mode and its branch', () => {
    const digest = parse({ mode: 'digest', 'digest-branch': ' release/2.x ', 'github-token': 'ghs_x' })
    expect(digest).toMatchObject({ mode: 'digest', digestBranch: 'release/2.x' })
  })

  it('accepts a job id with no prompt, and a trigger phrase with no prompt', () => {
    expect(parse({ prompt: '', 'job-id': 'abc' }).jobId).toBe('abc')
    expect(parse({ prompt: '', 'trigger-phrase': '/docs' }).prompt).toBe('')
  })

  it.each([
    [{ 'api-key': '' }, /"api-key" is required/],
    [
      { 'project-id': '' },
      /"project-id" is required, and it is empty\. The examples read it from a repository variable, \$\{\{ vars\.MINTLIFY_PROJECT_ID \}\}: a secret of that name is not a variable/
    ],
    [{ prompt: '  ' }, /"prompt" is empty and no "job-id"/],
    [{ 'base-url': 'http://api.mintlify.com' }, /"base-url" has the value "http:\/\/api.mintlify.com".*https/],
    [{ 'base-url': 'not a url' }, /"base-url" has the value "not a url", which is not a URL/],
    [{ 'base-url': 'https://u:p@api.example' }, /"base-url".*without credentials/],
    [{ 'project-id': '../admin' }, /"project-id" has the value "..\/admin", which is not a plain identifier/],
    [{ 'project-id': '..' }, /"project-id" has the value ".."/],
    [{ 'job-id': '.' }, /"job-id" has the value ".", which cannot be a job id: "." would name a path/],
    [{ 'job-id': '..' }, /"job-id" has the value "..", which cannot be a job id/],
    [
      { 'job-id': 'a\u0007b' },
      /"job-id" has the value "a\\u0007b", which cannot be a job id: it contains a control character/
    ],
    [{ 'job-id': 'j'.repeat(257) }, /"job-id" .* it is 257 characters long, over the 256/],
    [{ timeout: '10 minutes' }, /"timeout" has the value "10 minutes", which is not a duration/],
    [{ timeout: '0s' }, /"timeout" has the value "0s"/],
    [{ 'poll-interval': 'fast' }, /"poll-interval" has the value "fast"/],
    [{ 'poll-interval': '999ms' }, /"poll-interval" has the value "999ms", below the shortest of 1s/],
    [{ 'poll-interval': '0.5' }, /"poll-interval" has the value "0.5", below the shortest of 1s/],
    [{ wait: 'yes' }, /"wait" has the value "yes"; use "true" or "false"/],
    [{ 'fail-on-job-failure': '1' }, /"fail-on-job-failure" has the value "1"/],
    [{ comment: 'no' }, /"comment" has the value "no"/],
    [{ 'follow-up': 'nope' }, /"follow-up" has the value "nope"/],
    [{ 'issue-number': '#12' }, /"issue-number" has the value "#12"/],
    [{ context: 'full' }, /"context" has the value "full"; use auto or none/],
    [{ 'companion-merge': 'squash' }, /"companion-merge" has the value "squash"; use off or auto/],
    [{ mode: 'poll' }, /"mode" has the value "poll"; use run or reconcile or digest or companion/],
    [{ mode: 'companion', prompt: '', 'github-token': 'ghs_x' }, /"prompt" is empty, but mode: companion asks/],
    [{ mode: 'companion', 'github-token': '' }, /"github-token" is empty, but mode: companion reads and edits/],
    [{ mode: 'digest', prompt: '', 'github-token': 'ghs_x' }, /"prompt" is empty, but mode: digest asks the agent/],
    [{ mode: 'digest', 'github-token': '' }, /"github-token" is empty, but mode: digest reads and edits/],
    [{ 'digest-branch': 'main..next' }, /"digest-branch" has the value "main..next", which git does not allow/],
    [{ 'digest-branch': 'feature branch' }, /"digest-branch" has the value "feature branch"/],
    [{ 'working-label': 'docs, agent' }, /"working-label" has the label "docs, agent"; it may not contain a comma/],
    [
      { mode: 'reconcile', 'working-label': '', 'github-token': 'ghs_x' },
      /"working-label" is empty, but mode: reconcile finds the threads to finish by that label/
    ],
    [
      { mode: 'reconcile', 'working-label': 'docs-agent: working', 'github-token': '' },
      /"github-token" is empty, but mode: reconcile reads and edits the threads' comments with it/
    ],
    [{ 'context-limit': '20k' }, /"context-limit" has the value "20k"; use a number of characters from 1000 to 200000/],
    [{ 'context-limit': '999' }, /"context-limit" has the value "999"/],
    [{ 'context-limit': '200001' }, /"context-limit" has the value "200001"/],
    [{ 'pr-reviewers': '@octocat' }, /"pr-reviewers" has "@octocat", which is not a GitHub login/],
    [{ 'pr-reviewers': 'a--b' }, /"pr-reviewers" has "a--b"/],
    [{ 'pr-labels': 'x'.repeat(51) }, /"pr-labels" has the label "x{51}"; a label is at most 50 characters/],
    [{ 'working-label': 'busy\u0007' }, /"working-label" has the label "busy\\u0007"/],
    [{ 'working-label': '.' }, /"working-label" has the label "\.", which no URL can name/],
    [{ 'working-label': '..' }, /"working-label" has the label "\.\.", which no URL can name/],
    [{ 'pr-labels': 'docs, ..' }, /"pr-labels" has the label "\.\.", which no URL can name/],
    [{ 'skip-label': 'docs, none' }, /"skip-label" has the label "docs, none"; it may not contain a comma/],
    [{ 'trigger-label': '..' }, /"trigger-label" has the label "\.\.", which no URL can name/],
    [
      { 'reconcile-workflow': '.github/workflows/docs-reconcile.yml' },
      /"reconcile-workflow" has the value ".github\/workflows\/docs-reconcile.yml", which is not a workflow file name.*\(here "docs-reconcile.yml"\); or leave it empty\.$/
    ],
    [
      { 'reconcile-workflow': 'Docs reconcile' },
      /"reconcile-workflow" has the value "Docs reconcile", which is not a workflow file name.*\(e\.g\. docs-reconcile\.yml\); or leave it empty\.$/
    ],
    [{ 'trigger-label': 'docs,please' }, /"trigger-label" has the label "docs,please"; it may not contain a comma/],
    // The action's own label changes would ask again: its working-label or a pr-label never triggers.
    [
      { 'working-label': 'docs-agent: working', 'trigger-label': 'Docs-Agent: Working' },
      /"trigger-label" is "Docs-Agent: Working", a label the action puts on/
    ],
    [{ 'pr-labels': 'docs, bot', 'trigger-label': 'docs' }, /"trigger-label" is "docs", a label the action puts on/],
    [
      { 'required-permission': 'owner' },
      /"required-permission" has the value "owner"; use one of read, triage, write, maintain, admin/
    ]
  ])('refuses %j', (overrides, message) => {
    expect(errorOf(overrides)).toMatch(message)
  })

  it.each([
    ['pr-labels', Array.from({ length: 2000 }, (_, n) => `label-${n}`).join(', ')],
    ['pr-reviewers', Array.from({ length: 2000 }, (_, n) => `reviewer-${n}`).join(', ')]
  ])('refuses a %s list longer than the progress comment marker that carries it can hold', (name, value) => {
    expect(errorOf({ [name]: value })).toMatch(
      new RegExp(
        `^Input "${name}" lists 2000 items in \\d+ characters \\("${value.slice(0, 20)}.*"…\\); a list longer than 1024 characters is refused`
      )
    )
  })

  it('takes lists that keep the marker within a third of a comment, whatever their characters', () => {
    const labels = Array.from({ length: 20 }, () => '文'.repeat(50)).join(',')
    const reviewers = Array.from({ length: 25 }, (_, n) => `${'r'.repeat(36)}${100 + n}`).join(',')
    const settings = parse({ 'pr-labels': labels, 'pr-reviewers': reviewers })
    const marker = formatMarker(
      {
        repository: 'acme/docs',
        threadNumber: 1,
        runId: '1',
        workflowJob: 'docs',
        step: 'agent',
        reviewers: settings.prReviewers,
        labels: settings.prLabels
      },
      markerKey(KEY, 'proj_123')
    )
    expect(marker.length).toBeLessThan(COMMENT_LIMIT.max / 3)
  })

  it('takes any job id the API could return, as the API answers do', () => {
    for (const jobId of ['job 1', 'a/b', 'job#1?x=%2F', 'ジョブ', 'j'.repeat(256)]) {
      expect(parse({ prompt: '', 'job-id': jobId }).jobId).toBe(jobId)
    }
  })

  it('warns that a bare number under a minute is seconds, and says how to write minutes', () => {
    const warningsOf = (overrides: Record<string, string>) =>
      parseSettings((name) => ({ ...valid, ...overrides })[name] ?? '').warnings
    const [timeout, ...others] = warningsOf({ timeout: '30' })
    expect(others).toEqual([])
    expect(timeout).toContain('read as 30 seconds')
    expect(timeout).toContain('timeout: 30m')
    expect(warningsOf({ 'poll-interval': '5' })[0]).toContain('poll-interval: 5m')
    // Seconds written as such, a unit, and a bare number of a minute or more are what they say.
    for (const value of ['30s', '30m', '60', '900']) expect(warningsOf({ timeout: value })).toEqual([])
    expect(warningsOf({})).toEqual([])
  })

  it('takes a poll-interval of 1s or more', () => {
    expect(parse({ 'poll-interval': '1s' }).pollIntervalMs).toBe(1000)
    expect(parse({ 'poll-interval': '1000ms' }).pollIntervalMs).toBe(1000)
  })

  it.each([
    'https://api.example.test',
    'https://127.0.0.1.evil.test',
    'http://127.0.0.1:8787',
    'http://127.1',
    'http://127.255.0.9:1',
    'http://[::1]:8787',
    'http://[::ffff:127.0.0.1]',
    'http://localhost:8787',
    'http://LOCALHOST'
  ])('takes the base URL %s: https to anywhere, plain http only to this machine', (url) => {
    expect(parse({ 'base-url': url }).baseUrl).toBeInstanceOf(URL)
  })

  it.each([
    'http://127.0.0.1.evil.test',
    'http://127.evil.test',
    'http://localhost.',
    'http://localhost.evil.test',
    'http://evil-localhost',
    'http://[::2]',
    'http://[::ffff:10.0.0.1]',
    'http://128.0.0.1',
    'http://0.0.0.0'
  ])('refuses plain http to %s, which may leave this machine', (url) => {
    expect(errorOf({ 'base-url': url })).toMatch(/"base-url" has the value .*the API key may only be sent over https/)
  })

  it.each([
    ['mint_dsc_abcdef', /assistant.*"_dsc_" follows "mint"/],
    ['mint_us_abcdef', /index key \("_us_" follows "mint"/],
    [' mint_abc', /whitespace/],
    ['mint_abc\n', /whitespace/],
    ['mint_a b', /whitespace/],
    ['sk-abcdef', /start with "mint_"/]
  ])('refuses the key %j without quoting it', (key, message) => {
    const text = errorOf({ 'api-key': key })
    expect(text).toMatch(message)
    expect(text).toMatch(/"api-key"/)
    expect(text).not.toContain(key.trim())
  })
})
