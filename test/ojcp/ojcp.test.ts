import { test } from 'node:test'
import assert from 'node:assert/strict'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import { createTestApp, fixtureJob } from '../helpers/app.ts'

// The Open Job Context Protocol provider: manifest, REST tools and the protocol's MCP endpoint.
function ojcpApp() {
  return createTestApp({
    jobs: [
      fixtureJob({
        title: 'Senior Backend Engineer', company: { slug: 'acme', name: 'Acme' }, source: 'greenhouse', url: 'https://boards.greenhouse.io/acme/jobs/1',
        workMode: 'remote', seniority: 'senior', category: 'backend', skills: [{ slug: 'go', name: 'Go' }, { slug: 'postgresql', name: 'PostgreSQL' }],
        countries: ['de'], salaryMin: 80000, salaryMax: 100000, salaryCurrency: 'EUR', salaryPeriod: 'year', employmentType: 'full_time',
        reality: { class: 'stale', age_days: 120, repost_count: 3, mass_posting_count: 0, fake_freshness: false },
      }),
      fixtureJob({ title: 'Junior Frontend Developer', company: { slug: 'globex', name: 'Globex' }, workMode: 'onsite', seniority: 'junior', category: 'frontend', skills: [{ slug: 'react', name: 'React' }], countries: ['de', 'at'], salaryMin: 300, salaryCurrency: 'EUR', salaryPeriod: 'day' }),
    ],
  })
}

const postJson = (call: ReturnType<typeof createTestApp>['call'], path: string, body: unknown) =>
  call(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })

test('the manifest at the site root names the tools, endpoints and the rate this server enforces', async () => {
  const { call } = ojcpApp()
  const { status, body } = await call('/.well-known/ojcp.json')
  assert.equal(status, 200)
  assert.equal(body.ojcp_version, '0.1')
  assert.deepEqual(body.tools, ['search_jobs', 'get_job_detail', 'get_employer_context'])
  assert.equal(body.feed_endpoints.search, 'http://localhost/api/v1/ojcp/v1/search')
  assert.equal(body.mcp_endpoint, 'http://localhost/api/v1/ojcp/mcp')
  assert.deepEqual(body.auth, { required: false })
  assert.equal(body.rate_limits.anonymous_rps, 5)
})

test('search_jobs reads the query into filters and answers JobPosting summaries, with fit when a candidate is given', async () => {
  const { call } = ojcpApp()
  const found = await postJson(call, '/api/v1/ojcp/v1/search', { query: 'senior backend engineer remote', candidate_context: { ojcp_candidate_context_version: '0.1', consent_scope: 'fit_scoring', skills: ['Golang'] } })
  assert.equal(found.status, 200)
  assert.equal(found.body.ojcp_version, '0.1')
  assert.deepEqual([found.body.total_results, found.body.returned, found.body.offset], [1, 1, 0])
  const [job] = found.body.jobs
  assert.match(job.ojcp_id, /^localhost:senior-backend-engineer-acme-/)
  assert.deepEqual(job.employer, { '@type': 'Organization', name: 'Acme', ojcp_employer_id: 'localhost:acme' })
  assert.match(job.datePosted, /^\d{4}-\d{2}-\d{2}$/)
  assert.equal(job.remote_policy, 'remote')
  assert.equal(job.experienceLevel, 'senior')
  assert.equal(job.employmentType, 'full_time')
  assert.deepEqual(job.jobLocation, { '@type': 'Place', address: { addressCountry: 'DE' } })
  assert.deepEqual(job.baseSalary, { '@type': 'MonetaryAmountDistribution', currency: 'EUR', minValue: 80000, maxValue: 100000, unitText: 'YEAR' })
  assert.equal(job.official_job_url, 'https://boards.greenhouse.io/acme/jobs/1')
  assert.deepEqual(job.apply_paths, [{ type: 'ats_direct', url: 'https://boards.greenhouse.io/acme/jobs/1', ats_provider: 'greenhouse', supports_agent_submission: false }])
  assert.equal(job.agent_notes, 'Posting reality: stale, open for 120 days. This posting has been reposted 3 times.')
  assert.equal(job.description, undefined, 'summaries carry no description')
  assert.equal(job.fit_score, 0.5)
  assert.match(job.fit_rationale, /1 of the 2 skills/)

  const junior = await postJson(call, '/api/v1/ojcp/v1/search', { query: 'frontend', filters: { experience_level: 'entry' } })
  const [other] = junior.body.jobs
  assert.equal(other.title, 'Junior Frontend Developer')
  assert.equal(other.jobLocation, undefined, 'two countries: no one location')
  assert.equal(other.baseSalary, undefined, 'a day rate has no OJCP unit: no salary rather than a wrong one')
  assert.equal(other.experienceLevel, 'entry')
  assert.equal((await postJson(call, '/api/v1/ojcp/v1/search', { query: 'engineer', pagination: { limit: 1, offset: 5 } })).body.returned, 0)
})

test('bad search input answers the OJCP error envelope and searches nothing', async () => {
  const { call } = ojcpApp()
  const cases: [unknown, string, RegExp][] = [
    [{}, 'missing_required_field', /query/],
    [{ query: 42 }, 'invalid_field_value', /query/],
    [{ query: 'go', pagination: { limit: 500 } }, 'invalid_field_value', /pagination\.limit/],
    [{ query: 'go', filters: { experience_level: 'guru' } }, 'invalid_field_value', /experience_level/],
    [[], 'missing_required_field', /query/],
  ]
  for (const [input, code, message] of cases) {
    const response = await postJson(call, '/api/v1/ojcp/v1/search', input)
    assert.equal(response.status, 400, JSON.stringify(input))
    assert.equal(response.body.ojcp_version, '0.1')
    assert.equal(response.body.error_code, code, JSON.stringify(input))
    assert.match(response.body.message, message)
  }
})

test('get_job_detail and get_employer_context by protocol id or slug; unknown ids are 404 envelopes', async () => {
  const { call, db } = ojcpApp()
  const slug = db.prepare("SELECT public_slug FROM jobs WHERE title = 'Senior Backend Engineer'").pluck().get() as string
  const detail = await call(`/api/v1/ojcp/v1/jobs/localhost:${slug}?include_employer_context=true`)
  assert.equal(detail.status, 200)
  assert.equal(detail.body.job['@type'], 'JobPosting')
  assert.equal(typeof detail.body.job.description, 'string')
  assert.equal(detail.body.job.requisition_id, db.prepare('SELECT external_id FROM jobs WHERE public_slug = ?').pluck().get(slug))
  assert.equal(detail.body.employer_context.name, 'Acme')
  assert.equal((await call(`/api/v1/ojcp/v1/jobs/${slug}`)).body.employer_context, undefined)
  const missing = await call('/api/v1/ojcp/v1/jobs/localhost:no-such-job')
  assert.equal(missing.status, 404)
  assert.equal(missing.body.error_code, 'job_not_found')
  const acme = await call('/api/v1/ojcp/v1/employers/localhost:acme')
  assert.equal(acme.status, 200)
  assert.deepEqual([acme.body.employer_id, acme.body.name, acme.body.open_roles_count], ['localhost:acme', 'Acme', 1])
  assert.equal((await call('/api/v1/ojcp/v1/employers/nobody')).body.error_code, 'employer_not_found')
})

test('the protocol MCP endpoint answers the same tools through the SDK client', async () => {
  const { app, db } = ojcpApp()
  const client = new Client({ name: 'ojcp-test', version: '1.0.0' })
  await client.connect(new StreamableHTTPClientTransport(new URL('http://localhost/api/v1/ojcp/mcp'), { fetch: async (url, init) => app.request(String(url), init) }))
  try {
    assert.deepEqual((await client.listTools()).tools.map((tool) => tool.name), ['search_jobs', 'get_job_detail', 'get_employer_context'])
    const search = await client.callTool({ name: 'search_jobs', arguments: { query: 'remote go developer' } })
    assert.equal((search.structuredContent as any).total_results, 1)
    const slug = db.prepare("SELECT public_slug FROM jobs WHERE title = 'Senior Backend Engineer'").pluck().get()
    const detail = await client.callTool({ name: 'get_job_detail', arguments: { job_id: `localhost:${slug}` } })
    assert.equal((detail.structuredContent as any).job.title, 'Senior Backend Engineer')
    const missing = await client.callTool({ name: 'get_employer_context', arguments: { employer_id: 'nobody' } })
    assert.equal(missing.isError, true)
    assert.equal((missing.structuredContent as any).error_code, 'employer_not_found')
    await assert.rejects(client.callTool({ name: 'get_job_detail', arguments: {} }), /job_id is required/)
  } finally {
    await client.close()
  }
})

test('the protocol MCP endpoint refuses an oversized batch whole, as /mcp does', async () => {
  const { app } = ojcpApp()
  const batch = Array.from({ length: 51 }, (_, index) => ({ jsonrpc: '2.0', id: index + 1, method: 'tools/call', params: { name: 'search_jobs', arguments: { query: 'go' } } }))
  const response = await app.request('/api/v1/ojcp/mcp', {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
    body: JSON.stringify(batch),
  })
  assert.equal(response.status, 400)
  const body = (await response.json()) as any
  assert.equal(body.error.code, -32600)
  assert.match(body.error.message, /at most \d+ messages \(this one: 51\)/)
})

test('the protocol MCP endpoint answers a body that never ends with 408 within BODY_TIMEOUT_MS, as /mcp does', async () => {
  const { app } = createTestApp({ jobs: [fixtureJob()], config: { bodyTimeoutMs: 200 } })
  const trickle = new ReadableStream({ start: (controller) => controller.enqueue(new TextEncoder().encode('{"jsonrpc":')) })
  const slow = await Promise.race([
    app.request('/api/v1/ojcp/mcp', { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' }, body: trickle, duplex: 'half' } as RequestInit),
    new Promise<null>((resolve) => setTimeout(() => resolve(null), 3000)),
  ])
  assert.equal(slow?.status, 408)
})
