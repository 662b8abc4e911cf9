import { describe, expect, it } from '@jest/globals'
import { decideGitHubRetry, type GitHubAttempt } from '../src/github/retry.js'

const NOW = 1_700_000_000_000
const answer = (status: number, headers: Record<string, string> = {}, message = 'Error'): GitHubAttempt => ({
  kind: 'answer',
  status,
  message,
  headers
})
const decide = (
  attempt: GitHubAttempt,
  options: { idempotent?: boolean; tries?: number; elapsedMs?: number; budgetMs?: number } = {}
) =>
  decideGitHubRetry({
    attempt,
    idempotent: options.idempotent ?? true,
    tries: options.tries ?? 1,
    now: NOW + (options.elapsedMs ?? 0),
    deadline: NOW + (options.budgetMs ?? 10_000)
  })

describe('retrying a GitHub call', () => {
  it('tries a read or an edit that GitHub answered 5xx again, backing off', () => {
    expect(decide(answer(500))).toEqual({ kind: 'retry', delayMs: 1000 })
    expect(decide(answer(502), { tries: 3 })).toEqual({ kind: 'retry', delayMs: 4000 })
    expect(decide({ kind: 'no-answer', message: 'fetch failed' })).toEqual({ kind: 'retry', delayMs: 1000 })
  })

  it('gives up when the next try would start after the deadline', () => {
    // Tries at 0, 1, 3 and 7 s; an eighth second of waiting would end past 10.
    expect(decide(answer(500), { tries: 4, elapsedMs: 7000 })).toEqual({ kind: 'fail', mayHaveActed: false })
    expect(decide(answer(500), { budgetMs: 900 })).toEqual({ kind: 'fail', mayHaveActed: false })
  })

  it('never sends a create again after a 5xx or no answer: GitHub may have made the comment', () => {
    expect(decide(answer(500), { idempotent: false })).toEqual({ kind: 'fail', mayHaveActed: true })
    expect(decide(answer(502), { idempotent: false })).toEqual({ kind: 'fail', mayHaveActed: true })
    expect(decide({ kind: 'no-answer', message: 'socket hang up' }, { idempotent: false })).toEqual({
      kind: 'fail',
      mayHaveActed: true
    })
  })

  it('waits out a rate limit that ends within the call, even for a create', () => {
    expect(decide(answer(429, { 'retry-after': '3' }), { idempotent: false })).toEqual({ kind: 'retry', delayMs: 3000 })
    const reset = String(Math.floor(NOW / 1000) + 2)
    expect(decide(answer(403, { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': reset }))).toEqual({
      kind: 'retry',
      delayMs: 3000
    })
  })

  it('does not wait out a rate limit longer than the call may take', () => {
    const secondary = answer(403, {}, 'You have exceeded a secondary rate limit')
    expect(decide(secondary, { idempotent: false })).toEqual({
      kind: 'fail',
      mayHaveActed: false,
      rateLimitWaitMs: 60_000
    })
    expect(decide(answer(429, { 'retry-after': '30' }))).toEqual({
      kind: 'fail',
      mayHaveActed: false,
      rateLimitWaitMs: 30_000
    })
  })

  it('fails at once on an answer that another try would not change', () => {
    for (const status of [400, 401, 403, 404, 422]) {
      expect(decide(answer(status, {}, 'Resource not accessible by integration'))).toEqual({
        kind: 'fail',
        mayHaveActed: false
      })
    }
  })
})
