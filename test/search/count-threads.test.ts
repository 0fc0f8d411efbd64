import { after, test } from 'node:test'
import assert from 'node:assert/strict'
import { openDatabase } from '../../src/db/connection.ts'
import { upsertJob } from '../../src/catalogue/job-store.ts'
import { generateJobRecords } from '../../src/ingest/seed.ts'
import { countDocs } from '../../src/search/bitmap.ts'
import { CountThreads } from '../../src/search/count-threads.ts'
import { countFacets, countingSet } from '../../src/search/facet-count.ts'
import { COUNTED_FACETS } from '../../src/search/facet-spec.ts'
import { filterBitmap } from '../../src/search/filter.ts'
import { loadAllOpen } from '../../src/search/index-load.ts'
import { SearchIndex } from '../../src/search/search-index.ts'
import { parseJobQuery } from '../../src/search/search-params.ts'
import { createTestApp } from '../helpers/app.ts'

const NOW = new Date(Date.UTC(2026, 10, 1))
const records = () => [...generateJobRecords(400, 7, NOW)]

function seededIndex(): SearchIndex {
  const db = openDatabase(':memory:')
  db.transaction(() => records().forEach((job) => upsertJob(db, job)))()
  return new SearchIndex(loadAllOpen(db))
}

const index = seededIndex()
const setOf = (query: string) => {
  const matched = filterBitmap(index, parseJobQuery(new URLSearchParams(query), { maxQueryLength: 200 }).filters, NOW.getTime() / 1000)
  return countingSet(index, matched, countDocs(matched))
}
// Small sets (counted from the packed rows), middling ones (column by column), large ones (through their complement), and none.
const QUERIES = ['seniority=senior&category=backend', 'work_mode=remote&seniority=senior', 'category=backend', 'seniority=senior', 'work_mode_exclude=onsite', '', 'regions=none', 'salary_min=100000', 'countries=NOWHERE']

const pools: CountThreads[] = []
after(() => Promise.all(pools.map((pool) => pool.close())))

test('counts shared with the counting threads equal the counts of one thread, for every facet and set', async () => {
  // here: false: this thread counts only what the workers leave, so the workers' share is proven.
  const threads = new CountThreads({ threads: 2, minDocs: 1, here: false, waitMs: 60_000 })
  pools.push(threads)
  threads.start()
  await threads.ready()
  for (const query of QUERIES) {
    const set = setOf(query)
    assert.deepEqual(countFacets(index, set, COUNTED_FACETS, threads), countFacets(index, set, COUNTED_FACETS), query || '(no filter)')
  }
  assert.ok(threads.workerChunks > 0, 'the workers counted chunks')
})

test('a worker that dies mid-way still yields exact counts, and later counts stay exact', async () => {
  // Each worker dies right after claiming its second chunk: one chunk counted, one taken and never counted.
  const threads = new CountThreads({ threads: 2, minDocs: 1, here: false, waitMs: 2000, failAfterChunks: 1 })
  pools.push(threads)
  threads.start()
  await threads.ready()
  for (const query of ['', 'work_mode_exclude=onsite', 'seniority=senior']) {
    const set = setOf(query)
    assert.deepEqual(countFacets(index, set, COUNTED_FACETS, threads), countFacets(index, set, COUNTED_FACETS), query || '(no filter)')
  }
})

test('GET /jobs/facets answers the same with the counting threads forced on, disjunctive and with filters', async () => {
  const jobs = records()
  const alone = createTestApp({ jobs, config: { searchCountThreads: 0 } })
  const shared = createTestApp({ jobs, config: { searchCountThreads: 2, searchCountSplitDocs: 1 } })
  try {
    const queries = ['', 'skills=python', 'q=engineer', 'regions=eu&countries=US&cities=London', 'skills_exclude=python&work_mode_exclude=onsite', 'work_mode=remote&seniority=senior&category=backend']
    // The first request starts the workers; the later ones count with them.
    for (const round of [1, 2]) {
      for (const query of queries) {
        for (const disjunctive of ['', '&disjunctive=true']) {
          const path = `/api/v1/jobs/facets?${query}${disjunctive}`
          const [a, b] = [await alone.get(path), await shared.get(path)]
          assert.equal(b.status, 200, path)
          assert.deepEqual(b.body, a.body, `${path} (round ${round})`)
        }
      }
      await shared.ctx.search.ready()
    }
  } finally {
    await alone.ctx.close?.()
    await shared.ctx.close?.()
  }
})
