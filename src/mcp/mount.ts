import { bodyLimit, type H3, type H3Event } from 'h3'
import type { Server } from '@modelcontextprotocol/sdk/server/index.js'
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js'
import type { AppContext } from '../context.ts'
import type { Route } from '../http/route.ts'
import { methodNotAllowed } from '../errors.ts'
import { callerKey } from '../http/rate-limit.ts'
import { readBodyText } from '../http/body-read.ts'
import { createMcpCatalogue, createMcpServer, type McpCatalogue } from './server.ts'

/**
 * The MCP server over Streamable HTTP at /mcp (docs/mcp.md), stateless: every POST carries its
 * JSON-RPC messages and gets JSON back, so any number of clients and processes can serve it and
 * nothing is kept between requests. GET (a server-to-client stream) is not offered: 405, as the
 * protocol allows. Public tools need no credentials; signed-in tools take the caller's
 * `Authorization: Bearer <API key>`, which is passed on to the operation and nothing else (cookies
 * are not, so a foreign page cannot act for a signed-in browser).
 */
export function mountMcp(app: H3, ctx: AppContext, routes: () => Route[]): void {
  let catalogue: McpCatalogue | undefined
  mountStatelessMcp(app, ctx, '/mcp', async (event, budgetKey) => {
    catalogue ??= createMcpCatalogue(ctx, routes())
    const authorization = event.req.headers.get('authorization') ?? undefined
    return createMcpServer(ctx, catalogue, { budgetKey, authorization, maxResponseBytes: ctx.config.mcpMaxResponseBytes })
  })
}

/**
 * A stateless MCP endpoint (Streamable HTTP, JSON answers) at `path`, with the bounds every such
 * endpoint keeps: the body read within BODY_TIMEOUT_MS and MAX_BODY_BYTES, a batch of at most
 * MCP_MAX_BATCH messages, one Server per request (`serverFor`, given the caller's budget key), and
 * 405 for anything but POST. Used by /mcp and the OJCP endpoint.
 */
export function mountStatelessMcp(app: H3, ctx: AppContext, path: string, serverFor: (event: H3Event, budgetKey: string) => Promise<Server> | Server): void {
  app.on(
    'POST',
    path,
    async (event) => {
      const body = await readBodyText(event, ctx.config.bodyTimeoutMs)
      const parsedBody = parsedMessages(body)
      if (Array.isArray(parsedBody) && parsedBody.length > ctx.config.mcpMaxBatch) return oversizedBatch(parsedBody.length, ctx.config.mcpMaxBatch)
      const server = await serverFor(event, await callerKey(ctx, event))
      const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true })
      await server.connect(transport)
      try {
        // An unparsed body goes on as it came, for the transport's own parse error.
        const request = new Request(event.req.url, { method: 'POST', headers: event.req.headers, body })
        return await transport.handleRequest(request, parsedBody === undefined ? undefined : { parsedBody })
      } finally {
        await server.close()
      }
    },
    { middleware: [bodyLimit(ctx.config.maxBodyBytes)] },
  )
  app.all(path, () => {
    throw methodNotAllowed('the MCP endpoint is stateless: POST JSON-RPC messages to it', { Allow: 'POST' })
  })
}

function parsedMessages(body: string): unknown {
  try {
    return JSON.parse(body)
  } catch {
    return undefined
  }
}

/**
 * A JSON-RPC batch longer than MCP_MAX_BATCH is refused whole (-32600, invalid request), before
 * any of it runs: one request's work stays bounded.
 */
function oversizedBatch(length: number, maxBatch: number): Response {
  const error = { code: -32600, message: `a batch carries at most ${maxBatch} messages (this one: ${length}); send the rest in another request` }
  return Response.json({ jsonrpc: '2.0', id: null, error }, { status: 400 })
}
