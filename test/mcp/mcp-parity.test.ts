import { after, before, test } from 'node:test'
import assert from 'node:assert/strict'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js'
import { createApp } from '../../src/app.ts'
import { createContext } from '../../src/services.ts'
import { defaultConfig } from '../../src/config.ts'
import { openDatabase, type DB } from '../../src/db/connection.ts'
import { upsertJob } from '../../src/catalogue/job-store.ts'
import { refreshDerivedData } from '../../src/catalogue/refresh.ts'
import type { AppContext } from '../../src/context.ts'
import { inProcessCaller } from '../helpers/app.ts'
import { createApiKey, signUp } from '../helpers/auth.ts'
import { mcpCatalogue } from './fixture.ts'

// Every tool answers what the HTTP API answers for the same input, over both transports: Streamable
// HTTP in-process and stdio through a spawned `openroles mcp` on the same database file.
const CASES: { tool: string; args: Record<string, unknown>; path: string }[] = [
  { tool: 'search_jobs', args: { q: 'engineer', skills: ['go', 'rust'], limit: 5, description_format: 'markdown' }, path: '/agent/jobs/search?q=engineer&skills=go&skills=rust&limit=5&description_format=markdown' },
  { tool: 'search_jobs', args: { countries: 'de', work_mode_exclude: ['onsite'], sort: 'posted_at', order: 'asc' }, path: '/agent/jobs/search?countries=de&work_mode_exclude=onsite&sort=posted_at&order=asc' },
  { tool: 'search_jobs', args: { skills: 'go,postgresql', skills_mode: 'and', country: 'de' }, path: '/agent/jobs/search?skills=go,postgresql&skills_mode=and&country=de' },
  { tool: 'get_job', args: { slug: 'go-engineer-acme' }, path: '/jobs/go-engineer-acme' },
  { tool: 'similar_jobs', args: { slug: 'go-engineer-acme', limit: 2 }, path: '/jobs/go-engineer-acme/similar?limit=2' },
  { tool: 'job_facets', args: { category: 'backend', disjunctive: true }, path: '/jobs/facets?category=backend&disjunctive=true' },
  { tool: 'job_facets', args: { facets: 'skills,work_mode', q: 'engineer' }, path: '/jobs/facets?facets=skills,work_mode&q=engineer' },
  { tool: 'search_companies', args: { q: 'ac' }, path: '/companies?q=ac' },
  { tool: 'get_company', args: { slug: 'acme', limit: 1 }, path: '/companies/acme?limit=1' },
  { tool: 'lookup_city', args: { q: 'Ber' }, path: '/geo/cities?q=Ber' },
  { tool: 'suggest', args: { q: 'go' }, path: '/suggest?q=go' },
  { tool: 'market_roles', args: { country: 'DE', sort: 'growth', limit: 5 }, path: '/insights/roles?country=DE&sort=growth&limit=5' },
  { tool: 'market_skills', args: { category: 'backend' }, path: '/insights/skills?category=backend' },
  { tool: 'market_salaries', args: { category: 'backend' }, path: '/insights/salary?category=backend' },
  { tool: 'market_velocity', args: { granularity: 'week', from: '2026-10-01', to: '2026-11-30', country: 'de' }, path: '/insights/velocity?granularity=week&from=2026-10-01&to=2026-11-30&country=de' },
  { tool: 'hiring_companies', args: { min_open: 0, sort: 'open' }, path: '/insights/companies?min_open=0&sort=open' },
]

let dir: string
let path: string
let db: DB
let ctx: AppContext
let call: ReturnType<typeof inProcessCaller>
let key: string

before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'openroles-mcp-'))
  path = join(dir, 'openroles.db')
  db = openDatabase(path)
  const ids = db.transaction(() => mcpCatalogue().map((job) => upsertJob(db, job).id))()
  refreshDerivedData(db, ids)
  ctx = createContext(defaultConfig({ dbPath: path }), db)
  const app = createApp(ctx)
  call = inProcessCaller(app)
  const alice = await signUp(call)
  key = await createApiKey(call, alice.cookie)
})
after(async () => {
  await ctx?.close?.()
  db?.close()
})

async function expectParity(client: Client): Promise<void> {
  for (const { tool, args, path: apiPath } of CASES) {
    const result = await client.callTool({ name: tool, arguments: args })
    const http = await call(`/api/v1${apiPath}`)
    assert.equal(http.status, 200, apiPath)
    assert.equal(result.isError, undefined, `${tool} ${JSON.stringify(args)}`)
    assert.deepEqual(result.structuredContent, http.body, `${tool} ${JSON.stringify(args)} = GET ${apiPath}`)
    assert.deepEqual(JSON.parse((result.content as { text: string }[])[0]!.text), http.body, 'the text content is the same JSON')
  }
  const ignored = await client.callTool({ name: 'search_jobs', arguments: { country: 'de' } })
  assert.deepEqual((ignored.structuredContent as any).meta.ignored_params, [{ param: 'country', did_you_mean: 'countries' }])
}

test('over Streamable HTTP, every public tool equals the HTTP API for the same input', async () => {
  const app = createApp(ctx)
  const client = new Client({ name: 'parity', version: '1.0.0' })
  await client.connect(new StreamableHTTPClientTransport(new URL('http://localhost/mcp'), { fetch: async (url, init) => app.request(String(url), init) }))
  await expectParity(client)
  await client.close()
})

test('over stdio, a spawned `openroles mcp` answers the same, and signed-in tools use OPENROLES_API_KEY', async () => {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: ['--import', 'tsx', 'src/cli.ts', 'mcp', '--db', path],
    cwd: join(import.meta.dirname, '../..'),
    env: { PATH: process.env.PATH ?? '', OPENROLES_API_KEY: key, LOG_LEVEL: 'error' },
    stderr: 'pipe',
  })
  const client = new Client({ name: 'parity-stdio', version: '1.0.0' })
  await client.connect(transport)
  const { tools } = await client.listTools()
  assert.equal(tools.length, 18)
  await expectParity(client)
  const saved = await client.callTool({ name: 'save_job', arguments: { slug: 'rust-engineer-globex' } })
  assert.equal(saved.isError, undefined, JSON.stringify(saved.content))
  const list = await call('/api/v1/me/tracking/saved', { headers: { authorization: `Bearer ${key}` } })
  assert.equal(list.body.data.length, 1, 'the save went into the shared database file')
  const resource = await client.readResource({ uri: 'openroles://jobs/rust-engineer-globex' })
  assert.match((resource.contents[0] as { text: string }).text, /^# Rust Engineer/)
  await client.close()
})
