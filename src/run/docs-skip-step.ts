// A person with required-permission says a code pull request needs no docs: `/docs skip` in a
// comment (mode run, after the gate) or the skip-label put on it (mode companion). Its `docs` check
// becomes a success naming who; nothing reaches the agent. A new push or `/docs` starts over.
import { log } from '../base/log.js'
import { docsCheckWriter } from '../companion/docs-check.js'
import { type CheckLinks, type DocsCheck } from '../companion/docs-status.js'
import { short } from '../companion/decide.js'
import { isSkipRequest, type SkipLabelled } from '../companion/skip.js'
import { skipNotice } from '../companion/status-words.js'
import { unlistedBot } from '../event/bots.js'
import { skipText } from '../event/skip-reason.js'
import type { Trigger } from '../event/trigger.js'
import { mayTrigger } from '../gate/permission.js'
import { describeGitHubError, type GitHubApi } from '../github/api.js'
import type { Settings } from '../settings/settings.js'
import { report } from './job-step.js'
import type { Session } from './session.js'

/** `/docs skip` on a pull request, from a writer the gate let through: true once answered here. */
export async function skipByCommand(settings: Settings, session: Session, trigger: Trigger): Promise<boolean> {
  const { threadNumber: number } = trigger
  if (!isSkipRequest(trigger.request) || !trigger.onPullRequest || number === undefined) return false
  const api = await session.github()
  const by = trigger.author?.login ?? trigger.requester ?? 'someone'
  const means = `${settings.triggerPhrase} skip`
  let marked: string | undefined
  if (api) {
    if (trigger.reactionTarget) await api.react(trigger.reactionTarget, 'eyes', api.limits()).catch(() => undefined)
    const head = await headOf(api, number)
    const links = { comment: trigger.url, run: session.context.runUrl }
    if (head !== undefined) marked = await skipHead(api, { number, sha: head }, { kind: 'skipped', by, means }, links)
  }
  await report({ kind: 'skipped', reason: skipNotice(number, by, means, marked) }, settings, session, undefined)
  return true
}

/** The skip-label put on the code pull request (mode companion): a success naming who, if they may. */
export async function skipByLabel(
  settings: Settings,
  session: Session,
  api: GitHubApi,
  { number, headSha, label, sender }: SkipLabelled
): Promise<void> {
  // A bot allowed-bots does not list says nothing, as for any event; a person needs required-permission.
  const person = { login: sender.login, type: sender.isBot ? 'Bot' : 'User' }
  const act = { did: 'labelled', noun: 'pull request', number } as const
  const bot = unlistedBot([{ person, act }], settings.allowedBots)
  if (bot !== undefined) return await report({ kind: 'skipped', reason: skipText(bot) }, settings, session, undefined)
  const verdict = await mayTrigger({ ...sender, claimsAccess: false }, settings.requiredPermission, api)
  if (!verdict.allowed) {
    return await report({ kind: 'skipped', reason: skipText(verdict.reason) }, settings, session, undefined)
  }
  const means = `label "${label}"`
  const skipped = { kind: 'skipped', by: sender.login, means } as const
  const marked = await skipHead(api, { number, sha: headSha }, skipped, { run: session.context.runUrl })
  await report(
    { kind: 'skipped', reason: skipNotice(number, sender.login, means, marked) },
    settings,
    session,
    undefined
  )
}

/** Sets the skip on the head; the head's short SHA once set, for the notice. */
async function skipHead(
  api: GitHubApi,
  head: { number: number; sha: string },
  skipped: DocsCheck,
  links: CheckLinks
): Promise<string | undefined> {
  return (await docsCheckWriter(api, log.warning).writeCheck(head, skipped, links)) ? short(head.sha) : undefined
}

async function headOf(api: GitHubApi, number: number): Promise<string | undefined> {
  try {
    const head = (await api.getPullRequest(number, api.limits())).headSha
    if (head === undefined)
      log.warning(`GitHub's record of #${number} names no head commit: its "docs" check was not set.`)
    return head
  } catch (error) {
    log.warning(`Could not read pull request #${number} for its "docs" check: ${describeGitHubError(error)}`)
    return undefined
  }
}
