// The rules for the inputs that name things on GitHub: a branch, a workflow file, labels and
// logins. Each reads its value as GitHub takes it and refuses, naming the input and quoting the
// value, what GitHub would refuse later or read as something else. settings.ts applies them.
import type { InputName } from './action-inputs.generated.js'
import { sameLabel } from '../base/label-name.js'
import { namesAPathStep, uniqueLogins } from '../base/identifier.js'
import { COMMENT_LIMIT } from '../markdown/size-limits.js'
import { type Mode, SettingsError } from './inputs.js'

// eslint-disable-next-line no-control-regex
const NOT_IN_A_BRANCH_NAME = /[\s\u0000-\u001f\u007f~^:?*[\\]|\.\.|@\{|\/\/|^[/.-]|[/.]$|\.lock$/

/**
 * A branch name as git allows it, roughly: the listing of merged pull requests puts it in a query,
 * and a name git refuses can only be a typo.
 */
export function branchName(value: string): string {
  if (value !== '' && (NOT_IN_A_BRANCH_NAME.test(value) || value.length > 255)) {
    throw new SettingsError(
      `Input "digest-branch" has the value ${JSON.stringify(value)}, which git does not allow as a branch name. ` +
        "Give the branch's name as git shows it (e.g. main), or leave it empty for the repository's default branch."
    )
  }
  return value
}

/**
 * The file name of a workflow under .github/workflows/, as GitHub's workflow calls take it in place
 * of the workflow's id: one path segment ending in .yml or .yaml. A path or a workflow's display
 * name can only be a slip, which GitHub would answer with 404 on every arming. The reconcile workflow
 * may name itself with `github.workflow_ref` (owner/name/.github/workflows/FILE@ref, the caller's file
 * in a reusable workflow): its file name is taken from it, so no file name is written twice.
 */
export function reconcileWorkflow(given: string): string {
  const value = OWN_WORKFLOW_REF.exec(given)?.[1] ?? given
  // eslint-disable-next-line no-control-regex
  if (value !== '' && (!/^[^/\\\u0000-\u001f\u007f]+\.ya?ml$/.test(value) || value.length > 255)) {
    const base = value.split('/').at(-1) ?? ''
    // A path to a workflow file names it: suggest its last part rather than an example.
    const example = /\.ya?ml$/.test(base) && base !== value ? `here ${JSON.stringify(base)}` : 'e.g. docs-reconcile.yml'
    throw new SettingsError(
      `Input "reconcile-workflow" has the value ${JSON.stringify(given)}, which is not a workflow file name. ` +
        `Give the file name of this repository's workflow that runs mode: reconcile, as it is under .github/workflows/ ` +
        `(${example}); or leave it empty.`
    )
  }
  return value
}

/** `github.workflow_ref` as GitHub gives it: owner/name/.github/workflows/FILE@ref. */
const OWN_WORKFLOW_REF = /^[^/@\s]+\/[^/@\s]+\/\.github\/workflows\/([^/@]+)@\S+$/

export function allowedBots(value: string): string[] | '*' {
  return value === '*' ? '*' : commaList(value)
}

function commaList(value: string): string[] {
  return value
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '')
}

/**
 * The progress comment's hidden marker carries pr-reviewers and pr-labels (src/thread/marker.ts), each
 * character percent-encoded into at most 9; a comment holds COMMENT_LIMIT.max characters. At this
 * many characters each list keeps the marker under a third of a comment whatever it holds, so that
 * the comment's own text is never cut for it: far more than a pull request's reviewers and labels need.
 */
const MOST_LIST_CHARACTERS = Math.floor(COMMENT_LIMIT.max / 64)

/** The items of a list the marker carries, or an error naming the input when the list is longer than it may hold. */
function markerList(name: InputName, value: string): string[] {
  const list = commaList(value)
  const length = list.join(',').length
  if (length > MOST_LIST_CHARACTERS) {
    throw new SettingsError(
      `Input "${name}" lists ${list.length} items in ${length} characters (${JSON.stringify([...value.trim()].slice(0, 40).join(''))}…); ` +
        `a list longer than ${MOST_LIST_CHARACTERS} characters is refused, as the progress comment's hidden marker ` +
        `carries it and a comment holds ${COMMENT_LIMIT.max} characters. Give the few that matter, separated by commas.`
    )
  }
  return list
}

/** GitHub logins: letters, digits and single hyphens, at most 39 characters (bots end in [bot]). */
export function logins(name: InputName, value: string): string[] {
  const list = markerList(name, value)
  const bad = list.find((login) => !/^[A-Za-z\d](?:[A-Za-z\d]|-(?=[A-Za-z\d])){0,38}(?:\[bot\])?$/.test(login))
  if (bad !== undefined) {
    throw new SettingsError(
      `Input "${name}" has ${JSON.stringify(bad)}, which is not a GitHub login. ` +
        'Write logins without "@", separated by commas, e.g. "octocat, requester".'
    )
  }
  return list
}

/** The word in pr-reviewers that stands for the person who asked. */
const REQUESTER = 'requester'

/**
 * pr-reviewers with `requester` replaced by who asked (left out when nobody did, or a bot did: GitHub
 * cannot ask a bot to review), each login once.
 */
export function reviewersFor(listed: readonly string[], requester: string | undefined): string[] {
  const named = listed.flatMap((login) => {
    if (login.toLowerCase() !== REQUESTER) return [login]
    return requester && !/\[bot\]$/i.test(requester) ? [requester] : []
  })
  return uniqueLogins(named)
}

/** Reconcile mode finds its threads by the label, in a comma-separated query: it needs one, without commas. */
export function workingLabelInput(value: string, mode: Mode): string {
  if (mode === 'reconcile' && value === '') {
    throw new SettingsError(
      'Input "working-label" is empty, but mode: reconcile finds the threads to finish by that label. ' +
        'Leave it out (the default is the one the action puts on) or give the label your other workflows use.'
    )
  }
  return singleLabel('working-label', value)
}

/** One label, never a list: a comma would read as two labels in GitHub's search (and in a digest's). */
export function singleLabel(name: InputName, value: string): string {
  if (value.includes(',')) {
    throw new SettingsError(
      `Input "${name}" has the label ${JSON.stringify(value)}; it may not contain a comma, which GitHub's ` +
        'search by label reads as a second label.'
    )
  }
  return label(name, value)
}

/** The action's own label changes never ask for docs: the trigger-label must be none of its labels. */
export function triggerLabel(value: string, ownLabels: string[]): string {
  const own = ownLabels.find((name) => name !== '' && sameLabel(name, value))
  if (value !== '' && own !== undefined) {
    throw new SettingsError(
      `Input "trigger-label" is ${JSON.stringify(value)}, a label the action puts on itself (working-label or ` +
        'pr-labels), so its own label changes would ask for docs again. Give the trigger-label a label of its own.'
    )
  }
  return singleLabel('trigger-label', value)
}

export function labels(name: InputName, value: string): string[] {
  const list = markerList(name, value)
  for (const item of list) label(name, item)
  return list
}

/**
 * GitHub takes label names up to 50 characters; control characters would not survive a URL or a
 * comment, and a label is taken off by its name in the URL's path, where "." and ".." name another place.
 */
function label(name: InputName, value: string): string {
  // eslint-disable-next-line no-control-regex
  if (value.length > 50 || /[\u0000-\u001f\u007f]/.test(value)) {
    throw new SettingsError(
      `Input "${name}" has the label ${JSON.stringify(value)}; a label is at most 50 characters, without line breaks or control characters.`
    )
  }
  if (namesAPathStep(value)) {
    throw new SettingsError(
      `Input "${name}" has the label ${JSON.stringify(value)}, which no URL can name: in a URL's path "." and ".." ` +
        'move to another place, so the label could never be taken off a thread. Give it a name with a letter or digit in it.'
    )
  }
  return value
}
