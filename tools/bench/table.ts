// How the benchmark prints: markdown tables (so a run can be pasted into docs/performance.md as it is),
// units, and one PASS/FAIL line per goal.

export interface GoalCheck {
  goal: string
  measured: string
  /** Undefined when this run could not measure it. */
  pass: boolean | undefined
}

/** A markdown table whose columns line up in a terminal too; every column but the first is right-aligned. */
export function renderTable(headers: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = headers.map((header, column) =>
    Math.max(3, header.length, ...rows.map((row) => (row[column] ?? '').length))
  )
  const line = (cells: readonly string[]): string =>
    `| ${widths.map((width, column) => (column === 0 ? (cells[column] ?? '').padEnd(width) : (cells[column] ?? '').padStart(width))).join(' | ')} |`
  const rule = `| ${widths.map((width, column) => (column === 0 ? '-'.repeat(width) : `${'-'.repeat(width - 1)}:`)).join(' | ')} |`
  return [line(headers), rule, ...rows.map(line)].join('\n')
}

export function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`
}

export function milliseconds(ms: number): string {
  return `${ms.toFixed(1)} ms`
}

export function kilobytes(bytes: number): string {
  return `${(bytes / 1000).toFixed(1)} kB`
}

export function goalLine(check: GoalCheck): string {
  const verdict = check.pass === undefined ? 'N/A ' : check.pass ? 'PASS' : 'FAIL'
  return `${verdict}  ${check.goal}: ${check.measured}`
}

export function median(values: readonly number[]): number {
  if (values.length === 0) throw new Error('No values to take the median of.')
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2
}
