import js from '@eslint/js'
import jest from 'eslint-plugin-jest'
import tseslint from 'typescript-eslint'
import typescript from './tools/eslint-type-errors.js'

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'coverage/'] },
  js.configs.recommended,
  // Type-aware: a promise nobody awaits, or an `any` flowing into the code, is a bug here.
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: { process: 'readonly', console: 'readonly' },
      // One program for the whole repository, tsconfig.json's (the project service would give src/ its
      // own, from src/tsconfig.json, which is ncc's alone).
      parserOptions: { project: './tsconfig.json', tsconfigRootDir: import.meta.dirname }
    },
    plugins: { typescript },
    rules: {
      'typescript/type-errors': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      '@typescript-eslint/no-floating-promises': 'error',
      'no-console': ['error', { allow: ['error'] }]
    }
  },
  // Plain JavaScript (configs, the slim undici, the jest reporter) is outside the TypeScript project.
  { files: ['**/*.js', '**/*.cjs', '**/*.mjs'], ...tseslint.configs.disableTypeChecked },
  { files: ['__tests__/**'], ...jest.configs['flat/recommended'] },
  {
    // Jest's asymmetric matchers (expect.any, expect.stringMatching) are typed any, and test fakes
    // implement async interfaces without awaiting anything.
    files: ['__tests__/**', '__fixtures__/**'],
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/require-await': 'off'
    }
  },
  {
    // core.info prints text as it is, so a value from the API could become a workflow command:
    // the action's log goes through src/base/log.ts, which escapes every message.
    files: ['src/**'],
    ignores: ['src/base/log.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        ...['info', 'debug', 'notice', 'warning', 'error', 'setFailed', 'group', 'startGroup'].map((property) => ({
          object: 'core',
          property,
          message: 'Write to the log through src/base/log.ts, which escapes workflow commands.'
        }))
      ]
    }
  },
  {
    files: ['tools/**', 'test/**', '__tests__/**', '__fixtures__/**'],
    rules: { 'no-console': 'off' }
  }
)
