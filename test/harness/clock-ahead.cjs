// Preloaded into a run of the bundle (NODE_OPTIONS=--require) to put its clock ahead by
// DOCS_AGENT_CLOCK_AHEAD_MS: a scheduled run "the next day" without a test waiting a day. Only
// Date.now moves, which is what the action's clock reads; timers keep real time.
const ahead = Number(process.env.DOCS_AGENT_CLOCK_AHEAD_MS ?? 0)
const realNow = Date.now
Date.now = () => realNow() + ahead
