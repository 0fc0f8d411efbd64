import type { H3, H3Config, H3Event } from 'h3'
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client'
import type { AppContext } from '../context.ts'
import { diskFullText, freeBytes } from '../db/disk-space.ts'

/**
 * What an operator's tooling polls, outside /api/v1 and outside the rate budgets:
 * - `GET /healthz`: liveness, the process answers (no database work);
 * - `GET /readyz`: readiness, the database answers, the disk holding the file has room, and a text
 *   search or a facet count reads only memory: the index, its term and typo indexes and every part
 *   a request would build on first use are in (503 `starting` until then, `unavailable` when the
 *   database cannot answer, with `checks` saying which);
 * - `GET /metrics`: Prometheus text format (prom-client): requests and latencies by route pattern
 *   (never the raw path or query), catalogue and index size, search result cache hits and misses
 *   (their ratio is the hit ratio), pending mail, job-board sources by
 *   status (a `failing` one wants attention), and the process's own
 *   metrics (memory, CPU, event-loop lag). With several serving processes a scrape holds all of
 *   them, merged (src/cluster/metrics-ipc.ts).
 */
export interface Metrics {
  registry: Registry
  hooks: Pick<H3Config, 'onRequest' | 'onResponse'>
  /** The text a scrape answers: this process's registry, or the whole cluster's (src/cluster/metrics-ipc.ts). */
  scrape: () => Promise<string>
}

/**
 * `wholeService`, in a serving process of a cluster, turns this process's registry into the scrape
 * of every serving process. Gauges read from the shared file say how to merge (`aggregator`).
 */
export function createMetrics(ctx: AppContext, wholeService?: (registry: Registry) => () => Promise<string>): Metrics {
  const registry = new Registry()
  collectDefaultMetrics({ register: registry, prefix: 'openroles_' })
  const requests = new Counter({ name: 'openroles_http_requests_total', help: 'HTTP requests answered', labelNames: ['method', 'route', 'status'], registers: [registry] })
  const latency = new Histogram({
    name: 'openroles_http_request_duration_seconds',
    help: 'Time from request to response, by route pattern',
    labelNames: ['method', 'route'],
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [registry],
  })
  const gauge = (name: string, help: string, aggregator: 'sum' | 'max' | 'min', read: () => number) =>
    new Gauge({ name, help, aggregator, registers: [registry], collect(this: Gauge) { this.set(read()) } })
  gauge('openroles_serving_processes', 'Serving processes whose metrics this scrape holds', 'sum', () => 1)
  gauge('openroles_catalogue_open_jobs', 'Open postings in the search index', 'max', () => ctx.catalogue.counts().jobs_open)
  gauge('openroles_catalogue_companies', 'Companies in the catalogue', 'max', () => ctx.catalogue.counts().companies)
  new Counter({
    name: 'openroles_search_late_builds_total',
    help: 'Index parts built on a request because they were not built yet, by part (terms: a text query answered from FTS5 while the term index was read); stays 0 after /readyz until the catalogue changes',
    labelNames: ['part'],
    aggregator: 'sum',
    registers: [registry],
    collect(this: Counter) {
      this.reset()
      for (const part of LATE_PARTS) this.inc({ part }, 0)
      for (const [part, n] of ctx.search.lateBuilds()) this.inc({ part }, n)
    },
  })
  gauge('openroles_search_ready', '1 once a text search and a facet count read only memory in every serving process (what /readyz answers)', 'min', () => (ctx.search.isReady() ? 1 : 0))
  gauge('openroles_search_terms_in_memory', '1 once the term index is in memory in every serving process; 0 while one reads it beside serving after a rebuild (text queries read FTS5 meanwhile)', 'min', () => (ctx.search.termsInMemory() ? 1 : 0))
  new Gauge({
    name: 'openroles_sources',
    help: 'Job-board sources by status (new, ok, failing)',
    labelNames: ['status'],
    aggregator: 'max',
    registers: [registry],
    collect(this: Gauge) {
      const rows = ctx.db.prepare('SELECT status, count(*) AS n FROM board_sources GROUP BY status').all() as { status: string; n: number }[]
      for (const status of ['new', 'ok', 'failing']) this.set({ status }, rows.find((r) => r.status === status)?.n ?? 0)
    },
  })
  // Counters read from the engine's own tallies at scrape time: hit ratio = hits / (hits + misses).
  for (const outcome of ['hits', 'misses'] as const) {
    new Counter({
      name: `openroles_search_cache_${outcome}_total`,
      help: `Search result cache lookups that ${outcome === 'hits' ? 'found' : 'missed'} a cached answer, by entry kind (sets: filter, match, cards, text, tiers, fix; answers: page, facets)`,
      labelNames: ['kind'],
      registers: [registry],
      collect(this: Counter) {
        this.reset()
        for (const [kind, n] of ctx.search.cacheCounts()[outcome]) this.inc({ kind }, n)
      },
    })
  }
  gauge('openroles_mail_outbox_pending', 'Outgoing mail waiting for delivery', 'max', () => ctx.db.prepare("SELECT count(*) FROM mail_outbox WHERE status = 'pending'").pluck().get() as number)
  return {
    registry,
    scrape: wholeService?.(registry) ?? (() => registry.metrics()),
    hooks: {
      onRequest(event) {
        event.context.metricsStartedAt = performance.now()
      },
      onResponse(response, event) {
        const route = routeLabel(event)
        requests.inc({ method: event.req.method, route, status: String(response.status) })
        const started = event.context.metricsStartedAt as number | undefined
        if (started !== undefined) latency.observe({ method: event.req.method, route }, (performance.now() - started) / 1000)
      },
    },
  }
}

/** Parts the late-build counter reports even at 0, so a dashboard sees them from the start. */
const LATE_PARTS = ['terms', 'typo_index', 'role_clusters', 'facet_rows', 'sort_order', 'folded_values', 'dense_values', 'role_variance', 'flag_bitmaps']

/** Whether the filesystem holding the database is below DISK_MIN_FREE_MB; logged (with the file) when that changes. */
function diskWatch(ctx: AppContext): () => boolean {
  let wasFull = false
  return () => {
    const free = freeBytes(ctx.db.name)
    const full = free !== null && (free === 0 || free < ctx.config.diskMinFreeMb * 1024 * 1024)
    if (full && !wasFull) ctx.log.error('disk full: writes will fail', { problem: diskFullText(ctx.db.name), free_bytes: free, min_free_mb: ctx.config.diskMinFreeMb })
    else if (!full && wasFull) ctx.log.info('disk has room again', { path: ctx.db.name, free_bytes: free })
    wasFull = full
    return full
  }
}

/** A bounded label set: the matched route pattern, or one bucket for everything unmatched. */
function routeLabel(event: H3Event): string {
  const pattern = event.context.matchedRoute?.route as string | undefined
  return pattern && !pattern.includes('**') ? pattern : 'unmatched'
}

export function mountOps(app: H3, ctx: AppContext, metrics: Metrics): void {
  const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' } })
  app.get('/healthz', () => json(200, { status: 'ok', version: ctx.version }))
  const diskIsFull = diskWatch(ctx)
  app.get('/readyz', () => {
    try {
      ctx.db.prepare('SELECT 1').get()
      // A start awaits the warm-up before it listens; in-process (tests, tools) the first probe
      // after the term index is in finishes it here.
      if (!ctx.search.isReady() && !ctx.search.warmNow()) return json(503, { status: 'starting' })
      const stats = ctx.catalogue.counts()
      // Reads still work on a full disk, but an operator (and a load balancer) must hear that nothing can be saved.
      if (diskIsFull()) return json(503, { status: 'unavailable', jobs_open: stats.jobs_open, checks: { database: 'ok', disk: 'full' }, message: 'cannot write: no space left on the disk holding the database' })
      return json(200, { status: 'ready', jobs_open: stats.jobs_open, checks: { database: 'ok', disk: 'ok' } })
    } catch (error) {
      ctx.log.error('not ready', { error: String(error) })
      return json(503, { status: 'unavailable' })
    }
  })
  app.get('/metrics', async () => new Response(await metrics.scrape(), { headers: { 'content-type': metrics.registry.contentType, 'cache-control': 'no-store' } }))
}
