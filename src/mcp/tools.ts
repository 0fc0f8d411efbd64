import * as v from 'valibot'
import type { Route } from '../http/route.ts'
import { jsonSchemaOf, parametersOf } from '../http/openapi-schema.ts'
import type { Dispatcher, Operation, OperationCall } from './dispatch.ts'

/**
 * The MCP tools: each is one API operation. Its JSON-schema input is generated from the
 * operation's own valibot schemas (path, query and body entries side by side), the same schemas
 * the HTTP route validates with and the OpenAPI document is generated from, so they cannot drift.
 * Tool arguments are turned back into the operation's path, query and body and validated there.
 */
export interface ToolSpec {
  name: string
  title: string
  description: string
  operation: Operation
  /** Needs `Authorization: Bearer <API key>` (on the HTTP transport) or OPENROLES_API_KEY (stdio). */
  signedIn?: boolean
  /** Query parameters beyond the schema's entries are passed through (the filter grammar of market coverage). */
  openQuery?: boolean
}

export const PUBLIC_TOOLS: ToolSpec[] = [
  {
    name: 'search_jobs',
    title: 'Search job postings',
    description:
      'Full-text search and the whole filter grammar over open postings (as GET /agent/jobs/search): values of one facet are ORed (a list or comma-separated), `<facet>_mode: "and"` requires all, `<facet>_exclude` removes, different facets AND; regions, countries and cities are one OR-group. Every hit carries its full description in `description_format` (html, text or markdown). Paged by limit/offset; `meta.ignored_params` names parameters no filter reads.',
    operation: { method: 'GET', path: '/agent/jobs/search' },
  },
  { name: 'get_job', title: 'Read a job posting', description: 'One posting by its public slug, with its full description, facts, reality and ghost-job evidence.', operation: { method: 'GET', path: '/jobs/:slug' } },
  { name: 'similar_jobs', title: 'Similar postings', description: 'Open postings most like the given one (title words, skills, category, role, seniority).', operation: { method: 'GET', path: '/jobs/:slug/similar' } },
  {
    name: 'job_facets',
    title: 'Count postings per facet value',
    description: 'For the postings a search would return, counts per value of every facet (or those named in `facets`) and salary/experience ranges. `disjunctive: true` counts each facet without its own selection.',
    operation: { method: 'GET', path: '/jobs/facets' },
  },
  { name: 'search_companies', title: 'Search companies', description: 'Companies by name and by what their open postings say (regions, remote regions, domains, size, type).', operation: { method: 'GET', path: '/companies' } },
  { name: 'get_company', title: 'Read a company', description: 'One company by slug, with its open roles (paged).', operation: { method: 'GET', path: '/companies/:slug' } },
  { name: 'lookup_city', title: 'Look up a city', description: 'Cities by name prefix, with their country: the values the `cities` filter takes.', operation: { method: 'GET', path: '/geo/cities' } },
  { name: 'market_roles', title: 'Open roles by category and seniority', description: 'Open postings per (category, seniority) and their change over 30 days, optionally within a country or category (as GET /insights/roles).', operation: { method: 'GET', path: '/insights/roles' } },
  { name: 'market_skills', title: 'Skills in demand', description: 'Skills most asked for by open postings and their change over 30 days, within a category or a country (as GET /insights/skills).', operation: { method: 'GET', path: '/insights/skills' } },
  { name: 'market_salaries', title: 'Salary percentiles', description: 'p25/p50/p75 of stated salaries per seniority, currency and period, never mixing currencies or periods (as GET /insights/salary).', operation: { method: 'GET', path: '/insights/salary' } },
  { name: 'market_velocity', title: 'Postings added and closed over time', description: 'Postings first seen and closed per day, week or month (as GET /insights/velocity).', operation: { method: 'GET', path: '/insights/velocity' } },
  { name: 'hiring_companies', title: 'Companies hiring fastest', description: 'Companies by growth of their open postings over 30 days (as GET /insights/companies).', operation: { method: 'GET', path: '/insights/companies' } },
  { name: 'suggest', title: 'Complete a search phrase', description: 'Typeahead over titles, roles, skills, categories and companies, with the number of open postings each suggestion finds.', operation: { method: 'GET', path: '/suggest' } },
]

/** The tools that act for the caller: every one is `signedIn`. */
export const SIGNED_IN_TOOLS: ToolSpec[] = ([
  { name: 'save_job', title: 'Save a posting', description: 'Saves a posting to the caller’s list (as POST /jobs/{slug}/save).', operation: { method: 'POST', path: '/jobs/:slug/save' } },
  {
    name: 'track_job',
    title: 'Set the stage of a posting',
    description: 'Puts a posting on the caller’s board at a stage (preparing, applied, screening, responded, interview, offer, accepted, rejected, withdrawn, expired) and/or sets its notes (as PATCH /jobs/{slug}/track). Any stage may follow any other.',
    operation: { method: 'PATCH', path: '/jobs/:slug/track' },
  },
  {
    name: 'my_pipeline',
    title: 'My tracked postings',
    description: 'The caller’s tracked postings and applications with their stage and silence, most recently touched first; `filter` picks a list (all, viewed, saved, applied, board, dismissed) and `meta.counts` counts each (as GET /me/tracking).',
    operation: { method: 'GET', path: '/me/tracking' },
  },
  { name: 'match_job', title: 'Match a posting against my profile', description: 'How the caller’s profile skills cover the posting’s skills (as GET /jobs/{slug}/match).', operation: { method: 'GET', path: '/jobs/:slug/match' } },
  {
    name: 'market_coverage',
    title: 'How much of a market my skills cover',
    description: 'Given skills, the share of a market (scoped by `q` and any job-search filter, e.g. `category`, `countries`, `work_mode`) whose postings the skills cover, the market’s must-have skills and the gaps that would unlock most postings.',
    operation: { method: 'POST', path: '/market/coverage' },
    openQuery: true,
  },
] satisfies Omit<ToolSpec, 'signedIn'>[]).map((tool) => ({ ...tool, signedIn: true }))

type JsonObject = Record<string, unknown>

interface ArgumentPlan {
  params: string[]
  body: string[]
}

/** The tool's JSON-schema input: path, query and body entries of the operation side by side. */
export function inputSchemaOf(tool: ToolSpec, route: Route): JsonObject {
  const properties: JsonObject = {}
  const required: string[] = []
  const add = (entries: ReturnType<typeof parametersOf>) => {
    for (const entry of entries ?? []) {
      properties[entry.name] = entry.description ? { ...entry.schema, description: entry.description } : entry.schema
      if (entry.required) required.push(entry.name)
    }
  }
  if (route.params) add(parametersOf(route.params))
  for (const name of pathNames(route.path)) {
    properties[name] ??= { type: 'string', description: `the ${name}` }
    required.push(name)
  }
  if (route.query) add(parametersOf(route.query))
  if (route.body) {
    const body = jsonSchemaOf(route.body) as { properties?: JsonObject; required?: string[] }
    Object.assign(properties, body.properties ?? {})
    required.push(...(body.required ?? []))
  }
  const schema: JsonObject = { type: 'object', properties }
  if (required.length) schema.required = [...new Set(required)]
  if (!tool.openQuery && !isLoose(route.query)) schema.additionalProperties = false
  return schema
}

const pathNames = (path: string) => [...path.matchAll(/:([A-Za-z_]\w*)/g)].map((match) => match[1]!)

function isLoose(schema: v.GenericSchema | undefined): boolean {
  const node = schema as unknown as { type?: string; pipe?: { type?: string }[] } | undefined
  return node?.type === 'loose_object' || node?.pipe?.[0]?.type === 'loose_object'
}

function planOf(route: Route): ArgumentPlan {
  const body = route.body ? Object.keys((jsonSchemaOf(route.body) as { properties?: JsonObject }).properties ?? {}) : []
  return { params: pathNames(route.path), body }
}

/** Query values as the API reads them: text, repeated for a list. */
function queryValue(value: unknown): string | string[] {
  if (Array.isArray(value)) return value.map((item) => (typeof item === 'string' ? item : JSON.stringify(item)))
  return typeof value === 'string' ? value : JSON.stringify(value)
}

/** Tool arguments -> the operation's path parameters, query and body. */
export function operationCallOf(route: Route, args: Record<string, unknown>): OperationCall {
  const plan = planOf(route)
  const call: OperationCall = { params: {}, query: {} }
  const body: Record<string, unknown> = {}
  for (const [name, value] of Object.entries(args)) {
    if (value === undefined || value === null) continue
    if (plan.params.includes(name)) call.params![name] = String(value)
    else if (plan.body.includes(name)) body[name] = value
    else call.query![name] = queryValue(value)
  }
  if (route.body) call.body = body
  return call
}

export interface ToolEntry extends ToolSpec {
  inputSchema: JsonObject
}

export function toolEntries(dispatcher: Dispatcher, specs: ToolSpec[]): ToolEntry[] {
  return specs.map((spec) => ({ ...spec, inputSchema: inputSchemaOf(spec, dispatcher.route(spec.operation)) }))
}

// A lone surrogate cannot be encoded into a path or query (encodeURIComponent throws).
const LONE_SURROGATE = /\p{Cs}/u

function hasLoneSurrogate(value: unknown): boolean {
  if (typeof value === 'string') return LONE_SURROGATE.test(value)
  if (Array.isArray(value)) return value.some(hasLoneSurrogate)
  if (value && typeof value === 'object') return Object.entries(value).some(([key, item]) => LONE_SURROGATE.test(key) || hasLoneSurrogate(item))
  return false
}

const isScalar = (value: unknown) => typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'

/**
 * Why the arguments cannot make a call of the tool's operation, or null. Checked before the call
 * so a malformed call is a JSON-RPC invalid-params error (-32602), never another operation's
 * answer (an empty slug would name the list route) nor an internal error. The value ranges are
 * the operation's own validation: its 400 message comes back as a tool error.
 */
export function argumentProblem(tool: ToolEntry, route: Route, args: Record<string, unknown>): string | null {
  const properties = (tool.inputSchema.properties ?? {}) as Record<string, { type?: string }>
  const required = (tool.inputSchema.required ?? []) as string[]
  const plan = planOf(route)
  for (const name of required) {
    const value = args[name]
    if (value === undefined || value === null || (plan.params.includes(name) && String(value).trim() === '')) return `missing required argument "${name}"`
  }
  for (const [name, value] of Object.entries(args)) {
    if (!(name in properties) && tool.inputSchema.additionalProperties === false) return `unknown argument "${name}"`
    if (value === undefined || value === null) continue
    if (hasLoneSurrogate(value)) return `argument "${name}" is not well-formed text`
    if (plan.body.includes(name)) continue
    const scalar = isScalar(value) || (Array.isArray(value) && value.every(isScalar) && !plan.params.includes(name))
    if (!scalar) return `argument "${name}" must be ${plan.params.includes(name) ? 'a string' : 'a string, number, boolean or a list of them'}`
  }
  return null
}
