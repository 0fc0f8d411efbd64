import { Server } from '@modelcontextprotocol/sdk/server/index.js'
import {
  CallToolRequestSchema, ErrorCode, GetPromptRequestSchema, ListPromptsRequestSchema, ListResourcesRequestSchema,
  ListResourceTemplatesRequestSchema, ListToolsRequestSchema, McpError, ReadResourceRequestSchema,
  type CallToolResult,
} from '@modelcontextprotocol/sdk/types.js'
import type { AppContext } from '../context.ts'
import type { Route } from '../http/route.ts'
import { VERSION } from '../version.ts'
import { createDispatcher, type Dispatcher } from './dispatch.ts'
import { JOB_URI_PREFIX, jobMarkdown } from './job-resource.ts'
import { PROMPTS, promptMessages } from './prompts.ts'
import { operationCallOf, PUBLIC_TOOLS, SIGNED_IN_TOOLS, toolEntries, type ToolEntry } from './tools.ts'

/**
 * The MCP server (docs/mcp.md): the catalogue as tools, a job as a resource, and prompts, over
 * Streamable HTTP at /mcp (src/http/mcp.ts) or stdio (`openroles mcp`). One Server per MCP session
 * or stateless request; the tool table and dispatcher are built once per process.
 */
export interface McpCaller {
  /** Bucket of the agent budget (src/http/rate-limit.ts): the user behind the key, else the address. */
  budgetKey: string
  /** `Bearer <key>` passed on to signed-in tools. */
  authorization?: string
}

export interface McpCatalogue {
  tools: ToolEntry[]
  dispatcher: Dispatcher
}

/** The tool table over the app's operations (`routes`: every route module, as the HTTP app mounts them). */
export function createMcpCatalogue(ctx: AppContext, routes: Route[]): McpCatalogue {
  const dispatcher = createDispatcher(ctx, routes)
  return { dispatcher, tools: toolEntries(dispatcher, [...PUBLIC_TOOLS, ...SIGNED_IN_TOOLS]) }
}

const text = (body: unknown) => JSON.stringify(body, null, 2)

function toolError(message: string): CallToolResult {
  return { isError: true, content: [{ type: 'text', text: message }] }
}

/** One token of the agent budget per tool call or resource read, exactly as agent search draws it. */
async function budgetRefusal(ctx: AppContext, caller: McpCaller): Promise<string | null> {
  let decision = null
  try {
    decision = await ctx.rateLimiter.take('agent', caller.budgetKey)
  } catch (error) {
    ctx.log.error('rate limiter failed; MCP call let through', { error: String(error) })
  }
  if (!decision || decision.allowed) return null
  return `rate limit exceeded: ${decision.limit} requests per minute; retry in ${decision.retryAfterSeconds} s`
}

export function createMcpServer(ctx: AppContext, catalogue: McpCatalogue, caller: McpCaller): Server {
  const server = new Server(
    { name: 'openroles', title: 'openroles job catalogue', version: VERSION },
    { capabilities: { tools: {}, resources: {}, prompts: {} }, instructions: 'Open IT job postings and the companies behind them. Start with search_jobs (or suggest to find filter values); read a posting with get_job or the openroles://jobs/{slug} resource.' },
  )
  const { tools, dispatcher } = catalogue

  server.setRequestHandler(ListToolsRequestSchema, () => ({
    tools: tools.map((tool) => ({
      name: tool.name,
      title: tool.title,
      description: tool.signedIn ? `${tool.description} Needs an openroles API key.` : tool.description,
      inputSchema: tool.inputSchema as { type: 'object' },
      annotations: { readOnlyHint: tool.operation.method === 'GET', openWorldHint: false },
    })),
  }))

  server.setRequestHandler(CallToolRequestSchema, async (request): Promise<CallToolResult> => {
    const tool = tools.find((entry) => entry.name === request.params.name)
    if (!tool) throw new McpError(ErrorCode.InvalidParams, `unknown tool ${request.params.name}`)
    const refusal = await budgetRefusal(ctx, caller)
    if (refusal) return toolError(refusal)
    const call = operationCallOf(dispatcher.route(tool.operation), request.params.arguments ?? {})
    const answer = await dispatcher.call(tool.operation, { ...call, authorization: caller.authorization })
    if (answer.status >= 400) return toolError(answer.body?.error ?? `failed with status ${answer.status}`)
    return { content: [{ type: 'text', text: text(answer.body) }], structuredContent: answer.body }
  })

  server.setRequestHandler(ListResourceTemplatesRequestSchema, () => ({
    resourceTemplates: [{ uriTemplate: `${JOB_URI_PREFIX}{slug}`, name: 'job', title: 'A job posting', description: 'One posting as Markdown: title, facts, skills, salary, apply link and the full description.', mimeType: 'text/markdown' }],
  }))

  server.setRequestHandler(ListResourcesRequestSchema, async () => {
    const newest = await dispatcher.call({ method: 'GET', path: '/jobs' }, { query: { limit: '20' } })
    const jobs = (newest.body?.data ?? []) as { public_slug: string; title: string; company: string }[]
    return { resources: jobs.map((job) => ({ uri: `${JOB_URI_PREFIX}${job.public_slug}`, name: job.public_slug, title: `${job.title} at ${job.company}`, mimeType: 'text/markdown' })) }
  })

  server.setRequestHandler(ReadResourceRequestSchema, async (request) => {
    const { uri } = request.params
    if (!uri.startsWith(JOB_URI_PREFIX)) throw new McpError(ErrorCode.InvalidParams, `unknown resource ${uri}`)
    const refusal = await budgetRefusal(ctx, caller)
    if (refusal) throw new McpError(ErrorCode.InvalidRequest, refusal)
    const job = jobMarkdown(ctx.db, decodeURIComponent(uri.slice(JOB_URI_PREFIX.length)))
    if (!job) throw new McpError(ErrorCode.InvalidParams, 'job not found')
    return { contents: [{ uri, mimeType: 'text/markdown', text: job.markdown }] }
  })

  server.setRequestHandler(ListPromptsRequestSchema, () => ({
    prompts: PROMPTS.map(({ name, title, description, arguments: args }) => ({ name, title, description, arguments: args })),
  }))

  server.setRequestHandler(GetPromptRequestSchema, (request) => {
    const prompt = PROMPTS.find((entry) => entry.name === request.params.name)
    if (!prompt) throw new McpError(ErrorCode.InvalidParams, `unknown prompt ${request.params.name}`)
    return { description: prompt.description, messages: promptMessages(prompt, request.params.arguments ?? {}) }
  })
  return server
}
