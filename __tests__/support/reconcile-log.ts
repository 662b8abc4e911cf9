// A reconcile run's log kept as lines a test can read, each with its level in front.
import type { ReconcileLog } from '../../src/reconcile/run.js'

export function linesLog(lines: string[]): ReconcileLog {
  return {
    info: (text) => lines.push(`info: ${text}`),
    notice: (text) => lines.push(`notice: ${text}`),
    warning: (text) => lines.push(`warning: ${text}`)
  }
}
