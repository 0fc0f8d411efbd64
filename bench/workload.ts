/**
 * The varied public workload of `bench:http` and `bench:http-cpu`: what real traffic looks like,
 * not a dozen repeated queries. 45% job searches with text, 5% without, 5% agent searches, 25% facet
 * requests (30% of them disjunctive), 20% job reads. Words come from the catalogue's own
 * vocabulary, drawn by frequency (Zipf: the r-th most frequent word with weight 1/r, so common
 * words come often and the long tail still shows; one to three words, the last one often cut
 * short as people type it), filters from the values the facets endpoint lists (none, or one to
 * three facets, sometimes a numeric filter), a page further than the first now and then, and
 * sometimes a sort either way. The draw is seeded, so every run sends the same sequence.
 */
import Database from 'better-sqlite3'

export interface Operation {
  name: string
  weight: number
  /** The path the operation needs in the OpenAPI document. */
  needs: string
  /** Search and facet requests may repeat and be answered by the result cache; job reads are not counted. */
  cacheable: boolean
  path: () => string
}

/** Seeded generator (mulberry32): the same request sequence on every run, before and after a change. */
export function seededRandom(seed = 20261124): () => number {
  let state = seed
  return () => {
    state = (state + 0x6d2b79f5) | 0
    let t = Math.imul(state ^ (state >>> 15), 1 | state)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** Words people could type: every alphabetic term of the catalogue's full-text vocabulary, most frequent first. */
export function vocabulary(dbPath: string): string[] {
  const db = new Database(dbPath, { readonly: true, fileMustExist: true })
  try {
    db.exec("CREATE VIRTUAL TABLE temp.bench_words USING fts5vocab(main, 'jobs_fts', 'row')")
    return db.prepare("SELECT term FROM temp.bench_words WHERE length(term) >= 3 AND term GLOB '[a-z]*' AND term NOT GLOB '*[^a-z+#]*' ORDER BY doc DESC, term").pluck().all() as string[]
  } finally {
    db.close()
  }
}

const FILTERED = ['work_mode', 'seniority', 'regions', 'countries', 'cities', 'skills', 'category', 'employment_type', 'role', 'company_size']

/**
 * The operations over one catalogue. `get` answers a path under /api/v1 with its JSON body (over
 * HTTP or in-process); it is asked for job slugs (four result pages) and the facet values once.
 */
export async function operations(words: readonly string[], get: (path: string) => Promise<any>, random = seededRandom()): Promise<Operation[]> {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!
  const word = zipf(words, random)
  const slugs: string[] = []
  for (const offset of [0, 2000, 5000, 9000]) slugs.push(...((await get(`/jobs/search?limit=100&offset=${offset}`)).data as { public_slug: string }[]).map((job) => job.public_slug))
  const counts = (await get('/jobs/facets')).data.facets as Record<string, Record<string, number>>
  const valuesOf = Object.fromEntries(FILTERED.map((facet) => [facet, Object.keys(counts[facet] ?? {}).slice(0, 25)]))
  const text = () => {
    const n = random() < 0.65 ? 1 : random() < 0.8 ? 2 : 3
    const picked = Array.from({ length: n }, word)
    // People stop typing mid-word: the last word is matched as a prefix.
    if (random() < 0.2) picked[n - 1] = picked[n - 1]!.slice(0, Math.max(3, Math.ceil(picked[n - 1]!.length * 0.6)))
    return encodeURIComponent(picked.join(' '))
  }
  const filters = () => {
    const parts: string[] = []
    const n = random() < 0.4 ? 0 : random() < 0.6 ? 1 : random() < 0.7 ? 2 : 3
    for (let i = 0; i < n; i++) {
      const facet = pick(FILTERED)
      if (valuesOf[facet]!.length) parts.push(`${facet}=${encodeURIComponent(pick(valuesOf[facet]!))}`)
    }
    if (random() < 0.1) parts.push(`salary_min=${pick([40000, 60000, 80000, 100000, 120000])}`)
    if (random() < 0.05) parts.push(`posted_within_days=${pick([7, 30, 90])}`)
    return parts.map((part) => `&${part}`).join('')
  }
  const sort = () => (random() < 0.15 ? `&sort=${pick(['posted_at', 'salary_max', 'created_at', 'salary_min', 'salary_normalized'])}${random() < 0.3 ? '&order=asc' : ''}` : '')
  // Most people stay on the first page; some go on.
  const page = () => (random() < 0.15 ? `&offset=${pick([10, 20, 30, 50, 100])}` : '')
  const all: Operation[] = [
    { name: 'job search', weight: 45, needs: '/jobs/search', cacheable: true, path: () => `/jobs/search?q=${text()}&limit=10${filters()}${sort()}${page()}` },
    { name: 'job search (no q)', weight: 5, needs: '/jobs/search', cacheable: true, path: () => `/jobs/search?limit=10${filters()}${sort()}${page()}` },
    { name: 'agent search', weight: 5, needs: '/agent/jobs/search', cacheable: true, path: () => `/agent/jobs/search?q=${text()}&limit=5${filters()}` },
    { name: 'facets', weight: 25, needs: '/jobs/facets', cacheable: true, path: () => `/jobs/facets?${random() < 0.85 ? `q=${text()}` : ''}${filters()}${random() < 0.3 ? '&disjunctive=true' : ''}` },
    { name: 'job read', weight: 20, needs: '/jobs/{slug}', cacheable: false, path: () => `/jobs/${pick(slugs)}` },
  ]
  return slugs.length ? all : all.filter((operation) => operation.name !== 'job read')
}

/** Draws words by Zipf's law over their frequency rank (`words` most frequent first): the r-th with weight 1/r. */
function zipf(words: readonly string[], random: () => number): () => string {
  const cumulative = new Float64Array(words.length)
  let total = 0
  for (let r = 0; r < words.length; r++) cumulative[r] = total += 1 / (r + 1)
  return () => {
    const target = random() * total
    let low = 0
    let high = words.length - 1
    while (low < high) {
      const mid = (low + high) >>> 1
      if (cumulative[mid]! < target) low = mid + 1
      else high = mid
    }
    return words[low]!
  }
}

/** One path after another in the mix's proportions. */
export function weightedPath(mix: readonly Operation[], random: () => number): () => { operation: Operation; path: string } {
  const total = mix.reduce((n, operation) => n + operation.weight, 0)
  return () => {
    let r = random() * total
    const operation = mix.find((candidate) => (r -= candidate.weight) < 0) ?? mix[0]!
    return { operation, path: operation.path() }
  }
}
