// The release of the action, as the release workflow (.github/workflows/release.yml) runs it on each
// push to main: when package.json's version has a `## X.Y.Z` section in CHANGELOG.md and no tag yet,
// and the reusable workflows name the action by the full SHA of a commit of this branch whose action
// (action.yml, dist/) is this commit's, it checks that dist/ is what a fresh build makes, then tags
// `vX.Y.Z`, moves `vX` to the same commit, pushes both and publishes the GitHub release whose notes
// are that section. Any other push releases nothing. `releasePlan` decides (pure); `release` carries
// the plan out through `Shell`, in two phases of two jobs: `check` builds (npm packages run there,
// with a read-only token), `publish` writes (the only step given a token that may).
//   node tools/release.ts --check     decide; for a release, build and compare dist/ (the first job)
//   node tools/release.ts --publish   decide; for a release, tag, push and publish (the second job)
//   node tools/release.ts --dry-run   decide and say what both would run (Node 24 runs TypeScript as it is)
// It imports nothing but Node's own modules, so that deciding needs no `npm ci`.
import { execFileSync } from 'node:child_process'
import { appendFileSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'

/** The files that call the action, which must name the code of the version being released. */
export const REUSABLE_WORKFLOWS = ['.github/workflows/docs-agent.yml', '.github/workflows/docs-reconcile.yml']
/** What runs when a workflow uses the action: the same at two commits, the same action. */
export const ACTION_FILES = ['action.yml', 'dist']
const OWN_ACTION = 'acme/docs-agent-action'

/** How the commit the reusable workflows name stands to this one. */
export type NamedCommit = 'same action' | 'another action' | 'not on this branch'

export interface Repository {
  version: string
  changelog: string
  /** Tags that exist, as `vX.Y.Z`. */
  tags: readonly string[]
  /** Each reusable workflow's text, by file. */
  workflows: Record<string, string>
  /** This commit's full SHA. */
  head: string
  /** Each full SHA the reusable workflows name the action by, against this commit. */
  named: Record<string, NamedCommit>
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

export function releasePlan({ version, changelog, tags, workflows, head, named }: Repository): ReleasePlan {
  const parts = /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)$/.exec(version)
  if (!parts) return { kind: 'refused', why: `package.json's version "${version}" is not MAJOR.MINOR.PATCH.` }
  const tag = `v${version}`
  if (tags.includes(tag)) return { kind: 'nothing', why: `${tag} is already released.` }
  const notes = changelogSection(changelog, version)
  if (notes === undefined || notes === '')
    return { kind: 'nothing', why: `CHANGELOG.md has no "## ${version}" section yet, so ${tag} is not released.` }
  return actionPinProblem(workflows, named, head, tag) ?? { kind: 'release', tag, major: `v${parts[1]}`, notes }
}

/** Why the reusable workflows' calls of the action do not pin this release's code, if they do not. */
function actionPinProblem(
  workflows: Repository['workflows'],
  named: Repository['named'],
  head: string,
  tag: string
): ReleasePlan | undefined {
  const wrong = Object.entries(workflows)
    .filter(([, text]) => {
      const refs = actionRefs(text)
      // A call written in a form the line reader does not read (a flow mapping, a block scalar, a
      // quoted key, other letter case) would go unchecked: every mention must be a call it read.
      const mentions = text.match(/docs-agent-action@/gi)?.length ?? 0
      return refs.length === 0 || mentions !== refs.length || !refs.every((ref) => FULL_SHA.test(ref))
    })
    .map(([file]) => file)
  if (wrong.length > 0)
    return {
      kind: 'refused',
      why:
        `${wrong.join(' and ')} must call the action by a full commit SHA, \`uses: ${OWN_ACTION}@<full SHA> # ${tag}\`, ` +
        "so that a caller who pins this commit pins the action's code too (a tag can be moved): change each " +
        '"uses:" and push again.'
    }
  const shas = [...new Set(Object.values(workflows).flatMap(actionRefs))]
  if (shas.length > 1)
    return { kind: 'refused', why: `The reusable workflows name the action at ${shas.join(' and ')}: name one commit.` }
  const sha = shas[0]!
  const commit = named[sha] ?? 'not on this branch'
  if (commit === 'not on this branch')
    return {
      kind: 'refused',
      why:
        `The reusable workflows name the action at ${sha}, which is not a commit of this branch's history ` +
        "(a fork's commit can be named so too): name a commit of main whose action.yml and dist/ are this commit's."
    }
  if (commit === 'another action')
    return {
      kind: 'nothing',
      why:
        `The reusable workflows name the action at ${sha}, whose action.yml or dist/ differ from this commit's, ` +
        `so ${tag} is not released yet. When this commit holds the release's action, push a second commit ` +
        `that names it, \`uses: ${OWN_ACTION}@${head} # ${tag}\`, and leaves action.yml and dist/ alone.`
    }
  return undefined
}

const FULL_SHA = /^[0-9a-f]{40}$/

/** The ref of each `uses:` of this action in a workflow's text, quoted or not: what follows the `@`. */
function actionRefs(text: string): string[] {
  return [...text.matchAll(/^\s*-?\s*uses:\s*(['"]?)([^\s'"#]+)\1/gm)]
    .map((match) => match[2]!)
    .filter((uses) => uses.startsWith(`${OWN_ACTION}@`))
    .map((uses) => uses.slice(OWN_ACTION.length + 1))
}

/** What the release does outside: commands, a file for the notes, the job's output. */
export interface Shell {
  /** `withToken`: the one kind of command given the token (pushing tags). */
  run: (command: string, args: readonly string[], withToken?: boolean) => void
  read: (command: string, args: readonly string[]) => string
  writeNotes: (text: string) => string
  setOutput: (name: string, value: string) => void
  log: (line: string) => void
}

/** Who an annotated tag says made it: a runner has no git identity of its own. */
const TAGGER = [
  '-c',
  'user.name=github-actions[bot]',
  '-c',
  'user.email=41898282+github-actions[bot]@users.noreply.github.com'
]

/** `check`: the first job, read-only; `publish`: the second, which writes; `dry-run`: both, said and not run. */
export type Phase = 'check' | 'publish' | 'dry-run'

type Step = [command: string, args: string[], withToken?: boolean]

/** Carries the plan out; returns the exit code (1 only when refused or a step failed). */
export function release(repository: Repository, shell: Shell, phase: Phase): number {
  const plan = releasePlan(repository)
  if (plan.kind !== 'release') {
    shell.log(`${plan.kind === 'refused' ? 'Not released' : 'Nothing to release'}: ${plan.why}`)
    return plan.kind === 'refused' ? 1 : 0
  }
  const { tag, major, notes } = plan
  const dryRun = phase === 'dry-run'
  const check: Step[] = [
    // Only a release installs the build's packages (a push that releases nothing ends in seconds),
    // and runs none of their install scripts: the bundle needs none.
    ['npm', ['ci', '--ignore-scripts', '--no-audit', '--no-fund']],
    ['bash', ['tools/check-dist.sh']]
  ]
  const publish = (): Step[] => [
    ['git', [...TAGGER, 'tag', '--annotate', tag, '--message', tag]],
    [
      'git',
      [...TAGGER, 'tag', '--force', '--annotate', major, '--message', `${major} (currently ${tag})`, `${tag}^{commit}`]
    ],
    ['git', ['push', 'origin', `refs/tags/${tag}`], true],
    ['git', ['push', '--force', 'origin', `refs/tags/${major}`], true],
    ['gh', ['release', 'create', tag, '--title', tag, '--notes-file', dryRun ? '<notes>' : shell.writeNotes(notes)]]
  ]
  const steps = phase === 'check' ? check : phase === 'publish' ? publish() : [...check, ...publish()]
  for (const [command, args, withToken] of steps) {
    shell.log(`${dryRun ? 'would run' : '+'} ${command} ${args.join(' ')}`)
    if (!dryRun) shell.run(command, args, withToken)
  }
  if (phase === 'check') shell.setOutput('tag', tag)
  shell.log(
    phase === 'check'
      ? `${tag} is ready: the publish job releases it.`
      : dryRun
        ? `${tag} would be released.`
        : `Released ${tag}; ${major} points at it.`
  )
  return 0
}

export function readRepository(root: string, read: Shell['read']): Repository {
  const file = (path: string) => readFileSync(join(root, path), 'utf8')
  const workflows = Object.fromEntries(REUSABLE_WORKFLOWS.map((path) => [path, file(path)]))
  const head = read('git', ['rev-parse', 'HEAD']).trim()
  const shas = new Set(
    Object.values(workflows)
      .flatMap(actionRefs)
      .filter((ref) => FULL_SHA.test(ref))
  )
  return {
    version: (JSON.parse(file('package.json')) as { version: string }).version,
    changelog: file('CHANGELOG.md'),
    tags: read('git', ['tag', '--list', 'v*']).split('\n').filter(Boolean),
    workflows,
    head,
    named: Object.fromEntries([...shas].map((sha) => [sha, namedCommit(sha, read)]))
  }
}

function namedCommit(sha: string, read: Shell['read']): NamedCommit {
  let base: string
  try {
    base = read('git', ['merge-base', sha, 'HEAD']).trim()
  } catch {
    return 'not on this branch' // git knows no such commit, or it shares no history with HEAD
  }
  if (base !== sha) return 'not on this branch'
  const changed = read('git', ['diff', '--name-only', sha, 'HEAD', '--', ...ACTION_FILES]).trim()
  return changed === '' ? 'same action' : 'another action'
}

/**
 * git settings, as environment variables, that send `token` to the server the way actions/checkout
 * would have kept it in .git/config: the workflow checks out with persist-credentials: false, so
 * only the pushes get it.
 */
export function gitTokenEnvironment(token: string, server = 'https://github.com'): Record<string, string> {
  return {
    GIT_CONFIG_COUNT: '1',
    GIT_CONFIG_KEY_0: `http.${server}/.extraheader`,
    GIT_CONFIG_VALUE_0: `AUTHORIZATION: basic ${Buffer.from(`x-access-token:${token}`).toString('base64')}`
  }
}

const PHASES: Record<string, Phase> = { '--check': 'check', '--publish': 'publish', '--dry-run': 'dry-run' }

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const phase = PHASES[process.argv[2] ?? '']
  const token = process.env.GH_TOKEN
  const shell: Shell = {
    run: (command, args, withToken) => {
      if (withToken && !token) throw new Error(`${command} ${args.join(' ')} needs GH_TOKEN, which is not set.`)
      const env =
        withToken && token
          ? { ...process.env, ...gitTokenEnvironment(token, process.env.GITHUB_SERVER_URL) }
          : process.env
      execFileSync(command, args, { stdio: 'inherit', env })
    },
    read: (command, args) => execFileSync(command, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }),
    writeNotes: (text) => {
      const path = join(tmpdir(), 'release-notes.md')
      writeFileSync(path, `${text}\n`)
      return path
    },
    setOutput: (name, value) => {
      if (process.env.GITHUB_OUTPUT) appendFileSync(process.env.GITHUB_OUTPUT, `${name}=${value}\n`)
    },
    log: (line) => console.log(line)
  }
  if (!phase) {
    console.error(`Usage: node tools/release.ts ${Object.keys(PHASES).join('|')}`)
    process.exitCode = 2
  } else {
    try {
      process.exitCode = release(readRepository('.', shell.read), shell, phase)
    } catch (error) {
      console.error(`Not released: ${error instanceof Error ? error.message : String(error)}`)
      process.exitCode = 1
    }
  }
}
