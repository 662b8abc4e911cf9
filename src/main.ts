// The story of one run: settings, the gate, the thread, the plan, the context, the job, the report,
// the agent's pull request. Each step is a function of src/run/ or of the folder it names.
import { type Clock, systemClock } from './base/clock.js'
import { messageOf } from './base/error-message.js'
import { log } from './base/log.js'
import { addEventContext } from './context/step.js'
import { runDecisions, threadComment } from './report/thread-comment.js'
import { passGate } from './gate/gate.js'
import { skipText } from './event/skip-reason.js'
import { answerLostRequest } from './gate/lost-request.js'
import { parsePullRequestLink } from './github/pull-request-link.js'
import { jobOf } from './job/result.js'
import { reconcile } from './reconcile/step.js'
import { showPrompt, writeLateWarnings } from './report/report.js'
import { finishAfterJob, report, runJob } from './run/job-step.js'
import { runCompanion } from './run/companion-step.js'
import { runDigest } from './run/digest-step.js'
import { skipByCommand } from './run/docs-skip-step.js'
import { checkHeadFor, settleDocsCheck } from './run/docs-check-step.js'
import { decidePlan } from './run/plan-step.js'
import { makeSkipLabel, readsSkipLabel } from './run/skip-label-step.js'
import { openSession } from './run/session.js'
import { readSettings } from './run/settings-step.js'
import { openThread, replyOnThread } from './run/thread-step.js'

export async function run(clock: Clock = systemClock): Promise<void> {
  const started = clock.now()
  const settings = await readSettings()
  if (!settings) return
  const session = openSession(settings, clock, started)
  let { context } = session
  try {
    if (settings.mode === 'reconcile') {
      const github = await session.github()
      const { connect, agent: jobs, deadline, cancel } = session
      if (github) await reconcile(settings, context, { github, connect, jobs, clock, started, deadline, cancel })
      return
    }
    if (settings.mode === 'digest') {
      const github = await session.github()
      if (github) await runDigest(settings, session, github)
      return
    }
    if (settings.mode === 'companion') {
      const github = await session.github()
      if (github) await runCompanion(settings, session, github)
      return
    }

    let gate = await passGate(settings, context, session.github)
    if (gate.kind === 'skip') {
      // The reply is written before the outputs, so that they report its URL.
      const replyUrl = gate.reply ? await replyOnThread(settings, session, gate.reply) : undefined
      const lost = gate.refused && (await answerLostRequest(settings, context, await session.github()))
      const reason = skipText(gate.reason)
      if (!lost) return await report({ kind: 'skipped', reason }, settings, session, replyUrl)
      log.notice(`${reason} Answering the request this run took the place of: ${lost.gate.trigger.url ?? ''}`)
      ;({ gate, context } = lost)
    }
    const { trigger } = gate
    // `/docs skip` on a pull request sets its docs check and reaches no agent.
    if (await skipByCommand(settings, session, trigger)) return

    const thread = await openThread(settings, session, trigger)
    if (thread && trigger.reactionTarget) await thread.acknowledge(trigger.reactionTarget)

    const decision = await decidePlan(settings, session, trigger, thread)
    if ('skipped' in decision)
      return await report({ kind: 'skipped', reason: skipText(decision.skipped) }, settings, session, undefined)
    if ('refused' in decision) {
      const refusal = { kind: 'error', jobId: undefined, job: undefined, message: decision.refused } as const
      return await report(refusal, settings, session, thread?.url)
    }

    const { plan, startedBy } = await addEventContext(decision.plan, settings, context, session.github)
    const prompt = plan.kind === 'join' ? undefined : await showPrompt(plan.prompt, settings.apiKey)

    const facts = { settings, context, trigger }
    // A request to a companion's job starts its code pull request's docs check over.
    const checkHead = thread && checkHeadFor(session, trigger, plan, thread)
    thread?.signDecisions({ ...runDecisions(thread.issueNumber, facts, startedBy, decision.note), checkHead })
    const comment = threadComment(thread, facts, decision.note)
    const job = await runJob(settings, session, plan, thread, comment, startedBy)

    // The outputs and the summary go out before the comment's last edit, so that a slow or failing
    // GitHub cannot hold them back (a cancelled run has seconds before the runner kills it).
    const urlReported = thread?.url
    const pullRequest = parsePullRequestLink(jobOf(job.result)?.prLink, context.serverUrl)
    await report(job.result, settings, session, urlReported, { pullRequest, prompt })

    await finishAfterJob(session, job, thread, { facts, comment, startedBy, pullRequest, urlReported })
    if (thread && checkHead)
      await settleDocsCheck(session, { number: thread.issueNumber, sha: checkHead }, job.result, thread.url)
  } catch (error) {
    // A bug, not a job outcome: say so plainly rather than crash with a stack of minified code.
    log.fail(`docs-agent-action stopped on an unexpected error: ${messageOf(error)}`)
  } finally {
    // Warnings raised after the summary (the last edit, the agent's pull request) are added to it.
    await writeLateWarnings(settings.apiKey)
    // Last, after everything people read: a label they may want is made where it is read, not by hand.
    const github = readsSkipLabel(settings, context) ? await session.github().catch(() => undefined) : undefined
    if (github) await makeSkipLabel(settings.skipLabel, github)
    session.close()
  }
}
