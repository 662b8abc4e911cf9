// tools/release.ts: which push to main releases what, and what the release workflow then runs. The
// repository's own CHANGELOG.md and reusable workflows are read as they are, so that a version
// bump that forgets one of them fails here, not in the release workflow.
import { readFileSync } from 'node:fs'
import { changelogSection, readRepository, release, releasePlan, type Repository } from '../tools/release.js'

const CHANGELOG =
  '# Changelog\n\n## Unreleased\n\n- Coming.\n\n## 1.2.0 - 2026-11-29\n\nNew things.\n\n## 1.1.0\n\nOld things.\n'
const calling = (tag: string) => `jobs:\n  docs:\n    steps:\n      - uses: acme/docs-agent-action@${tag}\n`
const repository = (more: Partial<Repository> = {}): Repository => ({
  version: '1.2.0',
  changelog: CHANGELOG,
  tags: ['v1.1.0', 'v1'],
  workflows: { 'a.yml': calling('v1.2.0'), 'b.yml': `${calling('v1.2.0')}      - uses: actions/checkout@v5\n` },
  ...more
})

function recorded(repo: Repository, dryRun = false) {
  const commands: string[] = []
  const lines: string[] = []
  const code = release(
    repo,
    {
      run: (command, args) => commands.push(`${command} ${args.join(' ')}`),
      read: () => '',
      writeNotes: (text) => {
        lines.push(`notes: ${text}`)
        return '/tmp/notes.md'
      },
      log: (line) => lines.push(line)
    },
    dryRun
  )
  return { code, commands, lines }
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

  it('refuses a release whose reusable workflows call another version of the action', () => {
    const plan = releasePlan(repository({ workflows: { 'a.yml': calling('v1.1.0'), 'b.yml': calling('v1.2.0') } }))
    expect(plan).toMatchObject({ kind: 'refused' })
    expect(plan.kind === 'refused' && plan.why).toMatch(
      /^a\.yml must call the action as acme\/docs-agent-action@v1\.2\.0/
    )
  })

  it('reads a quoted "uses:" as any other, and refuses a reusable workflow that never calls the action', () => {
    const quoted = (quote: string, tag: string) => calling(`${tag}${quote}`).replace('uses: ', `uses: ${quote}`)
    expect(
      releasePlan(repository({ workflows: { 'a.yml': quoted("'", 'v0.9.0'), 'b.yml': calling('v1.2.0') } }))
    ).toMatchObject({
      kind: 'refused',
      why: expect.stringMatching(/^a\.yml must call/)
    })
    expect(
      releasePlan(repository({ workflows: { 'a.yml': quoted('"', 'v1.2.0'), 'b.yml': calling('v1.2.0') } }))
    ).toMatchObject({
      kind: 'release'
    })
    const none = 'jobs:\n  docs:\n    steps:\n      - uses: actions/checkout@v5\n'
    expect(releasePlan(repository({ workflows: { 'a.yml': calling('v1.2.0'), 'b.yml': none } }))).toMatchObject({
      kind: 'refused',
      why: expect.stringMatching(/^b\.yml must call/)
    })
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
  it('checks dist/, tags vX.Y.Z, moves vX to it, pushes both and publishes the notes, in that order', () => {
    const { code, commands, lines } = recorded(repository())
    expect(code).toBe(0)
    expect(commands.map((command) => command.replace(/-c \S+ -c \S+ /, ''))).toEqual([
      'npm ci --no-audit --no-fund',
      'bash tools/check-dist.sh',
      'git tag --annotate v1.2.0 --message v1.2.0',
      'git tag --force --annotate v1 --message v1 (currently v1.2.0) v1.2.0^{commit}',
      'git push origin refs/tags/v1.2.0',
      'git push --force origin refs/tags/v1',
      'gh release create v1.2.0 --title v1.2.0 --notes-file /tmp/notes.md'
    ])
    expect(lines).toContain('notes: New things.')
  })

  it('runs nothing when there is nothing to release, and fails only when refused', () => {
    expect(recorded(repository({ tags: ['v1.2.0'] }))).toMatchObject({ code: 0, commands: [] })
    expect(recorded(repository({ version: 'x' }))).toMatchObject({ code: 1, commands: [] })
  })

  it('runs nothing with --dry-run, and says what it would run', () => {
    const { commands, lines } = recorded(repository(), true)
    expect(commands).toEqual([])
    expect(lines.at(-1)).toBe('v1.2.0 would be released.')
  })
})

describe('this repository', () => {
  it('releases its package.json version from main with its CHANGELOG section and the workflows naming it', () => {
    const repo = readRepository('.', () => '')
    expect(JSON.parse(readFileSync('package.json', 'utf8'))).toMatchObject({ version: repo.version })
    expect(releasePlan(repo)).toMatchObject({ kind: 'release', tag: `v${repo.version}` })
  })
})
