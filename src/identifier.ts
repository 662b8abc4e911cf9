// Project and job ids go into URL paths and into the progress comment's marker, so only plain
// identifiers are accepted wherever they come from: an input, the API or a comment.

/** The characters of a plain identifier, for building larger patterns. */
export const IDENTIFIER_CHARS = '[A-Za-z0-9._-]+'
const PLAIN = new RegExp(`^${IDENTIFIER_CHARS}$`)

/** Letters, digits, `-`, `_`, `.`; never `.` or `..`, which would mean a path. */
export function isPlainIdentifier(value: string): boolean {
  return PLAIN.test(value) && value !== '.' && value !== '..'
}
