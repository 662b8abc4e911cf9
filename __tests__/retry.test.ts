import { decideRetry, LEAST_TRY_MS, type RetryContext } from '../src/agent/retry.js'
import { retryAfterMs } from '../src/http/retry-after.js'

const NOW = Date.parse('2026-11-22T10:00:00Z')

function decide(overrides: Partial<RetryContext>) {
  return decideRetry({
    operation: 'get',
    attempt: { kind: 'answer', status: 500 },
    tries: 1,
    notFoundCount: 0,
    now: NOW,
    deadline: NOW + 600_000,
    random: 0.5,
    ...overrides
  })
}

const retries = expect.objectContaining({ kind: 'retry' })

describe('decideRetry: the retry table of docs/design.md', () => {
  describe.each(['get', 'create', 'message'] as const)('%s', (operation) => {
    const idempotent = operation === 'get'

    it('retries when nothing was sent', () => {
      expect(decide({ operation, attempt: { kind: 'not-sent' } })).toEqual(retries)
    })

    it('gives up on a host that stays unreachable', () => {
      expect(decide({ operation, attempt: { kind: 'not-sent' }, tries: 6 })).toEqual({
        kind: 'fail',
        reason: 'unreachable'
      })
    })

    it('waits Retry-After seconds on 429', () => {
      expect(decide({ operation, attempt: { kind: 'answer', status: 429, retryAfter: '7' } })).toEqual({
        kind: 'retry',
        delayMs: 7000
      })
    })

    it('waits until a Retry-After date on 429', () => {
      const date = new Date(NOW + 12_000).toUTCString()
      expect(decide({ operation, attempt: { kind: 'answer', status: 429, retryAfter: date } })).toEqual({
        kind: 'retry',
        delayMs: 12_000
      })
    })

    it(`${idempotent ? 'ends the wait' : 'fails naming the hourly limit'} when 429 asks to wait past the deadline`, () => {
      expect(
        decide({ operation, attempt: { kind: 'answer', status: 429, retryAfter: '120' }, deadline: NOW + 60_000 })
      ).toEqual({ kind: 'fail', reason: idempotent ? 'deadline' : 'rate-limited-past-deadline' })
    })

    it('makes no retry that would leave its try less than LEAST_TRY_MS before the deadline', () => {
      // 7 s asked, 11 s left: the try would have 4 s, and a create cut off after sending may land unseen.
      const held = { operation, attempt: { kind: 'answer', status: 429, retryAfter: '7' } } as const
      expect(decide({ ...held, deadline: NOW + 7000 + LEAST_TRY_MS - 1 })).toEqual({
        kind: 'fail',
        reason: idempotent ? 'deadline' : 'rate-limited-past-deadline'
      })
      expect(decide({ ...held, deadline: NOW + 7000 + LEAST_TRY_MS })).toEqual({ kind: 'retry', delayMs: 7000 })
      // A backoff (1 s at most on the first try) too: nothing was sent, but the try would be cut short.
      const unsent = { operation, attempt: { kind: 'not-sent' } } as const
      expect(decide({ ...unsent, deadline: NOW + LEAST_TRY_MS })).toEqual({ kind: 'fail', reason: 'deadline' })
      expect(decide({ ...unsent, deadline: NOW + 1000 + LEAST_TRY_MS })).toEqual(retries)
    })

    it("measures a Retry-After date on the service's clock, from its Date header", () => {
      // The service's clock is an hour ahead of the runner's; it asks for 12 s by its own clock.
      const serverNow = NOW + 3_600_000
      const attempt = {
        kind: 'answer',
        status: 429,
        retryAfter: new Date(serverNow + 12_000).toUTCString(),
        date: new Date(serverNow).toUTCString()
      } as const
      expect(decide({ operation, attempt })).toEqual({ kind: 'retry', delayMs: 12_000 })
      expect(decide({ operation, attempt: { ...attempt, status: 503 } })).toEqual({ kind: 'retry', delayMs: 12_000 })
    })

    it('never waits less than the backoff, whatever Retry-After says', () => {
      for (const code of [429, 503]) {
        expect(decide({ operation, attempt: { kind: 'answer', status: code, retryAfter: '0' }, tries: 3 })).toEqual({
          kind: 'retry',
          delayMs: 3000
        })
      }
    })

    it('retries 503, honouring Retry-After', () => {
      expect(decide({ operation, attempt: { kind: 'answer', status: 503, retryAfter: '3' } })).toEqual({
        kind: 'retry',
        delayMs: 3000
      })
    })

    it.each([500, 502, 504])(`${idempotent ? 'retries' : 'never retries'} %i`, (status) => {
      expect(decide({ operation, attempt: { kind: 'answer', status } })).toEqual(
        idempotent ? retries : { kind: 'fail', reason: 'maybe-processed' }
      )
    })

    it(`${idempotent ? 'retries' : 'never retries'} a reset or timeout after sending`, () => {
      expect(decide({ operation, attempt: { kind: 'lost' } })).toEqual(
        idempotent ? retries : { kind: 'fail', reason: 'maybe-processed' }
      )
    })

    it(`${idempotent ? 'retries' : 'fails on'} a 2xx that is not a job`, () => {
      expect(decide({ operation, attempt: { kind: 'not-a-job', status: 200 } })).toEqual(
        idempotent ? retries : { kind: 'fail', reason: 'maybe-processed' }
      )
    })

    it.each([400, 401, 403, 422])('fails at once on %i', (status) => {
      expect(decide({ operation, attempt: { kind: 'answer', status } })).toEqual({ kind: 'fail', reason: 'rejected' })
    })
  })

  it('tries a missing job a few times over about ten seconds, then fails', () => {
    const attempt = { kind: 'answer', status: 404 } as const
    let waited = 0
    for (let count = 1; count < 5; count++) {
      const decision = decide({ attempt, notFoundCount: count })
      expect(decision).toEqual(retries)
      waited += decision.kind === 'retry' ? decision.delayMs : 0
    }
    expect(waited).toBeGreaterThanOrEqual(8000)
    expect(waited).toBeLessThanOrEqual(12_000)
    expect(decide({ attempt, notFoundCount: 5 })).toEqual({ kind: 'fail', reason: 'not-found' })
  })

  it('fails a 404 on create or message at once (project id?)', () => {
    const attempt = { kind: 'answer', status: 404 } as const
    expect(decide({ operation: 'create', attempt, notFoundCount: 1 })).toEqual({ kind: 'fail', reason: 'not-found' })
    expect(decide({ operation: 'message', attempt, notFoundCount: 1 })).toEqual({ kind: 'fail', reason: 'not-found' })
  })

  it('never schedules a retry past the deadline', () => {
    expect(decide({ attempt: { kind: 'answer', status: 502 }, deadline: NOW + 100 })).toEqual({
      kind: 'fail',
      reason: 'deadline'
    })
  })

  it('backs off exponentially with jitter, capped', () => {
    const delay = (tries: number, random: number) => {
      const decision = decide({ tries, random })
      return decision.kind === 'retry' ? decision.delayMs : NaN
    }
    expect(delay(1, 0)).toBe(500)
    expect(delay(1, 0.999)).toBeCloseTo(1000, -1)
    expect(delay(3, 0)).toBe(2000)
    expect(delay(10, 0.999)).toBeLessThanOrEqual(15_000)
    expect(delay(10, 0)).toBe(7500)
  })
})

describe('retryAfterMs', () => {
  it('reads seconds and HTTP dates, and ignores nonsense', () => {
    expect(retryAfterMs('0', NOW)).toBe(0)
    expect(retryAfterMs(' 30 ', NOW)).toBe(30_000)
    expect(retryAfterMs('Sun, 22 Nov 2026 10:00:05 GMT', NOW)).toBe(5000)
    expect(retryAfterMs('Sun, 22 Nov 2026 09:00:00 GMT', NOW)).toBe(0)
    expect(retryAfterMs('soon', NOW)).toBeUndefined()
    expect(retryAfterMs(undefined, NOW)).toBeUndefined()
  })

  it("measures a date from the answer's Date header, or from the runner's clock without a usable one", () => {
    const behind = 'Sun, 22 Nov 2026 09:00:00 GMT' // the service's clock, an hour behind the runner's
    expect(retryAfterMs('Sun, 22 Nov 2026 09:00:07 GMT', NOW, behind)).toBe(7000)
    expect(retryAfterMs('Sun, 22 Nov 2026 10:00:07 GMT', NOW, 'garbled')).toBe(7000)
    expect(retryAfterMs('30', NOW, behind)).toBe(30_000)
  })
})
