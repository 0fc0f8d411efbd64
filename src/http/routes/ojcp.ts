import * as v from 'valibot'
import type { H3, H3Event } from 'h3'
import type { AppContext } from '../../context.ts'
import { operations, type Route } from '../route.ts'
import { allowedOrigin } from '../origin.ts'
import { employer, jobDetail, OJCP_TOOLS, searchJobs, type OjcpAnswer } from '../../ojcp/provider.ts'
import { ojcpManifest, type Site } from '../../ojcp/projection.ts'

/**
 * The Open Job Context Protocol provider (docs/ojcp.md): the manifest at the site root
 * (/.well-known/ojcp.json), the REST tools under /api/v1/ojcp/v1, and the protocol's MCP endpoint
 * at /api/v1/ojcp/mcp (mounted by mcp/ojcp.ts, stateless as /mcp is). Public, on the agent budget; failures
 * answer the protocol's error envelope. Our own /mcp is unchanged.
 */
export const siteOf = (ctx: AppContext, event: H3Event): Site => {
  const origin = allowedOrigin(ctx, event)
  return { origin, host: new URL(origin).host }
}

const answer = (result: OjcpAnswer) => new Response(JSON.stringify(result.body), { status: result.status, headers: { 'content-type': 'application/json; charset=utf-8' } })

const op = operations({ tags: ['ojcp'], auth: 'public', budget: 'agent' })
/** OJCP's own response schemas (ojcp.dev/schemas/v0.1) are open: objects may carry more than they list. */
const open = (properties: Record<string, unknown>, required: string[]) => ({ type: 'object', required, properties, additionalProperties: true })
const posting = open({ ojcp_id: { type: 'string' }, title: { type: 'string' }, employer: open({ name: { type: 'string' }, ojcp_employer_id: { type: 'string' } }, ['name']), datePosted: { type: 'string', format: 'date' } }, ['ojcp_id', 'title', 'employer', 'datePosted'])
const SCHEMAS = {
  search: open({ ojcp_version: { type: 'string', const: '0.1' }, query: { type: 'string' }, total_results: { type: 'integer' }, returned: { type: 'integer' }, offset: { type: 'integer' }, jobs: { type: 'array', items: posting } }, ['ojcp_version', 'query', 'total_results', 'returned', 'offset', 'jobs']),
  detail: open({ ojcp_version: { type: 'string', const: '0.1' }, job: posting, employer_context: open({ name: { type: 'string' } }, ['name']) }, ['ojcp_version', 'job']),
  employer: open({ ojcp_version: { type: 'string', const: '0.1' }, employer_id: { type: 'string' }, name: { type: 'string' }, open_roles_count: { type: 'integer' } }, ['ojcp_version', 'employer_id', 'name']),
}
const protocolBody = (description: string, schema: Record<string, unknown>) => ({ description, schema })
const ERRORS = 'Failures answer the OJCP error envelope `{ ojcp_version, error_code, message }` (`invalid_field_value`, `missing_required_field`, `job_not_found`, `employer_not_found`).'

export function ojcpRoutes(ctx: AppContext): Route[] {
  return [
    op.post('/ojcp/v1/search', 'OJCP search_jobs: jobs for a natural-language query', {
      description: `The protocol's search_jobs over this catalogue: \`query\` is read into filters by the plain-language interpreter (POST /search/interpret), \`location\`, \`filters\` (employment_type, salary_min, salary_max, experience_level: entry, mid, senior, lead, staff, principal, director, executive; posted_within_days) narrow it, \`pagination\` pages it (limit 1 to 50, default 10). With \`candidate_context.skills\`, each job carries \`fit_score\` (the share of its named skills the candidate has) and \`fit_rationale\`. Jobs are OJCP JobPosting summaries; the reality/ghost verdict is in \`agent_notes\`. ${ERRORS}`,
      body: v.unknown(),
      responses: { 200: protocolBody('`{ ojcp_version, query, total_results, returned, offset, jobs }`', SCHEMAS.search), 400: 'the OJCP error envelope' },
    }, (event, { body }) => answer(searchJobs(ctx, siteOf(ctx, event), body))),
    op.get('/ojcp/v1/jobs/:job_id', 'OJCP get_job_detail: one job as a full JobPosting', {
      description: `\`job_id\` is the job's \`ojcp_id\` (\`{host}:{slug}\`) or its slug. Closed jobs are served too, with \`validThrough\`. \`include_employer_context=true\` adds the employer. ${ERRORS}`,
      params: v.object({ job_id: v.pipe(v.string(), v.minLength(1), v.maxLength(400), v.description('ojcp_id or public_slug')) }),
      query: v.object({ include_employer_context: v.optional(v.pipe(v.picklist(['true', 'false'], 'must be true or false'), v.description('add `employer_context` (default false)'))) }),
      responses: { 200: protocolBody('`{ ojcp_version, job, employer_context? }`', SCHEMAS.detail), 404: 'the OJCP error envelope, `job_not_found`' },
    }, (event, { params, query }) => answer(jobDetail(ctx, siteOf(ctx, event), params.job_id, query.include_employer_context === 'true'))),
    op.get('/ojcp/v1/employers/:employer_id', 'OJCP get_employer_context: what an agent should know of an employer', {
      description: `\`employer_id\` is the \`ojcp_employer_id\` (\`{host}:{company slug}\`) or the company slug. ${ERRORS}`,
      params: v.object({ employer_id: v.pipe(v.string(), v.minLength(1), v.maxLength(400), v.description('ojcp_employer_id or company slug')) }),
      responses: { 200: protocolBody('`{ ojcp_version, employer_id, name, description?, industries?, hq_location?, open_roles_count }`', SCHEMAS.employer), 404: 'the OJCP error envelope, `employer_not_found`' },
    }, (event, { params }) => answer(employer(ctx, siteOf(ctx, event), params.employer_id))),
  ]
}

/** The manifest: outside /api/v1's route table (a root path). The MCP endpoint is mounted by mcp/ojcp.ts. */
export function mountOjcp(app: H3, ctx: AppContext): void {
  app.on('GET', '/.well-known/ojcp.json', (event) =>
    new Response(JSON.stringify(ojcpManifest(siteOf(ctx, event), { tools: OJCP_TOOLS, anonymousRps: Math.max(1, Math.floor(ctx.config.agentBudgetPerMinute / 60)) })), {
      headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'public, max-age=300', 'access-control-allow-origin': '*' },
    }),
  )
}
