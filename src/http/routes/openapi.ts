import * as v from 'valibot'
import type { AppContext } from '../../context.ts'
import { SESSION_COOKIE } from '../cookie.ts'
import { operations, type Route, type RouteSpec } from '../route.ts'
import { openApiPath, toOperation } from '../openapi-operation.ts'
import { docsPage } from '../docs-page.ts'
import { docsViewerAsset } from '../web.ts'
import { RESPONSE_SCHEMAS } from '../openapi-shapes.ts'
import { ME_SCHEMAS } from '../openapi-shapes-me.ts'
import { COMMUNITY_SCHEMAS } from '../openapi-shapes-community.ts'
import { ASSISTANT_SCHEMAS } from '../openapi-shapes-assistant.ts'
import { CV_SCHEMAS } from '../openapi-shapes-cv.ts'
import { RESUME_SCHEMAS } from '../openapi-shapes-resume.ts'
import { allowedOrigin } from '../origin.ts'

/**
 * Our machine description: an OpenAPI 3.1 document generated from the RouteSpecs (and so from
 * the valibot schemas the routes validate with), served at /api/v1/openapi.json, plus the
 * offline reference page at /api/v1/docs that renders it.
 */
type JsonObject = Record<string, unknown>

const CHOICES = `Choices this service makes where the interface leaves room:

- Envelope: one item is \`{ data }\`, a collection \`{ data: [...], meta: { total, limit, offset } }\`, an error \`{ error: "<message>" }\` with the matching HTTP status. Error messages never echo the value sent.
- Unknown routes under /api are a 404 \`{ error }\`; a known path with another method is a 405 \`{ error }\` with an \`Allow\` header; OPTIONS on a known path answers 204 with \`Allow\`.
- \`q\` longer than MAX_QUERY_LENGTH characters (default 500) is refused with a 400, never truncated, so a result always answers the query that was sent.
- Numbers in the query are whole decimal digits only: NaN, signs, floats and exponents are a 400 naming the parameter (except \`limit\` and \`offset\` of paged lists, which are forgiving: see below). A scalar parameter given twice is a 400. Unknown parameters are ignored (and reported where the interface says so).
- A URL path with malformed percent-encoding (\`%ZZ\`, a lone \`%\`) is a 400 \`{ error }\` before routing. JSON bodies: malformed JSON is a 400, larger than MAX_BODY_BYTES (default 1 MiB) a 413; an empty body reads as \`{}\`.
- Rate limits: token buckets per caller (the signed-in user, else the client address), refilled continuously; a budget of 0 in the settings switches that budget off. X-RateLimit-Remaining is whole tokens left; X-RateLimit-Reset is whole seconds until the bucket is full. If the limiter cannot run the request passes and the headers are absent (unknown, not unlimited).
- CORS: public reads (GET) answer any origin with \`Access-Control-Allow-Origin: *\` and expose the rate-limit headers; they never allow credentials. Signed-in operations send no CORS headers, so browsers keep them same-origin.
- Compatibility with the reference service's clients: every response shape is published below and checked against real responses in our tests. A field whose value is unknown is left out rather than sent as null (on a Job only \`closed_at\`, \`my_vote\` and \`ghost\` are null by contract); an empty \`stats\` range of /jobs/facets is left out. Error strings the reference documents are kept: \`job not found\`, \`company not found\`, \`pagination too deep\`.
- Paging is forgiving on every paged list: default 20; \`limit\` above the maximum clamps, below 1 reads as 1, a non-number as the default; a negative or non-numeric \`offset\` reads as 0. Deep paging (offset + limit over 10000 on job lists) is the one paging error.
- \`is_tech\` (tech / non_tech) is a string facet derived from \`category\` (filter, \`_exclude\`, \`_mode\`, count, \`facets=\` name, Job field). \`meta.ignored_params\` is sorted by parameter name before it is cut to 10; \`regions_mode\`, \`countries_mode\` and \`cities_mode\` are accepted and change nothing (geography is one OR-group).
- Dates are served and ordered to the millisecond.
- Past one machine (docs/scaling.md): replicas answer reads and hand every write to the primary (\`Openroles-Served-By: primary\` on such an answer). A write's answer carries the primary's position (\`Openroles-Position\` header, \`openroles_position\` cookie for a minute); a read sending it back (cookie or header) is answered by a replica that has caught up with it, or by the primary.
- Identification: a \`User-Agent\` of the form \`owner/project[/version] (+contact URL)\` is welcome and changes nothing.`

export function buildOpenApiDocument(ctx: AppContext, routes: RouteSpec[]): JsonObject {
  const paths: Record<string, Record<string, unknown>> = {}
  for (const route of routes) {
    const path = openApiPath(route.path)
    paths[path] ??= {}
    paths[path][route.method.toLowerCase()] = toOperation(route)
  }
  const tags = [...new Set(routes.flatMap((route) => route.tags))].map((name) => ({ name }))
  return {
    openapi: '3.1.0',
    info: { title: 'openroles', version: ctx.version, description: CHOICES, license: { name: 'MIT', identifier: 'MIT' } },
    servers: [{ url: '/api/v1', description: 'this server' }],
    tags,
    paths,
    components: { securitySchemes: SECURITY_SCHEMES, schemas: componentsOf(SCHEMAS, RESPONSE_SCHEMAS, ME_SCHEMAS, COMMUNITY_SCHEMAS, CV_SCHEMAS, RESUME_SCHEMAS, ASSISTANT_SCHEMAS), headers: HEADERS },
  }
}

/** The schema components of every area, which must not share a name (one would hide the other). */
function componentsOf(...areas: Record<string, unknown>[]): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const [name, schema] of areas.flatMap((area) => Object.entries(area))) {
    if (name in out) throw new Error(`two OpenAPI schema components are named ${name}`)
    out[name] = schema
  }
  return out
}

const SECURITY_SCHEMES = {
  sessionCookie: {
    type: 'apiKey',
    in: 'cookie',
    name: SESSION_COOKIE,
    description: 'HttpOnly browser session cookie set on sign-in. Cookie-authenticated writes must come from this site.',
  },
  apiKey: { type: 'http', scheme: 'bearer', description: 'Personal API key: `Authorization: Bearer <key>`. Not accepted where an operation says "session only".' },
}

const SCHEMAS = {
  Error: {
    type: 'object',
    required: ['error'],
    properties: { error: { type: 'string', description: 'Human-readable message; never echoes input.' } },
  },
  IgnoredParam: {
    type: 'object',
    required: ['param'],
    properties: { param: { type: 'string' }, did_you_mean: { type: 'string' } },
  },
  Meta: {
    type: 'object',
    description: 'Paging of a collection; absent on single items and some lists (similar jobs, city lookup).',
    properties: {
      total: { type: 'integer', minimum: 0 },
      limit: { type: 'integer', minimum: 0 },
      offset: { type: 'integer', minimum: 0 },
      ignored_params: { type: 'array', maxItems: 10, items: { $ref: '#/components/schemas/IgnoredParam' }, description: 'Unknown parameters; absent when none.' },
    },
  },
  Envelope: {
    type: 'object',
    required: ['data'],
    properties: { data: { description: 'The item, or the array of items.' }, meta: { $ref: '#/components/schemas/Meta' } },
  },
}

const HEADERS = {
  'X-RateLimit-Limit': { description: 'Requests per minute of the budget in force.', schema: { type: 'integer' } },
  'X-RateLimit-Remaining': { description: 'Whole requests left now (a leaky bucket: may trail your own count by one).', schema: { type: 'integer' } },
  'X-RateLimit-Reset': { description: 'Whole seconds until the budget is full again.', schema: { type: 'integer' } },
  'Retry-After': { description: 'Whole seconds until the next request will be accepted.', schema: { type: 'integer' } },
}

/** This document, as much of it as a client reads generically; the OpenAPI 3.1 schema describes the rest. */
const anyObject = { type: 'object', additionalProperties: true }
const OPENAPI_DOCUMENT = {
  type: 'object',
  description: 'An OpenAPI 3.1 document',
  required: ['openapi', 'info', 'servers', 'tags', 'paths', 'components'],
  properties: { openapi: { type: 'string', const: '3.1.0' }, info: anyObject, servers: { type: 'array', items: anyObject }, tags: { type: 'array', items: anyObject }, paths: anyObject, components: anyObject },
}

const op = operations({ tags: ['service'], auth: 'public' })

/** GET /openapi.json and GET /docs. `listRoutes` is every route of the app, this module's included. */
export function openapiRoutes(ctx: AppContext, listRoutes: () => Route[]): Route[] {
  let document: string | undefined
  const documentText = () => (document ??= JSON.stringify(buildOpenApiDocument(ctx, listRoutes())))
  const page = docsPage()
  return [
    op.get('/openapi.json', 'This OpenAPI 3.1 document', {
      description: 'Generated at start-up from the same schemas the operations validate with.',
      query: v.object({}),
      responses: { 200: { description: 'An OpenAPI 3.1 document (a bare JSON object, not an envelope)', schema: OPENAPI_DOCUMENT } },
    }, () => new Response(documentText(), { headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'public, max-age=300' } })),
    op.get('/docs', 'Interactive API reference (HTML)', {
      description: 'A quick start with curl examples, then every operation of this document laid out by Redoc (bundled with the service, served from /assets/; no CDN, works offline).',
      query: v.object({}),
      responses: { 200: { description: 'An HTML page', media: 'text/html' } },
    }, async (event) =>
      new Response(page.html(`${allowedOrigin(ctx, event)}/api/v1`, (await docsViewerAsset()).name), {
        headers: { 'content-type': 'text/html; charset=utf-8', 'content-security-policy': page.contentSecurityPolicy, 'cache-control': 'no-cache' },
      })),
  ]
}
