import { resolve } from 'node:path'
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js'
import { type CommandSpec, dbOption } from '../cli/command.ts'
import { loadConfig } from '../config.ts'
import { openDatabase } from '../db/connection.ts'
import { allRoutes } from '../app.ts'
import { createContext } from '../services.ts'
import { createMcpCatalogue, createMcpServer } from './server.ts'

/**
 * `openroles mcp`: the MCP server over stdio, for local clients that start a command (docs/mcp.md).
 * It reads the same database file as the server (no HTTP listener). stdout carries the protocol,
 * so the log is limited to errors, which go to stderr. Signed-in tools use OPENROLES_API_KEY.
 */
export const mcpCommand: CommandSpec = {
  name: 'mcp',
  summary: 'Serve the MCP tools, resources and prompts over stdio (for MCP clients that start a command).',
  options: { db: dbOption },
  async run({ values }) {
    const config = { ...loadConfig(), logLevel: 'error', digestIntervalMinutes: 0 }
    const db = openDatabase(resolve((values.db as string | undefined) ?? config.dbPath))
    const ctx = createContext(config, db)
    const key = process.env.OPENROLES_API_KEY?.trim()
    const server = createMcpServer(ctx, createMcpCatalogue(ctx, allRoutes(ctx)), {
      // One local caller: the whole agent budget belongs to whoever started the command.
      budgetKey: 'local:stdio',
      authorization: key ? `Bearer ${key}` : undefined,
    })
    const closed = new Promise<void>((done) => (server.onclose = done))
    await server.connect(new StdioServerTransport())
    await closed
    await ctx.close?.()
    db.close()
  },
}
