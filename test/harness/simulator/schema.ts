// The agent API as the vendor documents it, written out as data: the simulator checks every request
// it reads and every answer it is about to send against these facts. Source: the vendor's OpenAPI
// document for the admin API, v2.0.0, /v2/agent paths (docs/design.md lists the same facts).
// Nothing here comes from src/ on purpose: a simulator that checked its answers against the client's
// own types would serve a client bug straight back to the client, and every test would agree with it.

/** A JSON value as the document describes it. */
export type ValueSpec = StringSpec | ObjectSpec

interface StringSpec {
  type: 'string'
  enum?: readonly string[]
  format?: 'uri' | 'date-time'
  minLength?: number
  nullable?: boolean
}

interface ObjectSpec {
  type: 'object'
  /** Every one must be present (see JOB for why). */
  properties: Readonly<Record<string, ValueSpec>>
  /** Fields the document does not list are refused unless this says they are ignored. */
  otherFields?: 'ignored'
}

export const JOB_STATUSES = ['active', 'completed', 'archived', 'failed'] as const

/**
 * The AgentJob schema. The document marks no field required; the simulator serves every one and
 * nothing else, so a missing or extra field is its own bug, and the client cannot come to rely on a
 * field the vendor never promised.
 */
export const JOB = {
  type: 'object',
  properties: {
    id: { type: 'string' },
    status: { type: 'string', enum: JOB_STATUSES },
    source: {
      type: 'object',
      properties: {
        // "Full URL of the GitHub repository": the document says so in words, not as a format.
        repository: { type: 'string', format: 'uri' },
        ref: { type: 'string', nullable: true }
      }
    },
    model: { type: 'string' },
    // Null while the job is active, and when the agent changed no files.
    prLink: { type: 'string', format: 'uri', nullable: true },
    createdAt: { type: 'string', format: 'date-time' },
    archivedAt: { type: 'string', format: 'date-time', nullable: true }
  }
} as const satisfies ObjectSpec

/** The Error schema, the body of every failure the document lists. */
export const ERROR = {
  type: 'object',
  properties: { error: { type: 'string' } }
} as const satisfies ObjectSpec

/** The body of a create and of a follow-up message: prompt is required; other fields are not refused. */
export const PROMPT_REQUEST = {
  type: 'object',
  properties: { prompt: { type: 'string', minLength: 1 } },
  otherFields: 'ignored'
} as const satisfies ObjectSpec

interface OperationSpec {
  method: 'GET' | 'POST'
  path: string
  request?: ObjectSpec
  /** The statuses the document lists for the operation, with the body each one has. */
  answers: Readonly<Record<number, ObjectSpec>>
}

export const OPERATIONS = {
  create: {
    method: 'POST',
    path: '/v2/agent/{projectId}/job',
    request: PROMPT_REQUEST,
    answers: { 201: JOB, 400: ERROR, 429: ERROR }
  },
  get: {
    method: 'GET',
    path: '/v2/agent/{projectId}/job/{id}',
    answers: { 200: JOB, 404: ERROR }
  },
  message: {
    method: 'POST',
    path: '/v2/agent/{projectId}/job/{id}/message',
    request: PROMPT_REQUEST,
    answers: { 200: JOB, 400: ERROR, 404: ERROR, 429: ERROR }
  }
} as const satisfies Record<string, OperationSpec>

export type Operation = keyof typeof OPERATIONS

/**
 * What the simulator answers though no operation lists it, always with the Error body: 401 to a
 * missing or refused key (the document requires a bearer key on every path but names no status for
 * a refused one; docs/design.md records the vendor's 401), and 404 to a project the key does not
 * reach or a path no operation has (the document lists no 404 for creating a job, yet a mistyped
 * project id must get an answer the action can explain).
 */
export const REFUSALS: Readonly<Record<number, ObjectSpec>> = { 401: ERROR, 404: ERROR }

/** A value as the simulator keeps and serves it: the spec's shape, any string where a string goes. */
type Served<S> = S extends { type: 'object'; properties: infer P }
  ? { -readonly [K in keyof P]: Served<P[K]> }
  : string | (S extends { nullable: true } ? null : never)

/** A job record as served. Its status is any string: a scenario may serve an undocumented one. */
export type JobRecord = Served<typeof JOB>

export type JobField = keyof JobRecord

export const JOB_FIELDS = Object.keys(JOB.properties) as JobField[]

/** The documented operation a request is, with its URL-decoded path parameters. */
export function operationOf(
  method: string,
  rawPath: string
): { operation: Operation; params: Record<string, string> } | undefined {
  let segments: string[]
  try {
    segments = (rawPath.split('?')[0] ?? '').split('/').map(decodeURIComponent)
  } catch {
    return undefined // malformed percent-encoding: no operation can match
  }
  for (const operation of Object.keys(OPERATIONS) as Operation[]) {
    const spec: OperationSpec = OPERATIONS[operation]
    const template = spec.path.split('/')
    if (spec.method !== method || template.length !== segments.length) continue
    const params: Record<string, string> = {}
    const matches = template.every((part, i) => {
      const segment = segments[i] ?? ''
      const name = /^\{(\w+)\}$/.exec(part)?.[1]
      if (name) params[name] = segment
      return name !== undefined || part === segment
    })
    if (matches) return { operation, params }
  }
  return undefined
}

/** Why a request body is not one the operation accepts (the vendor answers 400), if it is not. */
export function requestProblem(operation: Operation, body: string): string | undefined {
  const spec: OperationSpec = OPERATIONS[operation]
  if (!spec.request) return undefined
  let parsed: unknown
  try {
    parsed = JSON.parse(body)
  } catch {
    return 'the request body is not JSON; send {"prompt": "..."}'
  }
  return problemsOf(spec.request, parsed, 'the request body')[0]
}

/**
 * Why an answer the simulator is about to send is not one the document allows, if it is not.
 * `operation` is undefined for a request no operation matched. A job's `undocumented` fields may
 * hold values outside the document (a scenario asked for them), but still of the documented type.
 */
export function answerProblems(
  operation: Operation | undefined,
  status: number,
  body: unknown,
  undocumented: readonly JobField[] = []
): string[] {
  const listed: Readonly<Record<number, ObjectSpec>> = operation ? OPERATIONS[operation].answers : {}
  const spec = listed[status] ?? REFUSALS[status]
  if (!spec) {
    const where = operation ? `the ${operation} operation` : 'a request no operation matches'
    return [`${status} is not a status the document lists for ${where}`]
  }
  const relaxed = spec === JOB ? new Set<string>(undocumented) : new Set<string>()
  return problemsOf(spec, body, `the ${status} answer`, relaxed)
}

/** What is wrong with `value` against `spec`; `label` names the value, `path` the field in it. */
function problemsOf(
  spec: ValueSpec,
  value: unknown,
  label: string,
  relaxed: ReadonlySet<string> = new Set(),
  path: readonly string[] = []
): string[] {
  const name = path.length === 0 ? label : `"${path.join('.')}"`
  if (spec.type === 'string') return stringProblems(spec, value, name)
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return [`${name} is ${shown(value)}, not an object`]
  }
  const record = value as Record<string, unknown>
  const problems = Object.entries(spec.properties).flatMap(([field, fieldSpec]) => {
    if (record[field] === undefined) return [`"${[...path, field].join('.')}" is missing`]
    const checked = relaxed.has(field) ? typeOnly(fieldSpec) : fieldSpec
    return problemsOf(checked, record[field], label, new Set(), [...path, field])
  })
  if (spec.otherFields !== 'ignored') {
    const others = Object.keys(record).filter((field) => !(field in spec.properties))
    problems.push(...others.map((field) => `${name} has "${field}", a field the document does not list`))
  }
  return problems
}

function stringProblems(spec: StringSpec, value: unknown, name: string): string[] {
  if (value === null) return spec.nullable ? [] : [`${name} is null, not a string`]
  if (typeof value !== 'string') {
    return [`${name} is ${shown(value)}, not a string${spec.nullable ? ' or null' : ''}`]
  }
  if (spec.enum && !spec.enum.includes(value)) {
    return [`${name} is ${shown(value)}, not one of ${spec.enum.join(', ')}`]
  }
  if (spec.minLength !== undefined && [...value].length < spec.minLength) {
    return [`${name} is ${shown(value)}, shorter than ${spec.minLength} character(s)`]
  }
  if (spec.format === 'uri' && !isUri(value)) return [`${name} is ${shown(value)}, not a URI`]
  if (spec.format === 'date-time' && !isDateTime(value)) {
    return [`${name} is ${shown(value)}, not an RFC 3339 date-time`]
  }
  return []
}

/** The spec with its value rules (enum, format, length) dropped: what an undocumented field keeps. */
function typeOnly(spec: ValueSpec): ValueSpec {
  if (spec.type === 'string') return { type: 'string', nullable: spec.nullable }
  const properties = Object.fromEntries(
    Object.entries(spec.properties).map(([field, fieldSpec]) => [field, typeOnly(fieldSpec)])
  )
  return { ...spec, properties }
}

/** An absolute URI in RFC 3986 characters: no space or line break that a URL parser would mend. */
function isUri(value: string): boolean {
  const rfc3986 = /^[A-Za-z][A-Za-z0-9+.-]*:[A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;=%]+$/
  return rfc3986.test(value) && URL.canParse(value)
}

function isDateTime(value: string): boolean {
  const rfc3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/i
  return rfc3339.test(value) && !Number.isNaN(Date.parse(value))
}

/** A value quoted for a problem: as JSON, cut short when long. */
function shown(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value)
  return text.length > 60 ? `${text.slice(0, 60)}…` : text
}
