import type { H3 } from 'h3'
import { Server } from '@modelcontextprotocol/sdk/server/index.js'
import { CallToolRequestSchema, ErrorCode, ListToolsRequestSchema, McpError, type CallToolResult } from '@modelcontextprotocol/sdk/types.js'
import { toJsonSchema } from '@valibot/to-json-schema'
import type { AppContext } from '../context.ts'
import { siteOf } from '../http/routes/ojcp.ts'
import { VERSION } from '../version.ts'
import { employer, jobDetail, OJCP_TOOLS, SearchInput, searchJobs } from '../ojcp/provider.ts'
import { ojcpError } from '../ojcp/projection.ts'
import { mountStatelessMcp } from './mount.ts'
import { agentBudgetRefusal } from './server.ts'

/**
 * The Open Job Context Protocol's MCP endpoint at /api/v1/ojcp/mcp (docs/ojcp.md): the protocol's
 * three tools over the same stateless Streamable HTTP mount as /mcp (body timeout, batch cap), on the
 * agent budget; a refusal answers the protocol's rate_limited envelope as a tool error.
 */
const TOOL_SCHEMAS = {
  search_jobs: { description: 'Search open jobs with a natural-language query, optional location, filters, candidate context and pagination.', inputSchema: toJsonSchema(SearchInput, { errorMode: 'ignore' }) },
  get_job_detail: { description: 'One job as a full OJCP JobPosting, by its ojcp_id.', inputSchema: { type: 'object', required: ['job_id'], properties: { job_id: { type: 'string' }, include_employer_context: { type: 'boolean' } } } },
  get_employer_context: { description: 'What to know of an employer, by its ojcp_employer_id.', inputSchema: { type: 'object', required: ['employer_id'], properties: { employer_id: { type: 'string' } } } },
} as const

export function mountOjcpMcp(app: H3, ctx: AppContext): void {
  mountStatelessMcp(app, ctx, '/api/v1/ojcp/mcp', (event, budgetKey) => {
    const site = siteOf(ctx, event)
    const server = new Server({ name: 'openroles-ojcp', title: 'openroles (Open Job Context Protocol)', version: VERSION }, { capabilities: { tools: {} } })
    server.setRequestHandler(ListToolsRequestSchema, () => ({
      tools: OJCP_TOOLS.map((name) => ({ name, ...TOOL_SCHEMAS[name], inputSchema: TOOL_SCHEMAS[name].inputSchema as { type: 'object' }, annotations: { readOnlyHint: true, openWorldHint: false } })),
    }))
    server.setRequestHandler(CallToolRequestSchema, async (request): Promise<CallToolResult> => {
      const name = request.params.name as (typeof OJCP_TOOLS)[number]
      if (!OJCP_TOOLS.includes(name)) throw new McpError(ErrorCode.InvalidParams, `unknown tool ${request.params.name}`)
      const refused = await agentBudgetRefusal(ctx, budgetKey)
      if (refused) {
        const body = ojcpError('rate_limited', `rate limit exceeded: ${refused.limit} requests per minute`, refused.retryAfterSeconds)
        return { isError: true, content: [{ type: 'text', text: JSON.stringify(body) }], structuredContent: body }
      }
      const args = (request.params.arguments ?? {}) as Record<string, unknown>
      const text = (key: string) => (typeof args[key] === 'string' ? (args[key] as string) : '')
      const result =
        name === 'search_jobs'
          ? searchJobs(ctx, site, args)
          : name === 'get_job_detail'
            ? text('job_id') ? jobDetail(ctx, site, text('job_id'), args.include_employer_context === true) : null
            : text('employer_id') ? employer(ctx, site, text('employer_id')) : null
      if (!result) throw new McpError(ErrorCode.InvalidParams, `${name === 'get_job_detail' ? 'job_id' : 'employer_id'} is required`)
      return { isError: result.status >= 400, content: [{ type: 'text', text: JSON.stringify(result.body) }], structuredContent: result.body }
    })
    return server
  })
}
