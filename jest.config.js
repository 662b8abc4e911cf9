// ESM jest as in actions/typescript-action: ts-jest compiles TypeScript, the VM modules flag
// (set in the npm script) lets tests use jest.unstable_mockModule for ESM-only packages.
export default {
  testEnvironment: 'node',
  extensionsToTreatAsEsm: ['.ts'],
  moduleFileExtensions: ['ts', 'js', 'json'],
  testMatch: ['**/__tests__/**/*.test.ts'],
  transform: {
    '^.+\\.ts$': ['ts-jest', { useESM: true, tsconfig: 'tsconfig.json', diagnostics: false }]
  },
  moduleNameMapper: {
    '^(\\.{1,2}/.*)\\.js$': '$1'
  },
  testTimeout: 30000,
  verbose: false,
  reporters: ['default', '<rootDir>/tools/jest-closing-line.js']
}
