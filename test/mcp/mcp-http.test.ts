import { test } from 'node:test'
import assert from 'node:assert/strict'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import { createTestApp } from '../helpers/app.ts'
import { createApiKey, sessionHeaders, signUp } from '../helpers/auth.ts'
import { mcpCatalogue } from './fixture.ts'

// The MCP server over Streamable HTTP, driven by the SDK's own client against the app in-process.
async function connect(app: ReturnType<typeof createTestApp>['app'], key?: string) {
  const client = new Client({ name: 'openroles-test', version: '1.0.0' })
  const transport = new StreamableHTTPClientTransport(new URL('http://localhost/mcp'), {
    fetch: async (url, init) => app.request(String(url), init),
    requestInit: key ? { headers: { authorization: `Bearer ${key}` } } : undefined,
  })
  await client.connect(transport)
  return client
}

test('tools, resources and prompts are listed; every input schema is an object schema', async () => {
  const { app } = createTestApp({ jobs: mcpCatalogue() })
  const client = await connect(app)
  const { tools } = await client.listTools()
  assert.deepEqual(tools.map((tool) => tool.name), [
    'search_jobs', 'get_job', 'similar_jobs', 'job_facets', 'search_companies', 'get_company', 'lookup_city',
    'market_roles', 'market_skills', 'market_salaries', 'market_velocity', 'hiring_companies', 'suggest',
    'save_job', 'track_job', 'my_pipeline', 'match_job', 'market_coverage',
  ])
  const search = tools.find((tool) => tool.name === 'search_jobs')!
  const properties = search.inputSchema.properties as Record<string, any>
  assert.equal(properties.limit.type, 'integer')
  assert.ok(properties.skills && properties.skills_exclude && properties.countries && properties.description_format, 'the whole filter grammar')
  assert.deepEqual(tools.find((tool) => tool.name === 'get_job')!.inputSchema.required, ['slug'])
  assert.deepEqual((tools.find((tool) => tool.name === 'market_coverage')!.inputSchema as any).required, ['skills'])
  const { resourceTemplates } = await client.listResourceTemplates()
  assert.equal(resourceTemplates[0]!.uriTemplate, 'openroles://jobs/{slug}')
  const { prompts } = await client.listPrompts()
  assert.deepEqual(prompts.map((prompt) => prompt.name), ['find_matching_roles', 'explain_job'])
  await client.close()
})

test('a job reads as a Markdown resource; a prompt renders with its arguments', async () => {
  const { app } = createTestApp({ jobs: mcpCatalogue() })
  const client = await connect(app)
  const { resources } = await client.listResources()
  assert.ok(resources.some((resource) => resource.uri === 'openroles://jobs/go-engineer-acme'))
  const read = await client.readResource({ uri: 'openroles://jobs/go-engineer-acme' })
  const markdown = (read.contents[0] as { text: string }).text
  assert.match(markdown, /^# Go Engineer\n/)
  assert.match(markdown, /Skills: go, postgresql/)
  assert.match(markdown, /\*\*gRPC\*\* services/, 'the description as Markdown')
  await assert.rejects(client.readResource({ uri: 'openroles://jobs/nope' }), /job not found/)
  const prompt = await client.getPrompt({ name: 'find_matching_roles', arguments: { skills: 'go, rust', where: 'de' } })
  assert.match((prompt.messages[0]!.content as { text: string }).text, /skills go, rust; location de/)
  await assert.rejects(client.getPrompt({ name: 'explain_job', arguments: {} }), /needs the argument slug/)
  await client.close()
})

test('errors come back as tool errors with the HTTP messages', async () => {
  const { app, call } = createTestApp({ jobs: mcpCatalogue() })
  const client = await connect(app)
  const cases: [string, Record<string, unknown>, string, string?][] = [
    ['get_job', { slug: 'no-such-job' }, '/api/v1/jobs/no-such-job'],
    ['search_jobs', { sort: 'shoe_size' }, '/api/v1/agent/jobs/search?sort=shoe_size'],
    ['search_jobs', { salary_min: 'lots' }, '/api/v1/agent/jobs/search?salary_min=lots'],
    ['job_facets', { facets: 'skills', disjunctive: true }, '/api/v1/jobs/facets?facets=skills&disjunctive=true'],
    ['save_job', { slug: 'go-engineer-acme' }, '/api/v1/jobs/go-engineer-acme/save', 'POST'],
    ['market_coverage', { skills: [] }, '/api/v1/market/coverage', 'POST'],
  ]
  for (const [name, args, path, method = 'GET'] of cases) {
    const result = await client.callTool({ name, arguments: args })
    const http = await call(path, { method })
    assert.ok(http.status >= 400, path)
    assert.equal(result.isError, true, name)
    assert.equal((result.content as { text: string }[])[0]!.text, http.body.error, `${name} says what the API says`)
  }
  await client.close()
})

test('signed-in tools take the Bearer API key: save_job, track_job, my_pipeline, match_job, market_coverage', async () => {
  const { app, call } = createTestApp({ jobs: mcpCatalogue() })
  const alice = await signUp(call)
  const key = await createApiKey(call, alice.cookie)
  const client = await connect(app, key)
  const saved = await client.callTool({ name: 'save_job', arguments: { slug: 'go-engineer-acme' } })
  assert.equal(saved.isError, undefined)
  const tracking = await call('/api/v1/me/tracking/saved', { headers: { authorization: `Bearer ${key}` } })
  assert.deepEqual(tracking.body.data.map((row: any) => row.job?.public_slug ?? row.public_slug ?? row.id), ['go-engineer-acme'])
  const tracked = await client.callTool({ name: 'track_job', arguments: { slug: 'rust-engineer-globex', stage: 'interview', notes: 'call on Monday' } })
  assert.equal(tracked.isError, undefined, JSON.stringify(tracked.content))
  const refusedStage = await client.callTool({ name: 'track_job', arguments: { slug: 'rust-engineer-globex', stage: 'hired' } })
  const httpRefusal = await call('/api/v1/jobs/rust-engineer-globex/track', { method: 'PATCH', headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, body: JSON.stringify({ stage: 'hired' }) })
  assert.equal(refusedStage.isError, true)
  assert.equal((refusedStage.content as { text: string }[])[0]!.text, httpRefusal.body.error)
  const board = await client.callTool({ name: 'my_pipeline', arguments: { filter: 'board' } })
  const httpBoard = await call('/api/v1/me/tracking?filter=board', { headers: { authorization: `Bearer ${key}` } })
  assert.deepEqual(board.structuredContent, httpBoard.body)
  assert.deepEqual(httpBoard.body.data.map((entry: any) => [entry.job?.public_slug, entry.stage, entry.notes]), [['rust-engineer-globex', 'interview', 'call on Monday']])
  await call('/api/v1/me/profile', { method: 'PUT', headers: sessionHeaders(alice.cookie), body: JSON.stringify({ skills: [{ name: 'Go' }] }) })
  const match = await client.callTool({ name: 'match_job', arguments: { slug: 'go-engineer-acme' } })
  assert.ok((match.structuredContent as any).data, 'a match answer')
  assert.deepEqual(match.structuredContent, (await call('/api/v1/jobs/go-engineer-acme/match', { headers: { authorization: `Bearer ${key}` } })).body)
  const coverage = await client.callTool({ name: 'market_coverage', arguments: { skills: ['go'], category: 'backend' } })
  assert.equal((coverage.structuredContent as any).data.total, 2)
  await client.close()
})

test('the agent budget applies to MCP tool calls: over it, a tool error with the HTTP 429 message', async () => {
  const { app } = createTestApp({ jobs: mcpCatalogue(), config: { agentBudgetPerMinute: 2 } })
  const client = await connect(app)
  assert.equal((await client.callTool({ name: 'suggest', arguments: { q: 'go' } })).isError, undefined)
  assert.equal((await client.callTool({ name: 'get_job', arguments: { slug: 'go-engineer-acme' } })).isError, undefined)
  const refused = await client.callTool({ name: 'get_job', arguments: { slug: 'go-engineer-acme' } })
  assert.equal(refused.isError, true)
  assert.match((refused.content as { text: string }[])[0]!.text, /^rate limit exceeded: 2 requests per minute; retry in \d+ s$/)
  await client.close()
})

test('GET /mcp is 405: the endpoint is stateless', async () => {
  const { get } = createTestApp()
  const { status, headers, body } = await get('/mcp')
  assert.equal(status, 405)
  assert.equal(headers.get('allow'), 'POST')
  assert.match(body.error, /stateless/)
})

test('closed vocabularies are listed in the tool schema; an unknown value comes back in meta with did_you_mean', async () => {
  const { app } = createTestApp({ jobs: mcpCatalogue() })
  const client = await connect(app)
  const { tools } = await client.listTools()
  const properties = tools.find((tool) => tool.name === 'search_jobs')!.inputSchema.properties as Record<string, any>
  const seniority = ['intern', 'junior', 'middle', 'senior', 'lead', 'staff', 'principal', 'c_level']
  assert.deepEqual(properties.seniority.anyOf, [{ type: 'string', enum: seniority }, { type: 'array', items: { type: 'string', enum: seniority } }])
  assert.ok(properties.work_mode.anyOf[0].enum.includes('onsite') && properties.regions.anyOf[0].enum.includes('eu'))
  assert.equal(properties.skills.anyOf?.[0]?.enum, undefined, 'skills are an open vocabulary')
  const result = await client.callTool({ name: 'search_jobs', arguments: { seniority: 'sr', countries: 'Germany' } })
  const body = JSON.parse((result.content as { text: string }[])[0]!.text)
  assert.deepEqual(body.meta.unknown_values, [
    { param: 'countries', value: 'germany', did_you_mean: 'de' },
    { param: 'seniority', value: 'sr', did_you_mean: 'senior' },
  ])
  await client.close()
})
