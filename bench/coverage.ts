/**
 * Market coverage latency, called by bench/run.ts on its generated catalogues: the whole coverage
 * computation (filter parsing, market bitmap, one pass, summary) without HTTP, with the search
 * result cache dropped before every sample so the market bitmap is rebuilt each time.
 * Target: at most 50 ms at 1,000,000 postings. Markets are scoped by facets; a `q` adds the
 * engine's full-text match, which the search benchmarks measure.
 */
import type { AppContext } from '../src/context.ts'
import { marketCoverage } from '../src/coverage/market-request.ts'

const SAMPLES = Number(process.env.BENCH_COLD ?? 15)

export async function runCoverageBench(ctx: AppContext, report: (name: string, samplesMs: number[]) => void): Promise<void> {
  // Real skill slugs of the catalogue, most common first, so callers hold skills the market asks for.
  const counts = ctx.search.facets({ filters: { facets: {} }, facets: ['skills'] }).facets.skills ?? {}
  const ranked = Object.entries(counts)
    .sort(([, a], [, b]) => b - a)
    .map(([slug]) => slug)
  const scenarios: { name: string; query: string; skills: string[] }[] = [
    { name: 'coverage: whole market, 10 common skills', query: '', skills: ranked.slice(0, 10) },
    { name: 'coverage: whole market, 100 skills', query: '', skills: ranked.slice(0, 100) },
    { name: 'coverage: remote market, 20 mixed skills', query: 'work_mode=remote', skills: ranked.filter((_, i) => i % 5 === 0).slice(0, 20) },
    { name: 'coverage: senior backend in the EU, 8 skills', query: 'category=backend&seniority=senior&regions=eu', skills: ranked.slice(3, 11) },
  ]
  for (const scenario of scenarios) {
    const samples: number[] = []
    for (let i = 0; i < SAMPLES; i++) {
      ctx.search.clearCache()
      const started = performance.now()
      marketCoverage(ctx, new URLSearchParams(scenario.query), scenario.skills)
      samples.push(performance.now() - started)
    }
    report(scenario.name, samples)
  }
}
