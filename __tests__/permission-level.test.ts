import { hasPermission, parsePermissionLevel, PERMISSION_LEVELS } from '../src/base/permission-level.js'

describe('parsePermissionLevel', () => {
  it('reads the five levels in any case and with surrounding spaces', () => {
    expect(PERMISSION_LEVELS.map((level) => parsePermissionLevel(` ${level.toUpperCase()} `))).toEqual([
      'read',
      'triage',
      'write',
      'maintain',
      'admin'
    ])
  })

  it('rejects anything else', () => {
    for (const text of ['', 'none', 'push', 'pull', 'owner', 'writer', 'constructor']) {
      expect(parsePermissionLevel(text)).toBeUndefined()
    }
  })
})

describe('hasPermission', () => {
  it('passes a level at or above the required one and fails one below', () => {
    expect(hasPermission('write', 'write')).toBe(true)
    expect(hasPermission('maintain', 'write')).toBe(true)
    expect(hasPermission('admin', 'maintain')).toBe(true)
    expect(hasPermission('triage', 'write')).toBe(false)
    expect(hasPermission('write', 'admin')).toBe(false)
  })

  it('never passes none, an empty or an unknown value', () => {
    for (const actual of ['none', '', 'docs-editor', 'owner']) {
      expect(hasPermission(actual, 'read')).toBe(false)
    }
  })

  it('under-grants when given the folded `permission` instead of role_name', () => {
    // A maintainer's `permission` is "write" and a triager's "read": only role_name reaches these levels.
    expect(hasPermission('write', 'maintain')).toBe(false)
    expect(hasPermission('maintain', 'maintain')).toBe(true)
    expect(hasPermission('read', 'triage')).toBe(false)
    expect(hasPermission('triage', 'triage')).toBe(true)
  })
})
