// One rule for each input: how its value is read, and the error that names the input and quotes
// the value when it is not valid. settings.ts applies them, once, to every input. The inputs that
// name things on GitHub (a branch, a workflow file, labels, logins) have theirs in github-name-inputs.ts.
import { INPUT_DEFAULTS, type InputName } from './action-inputs.generated.js'
import { isBareSeconds, parseDuration } from '../base/duration.js'
import { isLoopbackHost } from '../base/loopback.js'
import { isPlainIdentifier, jobIdProblem } from '../base/identifier.js'
import { PERMISSION_LEVELS, parsePermissionLevel, type PermissionLevel } from '../base/permission-level.js'

/** What the run does: start or follow up on a job, finish waiting comments, or digest merged work. */
export const MODES = ['run', 'reconcile', 'digest', 'companion'] as const
export type Mode = (typeof MODES)[number]

export class SettingsError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'SettingsError'
  }
}

const WRONG_KEY_KINDS: [prefix: string, kind: string][] = [
  ['mint_dsc_', 'an assistant (discovery) key'],
  ['mint_us_', 'an index key']
]
/** Polling faster gains nothing (jobs take minutes) and spends the API's patience. */
const MIN_POLL_INTERVAL_MS = 1000

export function bareSecondsWarning(name: 'timeout' | 'poll-interval', value: string): string[] {
  if (!isBareSeconds(value) || Number(value) >= 60) return []
  return [
    `Input "${name}" is ${value}, a bare number, which is read as ${value} seconds. ` +
      `If you meant minutes, write the unit: ${name}: ${value}m (or ${value}s to keep seconds and silence this warning).`
  ]
}

export function apiKey(raw: string): string {
  if (raw === '') {
    throw new SettingsError(
      'Input "api-key" is required. Pass your admin API key from a secret: api-key: ${{ secrets.MINTLIFY_API_KEY }}.'
    )
  }
  // The value is never quoted: it is a secret even when it is the wrong one.
  if (/\s/.test(raw)) {
    throw new SettingsError(
      'Input "api-key" contains whitespace or a line break, so it cannot be a valid key. ' +
        'Copy the key again without surrounding spaces or newlines into the secret.'
    )
  }
  for (const [prefix, kind] of WRONG_KEY_KINDS) {
    if (raw.startsWith(prefix)) {
      throw new SettingsError(
        // Named apart from "mint": eight characters of the key would be masked in the message.
        `Input "api-key" is ${kind} ("${prefix.slice('mint'.length)}" follows "mint" at its start); the agent API needs an admin key, ` +
          `which starts with "mint_" but not with "mint" and "${prefix.slice('mint'.length)}". ` +
          "Create an admin key on the dashboard's API keys page and store it in the secret."
      )
    }
  }
  if (!raw.startsWith('mint_')) {
    throw new SettingsError(
      'Input "api-key" does not look like an admin API key: admin keys start with "mint_". ' +
        "Check that the secret holds the admin key from the dashboard's API keys page."
    )
  }
  return raw
}

export function projectId(value: string): string {
  if (value === '') {
    throw new SettingsError(
      'Input "project-id" is required, and it is empty. The examples read it from a repository variable, ' +
        '${{ vars.MINTLIFY_PROJECT_ID }}: a secret of that name is not a variable, and reads as empty there. ' +
        "Store the project id from the dashboard's API keys page under Settings → Secrets and variables → " +
        'Actions → Variables as MINTLIFY_PROJECT_ID (or pass it as project-id: ${{ secrets.MINTLIFY_PROJECT_ID }}).'
    )
  }
  if (!isPlainIdentifier(value)) {
    throw new SettingsError(
      `Input "project-id" has the value ${JSON.stringify(value)}, which is not a plain identifier. ` +
        'Use only letters, digits, "-", "_" and "." (as shown on the dashboard).'
    )
  }
  return value
}

/** The same rule as for the ids the API returns, so that any job the service names can be joined. */
export function jobIdInput(value: string): string {
  const problem = value === '' ? undefined : jobIdProblem(value)
  if (problem) {
    throw new SettingsError(
      `Input "job-id" has the value ${JSON.stringify(value)}, which cannot be a job id: ${problem}. ` +
        'Copy the id from the "job-id" output of the run that started the job.'
    )
  }
  return value
}

export function baseUrl(value: string): URL {
  let url: URL
  try {
    url = new URL(value)
  } catch {
    throw new SettingsError(
      `Input "base-url" has the value ${JSON.stringify(value)}, which is not a URL. Leave it unset to use ${INPUT_DEFAULTS['base-url']}.`
    )
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && isLoopbackHost(url.hostname))) {
    throw new SettingsError(
      `Input "base-url" has the value ${JSON.stringify(value)}: the API key may only be sent over https ` +
        '(plain http only to this machine: 127.x.x.x, [::1] or localhost, e.g. a local simulator). Use an https:// URL.'
    )
  }
  if (url.username || url.password || url.search || url.hash) {
    throw new SettingsError(
      `Input "base-url" has the value ${JSON.stringify(value)}; it must be a plain base URL without credentials, query or fragment.`
    )
  }
  return url
}

export function boolean(name: InputName, value: string): boolean {
  const lower = value.toLowerCase()
  if (lower === 'true') return true
  if (lower === 'false') return false
  throw new SettingsError(`Input "${name}" has the value ${JSON.stringify(value)}; use "true" or "false".`)
}

export function duration(name: InputName, value: string): number {
  const ms = parseDuration(value)
  if (ms === undefined || ms <= 0) {
    throw new SettingsError(
      `Input "${name}" has the value ${JSON.stringify(value)}, which is not a duration. ` +
        'Write it like 90s, 15m, 1h30m, 500ms, or a number of seconds.'
    )
  }
  return ms
}

export function pollInterval(value: string): number {
  const ms = duration('poll-interval', value)
  if (ms < MIN_POLL_INTERVAL_MS) {
    throw new SettingsError(
      `Input "poll-interval" has the value ${JSON.stringify(value)}, below the shortest of 1s: the job takes minutes, ` +
        `and faster polling only spends the API's patience. Use 1s or more (the default ${INPUT_DEFAULTS['poll-interval']} suits most runs).`
    )
  }
  return ms
}

export function issueNumber(value: string): number | undefined {
  if (value === '') return undefined
  if (!/^[1-9]\d{0,9}$/.test(value)) {
    throw new SettingsError(
      `Input "issue-number" has the value ${JSON.stringify(value)}; use the number of an issue or pull request, e.g. 42.`
    )
  }
  return Number(value)
}

export function permission(value: string): PermissionLevel {
  const level = parsePermissionLevel(value)
  if (!level) {
    throw new SettingsError(
      `Input "required-permission" has the value ${JSON.stringify(value)}; use one of ${PERMISSION_LEVELS.join(', ')}.`
    )
  }
  return level
}

export function oneOf<T extends string>(name: InputName, value: string, choices: readonly T[]): T {
  const choice = choices.find((candidate) => candidate === value.toLowerCase())
  if (choice === undefined) {
    throw new SettingsError(`Input "${name}" has the value ${JSON.stringify(value)}; use ${choices.join(' or ')}.`)
  }
  return choice
}

/** Below this, the section could not even name the files of a small change. */
const MIN_CONTEXT_LIMIT = 1000
/**
 * The prompt goes into the job summary too, and GitHub drops a step's whole summary (status and PR
 * link included) past 1 MiB; this leaves room for the rest.
 */
const MAX_CONTEXT_LIMIT = 200_000

export function contextLimit(value: string): number {
  if (!/^\d{1,9}$/.test(value) || Number(value) < MIN_CONTEXT_LIMIT || Number(value) > MAX_CONTEXT_LIMIT) {
    throw new SettingsError(
      `Input "context-limit" has the value ${JSON.stringify(value)}; use a number of characters from ${MIN_CONTEXT_LIMIT} to ${MAX_CONTEXT_LIMIT} ` +
        `(the default ${INPUT_DEFAULTS['context-limit']} fits a file list and a few hundred lines of diff).`
    )
  }
  return Number(value)
}
