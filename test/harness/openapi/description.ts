// GitHub's published OpenAPI description of api.github.com (@octokit/openapi, OpenAPI 3.0), read
// into what a check of one request needs: its operation, found by method and path as GitHub routes
// them, with the operation's parameters, body and answers, references resolved.
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'

/** An OpenAPI 3.0 schema object, as the description writes it. */
export type OpenApiSchema = Record<string, unknown>

export interface Parameter {
  name: string
  in: 'path' | 'query'
  required: boolean
  schema: OpenApiSchema
  /** GitHub's extension: a path parameter that spans segments (`basehead` is `base...head`, each may hold `/`). */
  multiSegment: boolean
}

export interface MediaContent {
  /** Media type (`application/json`) -> its schema, when the description gives one. */
  [mediaType: string]: OpenApiSchema | undefined
}

export interface Operation {
  /** GitHub's name for it, e.g. `issues/list-comments`. */
  id: string
  method: string
  /** As the description writes it, e.g. `/repos/{owner}/{repo}/issues/{issue_number}/comments`. */
  template: string
  parameters: Parameter[]
  body: { required: boolean; content: MediaContent } | undefined
  /** Status (`200`, or `default`) -> what that answer may carry. */
  answers: Map<string, MediaContent>
  /** Media types other than JSON the operation serves (`application/vnd.github.diff`), from its text and answers. */
  customMediaTypes: Set<string>
}

export interface Description {
  /** `#/components/schemas/...` and the rest of the description's components, for references. */
  components: Record<string, Record<string, unknown>>
  operations: Operation[]
  /** The operation a request for `method` and `path` (the path below the API's root, without a query) is for. */
  find(method: string, path: string): { operation: Operation; pathValues: Map<string, string> } | undefined
}

type Raw = Record<string, unknown>

const METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'])
// The description names the media types an operation serves beyond JSON in a list of its text:
// "- **`application/vnd.github.diff`**: Returns the diff of the commit."
const CUSTOM_MEDIA_TYPE = /\*\*`(application\/vnd\.github\.[a-z0-9.+-]+)`\*\*/g

let loaded: Description | undefined

/** The description, read once per module registry (a jest test file). */
export function githubDescription(): Description {
  loaded ??= readDescription()
  return loaded
}

function readDescription(): Description {
  const file = createRequire(import.meta.url).resolve('@octokit/openapi/generated/api.github.com.json')
  const document = JSON.parse(readFileSync(file, 'utf8')) as Raw
  const components = document.components as Description['components']
  const resolve = (value: unknown): Raw => {
    let raw = value as Raw
    while (typeof raw.$ref === 'string') {
      const [, kind = '', name = ''] = /^#\/components\/([^/]+)\/(.+)$/.exec(raw.$ref) ?? []
      raw = components[kind]?.[name] as Raw
    }
    return raw
  }
  const operations: Operation[] = []
  for (const [template, item] of Object.entries(document.paths as Record<string, Raw>)) {
    for (const [method, rawOperation] of Object.entries(item)) {
      if (METHODS.has(method)) operations.push(operationOf(template, method, rawOperation as Raw, resolve))
    }
  }
  const routes = operations.map((operation) => ({ operation, segments: operation.template.split('/').slice(1) }))
  // The most literal segments first: `/issues/comments` is its own operation, not issue number "comments".
  routes.sort((a, b) => literals(b.segments) - literals(a.segments))
  return {
    components,
    operations,
    find(method, path) {
      const segments = path.split('/').slice(1)
      for (const route of routes) {
        if (route.operation.method !== method.toUpperCase()) continue
        const pathValues = matchSegments(route.segments, segments, route.operation.parameters)
        if (pathValues) return { operation: route.operation, pathValues }
      }
      return undefined
    }
  }
}

function operationOf(template: string, method: string, raw: Raw, resolve: (value: unknown) => Raw): Operation {
  const parameters = ((raw.parameters as unknown[] | undefined) ?? []).map((value): Parameter => {
    const parameter = resolve(value)
    return {
      name: parameter.name as string,
      in: parameter.in as Parameter['in'],
      required: parameter.required === true,
      schema: (parameter.schema ?? {}) as OpenApiSchema,
      multiSegment: parameter['x-multi-segment'] === true
    }
  })
  const requestBody = raw.requestBody === undefined ? undefined : resolve(raw.requestBody)
  const answers = new Map<string, MediaContent>()
  for (const [status, answer] of Object.entries((raw.responses ?? {}) as Raw)) {
    answers.set(status, contentOf(resolve(answer).content))
  }
  const description = typeof raw.description === 'string' ? raw.description : ''
  const customMediaTypes = new Set([...description.matchAll(CUSTOM_MEDIA_TYPE)].map((match) => match[1] as string))
  for (const content of answers.values()) {
    for (const type of Object.keys(content)) if (type !== 'application/json') customMediaTypes.add(type)
  }
  return {
    id: String(raw.operationId),
    method: method.toUpperCase(),
    template,
    parameters,
    body: requestBody && { required: requestBody.required === true, content: contentOf(requestBody.content) },
    answers,
    customMediaTypes
  }
}

function contentOf(content: unknown): MediaContent {
  const media: MediaContent = {}
  for (const [type, value] of Object.entries((content ?? {}) as Record<string, Raw>)) {
    media[type] = value.schema as OpenApiSchema | undefined
  }
  return media
}

function literals(segments: string[]): number {
  return segments.filter((segment) => !segment.startsWith('{')).length
}

/** The path parameters' raw (still %-encoded) values, when `actual` is a path of the template `segments`. */
function matchSegments(segments: string[], actual: string[], parameters: Parameter[]): Map<string, string> | undefined {
  const values = new Map<string, string>()
  for (let index = 0; index < segments.length; index++) {
    const segment = segments[index] as string
    const name = /^\{(.+)\}$/.exec(segment)?.[1]
    if (name === undefined) {
      if (actual[index] !== segment) return undefined
      continue
    }
    if (parameters.find((parameter) => parameter.name === name)?.multiSegment && index === segments.length - 1) {
      const rest = actual.slice(index).join('/')
      if (rest === '') return undefined
      values.set(name, rest)
      return values
    }
    const value = actual[index]
    if (value === undefined || value === '') return undefined
    values.set(name, value)
  }
  return actual.length === segments.length ? values : undefined
}
