// Bots never start a run unless allowed-bots lists them, whatever the event: one rule for the writer
// of a comment, the author of a merged pull request (the agent's own, once merged, would start
// another job), the authors and pusher of a push, the publisher of a release and the sender of a
// dispatch; and for the author of a merged pull request a digest gathers (src/digest/range.ts).
// Which account stands for an event is the event's business (trigger.ts, change-events.ts).
import type { Person } from '../github/records.js'
import type { BotAct, SkipReason } from './skip-reason.js'

/** An account that did something on the event, and what, for the skip's words ("wrote the comment"). */
export interface Actor {
  person: Person | undefined
  act: BotAct
}

export function isBot(person: Person): boolean {
  return person.type === 'Bot' || /\[bot\]$/i.test(person.login)
}

// "dependabot" and "dependabot[bot]" name the same account; logins are case-insensitive.
function botName(login: string): string {
  return login
    .trim()
    .toLowerCase()
    .replace(/\[bot\]$/, '')
}

/** A person, or a bot that allowed-bots lists. */
export function mayStartRuns(person: Person, allowedBots: string[] | '*'): boolean {
  return (
    !isBot(person) || allowedBots === '*' || allowedBots.some((allowed) => botName(allowed) === botName(person.login))
  )
}

/** Why the run is skipped when one of `actors` is a bot allowed-bots does not list; undefined otherwise. */
export function unlistedBot(actors: Actor[], allowedBots: string[] | '*'): SkipReason | undefined {
  const actor = actors.find(({ person }) => person !== undefined && !mayStartRuns(person, allowedBots))
  if (actor?.person === undefined) return undefined
  const { login } = actor.person
  return { kind: 'unlisted-bot', login, allowAs: botName(login), act: actor.act }
}
