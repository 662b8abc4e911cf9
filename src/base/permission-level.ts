// Repository permission levels, lowest first, as the required-permission input names them.

export const PERMISSION_LEVELS = ['read', 'triage', 'write', 'maintain', 'admin'] as const
export type PermissionLevel = (typeof PERMISSION_LEVELS)[number]

export function parsePermissionLevel(text: string): PermissionLevel | undefined {
  const level = text.trim().toLowerCase()
  return PERMISSION_LEVELS.find((known) => known === level)
}

/**
 * Whether a person's repository permission reaches `required`.
 *
 * `actual` comes from GET /repos/{owner}/{repo}/collaborators/{username}/permission. Pass its
 * `role_name` when parsePermissionLevel recognises it, else its `permission`: `permission` only says
 * admin/write/read/none (maintain is folded into write, triage into read), so a maintainer would fail a
 * `maintain` requirement and a triager a `triage` one. Custom organisation roles have their own
 * `role_name`; for those `permission` is the base level. The folding only ever under-grants.
 * `none` and anything unknown never pass.
 */
export function hasPermission(actual: string, required: PermissionLevel): boolean {
  const level = parsePermissionLevel(actual)
  if (level === undefined) return false
  return PERMISSION_LEVELS.indexOf(level) >= PERMISSION_LEVELS.indexOf(required)
}
