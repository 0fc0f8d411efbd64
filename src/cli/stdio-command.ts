import { resolve } from 'node:path'
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js'
import { existsSync } from 'node:fs'
import { type CommandSpec, valueOption } from './command.ts'
import { projectRoot } from '../paths.ts'
import { loadConfig } from '../config.ts'
import { openDatabase } from '../db/connection.ts'
import { allRoutes } from '../app.ts'
import { createContext } from '../services.ts'
import { createMcpCatalogue, createMcpServer } from '../mcp/server.ts'

/**
 * `openroles mcp`: the MCP server over stdio, for local clients that start a command (docs/mcp.md).
 * It reads the same database file as the server (no HTTP listener). stdout carries the protocol,
 * so the log is limited to errors, which go to stderr. Signed-in tools use OPENROLES_API_KEY.
 */
export const mcpCommand: CommandSpec = {
  name: 'mcp',
  summary: 'Serve the MCP tools, resources and prompts over stdio (for MCP clients that start a command).',
  options: { db: valueOption('PATH', 'database file (default OPENROLES_DB; a relative default is taken from the installation folder, not the working directory)') },
  async run({ values }) {
    const config = { ...loadConfig(), logLevel: 'error', digestIntervalMinutes: 0 }
    // An MCP client starts the command from a folder of its own: the default file is the installation's.
    const path = values.db !== undefined ? resolve(values.db as string) : resolve(projectRoot, config.dbPath)
    if (!existsSync(path)) {
      console.error(`openroles mcp: no database at ${path}. Start the server once (npm start) to create and seed it, or pass --db PATH (or OPENROLES_DB) naming an existing file.`)
      process.exitCode = 1
      return
    }
    const db = openDatabase(path)
    const ctx = createContext(config, db)
    // stdout carries the protocol; stderr tells whoever reads the client's log which catalogue this is.
    console.error(`openroles mcp: serving ${path} (${ctx.catalogue.counts().jobs_open.toLocaleString('en-US')} open jobs)`)
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
