// The readers of GitHub's objects against GitHub's own description of them: every field the
// description lets GitHub leave out or send as null, left out or null in turn, in the description's
// own example of the object, still reads; and a check that would refuse such a field does not compile.
import { describe, expect, it } from '@jest/globals'
import { described, isString, optional, type Schemas } from '../src/github/described.js'
import { readLineComment } from '../src/github/review-comments.js'
import { readChangedFile, readIssue, readPullRequest, readRelease } from '../src/github/records.js'
import { githubDescription } from '../test/harness/openapi/description.js'
import { schemaChecker } from '../test/harness/openapi/schemas.js'

const description = githubDescription()
const schemas = schemaChecker(description)

type Raw = Record<string, unknown>

/** The description's example of an object (the first item of a list's example). */
function example(name: string): Raw {
  const value = (description.components.examples?.[name] as { value: unknown }).value
  return structuredClone(Array.isArray(value) ? (value[0] as Raw) : (value as Raw))
}

/** A schema of the description, its reference followed. */
function schemaOf(value: unknown): Raw {
  const reference = (value as { $ref?: string }).$ref
  return reference ? schemaOf(description.components.schemas?.[reference.split('/').pop() as string]) : (value as Raw)
}

/**
 * The example with each top-level field the schema does not require left out, and each it allows
 * to be null set to null, one at a time: only those that still conform to the description.
 */
function variants(schemaName: string, value: Raw): { change: string; value: Raw }[] {
  const schema = schemaOf({ $ref: `#/components/schemas/${schemaName}` })
  const required = new Set(schema.required as string[])
  const found: { change: string; value: Raw }[] = []
  for (const [field, property] of Object.entries(schema.properties as Record<string, unknown>)) {
    if (!required.has(field) && field in value) {
      const rest = { ...value }
      delete rest[field]
      found.push({ change: `without ${field}`, value: rest })
    }
    if (schemaOf(property).nullable === true)
      found.push({ change: `${field}: null`, value: { ...value, [field]: null } })
  }
  const check = schemas.check({ $ref: `#/components/schemas/${schemaName}` })
  return found.filter((variant) => check(variant.value).length === 0)
}

const readers: [schema: string, example: string, read: (value: unknown) => unknown][] = [
  ['issue', 'issue', readIssue],
  ['pull-request', 'pull-request', readPullRequest],
  ['diff-entry', 'diff-entry-items', readChangedFile],
  ['release', 'release', readRelease],
  ['review-comment', 'review-comment-items', readLineComment]
]

describe("the readers of GitHub's objects", () => {
  it.each(readers)(
    'read the %s the description shows, and each form of it the description allows',
    (name, shown, read) => {
      const value = example(shown)
      // The description's own example of a pull request names a team without the `type` its schema requires.
      if (name === 'pull-request') value.requested_teams = []
      expect(schemas.check({ $ref: `#/components/schemas/${name}` })(value)).toEqual([])
      expect(read(value)).toBeDefined()
      const forms = variants(name, value)
      expect(forms.length).toBeGreaterThan(0)
      const unread = forms.filter((form) => read(form.value) === undefined).map((form) => form.change)
      expect(unread).toEqual([])
    }
  )

  it("reads an issue of a deleted account as nobody's, and one without a body as empty", () => {
    const issue = example('issue')
    delete issue.body
    const read = readIssue({ ...issue, user: null })
    expect(read).toMatchObject({ body: '', number: 1347 })
    expect(read?.author).toBeUndefined()
  })

  it('does not compile a check that refuses what the description allows', () => {
    // An issue comment's body may be left out: a check that requires it would drop such comments.
    // @ts-expect-error the check refuses values GitHub describes for the field
    described<Schemas['issue-comment']>()({ body: isString })
    // Handled as the description says, it compiles and reads.
    const isComment = described<Schemas['issue-comment']>()({ body: optional(isString) })
    expect(isComment({})).toBe(true)
    expect(isComment({ body: 7 })).toBe(false)
  })
})
