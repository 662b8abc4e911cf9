// The comment recipes' `if:` and concurrency group, evaluated by GitHub's own expression evaluator as
// a runner would before starting the job. The `if:` saves a runner for text that cannot be a request
// and the group is per thread only for text that passes it, so that a comment which merely mentions
// the phrase (a link to a docs site) neither bills a minute nor takes a waiting request's place.
// That the recipes are valid workflows is checked by `npm run check:actions`.
import { readFileSync } from 'node:fs'
import { parse } from 'yaml'
import { renderDocsPullRequestComment } from '../src/report/docs-pr-comment.js'
import { mayGiveCommand } from '../src/markdown/text.js'
import { jobStarts, settingValue } from '../test/harness/workflow-expression.js'

interface Recipe {
  on: Record<string, unknown>
  jobs: {
    docs: {
      if: string
      concurrency: { group: string; 'cancel-in-progress': boolean }
      steps: { with?: Record<string, string> }[]
    }
  }
}

const RUN_ID = '9001'
const THREAD = 12

type Writer = 'User' | 'Bot'

/** The event a text arrives in, as GitHub sends it: a comment, a comment on a line of a diff, or a review. */
const events: Record<string, (body: string | null, writer: Writer, association?: string) => object> = {
  issue_comment: (body, writer, association = 'COLLABORATOR') => ({
    action: 'created',
    comment: { body, user: { type: writer }, author_association: association },
    issue: { number: THREAD },
    sender: { type: writer }
  }),
  pull_request_review_comment: (body, writer, association = 'COLLABORATOR') => ({
    action: 'created',
    comment: { body, user: { type: writer }, author_association: association },
    pull_request: { number: THREAD },
    sender: { type: writer }
  }),
  pull_request_review: (body, writer, association = 'COLLABORATOR') => ({
    action: 'submitted',
    review: { body, user: { type: writer }, author_association: association },
    pull_request: { number: THREAD },
    sender: { type: writer }
  })
}

// Texts a person writes, with the phrase where the action takes it and where it does not.
const requests = ['/docs add a page', 'Please\n/docs add a page', 'Please\r\n\r\n/docs add a page', '/DOCS x']
const mentions = ['see https://example.com/docs/setup', 'I moved images into /docs yesterday', 'no phrase at all']

describe.each([
  ['examples/comment-trigger.yml', ['issue_comment', 'pull_request_review_comment', 'pull_request_review']],
  ['examples/pay-for-seconds.yml', ['issue_comment']]
])('%s', (file, listened) => {
  const recipe = parse(readFileSync(file, 'utf8')) as Recipe
  const job = recipe.jobs.docs
  const phrase = job.steps.find((step) => step.with?.['trigger-phrase'] !== undefined)!.with!['trigger-phrase']!
  const eventNames = Object.keys(recipe.on)
  const github = (eventName: string, body: string | null, writer: Writer = 'User', association?: string) => ({
    event_name: eventName,
    event: events[eventName]!(body, writer, association),
    run_id: RUN_ID
  })
  const starts = (eventName: string, body: string | null, writer?: Writer) =>
    jobStarts(job.if, github(eventName, body, writer))

  it('listens for the phrase /docs on its events', () => {
    expect(phrase).toBe('/docs')
    expect(eventNames).toEqual(listened)
  })

  it.each(requests)('starts for %j, on each event it listens to', (body) => {
    for (const eventName of eventNames) expect(starts(eventName, body)).toBe(true)
  })

  it.each(mentions)('starts no runner for %j, which only mentions the phrase', (body) => {
    for (const eventName of eventNames) expect(starts(eventName, body)).toBe(false)
  })

  it("starts no runner for a bot's request, nor for a review without text", () => {
    for (const eventName of eventNames) expect(starts(eventName, '/docs add a page', 'Bot')).toBe(false)
    for (const eventName of eventNames.filter((name) => name === 'pull_request_review')) {
      expect(starts(eventName, null)).toBe(false)
    }
  })

  it('puts a run in the thread’s group exactly when the `if:` starts it, so no other run takes a waiting one’s place', () => {
    expect(job.concurrency['cancel-in-progress']).toBe(false)
    for (const eventName of eventNames) {
      for (const writer of ['User', 'Bot'] as const) {
        for (const body of [...requests, ...mentions, '/docs/setup is out of date', '  /docs add a page']) {
          const context = github(eventName, body, writer)
          const group = settingValue(job.concurrency.group, context)
          expect({ body, writer, group }).toEqual({
            body,
            writer,
            group: jobStarts(job.if, context) ? `docs-agent-${THREAD}` : RUN_ID
          })
        }
      }
    }
  })

  it("keeps a request by someone without write access out of the thread's group (issue 32: comment-concurrency.test.ts)", () => {
    for (const eventName of eventNames) {
      const context = github(eventName, '/docs add a page', 'User', 'NONE')
      expect(jobStarts(job.if, context)).toBe(true)
      expect(settingValue(job.concurrency.group, context)).toBe(RUN_ID)
    }
  })

  it("starts no runner for a review or line comment on a fork's pull request, which GitHub runs without secrets (hostile review, finding 4)", () => {
    for (const eventName of eventNames.filter((name) => name !== 'issue_comment')) {
      const context = github(eventName, '/docs add a page', 'User', 'OWNER')
      const pull = (context.event as { pull_request: object }).pull_request
      const onFork = {
        ...context,
        event: { ...context.event, pull_request: { ...pull, head: { repo: { fork: true } } } }
      }
      const onBranch = {
        ...context,
        event: { ...context.event, pull_request: { ...pull, head: { repo: { fork: false } } } }
      }
      expect({ eventName, fork: jobStarts(job.if, onFork), branch: jobStarts(job.if, onBranch) }).toEqual({
        eventName,
        fork: false,
        branch: true
      })
    }
  })

  it('starts for every text the action takes that has the phrase first on its line', () => {
    const upper = phrase.toUpperCase()
    const taken = [
      `${phrase} add a page`,
      `${phrase}: add a page`,
      `${phrase}, add a page`,
      `${phrase}\tadd a page`,
      `${upper} add a page`,
      `${phrase}\nadd a page below`,
      `Thanks!\n\n${phrase} add a page`,
      `Thanks!\r\n${upper} add a page`,
      `> quoted\n\n${phrase} add a page`,
      `See https://example.com${phrase}/setup\n${phrase} add a page`
    ]
    for (const body of taken) {
      expect({ body, taken: mayGiveCommand([body], phrase) }).toEqual({ body, taken: true })
      for (const eventName of eventNames)
        expect({ body, eventName, starts: starts(eventName, body) }).toEqual({ body, eventName, starts: true })
    }
  })

  it('starts no run for the phrase after spaces or invisible characters, which the action would take (the guide says to start the line with it)', () => {
    for (const body of [`  ${phrase} add a page`, `Please\n\t${phrase} add a page`, `\u200b${phrase} add a page`]) {
      expect(mayGiveCommand([body], phrase)).toBe(true)
      for (const eventName of eventNames) expect(starts(eventName, body)).toBe(false)
    }
  })

  it('starts a runner for a path at the start of a line, which the action then skips', () => {
    expect(mayGiveCommand(['/docs/setup is out of date'], phrase)).toBe(false)
    for (const eventName of eventNames) expect(starts(eventName, '/docs/setup is out of date')).toBe(true)
  })
})

describe('examples/comment-trigger.yml in the docs repository (docs/two-repositories.md)', () => {
  it("starts no run for the comment on the agent's pull request that a person's token writes", () => {
    const recipe = parse(readFileSync('examples/comment-trigger.yml', 'utf8')) as Recipe
    const body = renderDocsPullRequestComment(
      '<!-- marker -->',
      {
        pullRequest: { repository: 'acme/docs', number: 7 },
        origin: 'https://github.com/acme/app/pull/42',
        request: { url: 'https://github.com/acme/app/pull/42' },
        triggerPhrase: '/docs',
        runUrl: 'https://github.com/acme/app/actions/runs/1001'
      },
      { kind: 'working', jobId: 'job-7', followUp: false }
    )
    expect(body).toContain('`/docs make the introduction shorter`')
    const event = events.issue_comment!(body, 'User')
    expect(jobStarts(recipe.jobs.docs.if, { event_name: 'issue_comment', event, run_id: RUN_ID })).toBe(false)
  })
})

describe("examples/pay-for-seconds.yml on the agent's own pull request", () => {
  interface PayForSeconds {
    jobs: { docs: { 'timeout-minutes': string; steps: { with?: Record<string, string> }[] } }
  }
  const recipe = parse(readFileSync('examples/pay-for-seconds.yml', 'utf8')) as PayForSeconds
  const step = recipe.jobs.docs.steps.find((candidate) => candidate.with?.['reconcile-workflow'])!.with!
  const onThreadBy = (author: Writer) => ({
    event_name: 'issue_comment',
    event: { ...events.issue_comment!('/docs shorter', 'User'), issue: { number: THREAD, user: { type: author } } },
    run_id: RUN_ID
  })

  it("waits, with room for it, where reconcile would not finish the comment (a bot's thread), and nowhere else", () => {
    const bot = onThreadBy('Bot')
    const person = onThreadBy('User')
    expect([step.wait!, step.timeout!, recipe.jobs.docs['timeout-minutes']].map((v) => settingValue(v, bot))).toEqual([
      'true',
      '30m',
      '40'
    ])
    expect(
      [step.wait!, step.timeout!, recipe.jobs.docs['timeout-minutes']].map((v) => settingValue(v, person))
    ).toEqual(['false', '4m', '5'])
  })
})
