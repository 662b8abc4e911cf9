// The pure parts of a queued request: whether a held-back create is queued, the prompt kept on the
// comment and read back, the marker's queue fields, and what a reconcile run does with what it finds.
import { COMMENT_LIMIT } from '../src/markdown/size-limits.js'
import {
  decideQueue,
  decideQueued,
  LIMIT_WINDOW_MS,
  notQueuedMessage,
  PROMPT_BLOCK_ROOM,
  retryInstant
} from '../src/job/queue.js'
import { leavesWorkForReconcile, type RunResult, statusOutputOf } from '../src/job/result.js'
import { formatMarker, markerKey, type ProgressMarker, readMarker } from '../src/thread/marker.js'
import {
  promptBlock,
  promptBlockLength,
  promptDigest,
  queuedFields,
  readQueuedPrompt
} from '../src/thread/queued-request.js'

const API_KEY = 'mint_test_key'
const heldBack = (retryAt: number | undefined): RunResult => ({
  kind: 'error',
  jobId: undefined,
  job: undefined,
  message: 'Creating the agent job failed: the service answered 429.',
  heldBack: { retryAt }
})
const facts = { thread: true, workingLabel: true, prompt: 'add a page about webhooks', apiKey: API_KEY }

describe('decideQueue', () => {
  it('queues a held-back create with its prompt and the instant Retry-After gave, or none', () => {
    expect(decideQueue(heldBack(7_200_000), facts)).toEqual({ queue: { prompt: facts.prompt, retryAt: 7_200_000 } })
    expect(decideQueue(heldBack(undefined), facts)).toEqual({ queue: { prompt: facts.prompt, retryAt: undefined } })
  })

  it('has nothing to decide for any other result', () => {
    const refused: RunResult = { kind: 'error', jobId: undefined, job: undefined, message: '400' }
    expect(decideQueue(refused, facts)).toBeUndefined()
  })

  it.each<[string, Partial<typeof facts>, RegExp]>([
    ['without a thread', { thread: false }, /no progress comment to record it on/],
    ['with labels off', { workingLabel: false }, /"working-label" is empty/],
    ['when the prompt holds the API key', { prompt: `use ${API_KEY}` }, /holds the API key/],
    ['when the prompt is not well-formed Unicode', { prompt: 'a \ud800 b' }, /not well-formed Unicode/]
  ])('does not queue %s, and says why', (_case, changed, why) => {
    const decision = decideQueue(heldBack(1), { ...facts, ...changed })
    expect(decision).toEqual({ notQueued: expect.stringMatching(why) })
  })

  it('queues a prompt whose record fits a comment with room for the rest, and no longer one', () => {
    // Three bytes are four Base64 characters: the longest prompt whose block fits, and one more.
    const longest = 'a'.repeat(Math.floor((PROMPT_BLOCK_ROOM - promptBlockLength('')) / 4) * 3)
    expect(promptBlockLength(longest)).toBeLessThanOrEqual(PROMPT_BLOCK_ROOM)
    expect(decideQueue(heldBack(1), { ...facts, prompt: longest })).toHaveProperty('queue')
    const over = decideQueue(heldBack(1), { ...facts, prompt: `${longest}abc` })
    expect(over).toEqual({ notQueued: expect.stringMatching(/takes \d+ characters to record.*"context-limit"/) })
    expect(PROMPT_BLOCK_ROOM).toBeLessThan(COMMENT_LIMIT.max)
  })

  it("says the request was not recorded after the error's own words", () => {
    expect(notQueuedMessage('Creating failed.', 'no comment')).toBe(
      'Creating failed. The request was not recorded for a later run: no comment.'
    )
  })
})

describe('a queued result', () => {
  const queued: RunResult = { kind: 'queued', retryAt: 5 }
  it('leaves work for a reconcile run, and reports status queued with no job', () => {
    expect(leavesWorkForReconcile(queued)).toBe(true)
    expect(statusOutputOf(queued)).toBe('queued')
  })
})

describe('the prompt kept on the comment', () => {
  const prompts = [
    'plain',
    'an HTML comment end --> and <!-- a start, a fence ```\n</details> <pre>',
    'line breaks \r\n and \n, emoji 🧪, accents é, a NUL \u0000 and U+2028 \u2028',
    ''
  ]

  it.each(prompts)('is read back exactly as it would have been sent: %j', (prompt) => {
    const body = `<!-- marker -->\n${promptBlock(prompt)}\nwords`
    expect(readQueuedPrompt(body, promptDigest(prompt))).toBe(prompt)
    expect(promptBlock(prompt)).toHaveLength(promptBlockLength(prompt))
    // Nothing in it can end the HTML comment it sits in, or start a line of markdown.
    expect(promptBlock(prompt).slice(4, -3)).not.toMatch(/--|\n|[<>`]/)
  })

  it('is not read back when it was changed, moved or left out', () => {
    const prompt = 'add a page about webhooks'
    const block = promptBlock(prompt)
    const digest = promptDigest(prompt)
    const other = promptBlock('delete every page')
    expect(readQueuedPrompt(`<!-- marker -->\n${other}\n`, digest)).toBeUndefined()
    expect(readQueuedPrompt(`<!-- marker -->\nwords\n${block}`, digest)).toBeUndefined()
    expect(readQueuedPrompt('<!-- marker -->\nwords', digest)).toBeUndefined()
    expect(readQueuedPrompt(`<!-- marker -->\n${block}`, undefined)).toBeUndefined()
    expect(readQueuedPrompt(`<!-- marker -->\n${block.replace('prompt Y', 'prompt Z')}`, digest)).toBeUndefined()
    expect(readQueuedPrompt(`<!-- marker -->\n${block.replace('prompt Y', 'prompt !')}`, digest)).toBeUndefined()
  })
})

describe("the marker's queue fields", () => {
  const key = markerKey(API_KEY, 'proj')
  const place = { repository: 'acme/docs', threadNumber: 42 }
  const marker: ProgressMarker = {
    ...place,
    runId: '1001',
    workflowJob: 'docs',
    step: '__run',
    commentId: 7,
    ...queuedFields({ prompt: 'x', retryAt: 1_800_000_000_000 }, 'queued')
  }

  it('are signed and read back', () => {
    const signed = formatMarker(marker, key)
    expect(signed).toContain(`state=queued retry-at=1800000000000 prompt=${promptDigest('x')}`)
    expect(readMarker(signed, key, { ...place, commentId: 7 })).toEqual(marker)
  })

  it('do not verify once the time or the digest was changed', () => {
    const signed = formatMarker(marker, key)
    const sooner = signed.replace('retry-at=1800000000000', 'retry-at=1000')
    const other = signed.replace(promptDigest('x'), promptDigest('y'))
    expect(readMarker(sooner, key, { ...place, commentId: 7 })).toBeUndefined()
    expect(readMarker(other, key, { ...place, commentId: 7 })).toBeUndefined()
  })
})

describe('decideQueued', () => {
  const queued: ProgressMarker = {
    repository: 'acme/docs',
    threadNumber: 42,
    runId: '1001',
    workflowJob: 'docs',
    step: '__run',
    commentId: 7,
    state: 'queued',
    retryAt: 1000
  }

  it('creates a request whose time has come, or that gave no time', () => {
    expect(decideQueued(queued, 'p', 1000)).toEqual({ kind: 'create', prompt: 'p' })
    const untimed = { ...queued }
    delete untimed.retryAt
    expect(decideQueued(untimed, 'p', 0)).toEqual({ kind: 'create', prompt: 'p' })
  })

  it('leaves one whose time lies ahead', () => {
    expect(decideQueued(queued, 'p', 999)).toEqual({ kind: 'wait', retryAt: 1000 })
  })

  it('never creates one a reconcile run began creating, one that names no comment, or one whose prompt is unreadable', () => {
    expect(decideQueued({ ...queued, state: 'creating' }, 'p', 2000)).toEqual({
      kind: 'end',
      why: 'create-unrecorded'
    })
    const unbound = { ...queued }
    delete unbound.commentId
    expect(decideQueued(unbound, 'p', 2000)).toEqual({ kind: 'end', why: 'unbound' })
    expect(decideQueued(queued, undefined, 2000)).toEqual({ kind: 'end', why: 'prompt-unreadable' })
  })
})

describe('the instant a held-back create is tried again', () => {
  it("is Retry-After's, at most the hour the limit counts, or the next run's when it gave none", () => {
    expect(retryInstant(5_000, 60_000)).toBe(65_000)
    expect(retryInstant(5_000, LIMIT_WINDOW_MS)).toBe(5_000 + LIMIT_WINDOW_MS)
    expect(retryInstant(5_000, 30 * 24 * LIMIT_WINDOW_MS)).toBe(5_000 + LIMIT_WINDOW_MS)
    expect(retryInstant(5_000, undefined)).toBeUndefined()
  })
})
