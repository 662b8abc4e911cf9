// readTrigger on events that carry a change: a closed pull request, a push, a release.
import type { PushEvent, ReleasePublishedEvent } from '@octokit/webhooks-types'
import { carriesSkipLabel } from '../src/event/labels.js'
import { readTrigger } from '../src/event/trigger.js'
import { loadEvent } from './support/github-fixture.js'

function decide(eventName: string, payload: unknown, issueNumber?: number) {
  return readTrigger({ eventName, payload, triggerPhrase: '/docs', allowedBots: [], issueNumber })
}

describe('readTrigger on a closed pull request', () => {
  it.each(['pull_request', 'pull_request_target'])(
    'runs %s for a merge without a phrase or a permission check, on the PR, for its author',
    (eventName) => {
      expect(decide(eventName, loadEvent('pull_request.closed.merged'), 7)).toEqual({
        kind: 'run',
        trigger: {
          request: '',
          threadNumber: 61,
          requester: 'dev-dan',
          reactionTarget: { kind: 'issue', issueNumber: 61 },
          // The merged pull request is where the job was asked for: the docs-PR comment links it.
          url: 'https://github.com/acme/docs/pull/61'
        }
      })
    }
  )

  it('skips a merged pull request by a bot unless allowed-bots lists it: the agent’s own would start another job', () => {
    const event = loadEvent('pull_request.closed.merged')
    ;(event.pull_request as { user: { login: string; type: string } }).user = {
      login: 'docs-agent[bot]',
      type: 'Bot'
    }
    expect(decide('pull_request_target', event)).toEqual({
      kind: 'skip',
      reason: {
        kind: 'unlisted-bot',
        login: 'docs-agent[bot]',
        allowAs: 'docs-agent',
        act: { did: 'opened', number: 61 }
      }
    })
    const listed = readTrigger({
      eventName: 'pull_request_target',
      payload: event,
      triggerPhrase: '',
      allowedBots: ['dependabot', 'docs-agent'],
      issueNumber: undefined
    })
    expect(listed).toMatchObject({ kind: 'run', trigger: { requester: 'docs-agent[bot]' } })
  })

  it('skips a merged pull request that carries the skip-label, whatever its case, and runs one without it', () => {
    const event = loadEvent('pull_request.closed.merged')
    ;(event.pull_request as { labels: { name: string }[] }).labels = [{ name: 'area: api' }, { name: 'Docs: None' }]
    const withSkip = (skipLabel: string) =>
      readTrigger({ eventName: 'pull_request', payload: event, triggerPhrase: '', allowedBots: [], skipLabel })
    expect(withSkip('docs: none')).toEqual({
      kind: 'skip',
      reason: { kind: 'skip-label', number: 61, label: 'docs: none' }
    })
    expect(withSkip('docs: later')).toMatchObject({ kind: 'run', trigger: { threadNumber: 61 } })
    expect(withSkip('')).toMatchObject({ kind: 'run', trigger: { threadNumber: 61 } })
  })

  it('skips a merged pull request whose docs a companion job wrote, whatever the case of its label', () => {
    const event = loadEvent('pull_request.closed.merged')
    const labelled = (name: string) => {
      ;(event.pull_request as { labels: { name: string }[] }).labels = [{ name }]
      return readTrigger({ eventName: 'pull_request', payload: event, triggerPhrase: '', allowedBots: [] })
    }
    expect(labelled('Docs-Agent: Companion')).toEqual({
      kind: 'skip',
      reason: { kind: 'companion-label', number: 61 }
    })
    expect(labelled('docs-agent: working')).toMatchObject({ kind: 'run', trigger: { threadNumber: 61 } })
  })

  it('skips a pull request closed without a merge, saying so', () => {
    expect(decide('pull_request_target', loadEvent('pull_request.closed'))).toEqual({
      kind: 'skip',
      reason: { kind: 'closed-unmerged', number: 62 }
    })
  })

  it('skips a closed pull request event without the pull request', () => {
    const decision = decide('pull_request', { action: 'closed' })
    expect(decision).toEqual({
      kind: 'skip',
      reason: { kind: 'incomplete-payload', eventName: 'pull_request', of: 'merge', noun: 'pull request' }
    })
  })

  it('keeps the rules for new text on other pull request actions', () => {
    const event = { ...loadEvent('pull_request.closed.merged'), action: 'synchronize' }
    expect(decide('pull_request', event)).toEqual({
      kind: 'skip',
      reason: { kind: 'not-new-text', eventName: 'pull_request', action: 'synchronize' }
    })
  })
})

describe('readTrigger on a push', () => {
  it('runs a push with commits, commenting where issue-number says', () => {
    expect(decide('push', loadEvent('push'), 12)).toEqual({ kind: 'run', trigger: { request: '', threadNumber: 12 } })
  })

  it('runs a pushed tag, lightweight or annotated, as a release: it carries no commits of its own', () => {
    const run = { kind: 'run', trigger: { request: '', threadNumber: 12 } }
    const tag = { ...loadEvent('push'), ref: 'refs/tags/v1.2.0', before: '0'.repeat(40), created: true, commits: [] }
    expect(decide('push', tag, 12)).toEqual(run)
    // An annotated tag's push names the tag object as `after` and its commit as head_commit.
    expect(decide('push', { ...tag, after: 'f'.repeat(40) }, 12)).toEqual(run)
  })

  it('skips a branch deletion always, and a branch moved without commits unless the step runs its prompt alone', () => {
    const promptAlone = (payload: unknown) =>
      readTrigger({ eventName: 'push', payload, triggerPhrase: '', allowedBots: [], promptAlone: true })
    const deleted = { ...loadEvent('push'), deleted: true, commits: [] }
    const deletion = {
      kind: 'skip',
      reason: { kind: 'push-deleted', ref: 'refs/heads/main' }
    }
    expect(decide('push', deleted)).toEqual(deletion)
    expect(promptAlone(deleted)).toEqual(deletion)
    const moved = { ...loadEvent('push'), commits: [] }
    expect(decide('push', moved)).toEqual({
      kind: 'skip',
      reason: { kind: 'push-without-commits', ref: 'refs/heads/main' }
    })
    expect(promptAlone(moved)).toEqual({ kind: 'run', trigger: { request: '' } })
  })
})

const savedSender = (loadEvent('release.published') as unknown as ReleasePublishedEvent).sender
const bot = (login: string) => ({ ...savedSender, login, type: 'Bot' as const })
const account = (username: string) => ({ name: username, email: `${username}@users.noreply.github.com`, username })

/** The saved push, with its sender, pusher and the authors of its commits as given. */
function pushBy({ sender, pusher, authors }: { sender?: string; pusher?: string; authors?: string[] }): PushEvent {
  const event = loadEvent('push') as unknown as PushEvent
  if (sender) event.sender = bot(sender)
  if (pusher) event.pusher = { name: pusher, email: '' }
  event.commits.forEach((commit, i) => {
    if (authors) commit.author = account(authors[i % authors.length]!)
  })
  return event
}

describe('readTrigger on a push by a bot', () => {
  const renovate = { sender: 'renovate[bot]', pusher: 'renovate[bot]', authors: ['renovate[bot]'] }

  it('skips a bot pushing its own commits unless allowed-bots lists it, saying how to allow it', () => {
    expect(decide('push', pushBy(renovate))).toEqual({
      kind: 'skip',
      reason: { kind: 'unlisted-bot', login: 'renovate[bot]', allowAs: 'renovate', act: { did: 'pushed-commits' } }
    })
    const listed = readTrigger({
      eventName: 'push',
      payload: pushBy(renovate),
      triggerPhrase: '',
      allowedBots: ['renovate']
    })
    expect(listed).toEqual({ kind: 'run', trigger: { request: '' } })
  })

  it("skips a person's merge of a bot's pull request, as the merged pull request event does", () => {
    // Squashed or rebased, the agent's own pull request lands as commits by the bot, pushed by the person.
    expect(decide('push', pushBy({ authors: ['docs-agent[bot]'] }))).toEqual({
      kind: 'skip',
      reason: {
        kind: 'unlisted-bot',
        login: 'docs-agent[bot]',
        allowAs: 'docs-agent',
        act: { did: 'authored-commits' }
      }
    })
  })

  it("runs a tag a person pushes onto the agent's own docs commit, and skips a tag a bot pushes", () => {
    // A pushed tag is its pusher's act alone, whatever commit it points to, and whether or not the
    // event lists commits (GitHub's list none for a tag; a bot's listed here must not count).
    const tagged = (who: { sender?: string; pusher?: string }, listed: boolean) => {
      const event = pushBy({ ...who, authors: ['docs-agent[bot]'] })
      event.head_commit!.author = account('docs-agent[bot]')
      return { ...event, ref: 'refs/tags/v1.2.0', created: true, ...(!listed && { commits: [] }) }
    }
    for (const listed of [false, true])
      expect(decide('push', tagged({}, listed), 12)).toEqual({
        kind: 'run',
        trigger: { request: '', threadNumber: 12 }
      })
    expect(decide('push', tagged({ sender: 'release-bot[bot]', pusher: 'release-bot[bot]' }, true))).toEqual({
      kind: 'skip',
      reason: { kind: 'unlisted-bot', login: 'release-bot[bot]', allowAs: 'release-bot', act: { did: 'pushed-tag' } }
    })
  })

  /** The saved push as GitHub sends it for a pull request merged with a merge commit by maintainer-max. */
  function mergedWithMergeCommit(authors: string[]): PushEvent {
    const event = pushBy({ authors })
    const merge = { ...event.commits[0]!, id: 'f'.repeat(40), message: 'Merge pull request #61 from acme/docs-update' }
    // GitHub writes the merge commit as the person who pressed the button, and commits it itself.
    merge.author = account('maintainer-max')
    merge.committer = { name: 'GitHub', email: 'noreply@github.com', username: 'web-flow' }
    event.commits.push(merge)
    return event
  }

  it("skips a person's merge commit of a bot's pull request: GitHub's merge commit is not the merger's change", () => {
    expect(decide('push', mergedWithMergeCommit(['docs-agent[bot]']))).toEqual({
      kind: 'skip',
      reason: {
        kind: 'unlisted-bot',
        login: 'docs-agent[bot]',
        allowAs: 'docs-agent',
        act: { did: 'authored-commits' }
      }
    })
    expect(
      readTrigger({
        eventName: 'push',
        payload: mergedWithMergeCommit(['docs-agent[bot]']),
        triggerPhrase: '',
        allowedBots: ['docs-agent']
      })
    ).toMatchObject({ kind: 'run' })
  })

  it("runs a merge commit of a person's pull request, and a person's commit made on github.com among a bot's", () => {
    expect(decide('push', mergedWithMergeCommit(['dev-dan']))).toMatchObject({ kind: 'run' })
    const queued = mergedWithMergeCommit(['dev-dan'])
    queued.sender = bot('github-merge-queue[bot]')
    queued.pusher = { name: 'github-merge-queue[bot]', email: '' }
    expect(decide('push', queued)).toMatchObject({ kind: 'run' })
    // An edit in GitHub's web editor is committed by GitHub too, but it is the person's change.
    const edited = pushBy({ authors: ['docs-agent[bot]', 'dev-dan'] })
    for (const commit of edited.commits)
      commit.committer = { name: 'GitHub', email: 'noreply@github.com', username: 'web-flow' }
    expect(decide('push', edited)).toMatchObject({ kind: 'run' })
  })

  it("runs a bot's push of a person's commits (a merge queue), and commits by a person among a bot's", () => {
    const queue = { sender: 'github-merge-queue[bot]', pusher: 'github-merge-queue[bot]' }
    expect(decide('push', pushBy(queue))).toMatchObject({ kind: 'run' })
    expect(decide('push', pushBy({ ...renovate, authors: ['renovate[bot]', 'dev-dan'] }))).toMatchObject({
      kind: 'run'
    })
  })

  it('skips a bot pushing commits whose authors GitHub does not know', () => {
    const event = pushBy({ sender: 'release-bot[bot]', pusher: 'release-bot[bot]' })
    for (const commit of event.commits) commit.author = { name: 'Release Bot', email: 'bot@example.com' }
    expect(decide('push', event)).toMatchObject({
      kind: 'skip',
      reason: { kind: 'unlisted-bot', login: 'release-bot[bot]' }
    })
  })
})

describe('readTrigger on a release', () => {
  it('runs a published release', () => {
    // The release's page is where the job was asked for: the docs-PR comment links it.
    expect(decide('release', loadEvent('release.published'))).toEqual({
      kind: 'run',
      trigger: { request: '', threadNumber: undefined, url: 'https://github.com/acme/docs/releases/tag/v1.2.0' }
    })
  })

  it("skips a release a bot published unless allowed-bots lists it, but not a bot's draft a person published", () => {
    const published = { ...loadEvent('release.published'), sender: bot('release-please[bot]') }
    expect(decide('release', published)).toEqual({
      kind: 'skip',
      reason: {
        kind: 'unlisted-bot',
        login: 'release-please[bot]',
        allowAs: 'release-please',
        act: { did: 'published-release' }
      }
    })
    const listed = readTrigger({ eventName: 'release', payload: published, triggerPhrase: '', allowedBots: '*' })
    expect(listed).toMatchObject({ kind: 'run' })
    const drafted = loadEvent('release.published') as unknown as ReleasePublishedEvent
    drafted.release.author = bot('github-actions[bot]')
    expect(decide('release', drafted)).toMatchObject({ kind: 'run' })
  })

  it.each(['created', 'edited', 'prereleased', 'deleted'])('skips a %s release', (action) => {
    expect(decide('release', { ...loadEvent('release.published'), action })).toEqual({
      kind: 'skip',
      reason: { kind: 'release-action', action }
    })
  })

  it('runs a released release (a full release, or a pre-release promoted to one), as a published one', () => {
    const promoted = { ...loadEvent('release.published'), action: 'released' }
    expect(decide('release', promoted)).toEqual(decide('release', loadEvent('release.published')))
    expect(decide('release', promoted)).toMatchObject({ kind: 'run' })
  })
})

describe('carriesSkipLabel, shared with the digest', () => {
  it('finds the skip-label among labels as a payload or the REST API lists them, and never when it is off', () => {
    expect(carriesSkipLabel([{ name: 'bug' }, { name: 'DOCS: none' }], { skipLabel: 'docs: none' })).toBe(true)
    expect(carriesSkipLabel(['bug', 'docs: none'], { skipLabel: 'docs: none' })).toBe(true)
    expect(carriesSkipLabel([{ name: 'bug' }], { skipLabel: 'docs: none' })).toBe(false)
    expect(carriesSkipLabel([{ name: '' }, ''], { skipLabel: '' })).toBe(false)
    expect(carriesSkipLabel(undefined, { skipLabel: 'docs: none' })).toBe(false)
  })

  it('takes a letter and its case partner as one, never a sign that lower-cases to a letter', () => {
    expect(carriesSkipLabel([{ name: 'ÉTÉ: KEEP' }], { skipLabel: 'été: keep' })).toBe(true)
    // The Kelvin sign (U+212A) lower-cases to "k", the Ångström sign to "å", "İ" to "i" and a dot.
    expect(carriesSkipLabel([{ name: '\u212Aeep' }], { skipLabel: 'keep' })).toBe(false)
    expect(carriesSkipLabel([{ name: 'keep' }], { skipLabel: '\u212Aeep' })).toBe(false)
    expect(carriesSkipLabel([{ name: '\u212Bngstr\u00F6m' }], { skipLabel: '\u00E5ngstr\u00F6m' })).toBe(false)
    expect(carriesSkipLabel([{ name: '\u0130gnore' }], { skipLabel: 'i\u0307gnore' })).toBe(false)
    expect(carriesSkipLabel([{ name: '\u212Aeep' }], { skipLabel: '\u212AEEP' })).toBe(true)
  })
})
