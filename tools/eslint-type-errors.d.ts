// The types of tools/eslint-type-errors.js, for the test that lints with it.
import type { ESLint } from 'eslint'

declare const plugin: ESLint.Plugin
export default plugin
