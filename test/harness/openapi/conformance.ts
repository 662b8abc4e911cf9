// One exchange with the GitHub fake checked against GitHub's OpenAPI description: the request
// (method and path to an operation, its path and query parameters, its body and media types), and
// the fake's answer (a status the operation has, a body of that status's schema, the media type).
import {
  type Description,
  githubDescription,
  type MediaContent,
  type Operation,
  type Parameter
} from './description.js'
import { type SchemaChecker, schemaChecker } from './schemas.js'

export interface Exchange {
  method: string
  /** As the fake received it, below its prefix (`/api/v3` for GitHub Enterprise Server): path and query. */
  path: string
  /** The request's headers, lower-case names. */
  headers: Record<string, string | string[] | undefined>
  /** The request body as sent ('' for none). */
  body: string
  /** The fake's answer; undefined when it gave none (a GitHub that hangs). */
  answer?: {
    status: number
    contentType: string
    /** The body's text when its media type is JSON; undefined for no body and for any other media type (a diff). */
    json: string | undefined
  }
}

export interface Verdict {
  /** `issues/list-comments`, or undefined when no operation of the description has this method and path. */
  operation: string | undefined
  /** What does not conform, each prefixed with the part it is about (`request query`, `answer 200`...). */
  problems: string[]
}

/** JSON, as GitHub answers it unless asked for another media type. */
const JSON_MEDIA_TYPES = new Set(['application/json', 'application/vnd.github+json'])
/**
 * Answers GitHub may give to any request though an operation does not list them: a refused token,
 * a rate limit, something that does not exist or that the token cannot see, an outage. The fake gives them when a test injects a failure; their body is GitHub's error.
 */
const ANY_OPERATION_STATUSES = new Set([401, 403, 404, 429, 500, 502, 503, 504])
/**
 * Answers an operation gives though its description lists only success: GitHub's REST docs say a
 * commit status past 1,000 per commit and context is "a validation error" (422), as is an unknown commit.
 */
const UNLISTED_ANSWERS: ReadonlyMap<string, ReadonlySet<number>> = new Map([
  ['repos/create-commit-status', new Set([422])]
])

/** GitHub's error body (`message`, `documentation_url`), for a failure an operation does not describe. */
const ERROR_CONTENT: MediaContent = { 'application/json': { $ref: '#/components/schemas/basic-error' } }

interface Checks {
  description: Description
  schemas: SchemaChecker
}

/**
 * Under jest, the worker's cache (tools/jest-environment.js), so that the description is read and a
 * schema compiled once per worker rather than once per test file; elsewhere (the demo, the bench)
 * this module's own.
 */
const cache = (globalThis as { workerCache?: Map<string, Checks> }).workerCache ?? new Map<string, Checks>()

function checks(): Checks {
  let found = cache.get('github-openapi')
  if (found === undefined) {
    const description = githubDescription()
    found = { description, schemas: schemaChecker(description) }
    cache.set('github-openapi', found)
  }
  return found
}

export function checkExchange(exchange: Exchange, options: { request: boolean }): Verdict {
  const { description, schemas } = checks()
  const url = new URL(exchange.path, 'http://fake')
  const found = description.find(exchange.method, url.pathname)
  if (found === undefined) {
    const problems = options.request ? [`request: no operation ${exchange.method} ${url.pathname}`] : []
    return { operation: undefined, problems }
  }
  const { operation, pathValues } = found
  const problems = options.request ? requestProblems(operation, pathValues, url, exchange, schemas) : []
  if (exchange.answer) problems.push(...answerProblems(operation, exchange.answer, exchange.headers, schemas))
  return { operation: operation.id, problems }
}

function requestProblems(
  operation: Operation,
  pathValues: Map<string, string>,
  url: URL,
  exchange: Exchange,
  schemas: SchemaChecker
): string[] {
  const problems: string[] = []
  for (const parameter of operation.parameters.filter((p) => p.in === 'path')) {
    const raw = pathValues.get(parameter.name) ?? ''
    problems.push(...parameterProblems(parameter, [decodeURIComponent(raw)], schemas, 'request path'))
  }
  const query = operation.parameters.filter((p) => p.in === 'query')
  for (const name of new Set(url.searchParams.keys())) {
    if (!query.some((parameter) => parameter.name === name)) problems.push(`request query: no parameter "${name}"`)
  }
  for (const parameter of query) {
    const values = url.searchParams.getAll(parameter.name)
    if (values.length === 0) {
      if (parameter.required) problems.push(`request query: "${parameter.name}" is required`)
    } else problems.push(...parameterProblems(parameter, values, schemas, 'request query'))
  }
  problems.push(...mediaTypeProblems(operation, header(exchange.headers, 'accept')))
  problems.push(...bodyProblems(operation, exchange, schemas))
  return problems
}

/** A parameter's value, read as its schema's type (query strings and paths are text), against the schema. */
function parameterProblems(parameter: Parameter, values: string[], schemas: SchemaChecker, where: string): string[] {
  const { schema } = parameter
  const typed =
    schema.type === 'array'
      ? values.map((value) => typedValue(schema.items, value))
      : typedValue(schema, values[0] ?? '')
  return schemas
    .check(schema)(typed)
    .map((problem) => `${where} "${parameter.name}" ${JSON.stringify(values.join(','))}${problem.replace(/^\//, '')}`)
}

function typedValue(schema: unknown, value: string): unknown {
  const type = (schema as { type?: unknown } | undefined)?.type
  if ((type === 'integer' || type === 'number') && /^-?\d+(\.\d+)?$/.test(value)) return Number(value)
  if (type === 'boolean' && (value === 'true' || value === 'false')) return value === 'true'
  return value
}

/** The Accept header names JSON, or a media type the operation serves. */
function mediaTypeProblems(operation: Operation, accept: string | undefined): string[] {
  if (accept === undefined) return ['request: no Accept header (GitHub recommends application/vnd.github+json)']
  const types = accept.split(',').map((part) => mediaTypeOf(part))
  const served = types.filter((type) => JSON_MEDIA_TYPES.has(type) || operation.customMediaTypes.has(type))
  return served.length > 0
    ? []
    : [`request: Accept ${JSON.stringify(accept)} names no media type ${operation.id} serves`]
}

function bodyProblems(operation: Operation, exchange: Exchange, schemas: SchemaChecker): string[] {
  if (operation.body === undefined) {
    return exchange.body === '' ? [] : [`request body: ${operation.id} takes none, and one was sent`]
  }
  if (exchange.body === '') return operation.body.required ? [`request body: ${operation.id} requires one`] : []
  const contentType = header(exchange.headers, 'content-type')
  const type = contentType === undefined ? undefined : mediaTypeOf(contentType)
  if (type === undefined || !(type in operation.body.content)) {
    return [
      `request body: Content-Type ${String(contentType)} is not one of ${Object.keys(operation.body.content).join(', ')}`
    ]
  }
  let json: unknown
  try {
    json = JSON.parse(exchange.body)
  } catch {
    return ['request body: not JSON']
  }
  return contentProblems(operation.body.content, type, json, schemas, 'request body')
}

function answerProblems(
  operation: Operation,
  answer: NonNullable<Exchange['answer']>,
  headers: Exchange['headers'],
  schemas: SchemaChecker
): string[] {
  const { status, contentType, json: text } = answer
  const where = `answer ${status}`
  let json: unknown
  try {
    json = text === undefined ? undefined : JSON.parse(text)
  } catch {
    return [`${where}: its body is not JSON`]
  }
  const content = operation.answers.get(String(status)) ?? operation.answers.get('default')
  if (content === undefined) {
    const unlisted = UNLISTED_ANSWERS.get(operation.id)?.has(status) === true
    if (!ANY_OPERATION_STATUSES.has(status) && !unlisted) return [`${where}: ${operation.id} has no such answer`]
    return contentProblems(
      { 'application/json': { $ref: '#/components/schemas/basic-error' } },
      'application/json',
      json,
      schemas,
      where
    )
  }
  const type = mediaTypeOf(contentType)
  if (Object.keys(content).length === 0) {
    // An answer the description gives no body: none for a success (204), GitHub's error for a failure.
    if (status >= 400) return contentProblems(ERROR_CONTENT, 'application/json', json, schemas, where)
    return text === undefined ? [] : [`${where}: ${operation.id} answers this without a body`]
  }
  const asked = (header(headers, 'accept') ?? '').split(',').map(mediaTypeOf)
  if (!JSON_MEDIA_TYPES.has(type) && !asked.includes(type)) return [`${where}: ${type} was not asked for`]
  if (JSON_MEDIA_TYPES.has(type)) return contentProblems(content, 'application/json', json, schemas, where)
  return operation.customMediaTypes.has(type) ? [] : [`${where}: ${operation.id} does not serve ${type}`]
}

function contentProblems(
  content: MediaContent,
  type: string,
  value: unknown,
  schemas: SchemaChecker,
  where: string
): string[] {
  if (!(type in content)) return [`${where}: no ${type} content in the description`]
  const schema = content[type]
  if (schema === undefined) return []
  return schemas
    .check(schema)(value)
    .map((problem) => `${where} ${problem}`)
}

/** The media type without parameters; GitHub's versioned form (`application/vnd.github.v3.diff`) as the plain one. */
function mediaTypeOf(value: string): string {
  return (value.split(';')[0] ?? '')
    .trim()
    .toLowerCase()
    .replace(/^application\/vnd\.github\.v3([.+])/, 'application/vnd.github$1')
}

function header(headers: Exchange['headers'], name: string): string | undefined {
  const value = headers[name]
  return Array.isArray(value) ? value.join(', ') : value
}
