// Jest's node environment with one thing more: `workerCache`, a Map that outlives the test file,
// kept by the worker process for every file it runs. Each test file otherwise gets its own modules,
// so each one that talks to the GitHub fake read GitHub's 13 MB OpenAPI description and compiled
// its schemas again: a fifth of a test file's CPU (test/harness/openapi/conformance.ts keeps them
// here instead). Only what is derived from files that do not change during a run belongs here.
import { TestEnvironment } from 'jest-environment-node'

const workerCache = new Map()

export default class WorkerCacheEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context)
    this.global.workerCache = workerCache
  }
}
