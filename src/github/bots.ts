// Bots never start a run unless allowed-bots lists them: one rule for the writer of a comment and
// for the author of a merged pull request (the agent's own, once merged, would start another job).
import type { Person } from './records.js'

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

function isAllowedBot(login: string, allowedBots: string[] | '*'): boolean {
  return allowedBots === '*' || allowedBots.some((allowed) => botName(allowed) === botName(login))
}

/** Why the run is skipped when one of `people` is a bot allowed-bots does not list; undefined otherwise. */
export function unlistedBot(people: Person[], allowedBots: string[] | '*'): string | undefined {
  const bot = people.find((person) => isBot(person) && !isAllowedBot(person.login, allowedBots))
  return bot === undefined
    ? undefined
    : `Skipped: the bot "${bot.login}" is not listed in allowed-bots, and bots trigger a run only when listed there.`
}
