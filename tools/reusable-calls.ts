// What GitHub's workflow parser cannot know about a call of a reusable workflow: the inputs and secrets
// the called file declares. GitHub refuses a call that passes one it does not declare ("Invalid input,
// X is not defined in the referenced workflow") only when the run starts; tools/validate-workflows.ts
// reports it before, for calls of this repository's reusable workflows (docs/adopt.md), whatever
// owner, name and ref the caller pins them by.
import { readFileSync } from 'node:fs'
import { basename, join } from 'node:path'
import { isMap, isScalar, LineCounter, parse, parseDocument, type YAMLMap } from 'yaml'
import { filesUnder } from './doc-files.js'

/** What each reusable workflow of a repository declares, by its file name. */
export type Declarations = Map<string, { inputs: string[]; secrets: string[] }>

/** The workflows under `root`'s .github/workflows that declare `on: workflow_call`. */
export function reusableWorkflows(root: string): Declarations {
  const declared: Declarations = new Map()
  for (const file of filesUnder(root, ['.github/workflows'], /\.ya?ml$/)) {
    const call = (parse(readFileSync(join(root, file), 'utf8')) as { on?: { workflow_call?: unknown } } | null)?.on
      ?.workflow_call as { inputs?: object; secrets?: object } | null | undefined
    if (call === undefined) continue
    declared.set(basename(file), { inputs: Object.keys(call?.inputs ?? {}), secrets: Object.keys(call?.secrets ?? {}) })
  }
  return declared
}

const CALL = /^[^/@\s]+\/[^/@\s]+\/\.github\/workflows\/([^/@\s]+)@\S+$/

/** Each `with:` or `secrets:` key of a job calling one of `declared` that the called file does not declare. */
export function undeclaredArguments(
  text: string,
  declared: Declarations
): { line: number; column: number; message: string }[] {
  const lines = new LineCounter()
  const document = parseDocument(text, { lineCounter: lines })
  const jobs = isMap(document.contents) ? document.contents.get('jobs') : undefined
  if (!isMap(jobs)) return []
  const found: { line: number; column: number; message: string }[] = []
  for (const { value: job } of jobs.items) {
    if (!isMap(job)) continue
    const uses = job.get('uses')
    const file = typeof uses === 'string' ? CALL.exec(uses)?.[1] : undefined
    const called = file === undefined ? undefined : declared.get(file)
    if (called === undefined) continue
    for (const [key, kind, names] of [
      ['with', 'an input', called.inputs],
      ['secrets', 'a secret', called.secrets]
    ] as const) {
      const given = job.get(key)
      if (!isMap(given)) continue // `secrets: inherit`, or nothing given
      for (const { key: name } of (given as YAMLMap).items) {
        if (!isScalar(name) || names.includes(String(name.value))) continue
        const { line, col } = lines.linePos(name.range?.[0] ?? 0)
        found.push({
          line,
          column: col,
          message: `"${String(name.value)}" is not ${kind} of ${file}, which declares ${names.join(', ')}: GitHub would refuse this call when the run starts.`
        })
      }
    }
  }
  return found
}
