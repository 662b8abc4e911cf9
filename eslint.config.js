import js from '@eslint/js'
import tseslint from 'typescript-eslint'

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'coverage/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { process: 'readonly', console: 'readonly' } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      'no-console': ['error', { allow: ['error'] }]
    }
  },
  {
    // core.info prints text as it is, so a value from the API could become a workflow command:
    // the action's log goes through src/log.ts, which escapes every message.
    files: ['src/**'],
    ignores: ['src/log.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        ...['info', 'debug', 'notice', 'warning', 'error', 'setFailed', 'group', 'startGroup'].map((property) => ({
          object: 'core',
          property,
          message: 'Write to the log through src/log.ts, which escapes workflow commands.'
        }))
      ]
    }
  },
  {
    files: ['tools/**', 'test/**', '__tests__/**', '__fixtures__/**'],
    rules: { 'no-console': 'off' }
  }
)
