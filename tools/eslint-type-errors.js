// The type check of `npm run check`, as a lint rule: each file's TypeScript errors (syntax and
// types, what `tsc --noEmit` reports for it), read from the program type-aware lint builds anyway.
// A check of its own (tsc, or ncc checking every file) built the same program a second time, 5 to
// 8 s of CPU on two cores; ncc only compiles (tools/bundle.sh).
import ts from 'typescript'

/**
 * The programs whose errors of no file (options, a `types` entry naming no package, the checker's
 * global ones) were reported already: tsc reports them once, so the first file linted carries them.
 */
const reportedGlobally = new WeakSet()

/** @type {import('eslint').Rule.RuleModule} */
const typeErrors = {
  meta: {
    type: 'problem',
    docs: { description: 'Report the TypeScript errors of the file, as tsc does.' },
    schema: []
  },
  create(context) {
    const { program, esTreeNodeToTSNodeMap } = context.sourceCode.parserServices ?? {}
    if (!program || !esTreeNodeToTSNodeMap) return {}
    return {
      Program(node) {
        const file = esTreeNodeToTSNodeMap.get(node)
        const diagnostics = [...program.getSyntacticDiagnostics(file), ...program.getSemanticDiagnostics(file)]
        if (!reportedGlobally.has(program)) {
          reportedGlobally.add(program)
          const global = [...program.getOptionsDiagnostics(), ...program.getGlobalDiagnostics()]
          for (const diagnostic of global.filter((found) => !found.file)) {
            context.report({ loc: { line: 1, column: 0 }, message: messageOf(diagnostic) })
          }
        }
        // typescript-eslint builds its program with noUnusedLocals and noUnusedParameters on; what
        // those add (marked reportsUnnecessary) tsc does not report here, and no-unused-vars does.
        for (const diagnostic of diagnostics.filter((found) => !found.reportsUnnecessary)) {
          const { line, character } = file.getLineAndCharacterOfPosition(diagnostic.start ?? 0)
          context.report({ loc: { line: line + 1, column: character }, message: messageOf(diagnostic) })
        }
      }
    }
  }
}

/** As tsc words it: `TS2322: Type 'string' is not assignable to type 'number'.` */
function messageOf(diagnostic) {
  return `TS${diagnostic.code}: ${ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n')}`
}

export default { rules: { 'type-errors': typeErrors } }
