// Review finding (a688f28): the record a companion create writes ahead fails on a GitHub outage (a 502
// on the comment create, twice: the try and the one after the look for it). Since a688f28 the run's
// last edit then posts the progress comment, and that comment, on the pull request, says the companion
// progress comment "could not be written (see the warning above)" and to re-run "once the workflow has
// `pull-requests: write` and `issues: write`": untrue in the very comment that was written, pointing
// at a log the reader of the pull request does not see, and sending the user to change permissions
// the workflow already has.
import { codeComments } from './support/companion-fixture.js'
import { life, NOT_WAITING } from './support/companion-life.js'

describe('mode companion, a record ahead of a create lost to a GitHub outage', () => {
  it('does not post a comment saying the comment could not be written, or to add permissions it has', () =>
    life(
      async ({ repositories, companion }) => {
        const opened = await companion({ action: 'opened', head: 0 }, {}, NOT_WAITING)
        expect(opened.failed).toBe(true)
        const [comment] = codeComments(repositories)
        expect(comment).toBeDefined()
        expect(comment!.body).not.toMatch(/could not be written/)
        expect(comment!.body).not.toMatch(/pull-requests: write/)
      },
      { github: { failures: [{ method: 'POST', pathIncludes: '/issues/61/comments', status: 502, times: 2 }] } }
    ))
})
