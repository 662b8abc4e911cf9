// ESM jest as in actions/typescript-action, with TypeScript compiled by esbuild
// (tools/jest-esbuild-transform.js, which says why not ts-jest); the VM modules flag
// (set in the npm script) lets tests use jest.unstable_mockModule for ESM-only packages.
// Two projects: `unit` runs in process (src/main.ts's run() included, against the simulator and the
// GitHub fake as local servers) and is what coverage measures; `e2e` starts dist/index.js as a
// runner does, for what only a process shows: stdout as the runner reads it, signals, the runtimes.
import { availableParallelism } from 'node:os'

const shared = {
  testEnvironment: '<rootDir>/tools/jest-environment.js',
  extensionsToTreatAsEsm: ['.ts'],
  moduleFileExtensions: ['ts', 'js', 'json'],
  transform: {
    '^.+\\.ts$': '<rootDir>/tools/jest-esbuild-transform.js'
  },
  moduleNameMapper: {
    '^(\\.{1,2}/.*)\\.js$': '$1'
  }
}

export default {
  projects: [
    {
      ...shared,
      displayName: 'unit',
      testMatch: ['<rootDir>/__tests__/**/*.test.ts'],
      testPathIgnorePatterns: ['/node_modules/', '<rootDir>/__tests__/e2e-']
    },
    { ...shared, displayName: 'e2e', testMatch: ['<rootDir>/__tests__/e2e-*.test.ts'] }
  ],
  // `npm run test:coverage` (its own CI job): the unit tests, instrumented. Not part of `npm run check`,
  // where it cost 30 s of the unit tests' 98 s of CPU in a fresh clone (instrumenting, counting, and
  // copying each test file's counts to the main process), for a figure no behaviour depends on.
  collectCoverageFrom: ['src/**/*.ts'],
  coverageReporters: ['text-summary'],
  // A little below what the unit tests reach, so that a change which leaves code untested fails.
  coverageThreshold: { global: { statements: 95, branches: 85, functions: 95, lines: 95 } },
  // On two cores, two workers rather than jest's default of one: the tests wait on sockets between
  // their computing. Not three: each worker loads and instruments the action for itself, and with
  // three the unit tests took 69 and 68 s of CPU in a fresh clone, with two 64.5 and 66 s, and
  // took no longer run alone on the machine. The end-to-end tests mostly wait on the bundle's processes:
  // `npm run test:e2e` runs three.
  maxWorkers: Math.max(2, availableParallelism() - 1),
  // A worker keeps what each test file loaded (the in-process runs load the whole action). Past this
  // much heap it is replaced between test files, and a new one starts over (its own load of the
  // action and of GitHub's description). Without coverage the unit tests' workers peak near 900 MB:
  // at 500 MB two were replaced in each run, 67.5 s of CPU against 63.3 s at 900 MB with none
  // (fresh caches, side by side). At 150 MB one was replaced after nearly every file. Beside ten
  // CPU-bound processes, ending a worker this big can outlast the 500 ms jest waits: it then warns
  // that one "failed to exit gracefully" (as the end-to-end tests' did already), and the run passes.
  workerIdleMemoryLimit: '900MB',
  // A net for a hung test, never a bound on a slow one: no test asserts how long it took, and a
  // machine busy with other work must not fail the check (a 30 s timeout did, on e2e files).
  testTimeout: 10 * 60_000,
  verbose: false,
  reporters: ['default', '<rootDir>/tools/jest-github-conformance.js', '<rootDir>/tools/jest-closing-line.js']
}
