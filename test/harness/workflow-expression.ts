// A workflow's expressions evaluated by GitHub's own evaluator (@actions/expressions), as a runner
// evaluates them before it starts a job, with the `github` context (its event payload as `event`)
// and, in a reusable workflow, the `inputs` its caller gives.
import { data, Evaluator, Lexer, Parser } from '@actions/expressions'
import { truthy } from '@actions/expressions/result'

/** The contexts an expression reads beside `github`: `inputs` in a reusable workflow, `secrets`, `vars`, `steps`. */
export interface Contexts {
  inputs?: Record<string, string | boolean>
  secrets?: Record<string, string>
  vars?: Record<string, string>
  steps?: Record<string, { outputs: Record<string, string> }>
}

function evaluate(expression: string, github: object, contexts: Contexts = {}): data.ExpressionData {
  const toData = (value: object) => JSON.parse(JSON.stringify(value), data.reviver) as data.ExpressionData
  // A workflow_dispatch recipe reads its `inputs` too: none given, each is empty.
  const given = { inputs: {}, secrets: {}, vars: {}, steps: {}, ...contexts, github }
  const named = Object.entries(given).map(([key, value]) => ({ key, value: toData(value) }))
  const { tokens } = new Lexer(expression).lex()
  const parsed = new Parser(
    tokens,
    named.map((context) => context.key),
    []
  ).parse()
  return new Evaluator(parsed, new data.Dictionary(...named)).evaluate()
}

/** Whether a job whose `if:` is `condition` starts. */
export function jobStarts(condition: string, github: object, contexts?: Contexts): boolean {
  // A job's `if:` without a status function is `success() && (...)`: the jobs before it have succeeded.
  return truthy(evaluate(condition, github, contexts))
}

/** The value of a setting: plain text, or one `${{ ... }}` (a concurrency group, say) or text around it. */
export function settingValue(template: string, github: object, contexts?: Contexts): string {
  const whole = /^\$\{\{(.*)\}\}$/s.exec(template.trim())?.[1]
  if (whole !== undefined) return evaluate(whole, github, contexts).coerceString()
  return template.replace(/\$\{\{(.*?)\}\}/gs, (_all, expression: string) =>
    evaluate(expression, github, contexts).coerceString()
  )
}
