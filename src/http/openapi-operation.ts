import * as v from 'valibot'
import type { ResponseSpec, RouteSpec } from './route.ts'
import { jsonSchemaOf, parametersOf } from './openapi-schema.ts'

/** One OpenAPI operation object from one RouteSpec: the same object that mounts and validates the route. */
type JsonObject = Record<string, unknown>

const ref = (kind: 'schemas' | 'headers', name: string) => ({ $ref: `#/components/${kind}/${name}` })
const RATE_LIMIT_HEADERS = ['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset'] as const

const SECURITY: Record<RouteSpec['auth'], JsonObject[]> = {
  public: [],
  'session-or-key': [{ sessionCookie: [] }, { apiKey: [] }],
  session: [{ sessionCookie: [] }],
  moderator: [{ sessionCookie: [] }, { apiKey: [] }],
  'session-moderator': [{ sessionCookie: [] }],
}

const BUDGET_NOTE: Record<NonNullable<RouteSpec['budget']>, string> = {
  read: 'Draws on the ordinary-read budget shared by the public reads (default 600 requests per minute per caller).',
  agent: 'Draws on the separate agent-search budget (default 300 requests per minute per caller).',
  account: 'Draws on the sign-up and account-mail budget (default 20 requests per hour per client address, and 600 per hour across all callers).',
  'cv-redirect': 'Draws on the CV link redirect budget (default 60 requests per minute per client address).',
}

const AUTH_NOTE: Record<RouteSpec['auth'], string> = {
  public: 'Public: no credentials; callable from any origin.',
  'session-or-key': 'Needs a session cookie or a personal API key (`Authorization: Bearer <key>`).',
  session: 'Needs the browser session cookie; an API key is refused (401) so a leaked key cannot manage credentials.',
  moderator: 'Needs a signed-in caller with the moderator role (403 otherwise).',
  'session-moderator': 'Needs the browser session cookie of a moderator (an API key gets 401, another user 403).',
}

/** `/jobs/:slug/similar` -> `/jobs/{slug}/similar`. */
export function openApiPath(path: string): string {
  return path.replace(/:([A-Za-z_]\w*)/g, '{$1}')
}

function operationId(route: RouteSpec): string {
  const words = route.path.split('/').filter(Boolean).map((segment) => (segment.startsWith(':') ? `by-${segment.slice(1)}` : segment))
  const camel = [route.method.toLowerCase(), ...words].join('-').replace(/[-_]+([a-z0-9])/gi, (_, c: string) => c.toUpperCase())
  return camel.replace(/[^A-Za-z0-9]/g, '')
}

export function toOperation(route: RouteSpec): JsonObject {
  const operation: JsonObject = {
    operationId: operationId(route),
    summary: route.summary,
    description: [route.description, AUTH_NOTE[route.auth], route.budget ? BUDGET_NOTE[route.budget] : undefined].filter(Boolean).join('\n\n'),
    tags: route.tags,
    security: SECURITY[route.auth],
  }
  const parameters = [...pathParameters(route), ...queryParameters(route)]
  if (parameters.length) operation.parameters = parameters
  // An empty body reads as {} (src/http/validate.ts), so a body is only required when {} is refused.
  if (route.body) operation.requestBody = { required: !v.safeParse(route.body, {}).success, content: { 'application/json': { schema: jsonSchemaOf(route.body) } } }
  else if (route.requestBody) operation.requestBody = route.requestBody as JsonObject
  operation.responses = responses(route)
  if (route.budget) operation['x-rate-limit-budget'] = route.budget
  return operation
}

function pathParameters(route: RouteSpec): JsonObject[] {
  const names = [...route.path.matchAll(/:([A-Za-z_]\w*)/g)].map((m) => m[1])
  const described = route.params ? parametersOf(route.params) ?? [] : []
  return names.map((name) => {
    const found = described.find((p) => p.name === name)
    return { name, in: 'path', required: true, ...(found?.description ? { description: found.description } : {}), schema: found?.schema ?? { type: 'string' } }
  })
}

function queryParameters(route: RouteSpec): JsonObject[] {
  if (!route.query) return []
  return (parametersOf(route.query) ?? []).map((p) => {
    const isList = JSON.stringify(p.schema).includes('"type":"array"')
    return {
      name: p.name,
      in: 'query',
      required: p.required,
      ...(p.description ? { description: p.description } : {}),
      ...(isList ? { style: 'form', explode: true } : {}),
      schema: p.schema,
    }
  })
}

const ERROR_TEXT: Record<number, string> = {
  400: 'Invalid input; the message names the parameter and what was expected, never the value sent.',
  401: 'Missing or invalid credentials.',
  403: 'Authenticated but not allowed, or a cookie-authenticated write from a foreign site.',
  404: 'No such resource.',
  413: 'Request body larger than MAX_BODY_BYTES.',
  429: 'Rate budget exhausted; retry after `Retry-After` seconds.',
}

function responses(route: RouteSpec): JsonObject {
  const out: Record<string, JsonObject> = {}
  const headers = (status: number) => (route.budget ? { headers: rateLimitHeaders(status === 429) } : {})
  const declared = Object.entries(route.responses ?? {}).map(([status, spec]) => [Number(status), spec] as const)
  const successes = declared.filter(([status]) => status < 400)
  for (const [status, spec] of successes.length ? successes : [[200, 'OK'] as const]) {
    const { description } = typeof spec === 'string' ? { description: spec } : spec
    if (status >= 300 && status < 400) {
      // A redirect names its target in Location; the small HTML body repeats it for clients that do not follow.
      const location = { Location: { description: 'Where to go next.', schema: { type: 'string' } } }
      out[status] = { description, headers: { ...location, ...(route.budget ? rateLimitHeaders(false) : {}) }, content: { 'text/html': { schema: { type: 'string' } } } }
      continue
    }
    const content = status === 204 ? {} : { content: successContent(spec) }
    out[status] = { description, ...headers(status), ...content }
  }
  const errors = new Set(declared.filter(([status]) => status >= 400).map(([status]) => status))
  if (route.query || route.body || route.params || route.path.includes(':')) errors.add(400)
  if (route.auth !== 'public') errors.add(401).add(403)
  if (route.path.includes(':')) errors.add(404)
  if (route.body) errors.add(413)
  if (route.budget) errors.add(429)
  for (const status of [...errors].sort((a, b) => a - b)) {
    const declaredError = route.responses?.[status]
    const description = (typeof declaredError === 'string' ? declaredError : declaredError?.description) ?? ERROR_TEXT[status] ?? 'Error.'
    out[status] = { description, ...headers(status), content: { 'application/json': { schema: ref('schemas', 'Error') } } }
  }
  out.default = { description: 'Unexpected error (500, message hidden and logged) or 503 while search is unavailable.', ...headers(500), content: { 'application/json': { schema: ref('schemas', 'Error') } } }
  return out
}

/** The body of a success: its JSON schema (the generic envelope when the spec gives none) or its own media types. */
function successContent(spec: string | ResponseSpec): JsonObject {
  if (typeof spec === 'string') return { 'application/json': { schema: ref('schemas', 'Envelope') } }
  if ('media' in spec) {
    const types = Array.isArray(spec.media) ? spec.media : [spec.media]
    return Object.fromEntries(types.map((type) => [type, { schema: type.startsWith('text/') ? { type: 'string' } : { type: 'string', format: 'binary' } }]))
  }
  return { 'application/json': { schema: spec.schema, ...(spec.example === undefined ? {} : { example: spec.example }) } }
}

function rateLimitHeaders(withRetryAfter: boolean): JsonObject {
  const headers: JsonObject = Object.fromEntries(RATE_LIMIT_HEADERS.map((name) => [name, ref('headers', name)]))
  if (withRetryAfter) headers['Retry-After'] = ref('headers', 'Retry-After')
  return headers
}
