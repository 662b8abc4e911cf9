// The description's schemas as JSON Schema that ajv checks values against. GitHub's description is
// OpenAPI 3.0, whose schemas are JSON Schema but for `nullable: true` (null is allowed too), which
// is turned into JSON Schema here; each component schema a check reaches is a document of its own.
import { Ajv, type ValidateFunction } from 'ajv'
import addFormatsModule from 'ajv-formats'
import type { Description, OpenApiSchema } from './description.js'

/** A value checked against a schema: the problems, as `/path/to/field: what is wrong`; none when it conforms. */
export type SchemaCheck = (value: unknown) => string[]

const DOCUMENT_ID = 'github'
const KEYWORDS_WITH_SCHEMA_MAPS = new Set(['properties', 'patternProperties', 'definitions', '$defs'])
const NOT_SCHEMAS = new Set(['example', 'examples', 'enum', 'const', 'default', 'required', 'discriminator'])

/**
 * Fields GitHub sends as null though its REST description does not allow it, where the description
 * itself says so of the same object elsewhere: an outdated review comment's `line` is null (the
 * webhook schema of the same comment has it nullable).
 */
const NULL_BEYOND_THE_DESCRIPTION: readonly (readonly [schema: string, property: string])[] = [
  ['review-comment', 'line']
]

export interface SchemaChecker {
  /** The check of a schema written in the description; the same schema object gives the same check. */
  check(schema: OpenApiSchema): SchemaCheck
}

export function schemaChecker(description: Description): SchemaChecker {
  // inlineRefs off: a component schema (simple-user is in most answers) is compiled once and
  // referenced, not compiled again into every schema that uses it; the checks are the same.
  const ajv = new Ajv({ strict: false, allErrors: true, validateSchema: false, inlineRefs: false })
  addFormatsModule.default(ajv)
  // GitHub's own formats, which say nothing a check could hold a value to.
  for (const format of ['timestamp', 'repo.nwo', 'ssh-key', 'ssh-key fingerprint']) ajv.addFormat(format, true)
  const schemas = { ...description.components.schemas }
  for (const [name, property] of NULL_BEYOND_THE_DESCRIPTION) {
    const schema = schemas[name] as { properties: Record<string, object> }
    schemas[name] = {
      ...schema,
      properties: { ...schema.properties, [property]: { ...schema.properties[property], nullable: true } }
    }
  }
  // Each component schema is given to ajv when a check first reaches it, not all of them up front:
  // converting and adding the description's 900-odd took most of a second in every test file that
  // starts the fake, and a test file checks a few dozen.
  const added = new Set<string>()
  const addReachable = (schema: unknown): void => {
    for (const name of referencedSchemas(schema)) {
      if (added.has(name)) continue
      added.add(name)
      ajv.addSchema({ components: { schemas: { [name]: jsonSchemaOf(schemas[name]) } } }, componentId(name))
      addReachable(schemas[name])
    }
  }
  const checks = new WeakMap<OpenApiSchema, SchemaCheck>()
  return {
    check(schema) {
      let check = checks.get(schema)
      if (check === undefined) {
        addReachable(schema)
        const validate = ajv.compile(jsonSchemaOf(schema) as object)
        check = (value) => (validate(value) ? [] : problemsOf(validate))
        checks.set(schema, check)
      }
      return check
    }
  }
}

const SCHEMA_REFERENCE = /^#\/components\/schemas\/(.+)$/

/** The component schemas `schema` refers to directly, by name. */
function referencedSchemas(schema: unknown): Set<string> {
  const names = new Set<string>()
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(visit)
    else if (typeof value === 'object' && value !== null) {
      for (const [key, sub] of Object.entries(value)) {
        const name = key === '$ref' && typeof sub === 'string' ? SCHEMA_REFERENCE.exec(sub)?.[1] : undefined
        if (name !== undefined) names.add(name)
        else visit(sub)
      }
    }
  }
  visit(schema)
  return names
}

/** Where ajv finds a component schema: a document of its own holding just it, at its usual path. */
function componentId(name: string): string {
  return `${DOCUMENT_ID}-${name}`
}

function problemsOf(validate: ValidateFunction): string[] {
  return (validate.errors ?? []).map((error) => {
    const extra =
      error.keyword === 'additionalProperties'
        ? ` (${String(error.params.additionalProperty)})`
        : error.keyword === 'enum'
          ? ` (${JSON.stringify(error.params.allowedValues)})`
          : ''
    return `${error.instancePath || '/'}: ${error.message ?? error.keyword}${extra}`
  })
}

/**
 * An OpenAPI 3.0 schema (or a map of them) as JSON Schema: `nullable: true` becomes a type that
 * allows null, and a `#/components/schemas/...` reference points into the component's own document.
 */
function jsonSchemaOf(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map((item) => jsonSchemaOf(item))
  if (typeof schema !== 'object' || schema === null) return schema
  const converted: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(schema as Record<string, unknown>)) {
    if (key === '$ref' && typeof value === 'string') {
      const name = SCHEMA_REFERENCE.exec(value)?.[1]
      converted[key] = name === undefined ? value : `${componentId(name)}${value}`
    } else if (NOT_SCHEMAS.has(key)) converted[key] = value
    else if (KEYWORDS_WITH_SCHEMA_MAPS.has(key) && typeof value === 'object' && value !== null) {
      converted[key] = Object.fromEntries(Object.entries(value).map(([name, sub]) => [name, jsonSchemaOf(sub)]))
    } else converted[key] = jsonSchemaOf(value)
  }
  if (converted.nullable !== true) return converted
  delete converted.nullable
  if (typeof converted.type === 'string') {
    converted.type = [converted.type, 'null']
    const values = converted.enum as unknown[] | undefined
    if (values && !values.includes(null)) converted.enum = [...values, null]
    return converted
  }
  // `nullable` beside allOf, oneOf or a reference, without a type of its own: null, or what the rest says.
  return { anyOf: [{ type: 'null' }, converted] }
}
