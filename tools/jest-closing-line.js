// Ends a jest run with one plain line, `jest: N passed, N failed, N skipped`, that CI logs and
// people can read at a glance.
export default class ClosingLine {
  onRunComplete(_contexts, results) {
    const { numPassedTests, numFailedTests, numPendingTests, numTodoTests } = results
    process.stdout.write(
      `\njest: ${numPassedTests} passed, ${numFailedTests} failed, ${numPendingTests + numTodoTests} skipped\n`
    )
  }
}
