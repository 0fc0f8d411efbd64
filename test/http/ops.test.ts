import { test } from 'node:test'
import assert from 'node:assert/strict'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createApp } from '../../src/app.ts'
import { createContext } from '../../src/services.ts'
import { defaultConfig } from '../../src/config.ts'
import { openDatabase } from '../../src/db/connection.ts'
import { upsertJob } from '../../src/catalogue/job-store.ts'
import { refreshDerivedData } from '../../src/catalogue/refresh.ts'
import { createTestApp, fixtureJob, inProcessCaller } from '../helpers/app.ts'
import { searchCatalogue } from '../search/fixture-catalogue.ts'
import { parseExposition } from '../helpers/metrics.ts'

test('healthz answers liveness and readyz readiness with the index loaded', async () => {
  const { get } = createTestApp({ jobs: [fixtureJob(), fixtureJob({ title: 'Frontend Engineer' })] })
  const health = await get('/healthz')
  assert.equal(health.status, 200)
  assert.equal(health.body.status, 'ok')
  const ready = await get('/readyz')
  assert.equal(ready.status, 200)
  assert.deepEqual(ready.body, { status: 'ready', jobs_open: 2, checks: { database: 'ok', disk: 'ok' } })
})

test('readyz is 503 when the database cannot answer', async () => {
  const { get, db } = createTestApp()
  db.close()
  const ready = await get('/readyz')
  assert.equal(ready.status, 503)
  assert.equal(ready.body.status, 'unavailable')
})

test('metrics count requests by route pattern (never the raw path) and report the catalogue', async () => {
  const { get } = createTestApp({ jobs: [fixtureJob({ title: 'Go Engineer' })] })
  const slug = (await get('/api/v1/jobs/search')).body.data[0].public_slug
  await get(`/api/v1/jobs/${slug}`)
  await get(`/api/v1/jobs/${slug}?secret=token`)
  await get('/api/v1/jobs/no-such-job')
  const response = await get('/metrics')
  assert.equal(response.status, 200)
  assert.match(response.headers.get('content-type') ?? '', /text\/plain/)
  const samples = parseExposition(response.body as string)
  assert.equal(samples.get('openroles_http_requests_total{method="GET",route="/api/v1/jobs/:slug",status="200"}'), 2)
  assert.equal(samples.get('openroles_http_requests_total{method="GET",route="/api/v1/jobs/:slug",status="404"}'), 1)
  assert.equal(samples.get('openroles_http_requests_total{method="GET",route="/api/v1/jobs/search",status="200"}'), 1)
  assert.equal(samples.get('openroles_http_request_duration_seconds_count{method="GET",route="/api/v1/jobs/:slug"}'), 3)
  assert.equal(samples.get('openroles_catalogue_open_jobs'), 1)
  assert.equal(samples.get('openroles_search_terms_in_memory'), 1, 'an in-memory catalogue reads its term index in place')
  assert.ok((samples.get('openroles_process_resident_memory_bytes') ?? 0) > 0)
  assert.ok(![...samples.keys()].some((key) => key.includes(slug) || key.includes('secret')), 'no raw paths or queries in labels')
})

test('metrics report search result cache hits and misses, so the hit ratio can be computed', async () => {
  const { get } = createTestApp({ jobs: [fixtureJob({ title: 'Go Engineer' }), fixtureJob({ title: 'Rust Engineer' })] })
  const sum = (samples: Map<string, number>, name: string) => [...samples].filter(([key]) => key.startsWith(`${name}{`)).reduce((total, [, n]) => total + n, 0)
  const before = parseExposition((await get('/metrics')).body as string)
  // The first search fills the cache; the same query again is answered from it (the page itself,
  // then nothing below); another page of it reuses its cards.
  assert.equal((await get('/api/v1/jobs/search?q=rust')).body.meta.total, 1)
  const first = parseExposition((await get('/metrics')).body as string)
  const missesFirst = sum(first, 'openroles_search_cache_misses_total')
  assert.ok(missesFirst > sum(before, 'openroles_search_cache_misses_total'))
  const hits = (samples: Map<string, number>, kind: string) => samples.get(`openroles_search_cache_hits_total{kind="${kind}"}`) ?? 0
  assert.equal((await get('/api/v1/jobs/search?q=rust')).body.meta.total, 1)
  await get('/api/v1/jobs/search?q=rust')
  const later = parseExposition((await get('/metrics')).body as string)
  assert.equal(hits(later, 'page') - hits(first, 'page'), 2, 'the page was answered twice from the cache')
  assert.equal(sum(later, 'openroles_search_cache_misses_total'), missesFirst, 'no new misses')
  await get('/api/v1/jobs/search?q=rust&limit=5')
  const another = parseExposition((await get('/metrics')).body as string)
  assert.equal(hits(another, 'cards') - hits(later, 'cards'), 1, "another page size reuses the query's cards")
  const ratio = sum(later, 'openroles_search_cache_hits_total') / (sum(later, 'openroles_search_cache_hits_total') + sum(later, 'openroles_search_cache_misses_total'))
  assert.ok(ratio > 0 && ratio < 1)
})

test('readyz is 503 until a text search reads only memory; the requests after it build nothing', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'openroles-ready-'))
  t.after(() => rmSync(dir, { recursive: true, force: true }))
  const db = openDatabase(join(dir, 'catalogue.db'))
  const ids = db.transaction(() => searchCatalogue().map((job) => upsertJob(db, job).id))()
  refreshDerivedData(db, ids)
  // A database file: after the index loads, its term index is read on worker threads, as on a start.
  const ctx = createContext(defaultConfig({ searchWorkers: 2 }), db)
  t.after(async () => {
    await ctx.close?.()
    db.close()
  })
  const call = inProcessCaller(createApp(ctx))
  const late = async () => {
    const samples = parseExposition((await call('/metrics')).body as string)
    return { ready: samples.get('openroles_search_ready'), builds: [...samples].filter(([key]) => key.startsWith('openroles_search_late_builds_total{')).reduce((sum, [, n]) => sum + n, 0) }
  }
  ctx.search.refresh()
  const starting = await call('/readyz')
  assert.equal(starting.status, 503)
  assert.equal(starting.body.status, 'starting')
  assert.equal((await late()).ready, 0)

  await ctx.search.ready()
  assert.equal((await call('/readyz')).status, 200)
  assert.deepEqual(await late(), { ready: 1, builds: 0 })
  // Text, a typo, prefixes, sorts, case-folded and dense filter values, disjunctive facets, paging.
  for (const path of [
    '/api/v1/jobs/search?q=go', '/api/v1/jobs/search?q=enginer', '/api/v1/jobs/search?q=eng&sort=salary_min&order=asc',
    '/api/v1/jobs/search?work_mode=Remote&sort=created_at', '/api/v1/jobs/search?q=go&offset=1&limit=1&sort=posted_at',
    '/api/v1/jobs/facets?q=engineer&work_mode=remote&disjunctive=true', '/api/v1/jobs/facets?city=london', '/api/v1/jobs/facets',
    '/api/v1/jobs/search?salary_min=60000&sort=salary_normalized', '/api/v1/jobs/search?regions=none&sort=view_count', '/api/v1/status',
  ]) assert.equal((await call(path)).status, 200, path)
  assert.deepEqual(await late(), { ready: 1, builds: 0 }, 'nothing was built on a request after ready')

  // A catalogue change makes a new index generation: its parts are built again, and the metric says so.
  upsertJob(db, fixtureJob({ title: 'Rust Engineer', company: { slug: 'stripe', name: 'Stripe' } }))
  assert.equal((await call('/api/v1/jobs/search?q=rust&sort=salary_min')).body.meta.total, 1)
  assert.ok((await late()).builds > 0)
})
