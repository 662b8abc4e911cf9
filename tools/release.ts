// The release of the action, as the release workflow (.github/workflows/release.yml) runs it on each
// push to main: when package.json's version has a `## X.Y.Z` section in CHANGELOG.md and no tag yet,
// it checks that dist/ is what a fresh build makes and that the reusable workflows name this version
// of the action, then tags `vX.Y.Z`, moves `vX` to the same commit, pushes both and publishes the
// GitHub release whose notes are that section. Any other push releases nothing. `releasePlan` decides
// (pure); `main` carries the plan out through `Shell`.
//   node tools/release.ts            decide and release (the workflow; Node 24 runs TypeScript as it is)
//   node tools/release.ts --dry-run  decide and say what it would do
// It imports nothing but Node's own modules, so that deciding needs no `npm ci`.
import { execFileSync } from 'node:child_process'
import { readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'

/** The files that call the action by its version, which must be the version being released. */
export const REUSABLE_WORKFLOWS = ['.github/workflows/docs-agent.yml', '.github/workflows/docs-reconcile.yml']
const OWN_ACTION = 'acme/docs-agent-action'

export interface Repository {
  version: string
  changelog: string
  /** Tags that exist, as `vX.Y.Z`. */
  tags: readonly string[]
  /** Each reusable workflow's text, by file. */
  workflows: Record<string, string>
}

export type ReleasePlan =
  | { kind: 'release'; tag: string; major: string; notes: string }
  | { kind: 'nothing'; why: string }
  | { kind: 'refused'; why: string }

/** The text of CHANGELOG.md's `## X.Y.Z` section (its heading may add ` - date`), or undefined. */
export function changelogSection(changelog: string, version: string): string | undefined {
  const lines = changelog.split('\n')
  const heading = new RegExp(`^## \\[?${version.replaceAll('.', '\\.')}\\]?(\\s|$)`)
  const start = lines.findIndex((line) => heading.test(line))
  if (start === -1) return undefined
  const end = lines.findIndex((line, index) => index > start && /^## /.test(line))
  return lines
    .slice(start + 1, end === -1 ? undefined : end)
    .join('\n')
    .trim()
}

export function releasePlan({ version, changelog, tags, workflows }: Repository): ReleasePlan {
  const parts = /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)$/.exec(version)
  if (!parts) return { kind: 'refused', why: `package.json's version "${version}" is not MAJOR.MINOR.PATCH.` }
  const tag = `v${version}`
  if (tags.includes(tag)) return { kind: 'nothing', why: `${tag} is already released.` }
  const notes = changelogSection(changelog, version)
  if (notes === undefined || notes === '')
    return { kind: 'nothing', why: `CHANGELOG.md has no "## ${version}" section yet, so ${tag} is not released.` }
  const stale = Object.entries(workflows)
    .filter(([, text]) => {
      const named = calls(text)
      return named.length === 0 || !named.every((uses) => uses === `${OWN_ACTION}@${tag}`)
    })
    .map(([file]) => file)
  if (stale.length > 0)
    return {
      kind: 'refused',
      why:
        `${stale.join(' and ')} must call the action as ${OWN_ACTION}@${tag}, the release they belong to, ` +
        'so that a caller who pins this commit runs this commit\'s action: change each "uses:" and push again.'
    }
  return { kind: 'release', tag, major: `v${parts[1]}`, notes }
}

/** Each `uses:` of this action in a workflow's text, quoted or not. */
function calls(text: string): string[] {
  return [...text.matchAll(/^\s*-?\s*uses:\s*(['"]?)([^\s'"#]+)\1/gm)]
    .map((match) => match[2]!)
    .filter((uses) => uses.startsWith(`${OWN_ACTION}@`))
}

/** What the release does outside: commands, and a file for the notes. */
export interface Shell {
  run: (command: string, args: readonly string[]) => void
  read: (command: string, args: readonly string[]) => string
  writeNotes: (text: string) => string
  log: (line: string) => void
}

/** Who an annotated tag says made it: a runner has no git identity of its own. */
const TAGGER = [
  '-c',
  'user.name=github-actions[bot]',
  '-c',
  'user.email=41898282+github-actions[bot]@users.noreply.github.com'
]

/** Carries the plan out; returns the exit code (1 only when refused or a step failed). */
export function release(repository: Repository, shell: Shell, dryRun: boolean): number {
  const plan = releasePlan(repository)
  if (plan.kind !== 'release') {
    shell.log(`${plan.kind === 'refused' ? 'Not released' : 'Nothing to release'}: ${plan.why}`)
    return plan.kind === 'refused' ? 1 : 0
  }
  const { tag, major, notes } = plan
  const steps: [string, string[]][] = [
    // Only a release installs the build's packages: a push that releases nothing ends in seconds.
    ['npm', ['ci', '--no-audit', '--no-fund']],
    ['bash', ['tools/check-dist.sh']],
    ['git', [...TAGGER, 'tag', '--annotate', tag, '--message', tag]],
    [
      'git',
      [...TAGGER, 'tag', '--force', '--annotate', major, '--message', `${major} (currently ${tag})`, `${tag}^{commit}`]
    ],
    ['git', ['push', 'origin', `refs/tags/${tag}`]],
    ['git', ['push', '--force', 'origin', `refs/tags/${major}`]],
    ['gh', ['release', 'create', tag, '--title', tag, '--notes-file', dryRun ? '<notes>' : shell.writeNotes(notes)]]
  ]
  for (const [command, args] of steps) {
    shell.log(`${dryRun ? 'would run' : '+'} ${command} ${args.join(' ')}`)
    if (!dryRun) shell.run(command, args)
  }
  shell.log(dryRun ? `${tag} would be released.` : `Released ${tag}; ${major} points at it.`)
  return 0
}

export function readRepository(root: string, read: Shell['read']): Repository {
  const file = (path: string) => readFileSync(join(root, path), 'utf8')
  return {
    version: (JSON.parse(file('package.json')) as { version: string }).version,
    changelog: file('CHANGELOG.md'),
    tags: read('git', ['tag', '--list', 'v*']).split('\n').filter(Boolean),
    workflows: Object.fromEntries(REUSABLE_WORKFLOWS.map((path) => [path, file(path)]))
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const shell: Shell = {
    run: (command, args) => execFileSync(command, args, { stdio: 'inherit' }),
    read: (command, args) => execFileSync(command, args, { encoding: 'utf8' }),
    writeNotes: (text) => {
      const path = join(tmpdir(), 'release-notes.md')
      writeFileSync(path, `${text}\n`)
      return path
    },
    log: (line) => console.log(line)
  }
  try {
    process.exitCode = release(readRepository('.', shell.read), shell, process.argv.includes('--dry-run'))
  } catch (error) {
    console.error(`Not released: ${error instanceof Error ? error.message : String(error)}`)
    process.exitCode = 1
  }
}
