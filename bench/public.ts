/**
 * Latency of the public reads beyond search (job read, similar, copies, find, companies, company
 * detail, cities, suggest, stats), called by bench/run.ts with a context over its catalogue.
 * Requests go through the real app in-process; the search engine's result cache is dropped before
 * every request (uncached). Derived data missing from the benchmark file (job_similar, company
 * stats) is built first and its build time reported, since the file is made by SQL copies.
 */
import { createApp } from '../src/app.ts'
import type { AppContext } from '../src/context.ts'
import { refreshSimilarJobs } from '../src/catalogue/similar.ts'
import { currentCompanyStats } from '../src/catalogue/company-stats.ts'

const SAMPLES = Number(process.env.BENCH_PUBLIC_SAMPLES ?? 200)

type Report = (name: string, samplesMs: number[]) => void

function pick<T>(values: T[], i: number): T {
  return values[(i * 7919) % values.length]!
}

export async function runPublicBench(ctx: AppContext, report: Report): Promise<void> {
  const { db } = ctx
  const app = createApp(ctx)
  const timed = (run: () => void) => {
    const started = performance.now()
    run()
    return performance.now() - started
  }

  report('precompute: company stats after a change (once)', [timed(() => currentCompanyStats(db))])
  const sampled = db.prepare('SELECT id, public_slug FROM jobs ORDER BY random() LIMIT 500').raw().all() as [number, string][]
  const slugs = sampled.map(([, slug]) => slug)
  // The benchmark file is made by SQL copies, without the refresh hook: the reads need the neighbours of
  // the sampled postings (seeds and imports compute every posting's), so compute those still missing.
  const hasList = db.prepare('SELECT 1 FROM job_similar WHERE job_id = ? LIMIT 1')
  const missing = sampled.filter(([id]) => !hasList.get(id)).map(([id]) => id)
  if (missing.length) report(`precompute: similar-jobs index + ${missing.length} postings (once)`, [timed(() => refreshSimilarJobs(db, missing))])
  const clustered = db.prepare('SELECT public_slug FROM jobs WHERE cluster_id IS NOT NULL AND closed_at IS NULL ORDER BY random() LIMIT 200').pluck().all() as string[]
  const urls = db.prepare('SELECT url FROM jobs WHERE url IS NOT NULL ORDER BY random() LIMIT 200').pluck().all() as string[]
  const companies = db.prepare('SELECT c.slug FROM company_stats s JOIN companies c ON c.id = s.company_id WHERE s.job_count > 0 ORDER BY s.job_count DESC LIMIT 200').pluck().all() as string[]
  const companyQueries = ['', 'q=a', 'q=tech', 'regions=eu', 'countries=us,de', 'remote_regions=eu&company_size=51-200', 'collections=yc', 'sort=rating', 'domains=fintech&q=e', 'industries=saas&offset=20']
  const cityQueries = ['ber', 'munchen', 'nyc', 'san', 'l', 'new y', 'sao', 'frankfurt', 'zzq', 'lon&country=gb', 'par&country=fr', 'kra']
  const suggestQueries = ['py', 'pyth', 'back', 'senior back', 'senior backend eng', 'kubernets', 'go back', 'react fr', 'data', 'd', 'python data eng', 'typescript']

  const get = async (path: string) => {
    const response = await app.request(`/api/v1/${path}`)
    const body = await response.text()
    if (response.status !== 200) throw new Error(`${path}: ${response.status} ${body.slice(0, 200)}`)
  }
  const measure = async (name: string, pathOf: (i: number) => string) => {
    await get(pathOf(0))
    const samples: number[] = []
    for (let i = 0; i < SAMPLES; i++) {
      ctx.search.clearCache()
      const path = pathOf(i)
      const started = performance.now()
      await get(path)
      samples.push(performance.now() - started)
    }
    report(name, samples)
  }

  await measure('job read', (i) => `jobs/${pick(slugs, i)}`)
  await measure('similar jobs', (i) => `jobs/${pick(slugs, i)}/similar?limit=${1 + (i % 20)}`)
  if (clustered.length) await measure('copies', (i) => `jobs/${pick(clustered, i)}/copies`)
  if (urls.length) await measure('find by URL', (i) => `jobs/find?url=${encodeURIComponent(pick(urls, i))}`)
  await measure('company search', (i) => `companies?${pick(companyQueries, i)}`)
  if (companies.length) await measure('company detail', (i) => `companies/${pick(companies, i)}?limit=${10 + (i % 3) * 10}`)
  await measure('city lookup', (i) => `geo/cities?q=${pick(cityQueries, i)}`)
  await measure('suggest', (i) => `suggest?q=${encodeURIComponent(pick(suggestQueries, i))}&limit=${5 + (i % 3) * 5}`)
  await measure('stats: catalog', () => 'stats/catalog')
  await measure('stats: facets', () => 'stats/facets')
}
