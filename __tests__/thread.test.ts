// Which earlier progress comments a run trusts and edits, whoever posted them, and what it does
// when GitHub errs.
import type { GitHubApi } from '../src/github/api.js'
import { formatMarker, markerKey, readMarker } from '../src/thread/marker.js'
import { type EarlierComments, Thread, type ThreadWriter } from '../src/thread/thread.js'
import { WorkingLabel } from '../src/thread/working-label.js'
import { type Author, MemoryGitHub } from './support/memory-github.js'
import { RUN } from './support/thread-writer.js'

const PERSONAL_TOKEN: Author = { login: 'docs-maintainer', isBot: false }
const OTHER_APP: Author = { login: 'other-app[bot]', isBot: true }

/** One attempt of a step on a thread: reads what is there, then writes its comment naming `jobId`. */
async function attempt(
  api: GitHubApi,
  issueNumber: number,
  writer: ThreadWriter,
  jobId: string,
  warn = (message: string): void => {
    throw new Error(message)
  }
): Promise<EarlierComments | undefined> {
  const thread = new Thread(api, issueNumber, writer, undefined, warn)
  const earlier = await thread.readEarlier()
  await thread.write(jobId, (marker) => `${marker}\nWorking on agent job ${jobId}.`)
  return earlier
}

const visibleText = (github: MemoryGitHub, issueNumber: number) =>
  github.comments(issueNumber).map((comment) => comment.body.split('\n').slice(1).join('\n'))

describe('a re-run', () => {
  it('edits the comment its earlier attempt wrote with a personal access token', async () => {
    const github = new MemoryGitHub()
    await attempt(github.api(PERSONAL_TOKEN), 42, RUN, 'job-1')
    const earlier = await attempt(github.api(PERSONAL_TOKEN), 42, RUN, 'job-2')
    expect(earlier?.ownJobId).toBe('job-1')
    expect(visibleText(github, 42)).toEqual(['Working on agent job job-2.'])
  })

  it('leaves its comment and starts another once the API key was rotated', async () => {
    const github = new MemoryGitHub()
    await attempt(github.api(), 42, RUN, 'job-1')
    const earlier = await attempt(github.api(), 42, { ...RUN, key: markerKey('mint_rotated_key', 'proj') }, 'job-2')
    expect(earlier).toEqual({})
    expect(visibleText(github, 42)).toEqual(['Working on agent job job-1.', 'Working on agent job job-2.'])
  })

  it("never edits another app's later copy of its comment", async () => {
    const github = new MemoryGitHub()
    await attempt(github.api(), 42, RUN, 'job-1')
    // An edit signs the comment's id into its marker, which the copy then cannot match.
    await attempt(github.api(), 42, RUN, 'job-1')
    const copy = github.post(42, `${github.comments(42)[0]!.body}\nCopied by another app.`, OTHER_APP)
    await attempt(github.api(), 42, RUN, 'job-2')
    expect(github.comments(42)[0]!.body).toContain('Working on agent job job-2.')
    expect(github.comments(42)[1]!.body).toBe(copy.body)
  })
})

describe.each([
  ['two steps in one workflow job', { step: '__run_2' }],
  ['two workflow jobs', { workflowJob: 'docs-api' }]
])('%s of one run using the action', (_what, other) => {
  it('keep separate comments, each edited by its own re-run', async () => {
    const github = new MemoryGitHub()
    const second = { ...RUN, ...other }
    await attempt(github.api(), 42, RUN, 'job-a')
    expect((await attempt(github.api(), 42, second, 'job-b'))?.ownJobId).toBeUndefined()
    expect((await attempt(github.api(), 42, RUN, 'job-a2'))?.ownJobId).toBe('job-a')
    expect((await attempt(github.api(), 42, second, 'job-b2'))?.ownJobId).toBe('job-b')
    expect(visibleText(github, 42)).toEqual(['Working on agent job job-a2.', 'Working on agent job job-b2.'])
  })
})

describe('a follow-up', () => {
  it('goes to the newest job on the thread, from any run, whoever posted it', async () => {
    const github = new MemoryGitHub()
    await attempt(github.api(), 42, { ...RUN, runId: '900' }, 'job-old')
    await attempt(github.api(PERSONAL_TOKEN), 42, { ...RUN, runId: '950' }, 'job-new')
    expect(await attempt(github.api(), 42, RUN, 'job-new')).toEqual({ latestJobId: 'job-new' })
  })

  it('ignores a marker another app copied from another thread, and leaves that comment alone', async () => {
    const github = new MemoryGitHub()
    await attempt(github.api(), 7, { ...RUN, runId: '900' }, 'job-elsewhere')
    const copy = github.post(42, github.comments(7)[0]!.body, OTHER_APP)
    expect(await attempt(github.api(), 42, RUN, 'job-1')).toEqual({})
    expect(github.comments(42)).toEqual([copy, expect.objectContaining({ body: expect.stringContaining('job-1') })])
  })

  it('ignores a marker edited to name another job', async () => {
    const github = new MemoryGitHub()
    await attempt(github.api(), 42, { ...RUN, runId: '900' }, 'job-1')
    github.post(42, github.comments(42)[0]!.body.replace('job=job-1', 'job=job-evil'), OTHER_APP)
    expect(await attempt(github.api(), 42, RUN, 'job-2')).toEqual({ latestJobId: 'job-1' })
  })
})

function threadOn(github: MemoryGitHub) {
  const warnings: string[] = []
  const thread = new Thread(github.api(), 42, RUN, undefined, (message) => warnings.push(message))
  const write = (text: string) => thread.write('job-1', (marker) => `${marker}\n${text}`)
  const bodies = () => github.comments(42).map((c) => c.body.split('\n')[1])
  return { thread, warnings, write, bodies }
}

describe('the progress comment when GitHub errs', () => {
  it('does not make a second comment when a create answered 502 but made the first', async () => {
    const github = new MemoryGitHub()
    const { thread, warnings, write, bodies } = threadOn(github)
    github.failNextCreate = { made: true }
    await write('working')
    // The comment found then names itself, as every comment does once created.
    expect(github.calls).toEqual(['create', 'list', 'update'])
    expect(thread.url).toBe(github.comments(42)[0]!.htmlUrl)
    await write('done')
    expect(bodies()).toEqual(['done'])
    expect(github.calls).toEqual(['create', 'list', 'update', 'update'])
    expect(warnings).toEqual([])
  })

  it('creates once more after the listing shows the 502 made nothing', async () => {
    const github = new MemoryGitHub()
    const { thread, write, bodies } = threadOn(github)
    github.failNextCreate = { made: false }
    await write('working')
    expect(github.calls).toEqual(['create', 'list', 'create', 'update'])
    expect(bodies()).toEqual(['working'])
    expect(thread.url).toBe(github.comments(42)[0]!.htmlUrl)
  })

  it('makes no second comment while the thread cannot be read, and looks again before the next write', async () => {
    const github = new MemoryGitHub()
    const { thread, warnings, write, bodies } = threadOn(github)
    github.failNextCreate = { made: true }
    github.failNextListing = true
    await write('working')
    expect(github.calls).toEqual(['create', 'list'])
    expect(thread.url).toBeUndefined()
    expect(warnings).toEqual([
      'Could not read the comments of the thread on #42: GitHub answered 500 (Internal Server Error).',
      'Could not write the progress comment on #42: an earlier try may have made it without GitHub saying so, ' +
        'and the thread could not be read to check, so no second comment was made.'
    ])
    await write('done')
    expect(github.calls).toEqual(['create', 'list', 'list', 'update', 'update'])
    expect(bodies()).toEqual(['done'])
  })

  it('lists nothing after a create that GitHub refused outright', async () => {
    const github = new MemoryGitHub()
    const { warnings, write, bodies } = threadOn(github)
    github.refuseNextCreate = true
    await write('working')
    expect(warnings).toEqual([
      expect.stringMatching(/^Could not write the progress comment on #42: GitHub answered 403/)
    ])
    await write('done')
    expect(github.calls).toEqual(['create', 'create', 'update'])
    expect(bodies()).toEqual(['done'])
  })

  it('says when the thread could not be read, rather than that it holds no earlier comments', async () => {
    const github = new MemoryGitHub()
    const { thread } = threadOn(github)
    github.failNextListing = true
    expect(await thread.readEarlier()).toBeUndefined()
    expect(await thread.readEarlier()).toEqual({})
  })
})

describe('a copy of a genuine marker in another comment on the same thread', () => {
  it('is never edited by a re-run, even when the copy sits in an older comment', async () => {
    const github = new MemoryGitHub()
    const mallory: Author = { login: 'mallory', isBot: false }
    const older = github.post(42, 'first!', mallory)
    await attempt(github.api(), 42, RUN, 'job-1')
    // The run's last edit names the comment in its signed marker.
    const genuine = github.comments(42)[1]!
    await attempt(github.api(), 42, RUN, 'job-1')
    const copied = `${github.comments(42)[1]!.body.split('\n')[0]}\nmallory's text`
    github.edit(older.id, copied)
    const earlier = await attempt(github.api(), 42, RUN, 'job-2')
    expect(earlier?.ownJobId).toBe('job-1')
    expect(github.comments(42).map((comment) => comment.body)).toEqual([copied, expect.stringContaining('job-2')])
    expect(github.comments(42)[1]!.id).toBe(genuine.id)
  })

  // Issue 32: the one comment left with the step's unbound marker was taken for the step's own and
  // edited, though an outsider wrote it once the original was deleted.
  it('is never edited by a re-run once the original is gone, though it tells the re-run its job', async () => {
    const github = new MemoryGitHub()
    const mallory: Author = { login: 'mallory', isBot: false }
    // An earlier run's comment, which names itself, shows whose token writes the action's comments.
    await attempt(github.api(), 42, { ...RUN, runId: '900' }, 'job-0')
    // This run's naming edit fails: its marker names no comment, and a copy of it verifies.
    github.failNextUpdate = true
    await attempt(github.api(), 42, RUN, 'job-1', () => {})
    const genuine = github.comments(42)[1]!
    const copy = github.post(42, genuine.body, mallory)
    github.remove(genuine.id)
    const earlier = await attempt(github.api(), 42, RUN, 'job-1')
    expect(earlier?.ownJobId).toBe('job-1')
    expect(github.comments(42).map((comment) => [comment.author.login, comment.body])).toEqual([
      ['github-actions[bot]', expect.stringContaining('job-0')],
      ['mallory', copy.body],
      ['github-actions[bot]', expect.stringContaining('Working on agent job job-1.')]
    ])
  })

  it('leaves both alone while the marker does not name its comment yet, and writes a new one', async () => {
    const github = new MemoryGitHub()
    const mallory: Author = { login: 'mallory', isBot: false }
    const older = github.post(42, 'first!', mallory)
    github.failNextUpdate = true
    await attempt(github.api(), 42, RUN, 'job-1', () => {})
    github.edit(older.id, `${github.comments(42)[1]!.body.split('\n')[0]}\nmallory's text`)
    const before = github.comments(42).map((comment) => comment.body)
    const earlier = await attempt(github.api(), 42, RUN, 'job-2')
    expect(earlier?.ownJobId).toBeUndefined()
    expect(github.comments(42).map((comment) => comment.body)).toEqual([...before, expect.stringContaining('job-2')])
  })
})

describe('the working-label', () => {
  const LABEL = 'docs-agent: working'
  function labelled(github: MemoryGitHub, writer: ThreadWriter = RUN, issueNumber = 42, api = github.api()) {
    const warnings: string[] = []
    const warn = (message: string) => warnings.push(message)
    const thread = new Thread(api, issueNumber, writer, undefined, warn, {
      workingLabel: new WorkingLabel(api, LABEL, warn)
    })
    const working = (jobId: string) => thread.write(jobId, (marker) => `${marker}\nworking`, undefined, 'working')
    const ended = (jobId: string) => thread.finish(jobId, (marker) => `${marker}\ndone`)
    return { thread, warnings, working, ended }
  }
  const stateOf = (github: MemoryGitHub, index: number) =>
    readMarker(github.comments(42)[index]!.body, RUN.key, {
      repository: 'acme/docs',
      threadNumber: 42,
      commentId: github.comments(42)[index]!.id
    })?.state

  it('goes on while the comment says working, made by GitHub on first use, and off when it reports the end', async () => {
    const github = new MemoryGitHub()
    const { working, ended, warnings } = labelled(github)
    await working('job-1')
    expect(stateOf(github, 0)).toBe('working')
    expect(github.labelsOn(42)).toEqual([LABEL])
    // Adding a label the repository lacks makes it, with GitHub's default colour: no call of its own.
    expect(github.repositoryLabels.get(LABEL)).toEqual({ name: LABEL, color: 'ededed', description: '' })
    await ended('job-1')
    expect(stateOf(github, 0)).toBeUndefined()
    expect(github.labelsOn(42)).toEqual([])
    // The waiting comment names itself at once (the first update), so a copy of it cannot pass for it.
    // Off, then read again, in case another run wrote a waiting comment meanwhile.
    expect(github.calls).toEqual(['create', 'update', 'labels', 'update', 'list', 'remove-label', 'list'])
    expect(warnings).toEqual([])
  })

  it('stays while another comment on the thread still waits for its job, from any run', async () => {
    const github = new MemoryGitHub()
    await labelled(github, { ...RUN, runId: '900' }).working('job-0')
    const { working, ended } = labelled(github)
    await working('job-1')
    await ended('job-1')
    expect(github.labelsOn(42)).toEqual([LABEL])
  })

  it('goes when the other waiting comment is signed with another key, which names no job of ours', async () => {
    const github = new MemoryGitHub()
    await labelled(github, { ...RUN, runId: '900', key: markerKey('mint_rotated_key', 'proj') }).working('job-0')
    const { working, ended } = labelled(github)
    await working('job-1')
    await ended('job-1')
    expect(github.labelsOn(42)).toEqual([])
  })

  it('stays when the thread cannot be read to see whether another comment waits', async () => {
    const github = new MemoryGitHub()
    const { working, ended, warnings } = labelled(github)
    await working('job-1')
    github.failNextListing = true
    await ended('job-1')
    expect(github.labelsOn(42)).toEqual([LABEL])
    expect(warnings).toEqual([
      'Could not read the comments of the thread on #42: GitHub answered 500 (Internal Server Error).'
    ])
  })

  it('is never touched by a comment that names no job, nor by a run that never said working', async () => {
    const github = new MemoryGitHub()
    const { thread, ended } = labelled(github)
    await thread.write(undefined, (marker) => `${marker}\nskipped`, undefined, 'working')
    await ended('job-1')
    expect(github.calls).toEqual(['create', 'update', 'update'])
  })

  it('comes off after a re-run reports the end its earlier attempt left working', async () => {
    const github = new MemoryGitHub()
    await labelled(github).working('job-1')
    const rerun = labelled(github)
    expect(await rerun.thread.readEarlier()).toEqual({ ownJobId: 'job-1' })
    await rerun.ended('job-1')
    expect(github.labelsOn(42)).toEqual([])
  })

  it('is put on again by the last working write, after a reconcile run took it off meanwhile', async () => {
    const github = new MemoryGitHub()
    const { thread, working } = labelled(github)
    await working('job-1')
    github.unlabel(42, LABEL)
    expect(await thread.putLabel()).toBe(true)
    await thread.finish('job-1', (marker) => `${marker}\nstarted`, undefined, 'working')
    expect(github.labelsOn(42)).toEqual([LABEL])
    // On with the first write, then before and after the last one.
    expect(github.calls.filter((call) => call === 'labels')).toHaveLength(3)
  })

  /** Another run's last write with wait: false, in run mode's order (src/run/job-step.ts): the label, then its working comment. */
  async function startsWithoutWaiting(github: MemoryGitHub, api = github.api()): Promise<void> {
    const { thread } = labelled(github, { ...RUN, runId: '2002' }, 42, api)
    await thread.putLabel()
    await thread.finish('job-2', (marker) => `${marker}\nstarted`, undefined, 'working')
  }

  it('stays on when another run labels the thread and writes its waiting comment just before it comes off', async () => {
    const github = new MemoryGitHub()
    const api = github.api()
    // The other run's calls all land between this run's read of the comments and its label removal.
    const removing: GitHubApi = {
      ...api,
      removeLabel: async (...call) => {
        await startsWithoutWaiting(github)
        return api.removeLabel(...call)
      }
    }
    const { working, ended } = labelled(github, RUN, 42, removing)
    await working('job-1')
    await ended('job-1')
    expect(stateOf(github, 1)).toBe('working')
    expect(github.labelsOn(42)).toEqual([LABEL])
  })

  it('stays on when another run labels the thread before this run reads it and writes its comment after the label came off', async () => {
    const github = new MemoryGitHub()
    let labelOff!: () => void
    const removed = new Promise<void>((resolve) => (labelOff = resolve))
    const api = github.api()
    const held: GitHubApi = {
      ...api,
      createComment: async (...call) => {
        await removed
        return api.createComment(...call)
      }
    }
    const { working, ended } = labelled(github, RUN, 42, api)
    await working('job-1')
    // The other run's label goes on first; its comment waits until this run took the label off.
    const other = startsWithoutWaiting(github, held)
    await ended('job-1')
    labelOff()
    await other
    expect(stateOf(github, 1)).toBe('working')
    expect(github.labelsOn(42)).toEqual([LABEL])
  })

  it('is a warning, never a failure, when the token may not label, and the comment is written all the same', async () => {
    const github = new MemoryGitHub()
    github.refuseLabels = true
    const { working, warnings } = labelled(github)
    await working('job-1')
    expect(github.comments(42)).toHaveLength(1)
    expect(warnings).toEqual([
      'Could not put the label "docs-agent: working" on #42: GitHub answered 403 (Resource not accessible by integration). ' +
        "The token may lack a permission: add `issues: write` and `pull-requests: write` to the workflow's `permissions:` block."
    ])
  })

  it('warns when it cannot come off', async () => {
    const github = new MemoryGitHub()
    const { working, ended, warnings } = labelled(github)
    await working('job-1')
    github.refuseLabels = true
    await ended('job-1')
    expect(warnings).toEqual([
      expect.stringMatching(/^Could not take the label "docs-agent: working" off #42: GitHub answered 403/)
    ])
  })
})

describe("the docs-PR comment on the agent's pull request", () => {
  const CODE_RUN: ThreadWriter = { ...RUN, runId: '777', workflowJob: 'docs-code' }
  const ORIGIN = 'https://github.com/acme/app/issues/4#issuecomment-1'
  const docsThread = (
    api: GitHubApi,
    writer: ThreadWriter,
    origin = ORIGIN,
    warn = (message: string): void => {
      throw new Error(message)
    }
  ) => new Thread(api, 7, writer, undefined, warn, { docsComment: { origin } })
  const markerOnPr = (github: MemoryGitHub, index: number) => {
    const comment = github.comments(7)[index]!
    return readMarker(comment.body, RUN.key, { repository: 'acme/docs', threadNumber: 7, commentId: comment.id })
  }

  it('is made once with its origin, and a later run on the pull request edits it and follows up on its job', async () => {
    const github = new MemoryGitHub()
    const first = docsThread(github.api(), CODE_RUN)
    expect(await first.readEarlier()).toEqual({})
    await first.write('job-7', (marker) => `${marker}\nReady for review.`)
    expect(markerOnPr(github, 0)).toMatchObject({ kind: 'docs-pr', origin: ORIGIN, jobId: 'job-7', runId: '777' })

    // A run of the docs repository's workflow, triggered on the pull request, knows nothing of it yet.
    const later = new Thread(github.api(), 7, RUN, 555, () => {})
    expect(later.docsComment).toBeUndefined()
    expect(await later.readEarlier()).toEqual({ latestJobId: 'job-7', docsJobId: 'job-7' })
    expect(later.docsComment).toEqual({ origin: ORIGIN })
    await later.write('job-7', (marker) => `${marker}\nWorking on it.`)
    expect(github.comments(7)).toHaveLength(1)
    expect(markerOnPr(github, 0)).toMatchObject({
      kind: 'docs-pr',
      origin: ORIGIN,
      jobId: 'job-7',
      runId: RUN.runId,
      triggerCommentId: 555,
      commentId: github.comments(7)[0]!.id
    })
  })

  it("names the docs-PR comment's job for follow-ups over newer progress comments on the pull request", async () => {
    const github = new MemoryGitHub()
    const docs = docsThread(github.api(), CODE_RUN)
    await docs.readEarlier()
    await docs.write('job-7', (marker) => `${marker}\nReady for review.`)
    const other = { repository: 'acme/docs', threadNumber: 7, runId: '900', workflowJob: 'docs', step: '__run' }
    github.post(7, `${formatMarker({ ...other, jobId: 'job-other' }, RUN.key)}\nWorking on it.`, OTHER_APP)
    expect(await new Thread(github.api(), 7, RUN, undefined, () => {}).readEarlier()).toEqual({
      latestJobId: 'job-7',
      docsJobId: 'job-7'
    })
  })

  it('keeps the origin of the comment it finds, not its own', async () => {
    const github = new MemoryGitHub()
    const first = docsThread(github.api(), CODE_RUN)
    await first.readEarlier()
    await first.write('job-7', (marker) => `${marker}\nfirst`)
    const second = docsThread(github.api(), { ...CODE_RUN, runId: '778' }, 'https://github.com/acme/app/issues/5')
    await second.readEarlier()
    await second.write('job-7', (marker) => `${marker}\nsecond`)
    expect(github.comments(7)).toHaveLength(1)
    expect(markerOnPr(github, 0)).toMatchObject({ origin: ORIGIN, runId: '778' })
  })

  it('is not taken from a copy while the genuine one does not name its comment yet', async () => {
    const github = new MemoryGitHub()
    const first = docsThread(github.api(), CODE_RUN, ORIGIN, () => {})
    await first.readEarlier()
    github.failNextUpdate = true
    await first.write('job-7', (marker) => `${marker}\ngenuine`)
    github.post(7, `${github.comments(7)[0]!.body.split('\n')[0]}\nmallory's text`, { login: 'mallory', isBot: false })
    const later = new Thread(github.api(), 7, RUN, undefined, () => {})
    expect(await later.readEarlier()).toEqual({ latestJobId: 'job-7' })
    expect(later.docsComment).toBeUndefined()
  })

  it('is made once when its create answered 502 but made it', async () => {
    const github = new MemoryGitHub()
    const thread = docsThread(github.api(), CODE_RUN)
    await thread.readEarlier()
    github.failNextCreate = { made: true }
    await thread.write('job-7', (marker) => `${marker}\nfirst`)
    await thread.write('job-7', (marker) => `${marker}\nsecond`)
    expect(github.comments(7).map((comment) => comment.body.split('\n')[1])).toEqual(['second'])
    expect(markerOnPr(github, 0)).toMatchObject({ kind: 'docs-pr', commentId: github.comments(7)[0]!.id })
  })

  it('names the thread and says what to do in its own words when GitHub refuses the token', async () => {
    const github = new MemoryGitHub()
    github.noAccess = true
    const warnings: string[] = []
    const thread = new Thread(github.api(), 7, RUN, undefined, (message) => warnings.push(message), {
      docsComment: { origin: ORIGIN },
      name: 'acme/site#7',
      accessHint: 'give docs-token access to acme/site.'
    })
    expect(await thread.readEarlier()).toBeUndefined()
    expect(warnings).toEqual([
      'Could not read the comments of the thread on acme/site#7: GitHub answered 404 (Not Found). ' +
        'The token may lack a permission: give docs-token access to acme/site.'
    ])
  })
})
