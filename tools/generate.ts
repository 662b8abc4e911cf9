// The modules built from other files and never committed, in one process (each tsx start costs 0.4 s
// of CPU): the inputs from action.yml, and HTML's named character references. npm runs it on
// `npm ci` (prepare), before the tests and the check; tools/bundle.sh before every build.
//   npx tsx tools/generate.ts
import './generate-inputs.js'
import './generate-character-references.js'
