import { Server } from '@modelcontextprotocol/sdk/server/index.js'
import {
  CallToolRequestSchema, ErrorCode, GetPromptRequestSchema, ListPromptsRequestSchema, ListResourcesRequestSchema,
  ListResourceTemplatesRequestSchema, ListToolsRequestSchema, McpError, ReadResourceRequestSchema,
  type CallToolResult,
} from '@modelcontextprotocol/sdk/types.js'
import type { AppContext, RateDecision } from '../context.ts'
import type { Route } from '../http/route.ts'
import { VERSION } from '../version.ts'
import { createCallQueue } from './call-queue.ts'
import { createDispatcher, type Dispatcher } from './dispatch.ts'
import { JOB_URI_PREFIX, jobMarkdown } from './job-resource.ts'
import { PROMPTS, promptMessages } from './prompts.ts'
import { argumentProblem, operationCallOf, PUBLIC_TOOLS, SIGNED_IN_TOOLS, toolEntries, type ToolEntry } from './tools.ts'

/**
 * The MCP server (docs/mcp.md): the catalogue as tools, a job as a resource, and prompts, over
 * Streamable HTTP at /mcp (src/mcp/mount.ts) or stdio (`openroles mcp`). One Server per MCP session
 * or stateless request; the tool table and dispatcher are built once per process.
 */
export interface McpCaller {
  /** Bucket of the agent budget (src/http/rate-limit.ts): the user behind the key, else the address. */
  budgetKey: string
  /** `Bearer <key>` passed on to signed-in tools. */
  authorization?: string
  /** What the calls of this server may answer in all, in bytes (one HTTP request: MCP_MAX_RESPONSE_BYTES; stdio: unbounded). */
  maxResponseBytes?: number
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

/**
 * Request schemas with params are registered by their method alone and parsed in the handler: the
 * SDK's own parse answers malformed params as -32603 (internal error), they are -32602.
 */
const methodOf = <T extends typeof CallToolRequestSchema | typeof ReadResourceRequestSchema | typeof GetPromptRequestSchema>(schema: T) =>
  schema.pick({ method: true }).loose()

function strictly<T extends { safeParse(value: unknown): { success: boolean; data?: unknown; error?: { message: string } } }>(schema: T, request: unknown) {
  const parsed = schema.safeParse(request)
  if (!parsed.success) throw new McpError(ErrorCode.InvalidParams, `invalid params: ${parsed.error?.message}`)
  return parsed.data as NonNullable<ReturnType<T['safeParse']>['data']>
}

/** The slug of a job resource URI, or null when its escapes do not decode (or it is empty). */
function decodedSlug(encoded: string): string | null {
  try {
    return decodeURIComponent(encoded) || null
  } catch {
    return null
  }
}

const text = (body: unknown) => JSON.stringify(body, null, 2)

function toolError(message: string): CallToolResult {
  return { isError: true, content: [{ type: 'text', text: message }] }
}

/** One token of the agent budget per tool call or resource read, exactly as agent search draws it: the refusing decision, or null. */
export async function agentBudgetRefusal(ctx: AppContext, budgetKey: string): Promise<RateDecision | null> {
  let decision = null
  try {
    decision = await ctx.rateLimiter.take('agent', budgetKey)
  } catch (error) {
    ctx.log.error('rate limiter failed; MCP call let through', { error: String(error) })
  }
  return decision && !decision.allowed ? decision : null
}

async function budgetRefusal(ctx: AppContext, caller: McpCaller): Promise<string | null> {
  const refused = await agentBudgetRefusal(ctx, caller.budgetKey)
  return refused ? `rate limit exceeded: ${refused.limit} requests per minute; retry in ${refused.retryAfterSeconds} s` : null
}

export function createMcpServer(ctx: AppContext, catalogue: McpCatalogue, caller: McpCaller): Server {
  const server = new Server(
    { name: 'openroles', title: 'openroles job catalogue', version: VERSION },
    { capabilities: { tools: {}, resources: {}, prompts: {} }, instructions: 'Open IT job postings and the companies behind them. Start with search_jobs (or suggest to find filter values); read a posting with get_job or the openroles://jobs/{slug} resource.' },
  )
  const { tools, dispatcher } = catalogue
  const queue = createCallQueue(caller.maxResponseBytes ?? Infinity)

  server.setRequestHandler(ListToolsRequestSchema, () => ({
    tools: tools.map((tool) => ({
      name: tool.name,
      title: tool.title,
      description: tool.signedIn ? `${tool.description} Needs an openroles API key.` : tool.description,
      inputSchema: tool.inputSchema as { type: 'object' },
      annotations: { readOnlyHint: tool.operation.method === 'GET', openWorldHint: false },
    })),
  }))

  server.setRequestHandler(methodOf(CallToolRequestSchema), async (raw): Promise<CallToolResult> => {
    const request = strictly(CallToolRequestSchema, raw)
    const tool = tools.find((entry) => entry.name === request.params.name)
    if (!tool) throw new McpError(ErrorCode.InvalidParams, `unknown tool ${request.params.name}`)
    const route = dispatcher.route(tool.operation)
    const args = request.params.arguments ?? {}
    const problem = argumentProblem(tool, route, args)
    if (problem) throw new McpError(ErrorCode.InvalidParams, `${tool.name}: ${problem}`)
    const queued = await queue.run(async (): Promise<CallToolResult> => {
      const refusal = await budgetRefusal(ctx, caller)
      if (refusal) return toolError(refusal)
      const answer = await dispatcher.call(tool.operation, { ...operationCallOf(route, args), authorization: caller.authorization })
      if (answer.status >= 400) return toolError(answer.body?.error ?? `failed with status ${answer.status}`)
      return { content: [{ type: 'text', text: text(answer.body) }], structuredContent: answer.body }
    })
    return 'refused' in queued ? toolError(queued.refused) : queued.answer
  })

  server.setRequestHandler(ListResourceTemplatesRequestSchema, () => ({
    resourceTemplates: [{ uriTemplate: `${JOB_URI_PREFIX}{slug}`, name: 'job', title: 'A job posting', description: 'One posting as Markdown: title, facts, skills, salary, apply link and the full description.', mimeType: 'text/markdown' }],
  }))

  server.setRequestHandler(ListResourcesRequestSchema, async () => {
    const newest = await dispatcher.call({ method: 'GET', path: '/jobs' }, { query: { limit: '20' } })
    const jobs = (newest.body?.data ?? []) as { public_slug: string; title: string; company: string }[]
    return { resources: jobs.map((job) => ({ uri: `${JOB_URI_PREFIX}${job.public_slug}`, name: job.public_slug, title: `${job.title} at ${job.company}`, mimeType: 'text/markdown' })) }
  })

  server.setRequestHandler(methodOf(ReadResourceRequestSchema), async (raw) => {
    const request = strictly(ReadResourceRequestSchema, raw)
    const { uri } = request.params
    const slug = uri.startsWith(JOB_URI_PREFIX) ? decodedSlug(uri.slice(JOB_URI_PREFIX.length)) : null
    if (!slug) throw new McpError(ErrorCode.InvalidParams, `unknown resource ${uri}`)
    const queued = await queue.run(async () => {
      const refusal = await budgetRefusal(ctx, caller)
      if (refusal) throw new McpError(ErrorCode.InvalidRequest, refusal)
      const job = jobMarkdown(ctx.db, slug)
      if (!job) throw new McpError(ErrorCode.InvalidParams, 'job not found')
      return { contents: [{ uri, mimeType: 'text/markdown', text: job.markdown }] }
    })
    if ('refused' in queued) throw new McpError(ErrorCode.InvalidRequest, queued.refused)
    return queued.answer
  })

  server.setRequestHandler(ListPromptsRequestSchema, () => ({
    prompts: PROMPTS.map(({ name, title, description, arguments: args }) => ({ name, title, description, arguments: args })),
  }))

  server.setRequestHandler(methodOf(GetPromptRequestSchema), (raw) => {
    const request = strictly(GetPromptRequestSchema, raw)
    const prompt = PROMPTS.find((entry) => entry.name === request.params.name)
    if (!prompt) throw new McpError(ErrorCode.InvalidParams, `unknown prompt ${request.params.name}`)
    return { description: prompt.description, messages: promptMessages(prompt, request.params.arguments ?? {}) }
  })
  return server
}
