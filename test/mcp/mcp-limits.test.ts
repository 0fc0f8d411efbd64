import { test } from 'node:test'
import assert from 'node:assert/strict'
import { createTestApp } from '../helpers/app.ts'
import { mcpCatalogue } from './fixture.ts'

// The work one POST /mcp may cause: batch size, answer size, the agent budget per call, and
// arguments that cannot make a call answering -32602 (docs/mcp.md).
const { app } = createTestApp({ jobs: mcpCatalogue(), config: { mcpMaxBatch: 20, mcpMaxResponseBytes: 12_000, agentBudgetPerMinute: 1000 } })

async function rpc(body: unknown) {
  const response = await app.request('/mcp', {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
    body: JSON.stringify(body),
  })
  return { status: response.status, body: await response.json() as any }
}

const callTool = (id: number, name: string, args: unknown) => ({ jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: args } })

test('a batch of 100 search_jobs calls is refused whole, before any runs', async () => {
  const batch = Array.from({ length: 100 }, (_, index) => callTool(index + 1, 'search_jobs', { limit: 100 }))
  const { status, body } = await rpc(batch)
  assert.equal(status, 400)
  assert.equal(body.error.code, -32600)
  assert.match(body.error.message, /at most 20 messages \(this one: 100\)/)
})

test('a batch answers at most MCP_MAX_RESPONSE_BYTES: the calls past it are tool errors, not run', async () => {
  const batch = Array.from({ length: 20 }, (_, index) => callTool(index + 1, 'search_jobs', { limit: 100 }))
  const { status, body } = await rpc(batch)
  assert.equal(status, 200)
  assert.equal(body.length, 20)
  const answered = body.filter((entry: any) => !entry.result.isError)
  const refused = body.filter((entry: any) => entry.result.isError)
  assert.ok(answered.length >= 1 && refused.length >= 1, `${answered.length} answered, ${refused.length} refused`)
  assert.ok(JSON.stringify(answered).length <= 12_000)
  assert.match(refused[0].result.content[0].text, /^response limit reached: one MCP request answers at most 12000 bytes/)
})

test('each call of a batch draws on the caller’s agent budget', async () => {
  const { app: small } = createTestApp({ jobs: mcpCatalogue(), config: { agentBudgetPerMinute: 3, rateBurstPercent: 100 } })
  const response = await small.request('/mcp', {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
    body: JSON.stringify(Array.from({ length: 5 }, (_, index) => callTool(index + 1, 'get_job', { slug: 'go-engineer-acme' }))),
  })
  const body = await response.json() as any[]
  assert.deepEqual(body.map((entry) => entry.result.isError ?? false), [false, false, false, true, true])
  assert.match(body[4].result.content[0].text, /^rate limit exceeded: 3 requests per minute/)
})

test('arguments that cannot make the call answer -32602, never another tool’s answer nor -32603', async () => {
  const cases: [string, unknown, RegExp][] = [
    ['get_job', {}, /missing required argument "slug"/],
    ['get_job', { slug: '' }, /missing required argument "slug"/],
    ['similar_jobs', { slug: '  ' }, /missing required argument "slug"/],
    ['get_job', { slug: '\ud800' }, /"slug" is not well-formed text/],
    ['get_job', { slug: { nested: true } }, /"slug" must be a string/],
    ['search_jobs', { q: 'go', limit: { deep: [1] } }, /"limit" must be a string, number, boolean or a list of them/],
    ['search_jobs', { q: '\udc00go' }, /"q" is not well-formed text/],
    ['lookup_city', { q: 'ber', shoe_size: 44 }, /unknown argument "shoe_size"/],
    ['get_job', 'go-engineer-acme', /Invalid tools\/call request/],
  ]
  for (const [name, args, message] of cases) {
    const { status, body } = await rpc(callTool(1, name, args))
    assert.equal(status, 200)
    assert.equal(body.result, undefined, `${name} ${JSON.stringify(args)} answered a result`)
    assert.equal(body.error.code, -32602, `${name} ${JSON.stringify(args)}: ${body.error.message}`)
    assert.match(body.error.message, message)
  }
  for (const params of [{ uri: 'openroles://jobs/%E0%A4%A' }, { uri: 42 }]) {
    const resource = await rpc({ jsonrpc: '2.0', id: 2, method: 'resources/read', params })
    assert.equal(resource.body.error.code, -32602, JSON.stringify(params))
  }
  assert.equal((await rpc({ jsonrpc: '2.0', id: 2, method: 'prompts/get', params: { name: ['explain_job'] } })).body.error.code, -32602)
  const fine = await rpc(callTool(3, 'get_job', { slug: 'go-engineer-acme' }))
  assert.equal(fine.body.result.structuredContent.data.public_slug, 'go-engineer-acme')
})
