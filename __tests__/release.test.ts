// tools/release.ts: which push to main releases what, and what the release workflow's two jobs then
// run. Which commit the reusable workflows name is read from real git repositories (a scratch one,
// and this one as it is), so that a version bump that forgets a step fails here, not in the workflow.
import { execFileSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import {
  changelogSection,
  gitTokenEnvironment,
  type Phase,
  readRepository,
  release,
  releasePlan,
  type Repository
} from '../tools/release.js'

const CODE = 'c0de'.repeat(10)
const HEAD = 'feed'.repeat(10)
const CHANGELOG =
  '# Changelog\n\n## Unreleased\n\n- Coming.\n\n## 1.2.0 - 2026-11-29\n\nNew things.\n\n## 1.1.0\n\nOld things.\n'
const calling = (ref: string) => `jobs:\n  docs:\n    steps:\n      - uses: acme/docs-agent-action@${ref} # v1.2.0\n`
const repository = (more: Partial<Repository> = {}): Repository => ({
  version: '1.2.0',
  changelog: CHANGELOG,
  tags: ['v1.1.0', 'v1'],
  workflows: { 'a.yml': calling(CODE), 'b.yml': `${calling(CODE)}      - uses: actions/checkout@v5\n` },
  head: HEAD,
  named: { [CODE]: 'same action' },
  ...more
})

function recorded(repo: Repository, phase: Phase) {
  const commands: string[] = []
  const lines: string[] = []
  const outputs: string[] = []
  const code = release(
    repo,
    {
      run: (command, args, withToken) =>
        commands.push(`${command} ${args.join(' ')}`.replace(/-c \S+ -c \S+ /, '') + (withToken ? ' [token]' : '')),
      read: () => '',
      writeNotes: (text) => {
        lines.push(`notes: ${text}`)
        return '/tmp/notes.md'
      },
      setOutput: (name, value) => outputs.push(`${name}=${value}`),
      log: (line) => lines.push(line)
    },
    phase
  )
  return { code, commands, lines, outputs }
}

describe('releasePlan', () => {
  it("releases a version with a CHANGELOG section and no tag, with that section's text as its notes", () => {
    expect(releasePlan(repository())).toEqual({ kind: 'release', tag: 'v1.2.0', major: 'v1', notes: 'New things.' })
  })

  it('releases nothing for a version already tagged, or without its section yet', () => {
    expect(releasePlan(repository({ tags: ['v1.2.0'] }))).toEqual({
      kind: 'nothing',
      why: 'v1.2.0 is already released.'
    })
    expect(releasePlan(repository({ version: '1.3.0' }))).toMatchObject({ kind: 'nothing' })
  })

  it('refuses reusable workflows that name the action by a tag, quoted or not, or never call it', () => {
    const quoted = (quote: string, ref: string) => calling(`${ref}${quote}`).replace('uses: ', `uses: ${quote}`)
    for (const a of [
      calling('v1.2.0'),
      quoted("'", 'v0.9.0'),
      'jobs:\n  docs:\n    steps:\n      - uses: actions/checkout@v5\n',
      // Beside a checked call, one written in a form the line reader does not read.
      `${calling(CODE)}      - { uses: acme/docs-agent-action@v1 }\n`,
      `${calling(CODE)}      - uses: >-\n          acme/docs-agent-action@v1\n`,
      `${calling(CODE)}      - "uses": acme/docs-agent-action@v1\n`,
      `${calling(CODE)}      - uses: Acme/Docs-Agent-Action@v1\n`
    ]) {
      const plan = releasePlan(repository({ workflows: { 'a.yml': a, 'b.yml': calling(CODE) } }))
      expect(plan).toMatchObject({
        kind: 'refused',
        why: expect.stringMatching(/^a\.yml must call the action by a full commit SHA/)
      })
    }
    expect(
      releasePlan(repository({ workflows: { 'a.yml': quoted('"', CODE), 'b.yml': calling(CODE) } }))
    ).toMatchObject({
      kind: 'release'
    })
  })

  it("refuses two commits named, or one that is not on this branch (a fork's commit can be named by SHA)", () => {
    const other = 'abcd'.repeat(10)
    expect(
      releasePlan(
        repository({
          workflows: { 'a.yml': calling(CODE), 'b.yml': calling(other) },
          named: { [CODE]: 'same action', [other]: 'same action' }
        })
      )
    ).toMatchObject({ kind: 'refused', why: expect.stringContaining('name one commit') })
    expect(releasePlan(repository({ named: { [CODE]: 'not on this branch' } }))).toMatchObject({
      kind: 'refused',
      why: expect.stringContaining("is not a commit of this branch's history")
    })
  })

  it("waits, saying what to push, while the named commit's action differs from this commit's: a release's first commit", () => {
    const plan = releasePlan(repository({ named: { [CODE]: 'another action' } }))
    expect(plan).toMatchObject({ kind: 'nothing' })
    expect(plan.kind === 'nothing' && plan.why).toContain(
      `push a second commit that names it, \`uses: acme/docs-agent-action@${HEAD} # v1.2.0\``
    )
  })

  it('refuses a version that is not MAJOR.MINOR.PATCH', () => {
    expect(releasePlan(repository({ version: '1.2' }))).toMatchObject({ kind: 'refused' })
  })
})

describe('changelogSection', () => {
  it('reads a section up to the next, whatever follows its heading', () => {
    expect(changelogSection(CHANGELOG, '1.1.0')).toBe('Old things.')
    expect(changelogSection(CHANGELOG, '1.2')).toBeUndefined()
  })
})

describe('release', () => {
  it('checks dist/ in the first job, packages installed without their scripts, and hands the tag on', () => {
    const { code, commands, outputs } = recorded(repository(), 'check')
    expect(code).toBe(0)
    expect(commands).toEqual(['npm ci --ignore-scripts --no-audit --no-fund', 'bash tools/check-dist.sh'])
    expect(outputs).toEqual(['tag=v1.2.0'])
  })

  it('in the second job tags vX.Y.Z, moves vX to it, pushes both (the only commands given the token) and publishes the notes', () => {
    const { code, commands, lines, outputs } = recorded(repository(), 'publish')
    expect(code).toBe(0)
    expect(commands).toEqual([
      'git tag --annotate v1.2.0 --message v1.2.0',
      'git tag --force --annotate v1 --message v1 (currently v1.2.0) v1.2.0^{commit}',
      'git push origin refs/tags/v1.2.0 [token]',
      'git push --force origin refs/tags/v1 [token]',
      'gh release create v1.2.0 --title v1.2.0 --notes-file /tmp/notes.md'
    ])
    expect(lines).toContain('notes: New things.')
    expect(outputs).toEqual([])
  })

  it('runs nothing when there is nothing to release, and fails only when refused', () => {
    for (const phase of ['check', 'publish'] as const) {
      expect(recorded(repository({ tags: ['v1.2.0'] }), phase)).toMatchObject({ code: 0, commands: [], outputs: [] })
      expect(recorded(repository({ version: 'x' }), phase)).toMatchObject({ code: 1, commands: [], outputs: [] })
    }
  })

  it('runs nothing with --dry-run, and says what both jobs would run', () => {
    const { commands, lines } = recorded(repository(), 'dry-run')
    expect(commands).toEqual([])
    expect(lines.filter((line) => line.startsWith('would run'))).toHaveLength(7)
    expect(lines.at(-1)).toBe('v1.2.0 would be released.')
  })

  it('gives git the token as actions/checkout would have kept it, in the environment of the push alone', () => {
    const environment = gitTokenEnvironment('ghs_secret')
    expect(environment).toMatchObject({
      GIT_CONFIG_COUNT: '1',
      GIT_CONFIG_KEY_0: 'http.https://github.com/.extraheader'
    })
    const [scheme, encoded] = environment.GIT_CONFIG_VALUE_0!.replace('AUTHORIZATION: ', '').split(' ')
    expect([scheme, Buffer.from(encoded!, 'base64').toString()]).toEqual(['basic', 'x-access-token:ghs_secret'])
  })
})

const git = (cwd: string) => (command: string, args: readonly string[]) =>
  execFileSync(command, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] })

describe('the commit the reusable workflows name, read from git', () => {
  let root: string
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'release-'))
  })
  afterEach(() => rmSync(root, { recursive: true, force: true }))

  const write = (files: Record<string, string>) => {
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(join(root, path, '..'), { recursive: true })
      writeFileSync(join(root, path), text)
    }
  }
  const commit = (message: string): string => {
    const run = git(root)
    run('git', ['add', '-A'])
    run('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', 'commit', '--quiet', '-m', message])
    return run('git', ['rev-parse', 'HEAD']).trim()
  }
  const naming = (sha: string) => ({
    '.github/workflows/docs-agent.yml': calling(sha),
    '.github/workflows/docs-reconcile.yml': calling(sha)
  })

  it("is the release's code when action.yml and dist/ are this commit's, and not when they changed since", () => {
    git(root)('git', ['init', '--quiet'])
    write({ 'package.json': '{"version":"1.2.0"}', 'CHANGELOG.md': CHANGELOG, 'action.yml': 'a', 'dist/index.js': '1' })
    write(naming('0'.repeat(40)))
    const code = commit('the release: version, notes, dist/')
    write(naming(code))
    const second = commit('name the release commit by SHA')
    expect(readRepository(root, git(root))).toMatchObject({ head: second, named: { [code]: 'same action' } })
    expect(releasePlan(readRepository(root, git(root)))).toMatchObject({ kind: 'release', tag: 'v1.2.0' })

    write({ 'dist/index.js': '2' })
    commit('dist/ changed after the commit named')
    expect(readRepository(root, git(root)).named).toEqual({ [code]: 'another action' })
    write(naming('0'.repeat(40)))
    commit('a commit git does not know')
    expect(readRepository(root, git(root)).named).toEqual({ ['0'.repeat(40)]: 'not on this branch' })
  })
})

describe('this repository', () => {
  it('names the action by a full SHA of its own history, and is released or waits for the commit naming it', () => {
    const repo = readRepository('.', git('.'))
    expect(JSON.parse(readFileSync('package.json', 'utf8'))).toMatchObject({ version: repo.version })
    expect(Object.keys(repo.named)).toHaveLength(1)
    const plan = releasePlan(repo)
    expect(plan.kind).not.toBe('refused')
    expect(plan.kind === 'release' ? 'released' : plan.why).toMatch(/^released$|already released|push a second commit/)
  })
})
