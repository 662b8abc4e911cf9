// The organisation case of `npm run bench` (tools/bench/organisation.ts): 40 repositories sharing one
// project's hourly limit. Its figures are the bench's; these are the facts docs/adopt.md states.
import { digestMinute, organisationDay } from '../tools/bench/organisation.js'

describe('an organisation of 40 repositories, one project', () => {
  it('spreads 40 digests over the hour by their minute from owner/name, where one shared minute starts all 40 at once', () => {
    expect(organisationDay(5, 0, true).digestsInOneMinute).toBeLessThanOrEqual(3)
    expect(organisationDay(5, 0, false).digestsInOneMinute).toBe(40)
    expect(digestMinute('acme/repo-0')).toBe(digestMinute('acme/repo-0'))
    expect(new Set(Array.from({ length: 40 }, (_, i) => digestMinute(`acme/repo-${i}`))).size).toBeGreaterThan(25)
  })

  it('stays under the hourly limit with 5 /docs and a digest a day each: nothing held back', () => {
    expect(organisationDay(5, 0, true)).toMatchObject({ creates: 240, heldBack: 0, queued: 0 })
  })

  it('queues what the limit holds back past a run, and creates every request once, none left', () => {
    const day = organisationDay(5, 20, true)
    expect(day.busiestHour).toBeGreaterThan(100)
    expect(day.queued).toBeGreaterThan(0)
    expect(day).toMatchObject({ creates: 1040, left: 0 })
  })
})
