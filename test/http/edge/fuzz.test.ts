import { test } from 'node:test'
import assert from 'node:assert/strict'
import fc from 'fast-check'
import { allRoutes } from '../../../src/app.ts'
import type { Route } from '../../../src/http/route.ts'
import { createTestApp, fixtureJob } from '../../helpers/app.ts'
import { bearerHeaders, createApiKey, sessionHeaders, signUp, TEST_ORIGIN } from '../../helpers/auth.ts'
import { flatePdf, makeZip } from '../../resume/files.ts'

/**
 * Property: whatever query string, path values and body are thrown at any route of the app
 * (routes added later included: the list is allRoutes), the reply is never a 500 (another 5xx only
 * where the route declares it, e.g. 503 for an unconfigured push gateway) and is either the
 * `{ error }` envelope or a success. Names and values include control characters (line breaks, NUL,
 * DEL, C1, U+2028). Runs per route: FUZZ_RUNS (default 20).
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 20)

const harness = createTestApp({
  jobs: [
    fixtureJob({ title: 'Senior Rust Engineer', company: { slug: 'acme', name: 'Acme' } }),
    fixtureJob({ title: 'Data Analyst', company: { slug: 'globex', name: 'Globex' }, closedAt: '2026-11-10T00:00:00.000Z' }),
    fixtureJob({ title: 'Frontend Developer (React)', company: { slug: 'initech', name: 'Initech' } }),
  ],
})
const slugs = (harness.db.prepare('SELECT public_slug FROM jobs').all() as { public_slug: string }[]).map((row) => row.public_slug)

const nasty = fc.constantFrom('%', '%ZZ', '%00', '%2F', '..', '-1', '1.5', 'NaN', '1e309', '9'.repeat(30), 'true', '', ' ', '\u0000', 'ü', '😀', '[]', '{}', "'", '"', '<b>', ',', ',,', 'a,b')
/** Control characters (C0, DEL, C1, line and paragraph separators) inside names and values. */
const control = fc.constantFrom('\n', '\r', '\r\n', '\t', '\u0000', '\u0001', '\u001b', '\u001f', '\u007f', '\u0085', '\u2028', '\u2029')
const withControl = fc
  .tuple(fc.string({ maxLength: 8 }), control, fc.string({ maxLength: 8 }))
  .map(([before, c, after]) => before + c + after)
const text = fc.oneof(nasty, withControl, fc.string({ maxLength: 40 }), fc.string({ unit: 'grapheme', maxLength: 20 }), fc.integer().map(String))

function queryKeys(route: Route): string[] {
  const entries = (route.query as { entries?: Record<string, unknown> } | undefined)?.entries
  return [...Object.keys(entries ?? {}), 'q', 'limit', 'offset', 'sort', 'skills', 'skills_exclude', 'regions', 'facets', 'disjunctive']
}

function bodyKeys(route: Route): string[] {
  const entries = (route.body as { entries?: Record<string, unknown> } | undefined)?.entries
  return Object.keys(entries ?? {})
}

function requestArbitrary(route: Route) {
  const known = fc.constantFrom(...queryKeys(route))
  // Known names with a control character spliced in or appended, and arbitrary names holding one.
  const keys = fc.oneof(known, fc.string({ maxLength: 12 }), withControl, fc.tuple(known, control).map(([name, c]) => name + c), fc.tuple(control, known).map(([c, name]) => c + name))
  const encodedQuery = fc.array(fc.tuple(keys, text), { maxLength: 8 }).map((pairs) => new URLSearchParams(pairs).toString())
  const rawQuery = fc.oneof(fc.string({ maxLength: 60 }), withControl.map((raw) => `${encodeURIComponent(raw)}=1`)).map((raw) => raw.replace(/#/g, ''))
  const pathValue = fc.oneof(fc.constantFrom(...slugs, 'acme', '1', '0'), text.map(encodeURIComponent), nasty)
  const value = fc.oneof(text, fc.integer(), fc.double(), fc.boolean(), fc.constant(null), fc.array(text, { maxLength: 3 }), fc.object({ maxDepth: 1 }))
  const shapedBody = fc.dictionary(fc.constantFrom('x', ...bodyKeys(route)), value, { maxKeys: 6 }).map((body) => JSON.stringify(body))
  const body = fc.oneof(shapedBody, fc.jsonValue({ maxDepth: 2 }).map((json) => JSON.stringify(json)), fc.string({ maxLength: 50 }), fc.constant(''))
  return fc.record({
    query: fc.oneof(encodedQuery, rawQuery),
    pathValues: fc.array(pathValue, { minLength: 4, maxLength: 4 }),
    body,
    credential: fc.constantFrom('none', 'key', 'cookie'),
  })
}

/** A fresh user per route, so a route that signs out or deletes the account cannot blunt the others. */
async function credentials() {
  const user = await signUp(harness.call)
  return { cookie: user.cookie, key: await createApiKey(harness.call, user.cookie) }
}

for (const route of allRoutes(harness.ctx)) {
  test(`fuzz ${route.method} ${route.path}: never a 500, always the envelope`, async () => {
    const { cookie, key } = await credentials()
    await fc.assert(
      fc.asyncProperty(requestArbitrary(route), async ({ query, pathValues, body, credential }) => {
        let index = 0
        const path = `/api/v1${route.path.replace(/:\w+/g, () => pathValues[index++] || 'x')}${query ? `?${query}` : ''}`
        let url: URL
        try {
          url = new URL(path, 'http://localhost')
        } catch {
          return
        }
        const headers = credential === 'key' ? bearerHeaders(key) : credential === 'cookie' ? sessionHeaders(cookie) : { 'content-type': 'application/json' }
        const withBody = route.method !== 'GET'
        const response = await harness.app.request(url.pathname + url.search, { method: route.method, headers, body: withBody ? body : undefined })
        const textBody = await response.text()
        const label = `${route.method} ${url.pathname}${url.search} -> ${response.status} ${textBody.slice(0, 200)}`
        assert.notEqual(response.status, 500, label)
        if (response.status > 500) assert.ok(route.responses?.[response.status], `undeclared ${label}`)
        // The OJCP provider answers its protocol's shapes (docs/ojcp.md); its errors carry our `error` too.
        const protocol = route.path.startsWith('/ojcp/')
        if (response.status >= 400) {
          const parsed = JSON.parse(textBody)
          if (protocol && 'ojcp_version' in parsed) assert.deepEqual(Object.keys(parsed).filter((name) => !['ojcp_version', 'error_code', 'message', 'retry_after_seconds'].includes(name)), ['error'], label)
          else assert.deepEqual(Object.keys(parsed), ['error'], label)
          assert.equal(typeof parsed.error, 'string', label)
        } else if (response.status !== 204 && (response.headers.get('content-type') ?? '').includes('json') && !route.path.endsWith('openapi.json')) {
          assert.ok(protocol ? 'ojcp_version' in JSON.parse(textBody) : 'data' in JSON.parse(textBody), label)
        }
      }),
      { numRuns: RUNS },
    )
  })
}

test('fuzz arbitrary paths and methods under /api: never a 500, always the envelope on errors', async () => {
  const segment = fc.oneof(fc.constantFrom('jobs', 'companies', 'me', 'search', 'similar', 'geo', ...slugs), text.map(encodeURIComponent), nasty)
  const method = fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD')
  await fc.assert(
    fc.asyncProperty(fc.array(segment, { minLength: 1, maxLength: 5 }), method, async (segments, verb) => {
      let url: URL
      try {
        url = new URL(`/api/v1/${segments.join('/')}`, 'http://localhost')
      } catch {
        return
      }
      const response = await harness.app.request(url.pathname + url.search, { method: verb, headers: { 'content-type': 'application/json' }, body: verb === 'GET' || verb === 'HEAD' ? undefined : '{}' })
      const textBody = await response.text()
      const label = `${verb} ${url.pathname} -> ${response.status} ${textBody.slice(0, 200)}`
      assert.notEqual(response.status, 500, label)
      if (response.status >= 400 && verb !== 'HEAD') assert.deepEqual(Object.keys(JSON.parse(textBody)), ['error'], label)
    }),
    { numRuns: RUNS * 10 },
  )
})

test('hostile bodies of the trials: a 100-call MCP batch and two decompression bombs answer a 4xx, never a 5xx', async () => {
  const batch = Array.from({ length: 100 }, (_, id) => ({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'search_jobs', arguments: { limit: 100 } } }))
  const mcp = await harness.app.request('/mcp', { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' }, body: JSON.stringify(batch) })
  assert.equal(mcp.status, 400)
  assert.equal((await mcp.json() as { error: { code: number } }).error.code, -32600)
  const { cookie } = await credentials()
  const MiB = 1024 * 1024
  const bombs: [string, Buffer][] = [
    ['docx', makeZip([{ name: 'word/document.xml', data: Buffer.concat([Buffer.from('<w:document>'), Buffer.alloc(40 * MiB, 0x20), Buffer.from('</w:document>')]), declaredSize: 900 * 1024 }])],
    ['pdf', flatePdf('Jane Doe', 40 * MiB)],
  ]
  for (const [name, bytes] of bombs) {
    const form = new FormData()
    form.append('file', new Blob([new Uint8Array(bytes)]), `cv.${name}`)
    const response = await harness.app.request('/api/v1/me/resume', { method: 'PUT', headers: { cookie, origin: TEST_ORIGIN, 'sec-fetch-site': 'same-origin' }, body: form })
    const body = await response.json() as { error: string }
    assert.equal(response.status, 413, `${name} bomb: ${body.error}`)
    assert.deepEqual(Object.keys(body), ['error'])
  }
})
