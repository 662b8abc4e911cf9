// The gate's text checks as a person with permission meets them: readTrigger, then the command read
// as the gate reads it once the permission check has passed.
import { readCommand, readTrigger, type TriggerDecision, type TriggerInput } from '../../src/event/trigger.js'

export function decideForPermitted(input: TriggerInput): TriggerDecision {
  const decision = readTrigger(input)
  return decision.kind === 'run' && decision.command ? readCommand(decision.trigger, decision.command) : decision
}
