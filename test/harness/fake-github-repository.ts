// The GitHub fake's repository record (GET /repos/{owner}/{repo}, for the default branch) and issue
// creation (POST /repos/{owner}/{repo}/issues, the digest thread), as api.github.com answers them.
import { repositoryJson, type Site } from './fake-github-records.js'
import type { IssueTracker } from './fake-github-labels.js'
import { isTooLong, bodyTooLong, type Payload, type Reply, type Route, validationFailed } from './fake-github-reply.js'

/** The first number an issue the action opens gets: tests seed their threads and pull requests below it. */
export const FIRST_OPENED_ISSUE = 1000

export function fakeRepository(site: () => Site, tracker: IssueTracker): { routes: Route[]; opened: () => number[] } {
  const opened: number[] = []
  const getRepository = (owner: string, repo: string): Reply => ({
    status: 200,
    body: { ...repositoryJson(site(), owner, repo), has_discussions: false, network_count: 0, subscribers_count: 0 }
  })
  const openIssue = (owner: string, repo: string, _param: string, _url: URL, payload: Payload): Reply => {
    const { title, body, labels = [] } = payload
    if (typeof title !== 'string' || title === '') return validationFailed('title', 'missing_field', 'Issue')
    if (body !== undefined && typeof body !== 'string') return validationFailed('body')
    if (typeof body === 'string' && isTooLong(body)) return bodyTooLong()
    if (!Array.isArray(labels) || labels.some((name) => typeof name !== 'string')) return validationFailed('labels')
    const number = FIRST_OPENED_ISSUE + opened.length
    opened.push(number)
    tracker.addIssue(owner, repo, number, { title, ...(typeof body === 'string' && { body }) })
    for (const name of labels as string[]) tracker.label(owner, repo, number, name)
    const json: Record<string, unknown> = tracker.issueJson(owner, repo, number)
    return { status: 201, body: json, headers: { location: String(json.url) } }
  }
  return {
    routes: [
      ['GET', /^$/, getRepository],
      ['POST', /^\/issues$/, openIssue]
    ],
    opened: () => [...opened]
  }
}
