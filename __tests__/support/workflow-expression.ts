// A workflow's expressions evaluated by GitHub's own evaluator (@actions/expressions), as a runner
// evaluates them before it starts a job, with the `github` context (its event payload as `event`).
import { data, Evaluator, Lexer, Parser } from '@actions/expressions'
import { truthy } from '@actions/expressions/result'

function evaluate(expression: string, github: object): data.ExpressionData {
  const context = JSON.parse(JSON.stringify(github), data.reviver) as data.ExpressionData
  const { tokens } = new Lexer(expression).lex()
  const parsed = new Parser(tokens, ['github'], []).parse()
  return new Evaluator(parsed, new data.Dictionary({ key: 'github', value: context })).evaluate()
}

/** Whether a job whose `if:` is `condition` starts. */
export function jobStarts(condition: string, github: object): boolean {
  // A job's `if:` without a status function is `success() && (...)`: the jobs before it have succeeded.
  return truthy(evaluate(condition, github))
}

/** The value of a setting written as one `${{ ... }}` (a concurrency group, say). */
export function settingValue(template: string, github: object): string {
  const expression = /^\$\{\{(.*)\}\}$/s.exec(template.trim())?.[1]
  if (expression === undefined) throw new Error(`Not one expression: ${template}`)
  return evaluate(expression, github).coerceString()
}
